// The export's public surface.
export { exportResource, exportAll } from './export.js';
export type {
  ExportOptions,
  ExportAllOptions,
  ExportResult,
  ExportAllResult,
  ExportPlan,
  ExportProgress,
} from './export.js';
export type { ExportFormat } from './writers/types.js';
export { EXPORT_FORMATS } from './writers/types.js';
