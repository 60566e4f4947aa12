// The library's public API: the functions docs/library.md documents, and their types. The
// list in docs/library.md ("Exported") is compared with this file by test/docs/library.test.ts.
// What the CLI needs beyond it comes from src/internal.ts (test/cli/imports.test.ts).
//   import { importSpreadsheet, validateSpreadsheet, updateSpreadsheet, exportResource, startSandbox } from 'assetbatch';
/** Errors: one class with a stable code and a location; the exit code the CLI gives for a code. */
export {
  AssetbatchError,
  isAssetbatchError,
  ExitCode,
  exitCodeFor,
  type ErrorCode,
  type Location,
} from './errors.js';
/** The service's resources, as this tool knows them. */
export {
  RESOURCES,
  findResource,
  type ResourceDef,
  type FieldDef,
  type FieldType,
  type LookupKind,
  type EnumValue,
  type WritableName,
} from './resources/index.js';
/** Connection settings (flags, config file, environment) normalised once. */
export {
  connectionConfig,
  type ConnectionConfig,
  type ConnectionFlags,
  type ConfigFile,
  type WriteTarget,
} from './config.js';
/** A client for the configured service, or for a sandbox started in-process (`sandbox: true`). */
export { connect, type Connection, type ConnectOptions } from './connect.js';
/** Every record of a list, page by page. */
export { listAll, listArray, type Page, type ListOptions } from './api/paginate.js';
/** Read a CSV or XLSX sheet as rows, or list a workbook's sheets. */
export { openSheet, listSheets } from './read/index.js';
export type { SheetSource, SheetRow, CellValue as SheetCell, ReadOptions } from './read/types.js';
/** Map a sheet's headers to a resource's fields; a mapping file. */
export { mapHeaders, type Mapping, type MappingFile } from './map/headers.js';
/** The mapping an import would use for a file, with the confidence of each column. */
export { suggestMapping, type SuggestOptions, type Suggestion } from './run/suggest.js';
/** Import, validate (no writes), update or sync a sheet; a mapping file; the shipped mapping presets. */
export {
  importSpreadsheet,
  validateSpreadsheet,
  updateSpreadsheet,
  syncSpreadsheet,
  loadMappingFile,
  listPresets,
  type ImportOptions,
  type ImportPlan,
  type ImportSummary,
  type RunProgress,
  type SyncOptions,
  type MissingAction,
  type MissingRecord,
} from './run/import.js';
/** Import a workbook of related sheets (customers, contracts, assets) in the order their references need. */
export { importWorkbook, type WorkbookOptions, type WorkbookSummary } from './run/workbook.js';
/** Read-only checks that the service answers as assetbatch expects. */
export { runDoctor, type DoctorReport, type Check as DoctorCheck } from './run/doctor.js';
/** Where a run stands, read from its journal. */
export { runStatus, type RunState, type RunStatus } from './run/status.js';
/** One row problem as a line for people. */
export { formatRowIssue, type RowIssue } from './validate/validate.js';
/** A row's outcome in the report. */
export type { RowOutcome, RowStatus } from './report/report.js';
/** Export one list, or all of them, as CSV, XLSX, JSON or NDJSON. */
export {
  exportResource,
  exportAll,
  type ExportFormat,
  type ExportOptions,
  type ExportAllOptions,
  type ExportResult,
  type ExportAllResult,
  type ExportPlan,
  type ExportProgress,
} from './export/index.js';
/** A spreadsheet template for a resource, optionally with the live lookup values of a company. */
export {
  templateResource,
  writeTemplate,
  type TemplateFormat,
  type TemplateOptions,
} from './template/template.js';
export { fetchTemplateLookups, type LiveLookups } from './template/live.js';
/** A local stand-in for the service, in-process. */
export { startSandbox, type Sandbox, type SandboxOptions } from './sandbox/index.js';
