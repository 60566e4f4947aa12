// exceljs, loaded when a workbook is first read or written: it takes ~160 ms to load, which
// a CSV import, an export to CSV or `--help` should not pay.
import type ExcelJSModule from 'exceljs';

export type ExcelJS = typeof ExcelJSModule;

let loading: Promise<ExcelJS> | undefined;

export function loadExcelJS(): Promise<ExcelJS> {
  return (loading ??= import('exceljs').then(
    (m) => (m as { default?: ExcelJS }).default ?? (m as unknown as ExcelJS),
  ));
}
