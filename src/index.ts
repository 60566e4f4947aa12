// The library's public API: everything the CLI does, importable. The CLI (src/cli/) imports
// nothing that is not exported here (test/cli/imports.test.ts); docs/library.md shows each
// public function with an example that test/docs/library.test.ts runs.
//   import { importSpreadsheet, validateSpreadsheet, updateSpreadsheet, exportResource, startSandbox } from 'assetbatch';
export * from './errors.js';
export * from './resources/index.js';
/** The service's own limits: records a page, requests a minute for the account. */
export { PAGE_SIZE, RATE_LIMIT } from './resources/service.js';
/** Connection settings (flags, config file, environment) normalised once; the CLI's flag parsing helpers; the names of secrets to keep out of output. */
export { connectionConfig, loadConfigFile, positiveInt, knownSecrets, type ConnectionConfig, type ConnectionFlags, type ConfigFile } from './config.js';
/** The transport: an HTTP client with auth, rate limiting and retry, and paginated listing. */
export { ApiClient, ApiError, AmbiguousWriteError, type ClientOptions, type ClientStats } from './api/client.js';
export { RateLimiter } from './api/rate-limit.js';
export { listAll, listArray, fetchPage, type Page, type ListOptions } from './api/paginate.js';
/** A client for the configured service, or for a sandbox started in-process (`sandbox: true`). */
export { connect, type Connection, type ConnectOptions } from './connect.js';
/** Read a CSV or XLSX sheet as rows, or list a workbook's sheets. */
export { openSheet, listSheets } from './read/index.js';
export type { SheetSource, SheetRow, CellValue as SheetCell, ReadOptions } from './read/types.js';
/** Map a sheet's headers to a resource's fields. */
export { mapHeaders, type Mapping, type MappingFile } from './map/headers.js';
/** The name of the partial file a report is written to before it is complete. */
export { partPath } from './util/atomic-file.js';
/** The mapping an import would use for a file, with the confidence of each column. */
export { suggestMapping, type SuggestOptions, type Suggestion } from './run/suggest.js';
/** Import, validate (no writes) or update a sheet; the shipped mapping presets; the writable resource for a mode; a company's custom fields. */
export { importSpreadsheet, validateSpreadsheet, updateSpreadsheet, syncSpreadsheet, NO_HEADER_ROW, loadMappingFile, writableResource, listPresets, presetPath, loadCustomFields, type ImportOptions, type ImportPlan, type ImportSummary, type RunProgress, type SyncOptions, type MissingAction, type MissingRecord } from './run/import.js';
/** Import a workbook of related sheets (customers, contracts, assets) in the order their references need. */
export { importWorkbook, type WorkbookOptions, type WorkbookSummary } from './run/workbook.js';
/** Read-only checks that the service answers as assetbatch expects. */
export { runDoctor, type DoctorReport, type Check as DoctorCheck } from './run/doctor.js';
/** Where a run stands, read from its journal. */
export { runStatus, workbookStatus, RATE_MINUTES, type RunState, type RunStatus } from './run/status.js';
/** One row problem as a line for people. */
export { formatRowIssue, type RowIssue } from './validate/validate.js';
/** A row's outcome in the report, and the report format a path's extension selects. */
export { reportFormat, type RowOutcome, type RowStatus } from './report/report.js';
/** Export one list, or all of them, as CSV, XLSX, JSON or NDJSON. */
export { exportResource, exportAll, EXPORT_FORMATS, type ExportFormat, type ExportOptions, type ExportAllOptions, type ExportResult, type ExportAllResult, type ExportPlan, type ExportProgress } from './export/index.js';
/** A spreadsheet template for a resource, optionally with the live lookup values of a company. */
export { templateResource, writeTemplate, type TemplateFormat, type TemplateOptions } from './template/template.js';
export { fetchTemplateLookups, type LiveLookups } from './template/live.js';
/** A local stand-in for the service, in-process; and the fault specification it accepts. */
export { startSandbox, type Sandbox, type SandboxOptions } from './sandbox/index.js';
export { parseFaults, type FaultRates } from './sandbox/faults.js';
