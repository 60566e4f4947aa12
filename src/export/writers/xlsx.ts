// XLSX through exceljs's streaming WorkbookWriter: each row is committed as it comes, so
// memory stays flat however long the list. Cells keep their types (real dates, money as
// numbers shown with two decimals, booleans); text is always an inline string cell
// (t="inlineStr"), so a value like "=1+2" is shown as text and never becomes a formula.
// exceljs would write a plain string as t="str", which the standard reserves for a
// formula's result; a one-run rich text is its way to write an inline string. The data
// rows' XML is written by xlsx-rows.ts, as exceljs would write it, without its per-cell
// objects. An "About" sheet closes the workbook, as only then are the counts known.
import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { ExcelJS as ExcelJSModule } from '../../util/exceljs.js';
import { type CellValue, type ExportColumn, LIST_SEPARATOR } from '../flatten.js';
import type { AboutInfo, SheetSpec, TableWriter, WriterOptions } from './types.js';
import { columnLetters, rowXml, type RowColumn } from './xlsx-rows.js';

/**
 * The parts of exceljs's streaming writer that its types leave out and the data rows use:
 * the workbook's style table (a format's cellXfs id) and the sheet part's stream, which
 * takes the rows' XML once the header row has opened `<sheetData>`. Pinned by
 * test/export/xlsx-rows.test.ts, which compares the sheet with the one exceljs writes.
 */
interface StreamingInternals {
  readonly styles: { addStyleModel(style: Partial<ExcelJS.Style>, type: number): number };
}
interface SheetInternals {
  readonly stream: { write(xml: Buffer): void };
}

const NUM_FMT: Partial<Record<ExportColumn['type'], string>> = { decimal: '0.00', date: 'yyyy-mm-dd', integer: '0' };
/**
 * Deflate's fastest level: a sheet's XML is repetitive, so the file is about 1.5× the size
 * of the default level's for a quarter of the CPU, which was half of an export's time.
 */
const ZIP_LEVEL = 1;
/** Rows' XML is handed on in pieces of about this many characters. */
const FLUSH_CHARS = 1 << 18;
const TYPE_WIDTH: Record<ExportColumn['type'], number> = { text: 24, list: 30, integer: 10, decimal: 14, date: 12, boolean: 9 };

export function columnWidth(c: ExportColumn): number {
  return Math.min(50, Math.max(c.label.length + 3, TYPE_WIDTH[c.type]));
}

/** Text as an inline string cell. */
export function inlineText(text: string): ExcelJS.CellRichTextValue {
  return { richText: [{ text }] };
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
  private rowColumns: readonly RowColumn[] = [];
  private rows = 0;
  /** Rows' XML not yet handed to the sheet's part. */
  private pending: string[] = [];
  private pendingChars = 0;
  private readonly numberType: number;

  private readonly out: Writable;

  constructor(excel: ExcelJSModule, out: Writable, _opts: WriterOptions) {
    this.out = out;
    // exceljs ends the stream it writes to; a PassThrough keeps the caller's stream open.
    this.pass.pipe(out, { end: false });
    this.ended = once(this.pass, 'end');
    this.workbook = new excel.stream.xlsx.WorkbookWriter({ stream: this.pass, useStyles: true, useSharedStrings: false, zip: { zlib: { level: ZIP_LEVEL } } });
    this.workbook.creator = 'assetbatch';
    this.numberType = excel.ValueType.Number;
  }

  async beginSheet(spec: SheetSpec): Promise<void> {
    const ws = this.workbook.addWorksheet(sheetName(spec.title, this.names), { views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }] });
    ws.columns = spec.columns.map((c, i) => ({ key: String(i), width: columnWidth(c), style: NUM_FMT[c.type] ? { numFmt: NUM_FMT[c.type] } : {} }));
    const header = ws.addRow(spec.columns.map((c) => inlineText(c.label)));
    header.font = { bold: true };
    header.commit();
    this.sheet = ws;
    this.columns = spec.columns;
    const styles = (this.workbook as unknown as StreamingInternals).styles;
    this.rowColumns = spec.columns.map((c, i) => ({
      letters: columnLetters(i),
      styleId: styles.addStyleModel(NUM_FMT[c.type] ? { numFmt: NUM_FMT[c.type] } : {}, this.numberType),
      date: c.type === 'date',
    }));
    this.rows = 0;
  }

  async writeRow(cells: readonly CellValue[]): Promise<void> {
    const xml = rowXml(this.rows + 2, cells, this.rowColumns);
    this.pending.push(xml);
    this.pendingChars += xml.length;
    this.rows++;
    if (this.pendingChars >= FLUSH_CHARS) this.flushRows();
    // Let the zip stream catch up now and then, so rows do not pile up in memory.
    if (this.rows % 200 === 0 && this.pass.writableNeedDrain) await once(this.pass, 'drain');
  }

  /** Hand the rows' XML gathered so far to the sheet's part, one write for many rows. */
  private flushRows(): void {
    if (this.pending.length > 0) (this.sheet as unknown as SheetInternals).stream.write(Buffer.from(this.pending.join('')));
    this.pending = [];
    this.pendingChars = 0;
  }

  async endSheet(): Promise<void> {
    this.flushRows();
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
