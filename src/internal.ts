// What the CLI takes from the library beyond its public API (src/index.ts): helpers for
// flags, presets, reports and the sandbox's faults. Not in package.json's exports, so not
// part of the package's surface; test/cli/imports.test.ts holds the CLI to index.ts and this.
export { RATE_LIMIT } from './resources/service.js';
export { fileSystemError } from './errors.js';
export { WRITABLE, type WritableName } from './resources/index.js';
export { headersLookLike } from './run/resource-hint.js';
export {
  chooseProfile,
  loadConfigFile,
  positiveInt,
  knownSecrets,
  RATE_WINDOW_MAX_S,
  rateWindowOfText,
  savedExport,
  type SavedExport,
} from './config.js';
export { presetPath, writableResource, loadCustomFields, NO_HEADER_ROW } from './run/import.js';
export { RATE_MINUTES } from './run/status.js';
export { RESUME_ADVICE, isResumableStop, withoutResumeAdvice } from './run/stop.js';
export { reportFormat } from './report/report.js';
export { EXPORT_FORMATS } from './export/index.js';
export { parseFaults, type FaultRates } from './sandbox/faults.js';
export { partPath } from './util/atomic-file.js';
export { plural } from './util/plural.js';
