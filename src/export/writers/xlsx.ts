// XLSX written as a stream: each sheet's rows go out as they come, so memory stays flat
// however long the list. Cells keep their types (real dates, money as numbers shown with
// two decimals, booleans); text is always an inline string cell (t="inlineStr"), so a
// value like "=1+2" is shown as text and never becomes a formula. The workbook is the one
// exceljs's streaming writer wrote before, part for part (test/export/xlsx-parts.test.ts),
// put together here: the rows' XML by xlsx-rows.ts, the parts around them by
// xlsx-parts.ts, the styles by xlsx-styles.ts, the zip by zip.ts (Node's CRC-32 and
// deflate). An "About" sheet closes the workbook, as only then are the counts known.
// A list longer than a sheet holds (Excel's 1,048,576 rows) goes on in a sheet of its own
// ("Assets 2", its header repeated), and the About sheet says so: Excel would otherwise
// open the file with the rows past its last one left out.
import type { Writable } from 'node:stream';
import { type CellValue, type ExportColumn, LIST_SEPARATOR } from '../flatten.js';
import type { AboutInfo, SheetSpec, TableWriter } from './types.js';
import {
  appXml,
  contentTypesXml,
  coreXml,
  ROOT_RELS_XML,
  sheetHeadXml,
  sheetTailXml,
  workbookRelsXml,
  workbookXml,
} from './xlsx-parts.js';
import { rowColumn, rowXml, xmlText, type RowColumn } from './xlsx-rows.js';
import { columnLetter } from '../../util/column-letter.js';
import { StyleTable } from './xlsx-styles.js';
import { THEME_XML } from './xlsx-theme.js';
import { ZipWriter } from './zip.js';
import { serialTime } from '../../util/excel-serial.js';

const NUM_FMT: Partial<Record<ExportColumn['type'], string>> = {
  decimal: '0.00',
  date: 'yyyy-mm-dd',
  integer: '0',
};
const DATE_TIME = 'yyyy-mm-dd hh:mm:ss';
/**
 * Deflate's fastest level: a sheet's XML is repetitive, so the file is about 1.5× the size
 * of the default level's for a quarter of the CPU, which was half of an export's time.
 */
const ZIP_LEVEL = 1;
/** Rows' XML is handed on in pieces of about this many characters. */
const FLUSH_CHARS = 1 << 18;
const TYPE_WIDTH: Record<ExportColumn['type'], number> = {
  text: 24,
  list: 30,
  integer: 10,
  decimal: 14,
  date: 12,
  boolean: 9,
};
const ABOUT_WIDTHS = [24, 44, 12, 12];
/** Rows a sheet holds in Excel (and LibreOffice), the header's included. */
export const EXCEL_MAX_ROWS = 1_048_576;

export function columnWidth(c: ExportColumn): number {
  return Math.min(50, Math.max(c.label.length + 3, TYPE_WIDTH[c.type]));
}

/** Text as exceljs's inline string cell value (a one-run rich text); for tests and readers. */
export function inlineText(text: string): { richText: { text: string }[] } {
  return { richText: [{ text }] };
}

/** Excel's rules: at most 31 characters, none of []:*?/\ and unique in the workbook. */
export function sheetName(title: string, taken: Set<string>): string {
  const base =
    title
      .replace(/[[\]:*?/\\]/g, ' ')
      .slice(0, 31)
      .trim() || 'Sheet';
  let name = base;
  for (let i = 2; taken.has(name.toLowerCase()); i++)
    name = `${base.slice(0, 31 - String(i).length - 1)} ${i}`;
  taken.add(name.toLowerCase());
  return name;
}

export class XlsxWriter implements TableWriter {
  private readonly zip: ZipWriter;
  private readonly styles = new StyleTable();
  private readonly created = new Date();
  private readonly taken = new Set<string>(['about']);
  /** The sheets' names, in order; the About sheet is last. */
  private readonly names: string[] = [];
  private started = false;
  private columns: readonly ExportColumn[] = [];
  private rowColumns: readonly RowColumn[] = [];
  private rows = 0;
  /** The sheet being written, and the names of the sheets its rows went on to. */
  private spec?: SheetSpec;
  private first = '';
  private readonly continued = new Map<string, string[]>();
  /** Rows' XML not yet handed to the zip. */
  private pending: string[] = [];
  private pendingChars = 0;

  /** The workbook goes to `out` as it is written; the caller owns the stream. `maxRows`: a sheet's rows, header included (tests). */
  constructor(
    out: Writable,
    private readonly maxRows = EXCEL_MAX_ROWS,
  ) {
    this.zip = new ZipWriter(out, { level: ZIP_LEVEL }, this.created);
  }

