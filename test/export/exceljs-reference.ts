// The XLSX writer as it was before it wrote its own zip: exceljs's streaming WorkbookWriter
// with a cell object per value and one style object per column. Tests compare the workbook
// our writer writes with this one, part by part.
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { CellValue, ExportColumn } from '../../src/export/flatten.js';
import { LIST_SEPARATOR } from '../../src/export/flatten.js';
import { columnWidth, inlineText, sheetName } from '../../src/export/writers/xlsx.js';
import type { AboutInfo, SheetSpec } from '../../src/export/writers/types.js';
import { isValidIsoDate } from '../../src/resources/fields.js';

const NUM_FMT: Partial<Record<ExportColumn['type'], string>> = {
  decimal: '0.00',
  date: 'yyyy-mm-dd',
  integer: '0',
};

export interface ReferenceSheet {
  readonly spec: SheetSpec;
  readonly rows: readonly (readonly CellValue[])[];
}

/** A cell as exceljs's writer was handed it before our writer: text inline, ISO dates as dates. */
export function xlsxCell(
  type: ExportColumn['type'],
  v: CellValue,
): number | boolean | Date | ExcelJS.CellRichTextValue | null {
  if (typeof v !== 'string') return v;
  if (type === 'date' && isValidIsoDate(v)) {
    const [y, m, d] = v.split('-').map(Number);
    return new Date(Date.UTC(y, m - 1, d));
  }
  return inlineText(v);
}

function addSheet(
  wb: ExcelJS.stream.xlsx.WorkbookWriter,
  { spec, rows }: ReferenceSheet,
  taken: Set<string>,
): void {
  const ws = wb.addWorksheet(sheetName(spec.title, taken), {
    views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }],
  });
  ws.columns = spec.columns.map((c, i) => ({
    key: String(i),
    width: columnWidth(c),
    style: NUM_FMT[c.type] ? { numFmt: NUM_FMT[c.type] } : {},
  }));
  const header = ws.addRow(spec.columns.map((c) => inlineText(c.label)));
  header.font = { bold: true };
  header.commit();
  const styles = spec.columns.map((c) => {
    const style = NUM_FMT[c.type] ? { numFmt: NUM_FMT[c.type] } : {};
    return { numeric: { ...style }, other: { ...style } };
  });
  for (const cells of rows) {
    const row = ws.addRow(cells.map((v, i) => xlsxCell(spec.columns[i].type, v)));
    cells.forEach((v, i) => {
      const kind =
        typeof v === 'number' || (v !== null && spec.columns[i].type === 'date') ? 'numeric' : 'other';
      row.getCell(i + 1).style = styles[i][kind];
    });
    row.commit();
  }
  ws.autoFilter = {
    from: { row: 1, column: 1 },
    to: { row: rows.length + 1, column: Math.max(1, spec.columns.length) },
  };
  ws.commit();
}

function addAbout(wb: ExcelJS.stream.xlsx.WorkbookWriter, about: AboutInfo): void {
  const ws = wb.addWorksheet('About');
  ws.columns = [24, 44, 12, 12].map((width, i) => ({ key: String(i), width }));
  const add = (values: (string | number | Date | null)[], bold = false) => {
    const row = ws.addRow(values.map((v) => (typeof v === 'string' ? inlineText(v) : v)));
    if (bold) row.font = { bold: true };
    row.commit();
  };
  add(['Exported', about.what]);
  add(['From', about.source]);
  add(['Company', about.company]);
  const when = ws.addRow([inlineText('When (UTC)'), about.exportedAt]);
  when.getCell(2).numFmt = 'yyyy-mm-dd hh:mm:ss';
  when.commit();
  if (about.asOf) add(['Finance figures as of', about.asOf]);
  const filters = Object.entries(about.filters);
  if (filters.length > 0) add(['Filters', filters.map(([k, v]) => `${k}=${v}`).join(LIST_SEPARATOR)]);
  if (about.columns)
    add([
      'Columns',
      `${about.columns.chosen.join(LIST_SEPARATOR)} (${about.columns.chosen.length} of ${about.columns.of}, chosen)`,
    ]);
  add([
    'Enumerations',
    about.codes ? "the service's codes (--codes)" : 'labels, as the service shows them (--codes for codes)',
  ]);
  add([]);
  add(['Sheet', 'Resource', 'Records', 'Service count'], true);
  for (const s of about.sheets)
    add([s.title, s.skipped ? `${s.resource} (left out: ${s.skipped})` : s.resource, s.records, s.count]);
  ws.commit();
}

/** The workbook exceljs writes for these sheets and this About. */
export async function referenceWorkbook(
  sheets: readonly ReferenceSheet[],
  about: AboutInfo,
): Promise<Buffer> {
  const pass = new PassThrough();
  const chunks: Buffer[] = [];
  pass.on('data', (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: pass,
    useStyles: true,
    useSharedStrings: false,
  });
  wb.creator = 'assetbatch';
  const taken = new Set<string>(['about']);
  for (const sheet of sheets) addSheet(wb, sheet, taken);
  addAbout(wb, about);
  await wb.commit();
  return Buffer.concat(chunks);
}
