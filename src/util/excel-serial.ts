// Excel's date serials (the 1900 system): days since 1899-12-30, an instant's time of day as
// the fraction. Shared by the workbook reader (src/read/xlsx/xlsx-cells.ts) and the export's writer.

export const DAY_MS = 86_400_000;
/** The serial of 1970-01-01. */
export const EXCEL_EPOCH_OFFSET = 25569;

/** Days from the 1900 system's serial 0 to the 1904 system's. */
export const DATE_1904_OFFSET = 1462;

/** A serial as the instant plain arithmetic gives (UTC, rounded to the millisecond); no leap-year fix. */
export function serialToDate(serial: number, date1904 = false): Date {
  return new Date(Math.round((serial - EXCEL_EPOCH_OFFSET + (date1904 ? DATE_1904_OFFSET : 0)) * DAY_MS));
}

/**
 * A serial of the 1900 system as the day Excel shows, yyyy-MM-dd; undefined for serial 60
 * (1900-02-29, a day that never was: Lotus 1-2-3's leap-year bug, kept by Excel, which also
 * makes serials below 60 one day later than plain arithmetic) and out of Excel's range.
 */
export function excelSerialToIso(serial: number): string | undefined {
  if (!Number.isFinite(serial) || serial < 1 || serial >= 2_958_466) return undefined;
  const whole = Math.floor(serial);
  if (whole === 60) return undefined;
  return serialToDate(whole < 60 ? whole + 1 : whole)
    .toISOString()
    .slice(0, 10);
}

/** An instant as Excel's serial number (UTC), as exceljs wrote it. */
export function serialTime(d: Date): number {
  return EXCEL_EPOCH_OFFSET + d.getTime() / DAY_MS;
}
