// Excel's date serials (the 1900 system): days since 1899-12-30, an instant's time of day as
// the fraction. Shared by the workbook reader (src/read/xlsx/xlsx-cells.ts) and the export's writer.

export const DAY_MS = 86_400_000;
/** The serial of 1970-01-01. */
export const EXCEL_EPOCH_OFFSET = 25569;

/** An instant as Excel's serial number (UTC), as exceljs wrote it. */
export function serialTime(d: Date): number {
  return EXCEL_EPOCH_OFFSET + d.getTime() / DAY_MS;
}
