// XLSX through exceljs's streaming WorkbookWriter: each row is committed as it comes, so
// memory stays flat however long the list. Cells keep their types (real dates, money as
// numbers shown with two decimals, booleans); text is always an inline string cell
// (t="inlineStr"), so a value like "=1+2" is shown as text and never becomes a formula.
// exceljs would write a plain string as t="str", which the standard reserves for a
// formula's result; a one-run rich text is its way to write an inline string. An "About"
// sheet closes the workbook, as only then are the counts known.
import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { ExcelJS as ExcelJSModule } from '../../util/exceljs.js';
import { isValidIsoDate } from '../../resources/fields.js';
import { type CellValue, type ExportColumn, LIST_SEPARATOR } from '../flatten.js';
import type { AboutInfo, SheetSpec, TableWriter, WriterOptions } from './types.js';

const NUM_FMT: Partial<Record<ExportColumn['type'], string>> = { decimal: '0.00', date: 'yyyy-mm-dd', integer: '0' };
const TYPE_WIDTH: Record<ExportColumn['type'], number> = { text: 24, list: 30, integer: 10, decimal: 14, date: 12, boolean: 9 };

export function columnWidth(c: ExportColumn): number {
  return Math.min(50, Math.max(c.label.length + 3, TYPE_WIDTH[c.type]));
}

type XlsxValue = number | boolean | Date | ExcelJS.CellRichTextValue | null;

/** Text as an inline string cell. */
export function inlineText(text: string): ExcelJS.CellRichTextValue {
  return { richText: [{ text }] };
}

export function xlsxCell(type: ExportColumn['type'], v: CellValue): XlsxValue {
  if (typeof v !== 'string') return v;
  if (type === 'date' && isValidIsoDate(v)) {
    const [y, m, d] = v.split('-').map(Number);
    return new Date(Date.UTC(y, m - 1, d));
  }
  return inlineText(v);
}

/** Excel's rules: at most 31 characters, none of []:*?/\ and unique in the workbook. */
export function sheetName(title: string, taken: Set<string>): string {
  const base = title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31).trim() || 'Sheet';
  let name = base;
  for (let i = 2; taken.has(name.toLowerCase()); i++) name = `${base.slice(0, 31 - String(i).length - 1)} ${i}`;
  taken.add(name.toLowerCase());
  return name;
}

export class XlsxWriter implements TableWriter {
  private readonly pass = new PassThrough();
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly ended: Promise<unknown>;
  private readonly names = new Set<string>(['about']);
  private sheet?: ExcelJS.Worksheet;
  private columns: readonly ExportColumn[] = [];
  /**
   * One style object per column and kind of value, given to every cell: exceljs finds a
   * style's id by the object's identity, and a cell of its own otherwise gets a fresh copy
   * that exceljs renders to XML to look up — for every cell, most of an export's time.
   */
  private styles: readonly { numeric: Partial<ExcelJS.Style>; other: Partial<ExcelJS.Style> }[] = [];
  private rows = 0;

  private readonly out: Writable;

  constructor(excel: ExcelJSModule, out: Writable, _opts: WriterOptions) {
    this.out = out;
    // exceljs ends the stream it writes to; a PassThrough keeps the caller's stream open.
    this.pass.pipe(out, { end: false });
    this.ended = once(this.pass, 'end');
    this.workbook = new excel.stream.xlsx.WorkbookWriter({ stream: this.pass, useStyles: true, useSharedStrings: false });
    this.workbook.creator = 'assetbatch';
  }

  async beginSheet(spec: SheetSpec): Promise<void> {
    const ws = this.workbook.addWorksheet(sheetName(spec.title, this.names), { views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }] });
    ws.columns = spec.columns.map((c, i) => ({ key: String(i), width: columnWidth(c), style: NUM_FMT[c.type] ? { numFmt: NUM_FMT[c.type] } : {} }));
    const header = ws.addRow(spec.columns.map((c) => inlineText(c.label)));
    header.font = { bold: true };
    header.commit();
    this.sheet = ws;
    this.columns = spec.columns;
    this.styles = spec.columns.map((c) => {
      const style = NUM_FMT[c.type] ? { numFmt: NUM_FMT[c.type] } : {};
      return { numeric: { ...style }, other: { ...style } };
    });
    this.rows = 0;
  }

  async writeRow(cells: readonly CellValue[]): Promise<void> {
    const row = this.sheet!.addRow(cells.map((v, i) => xlsxCell(this.columns[i].type, v)));
    for (let i = 0; i < cells.length; i++) {
      const v = cells[i];
      if (v === undefined) continue;
      // A number or a date takes a number format by default when its style has none: its own object.
      const kind = typeof v === 'number' || (v !== null && this.columns[i].type === 'date') ? 'numeric' : 'other';
      row.getCell(i + 1).style = this.styles[i][kind];
    }
    row.commit();
    this.rows++;
    // Let the zip stream catch up now and then, so rows do not pile up in memory.
    if (this.rows % 200 === 0 && this.pass.writableNeedDrain) await once(this.pass, 'drain');
  }

  async endSheet(): Promise<void> {
    const ws = this.sheet!;
    ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: this.rows + 1, column: Math.max(1, this.columns.length) } };
    ws.commit();
    this.sheet = undefined;
  }

  async finish(about: AboutInfo): Promise<void> {
    const ws = this.workbook.addWorksheet('About');
    ws.columns = [
      { key: 'a', width: 24 },
      { key: 'b', width: 44 },
      { key: 'c', width: 12 },
      { key: 'd', width: 12 },
    ];
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
    add([]);
    add(['Sheet', 'Resource', 'Records', 'Service count'], true);
    for (const s of about.sheets) add([s.title, s.skipped ? `${s.resource} (left out: ${s.skipped})` : s.resource, s.records, s.count]);
    ws.commit();
    await this.workbook.commit();
    await this.ended;
  }

  abort(): void {
    // Rows already committed may still be on their way through the zip stream.
    this.pass.unpipe(this.out);
    this.pass.on('error', () => undefined);
    this.pass.destroy();
  }
}
