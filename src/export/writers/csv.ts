// CSV (RFC 4180, UTF-8) through csv-stringify. Cells are rendered as text here: money with
// two decimals, booleans as TRUE/FALSE (what Excel itself writes), dangerous text with a
// leading `'` unless raw. `excel` adds the BOM and CRLF line ends Excel expects.
import type { Writable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { AssetbatchError } from '../../errors.js';
import type { CellValue, ExportColumn } from '../flatten.js';
import { neutralizeCell } from '../neutralize.js';
import { type AboutInfo, type SheetSpec, type TableWriter, type WriterOptions, writeChunk } from './types.js';

function csvCell(type: ExportColumn['type'], v: CellValue, raw: boolean): string {
  if (v === null) return '';
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (typeof v === 'number') return type === 'decimal' ? v.toFixed(2) : String(v);
  return raw ? v : neutralizeCell(v);
}

export class CsvWriter implements TableWriter {
  private columns: readonly ExportColumn[] = [];
  private sheets = 0;
  private readonly eol: string;

  constructor(
    private readonly out: Writable,
    private readonly opts: WriterOptions,
  ) {
    this.eol = opts.excel ? '\r\n' : '\n';
  }

  private line(cells: readonly string[]): string {
    return stringify([cells as string[]], { record_delimiter: this.eol, eof: true });
  }

  async beginSheet(sheet: SheetSpec): Promise<void> {
    if (this.sheets++ > 0) {
      throw new AssetbatchError('E_USAGE', 'a CSV file holds one list', {
        hint: 'Export all lists to .xlsx, .json or .ndjson, or put {resource} in the file name.',
      });
    }
    this.columns = sheet.columns;
    const header = sheet.columns.map((c) => (this.opts.raw ? c.label : neutralizeCell(c.label)));
    await writeChunk(this.out, (this.opts.excel ? '\ufeff' : '') + this.line(header));
  }

  async writeRow(cells: readonly CellValue[]): Promise<void> {
    await writeChunk(
      this.out,
      this.line(cells.map((v, i) => csvCell(this.columns[i].type, v, this.opts.raw))),
    );
  }

  async endSheet(): Promise<void> {}

  async finish(_about: AboutInfo): Promise<void> {}
}
