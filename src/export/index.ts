// The export's public surface.
export { exportResource, exportAll, exportColumns, fillPlaceholders, formatFromPath, displayUrl, localDate } from './export.js';
export type { ExportOptions, ExportAllOptions, ExportResult, ExportAllResult, ExportPlan, ExportProgress } from './export.js';
export { neutralizeCell, isDangerous } from './neutralize.js';
export { flattenRecord, toCell, customColumns, definitionColumns, LIST_SEPARATOR } from './flatten.js';
export type { CellValue, ExportColumn } from './flatten.js';
export { bookValue, monthsRemaining, noticeDeadline, annualisedSpend, autoRenews, yearsBetween, financeColumns } from './finance.js';
export type { ExportFormat } from './writers/types.js';
export { EXPORT_FORMATS } from './writers/types.js';