  /** The theme and the package's relationships lead the archive, as exceljs put them. */
  private async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.zip.addEntry('xl/theme/theme1.xml', THEME_XML);
    await this.zip.addEntry('_rels/.rels', ROOT_RELS_XML);
  }

  /** Opens a sheet's part and writes its XML up to the first row after the header. */
  private async openSheet(
    name: string,
    widths: readonly number[],
    formats: readonly (string | undefined)[],
    frozen: boolean,
  ): Promise<void> {
    await this.start();
    this.names.push(name);
    const columns = widths.map((width, i) => ({ width, styleId: this.styles.id(formats[i]) }));
    await this.zip.beginEntry(`xl/worksheets/sheet${this.names.length}.xml`);
    await this.zip.write(Buffer.from(sheetHeadXml(columns, frozen), 'utf8'));
  }

  async beginSheet(spec: SheetSpec): Promise<void> {
    this.spec = spec;
    this.first = sheetName(spec.title, this.taken);
    await this.beginPart(spec, this.first);
  }

  /** A sheet's part, its header row written: the list's first, or one it goes on in. */
  private async beginPart(spec: SheetSpec, name: string): Promise<void> {
    const formats = spec.columns.map((c) => NUM_FMT[c.type]);
    await this.openSheet(name, spec.columns.map(columnWidth), formats, true);
    // exceljs styled the header row (bold) before its cells (bold in the column's format).
    const rowStyle = this.styles.id(undefined, true);
    const header = formats.map((f, i) => rowColumn(i, this.styles.id(f, true), false));
    this.pending.push(
      rowXml(
        1,
        spec.columns.map((c) => c.label),
        header,
        rowStyle,
      ),
    );
    this.columns = spec.columns;
    this.rowColumns = spec.columns.map((c, i) => rowColumn(i, this.styles.id(formats[i]), c.type === 'date'));
    this.rows = 0;
  }

  async writeRow(cells: readonly CellValue[]): Promise<void> {
    if (this.rows + 1 >= this.maxRows && this.spec) await this.continueSheet(this.spec);
    const xml = rowXml(this.rows + 2, cells, this.rowColumns);
    this.pending.push(xml);
    this.pendingChars += xml.length;
    this.rows++;
    if (this.pendingChars >= FLUSH_CHARS) await this.flushRows();
  }

  /** Hands the rows' XML gathered so far to the zip, one write for many rows. */
  private async flushRows(): Promise<void> {
    const xml = this.pending.join('');
    this.pending = [];
    this.pendingChars = 0;
    if (xml) await this.zip.write(Buffer.from(xml, 'utf8'));
  }

  /** The sheet is full: the list goes on in the next one, under the same header. */
  private async continueSheet(spec: SheetSpec): Promise<void> {
    await this.endSheet();
    const more = this.continued.get(spec.title) ?? [];
    const name = sheetName(`${this.first} ${more.length + 2}`, this.taken);
    this.continued.set(spec.title, [...more, name]);
    await this.beginPart(spec, name);
  }

  async endSheet(): Promise<void> {
    await this.flushRows();
    const filter = `A1:${columnLetter(Math.max(1, this.columns.length) - 1)}${this.rows + 1}`;
    await this.zip.write(Buffer.from(sheetTailXml(filter), 'utf8'));
    await this.zip.endEntry();
  }

  async finish(about: AboutInfo): Promise<void> {
    await this.openSheet('About', ABOUT_WIDTHS, [], false);
    await this.zip.write(Buffer.from(this.aboutRowsXml(about) + sheetTailXml(), 'utf8'));
    await this.zip.endEntry();
    await this.zip.addEntry('[Content_Types].xml', contentTypesXml(this.names.length));
    await this.zip.addEntry('docProps/app.xml', appXml(this.names));
    await this.zip.addEntry('docProps/core.xml', coreXml('assetbatch', this.created));
    await this.zip.addEntry('xl/styles.xml', this.styles.xml(xmlText));
    await this.zip.addEntry('xl/_rels/workbook.xml.rels', workbookRelsXml(this.names.length));
    await this.zip.addEntry('xl/workbook.xml', workbookXml(this.names));
    await this.zip.finish();
  }

  /** What was exported, from where and when, then a line per sheet with its counts. */
  private aboutRowsXml(about: AboutInfo): string {
    const plain = ABOUT_WIDTHS.map((_, i) => rowColumn(i, 0, false));
    const lines: { cells: CellValue[]; columns?: RowColumn[]; bold?: boolean }[] = [
      { cells: ['Exported', about.what] },
      { cells: ['From', about.source] },
      { cells: ['Company', about.company] },
      {
        cells: ['When (UTC)', serialTime(about.exportedAt)],
        columns: [plain[0], rowColumn(1, this.styles.id(DATE_TIME), false)],
      },
    ];
    if (about.asOf) lines.push({ cells: ['Finance figures as of', about.asOf] });
    const filters = Object.entries(about.filters);
    if (filters.length > 0)
      lines.push({ cells: ['Filters', filters.map(([k, v]) => `${k}=${v}`).join(LIST_SEPARATOR)] });
    if (about.columns)
      lines.push({
        cells: [
          'Columns',
          `${about.columns.chosen.join(LIST_SEPARATOR)} (${about.columns.chosen.length} of ${about.columns.of}, chosen)`,
        ],
      });
    lines.push({
      cells: [
        'Enumerations',
        about.codes
          ? "the service's codes (--codes)"
          : 'labels, as the service shows them (--codes for codes)',
      ],
    });
    lines.push({ cells: [] }, { cells: ['Sheet', 'Resource', 'Records', 'Service count'], bold: true });
    for (const s of about.sheets) {
      lines.push({
        cells: [
          s.title,
          s.skipped ? `${s.resource} (left out: ${s.skipped})` : s.resource,
          s.records,
          s.count,
        ],
      });
      const more = this.continued.get(s.title);
      if (more)
        lines.push({
          cells: [
            '',
            `${s.title} goes on in ${more.map((m) => `"${m}"`).join(', ')}: a sheet holds ${this.maxRows.toLocaleString('en-US')} rows`,
          ],
        });
    }
    return lines
      .map((line, i) => {
        const bold = line.bold ? this.styles.id(undefined, true) : 0;
        const columns = bold
          ? ABOUT_WIDTHS.map((_, c) => rowColumn(c, bold, false))
          : (line.columns ?? plain);
        return rowXml(i + 1, line.cells, columns, bold);
      })
      .join('');
  }

  abort(): void {
    // Nothing is on its way: every part was written while its caller waited.
    this.zip.close();
  }
}
