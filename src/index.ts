// The library's public API: everything the CLI does, importable.
//   import { importSpreadsheet, validateSpreadsheet, updateSpreadsheet, exportResource, startSandbox } from 'assetbatch';
export * from './errors.js';
export * from './resources/index.js';
export { connectionConfig, type ConnectionConfig } from './config.js';
export { ApiClient, ApiError, AmbiguousWriteError, type ClientOptions, type ClientStats } from './api/client.js';
export { RateLimiter } from './api/rate-limit.js';
export { listAll, listArray, fetchPage, type Page, type ListOptions } from './api/paginate.js';
export { connect, type Connection } from './api/connect.js';
export { openSheet, listSheets } from './read/index.js';
export type { SheetSource, SheetRow, CellValue as SheetCell, ReadOptions } from './read/types.js';
export { mapHeaders, type Mapping, type MappingFile } from './map/headers.js';
export { boundHeapGrowth, HEAP_GROWING_PERCENT } from './util/heap.js';
export { suggestMapping, type SuggestOptions, type Suggestion } from './run/suggest.js';
export { importSpreadsheet, validateSpreadsheet, updateSpreadsheet, loadMappingFile, type ImportOptions, type ImportPlan, type ImportSummary } from './run/import.js';
export type { RowOutcome, RowStatus } from './report/report.js';
export { exportResource, exportAll, type ExportOptions, type ExportAllOptions, type ExportResult, type ExportAllResult } from './export/index.js';
export { startSandbox, type Sandbox, type SandboxOptions } from './sandbox/index.js';
