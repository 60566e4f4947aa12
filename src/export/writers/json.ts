// JSON (one array of objects, or for export all one object of arrays plus "about") and
// NDJSON (one object a line). Objects are keyed by the column headers, so every format
// carries the same columns; values keep their types. No formula neutralising: JSON is
// not opened by spreadsheet programs.
import type { Writable } from 'node:stream';
import type { CellValue, ExportColumn } from '../flatten.js';
import { type AboutInfo, type SheetSpec, type TableWriter, type WriterOptions, writeChunk } from './types.js';

function rowObject(
  columns: readonly ExportColumn[],
  cells: readonly CellValue[],
  resource?: string,
): Record<string, CellValue> {
  const o: Record<string, CellValue> = resource ? { _resource: resource } : {};
  columns.forEach((c, i) => (o[c.label] = cells[i]));
  return o;
}

function aboutObject(about: AboutInfo): Record<string, unknown> {
  return {
    what: about.what,
    source: about.source,
    company: about.company,
    exported_at: about.exportedAt.toISOString(),
    ...(about.asOf ? { as_of: about.asOf } : {}),
    filters: about.filters,
    ...(about.columns ? { columns: about.columns.chosen } : {}),
    enumerations: about.codes ? 'codes' : 'labels',
    lists: about.sheets.map((s) => ({
      resource: s.resource,
      records: s.records,
      count: s.count,
      pages: s.pages,
      ...(s.skipped ? { skipped: s.skipped } : {}),
    })),
  };
}

export class JsonWriter implements TableWriter {
  private columns: readonly ExportColumn[] = [];
  private rows = 0;
  private sheets = 0;

  constructor(
    private readonly out: Writable,
    private readonly opts: WriterOptions,
  ) {}

  async beginSheet(sheet: SheetSpec): Promise<void> {
    this.columns = sheet.columns;
    this.rows = 0;
    const open = this.opts.multi
      ? `${this.sheets === 0 ? '{\n' : ',\n'}${JSON.stringify(sheet.resource)}: [`
      : '[';
    this.sheets++;
    await writeChunk(this.out, open);
  }

  async writeRow(cells: readonly CellValue[]): Promise<void> {
    await writeChunk(
      this.out,
      `${this.rows++ === 0 ? '\n' : ',\n'}${JSON.stringify(rowObject(this.columns, cells))}`,
    );
  }

  async endSheet(): Promise<void> {
    await writeChunk(this.out, this.rows > 0 ? '\n]' : ']');
  }

  async finish(about: AboutInfo): Promise<void> {
    if (!this.opts.multi) return writeChunk(this.out, '\n');
    await writeChunk(
      this.out,
      `${this.sheets === 0 ? '{\n' : ',\n'}"about": ${JSON.stringify(aboutObject(about))}\n}\n`,
    );
  }
}

export class NdjsonWriter implements TableWriter {
  private columns: readonly ExportColumn[] = [];
  private resource = '';

  constructor(
    private readonly out: Writable,
    private readonly opts: WriterOptions,
  ) {}

  async beginSheet(sheet: SheetSpec): Promise<void> {
    this.columns = sheet.columns;
    this.resource = sheet.resource;
  }

  async writeRow(cells: readonly CellValue[]): Promise<void> {
    await writeChunk(
      this.out,
      JSON.stringify(rowObject(this.columns, cells, this.opts.multi ? this.resource : undefined)) + '\n',
    );
  }

  async endSheet(): Promise<void> {}

  async finish(_about: AboutInfo): Promise<void> {}
}
