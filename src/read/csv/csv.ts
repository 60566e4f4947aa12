// Reads CSV and TSV as a stream: bytes → text (decoded once, from UTF-8, UTF-16 or Windows-1252) →
// our record splitter (csv-records.ts) → raw rows numbered as a spreadsheet shows them. Memory holds one chunk
// and one record, whatever the file's length.
import type { TextDecoder as Decoder } from 'node:util';
import { isAscii, isUtf8 } from 'node:buffer';
import { createReadStream } from 'node:fs';
import { stringify } from 'csv-stringify/sync';
import { AssetbatchError, type Location } from '../../errors.js';
import { decodeSample, DELIMITERS, refuseMarkup, sniffDialect, type TextEncodingName } from '../detect.js';
import type { RawRow } from '../header.js';
import { formatBytes, readError, type WarningSink } from '../problems.js';
import type { RawSheet } from '../source.js';
import { columnName } from '../source.js';
import type { CellValue, RowNote } from '../types.js';
import { MAX_CELLS, RecordSplitter, type ParsedRecord, type SplitFailure } from './csv-records.js';
import { batchedRows, parseInWorkerBatches, workerAvailable } from '../worker/csv-thread.js';
import { isDangerous } from '../../export/neutralize.js';

/** A record longer than this is an unclosed quote swallowing the file, not a real cell. */
const MAX_RECORD_BYTES = MAX_ROW_BYTES;

const ENCODING_LABEL: Record<TextEncodingName, string> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16 LE',
  'utf-16be': 'UTF-16 BE',
  'windows-1252': 'Windows-1252',
};

/** Bytes at the end of `b` that start a UTF-8 character the next chunk completes. */
function completeUtf8Length(b: Buffer): number {
  const n = b.length;
  for (let i = n - 1; i >= Math.max(0, n - 4); i--) {
    const c = b[i];
    if ((c & 0xc0) === 0x80) continue;
    const need = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
    return i + need <= n ? n : i;
  }
  return n;
}

/**
 * Decodes UTF-8, checking it chunk by chunk (the encoding was decided on a sample). If
 * invalid bytes appear after a pure-ASCII start, the file is Windows-1252 after all and
 * switching now loses nothing (ASCII is the same in both); after real UTF-8 they are
 * replaced with U+FFFD and reported.
 */
class Utf8Text {
  private carry: Buffer = Buffer.alloc(0);
  private sawNonAscii = false;
  private offset = 0;
  private readonly utf8 = new TextDecoder('utf-8');
  private cp1252?: Decoder;
  lossyFrom?: number;

  constructor(private readonly onSwitch: (byteOffset: number) => void) {}

  decode(chunk: Buffer): string {
    const buf = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    this.carry = Buffer.alloc(0);
    if (this.cp1252) return this.cp1252.decode(buf, { stream: true });
    const end = completeUtf8Length(buf);
    const body = end === buf.length ? buf : buf.subarray(0, end);
    this.carry = Buffer.from(buf.subarray(end));
    let text: string;
    if (this.lossyFrom !== undefined || isAscii(body)) {
      text = this.utf8.decode(body, { stream: true });
    } else if (isUtf8(body)) {
      this.sawNonAscii = true;
      text = this.utf8.decode(body, { stream: true });
    } else if (!this.sawNonAscii) {
      this.cp1252 = new TextDecoder('windows-1252');
      this.onSwitch(this.offset);
      // The bytes before were ASCII: what the UTF-8 decoder held back (a BOM at most) is no text.
      text = this.cp1252.decode(Buffer.concat([body, this.carry]), { stream: true });
      this.carry = Buffer.alloc(0);
    } else {
      // The UTF-8 decoder turns these bytes into U+FFFD; the row reader reports the first row hit.
      this.lossyFrom = this.offset;
      text = this.utf8.decode(body, { stream: true });
    }
    this.offset += body.length;
    return text;
  }

  end(): string {
    if (this.cp1252) return this.cp1252.decode();
    if (this.carry.length === 0) return this.utf8.decode();
    // The file ends inside a "character": if nothing before was UTF-8, it is Windows-1252.
    if (!this.sawNonAscii && this.lossyFrom === undefined) {
      this.onSwitch(this.offset);
      return this.utf8.decode() + new TextDecoder('windows-1252').decode(this.carry);
    }
    return this.utf8.decode(this.carry);
  }
}

/** Bytes to text, decoded once: UTF-16 and Windows-1252 by their own decoder, UTF-8 checked as it goes (Utf8Text). */
interface TextDecoding {
  decode(chunk: Buffer): string;
  end(): string;
  /** UTF-8 only: bytes that are not UTF-8 were met after real UTF-8 (replaced with U+FFFD). */
  readonly lossy: boolean;
}

function csvError(err: unknown, where: Location, at: { row: number; line: number }): AssetbatchError {
  if (err instanceof AssetbatchError) return err;
  return readError(
    'E_FILE_CORRUPT',
    { ...where, ...at },
    `could not be read past row ${at.row}: ${(err as Error)?.message ?? String(err)}`,
    { cause: err },
  );
}

/** A record the splitter could not end, as the error the user reads. */
function splitError(f: SplitFailure, where: Location, delimiter: string): AssetbatchError {
  const at: Location = { ...where, row: f.row, line: f.line };
  if (f.kind === 'too-wide') {
    return readError(
      'E_FILE_TOO_LARGE',
      at,
      `refused: row ${f.row} has more than ${MAX_CELLS.toLocaleString('en-US')} cells, the most a spreadsheet has (Excel's last column is XFD)`,
      {
        hint: `Check that this is the right file and that ${JSON.stringify(delimiter)} separates its cells; split a sheet this wide into several files.`,
      },
    );
  }
  if (f.kind === 'quote-not-closed') {
    return readError(
      'E_CSV_PARSE',
      at,
      `the row has a quote (") that is never closed, and the lines after it do not read as rows of their own, so the rest of the file would be one cell; reading stopped there`,
      {
        hint: 'Close the quote or remove it. A quote inside a cell is written twice ("") and the whole cell is put in quotes.',
      },
    );
  }
  return readError(
    'E_CSV_PARSE',
    at,
    `the row is longer than ${formatBytes(MAX_RECORD_BYTES)}: most likely a quote (") that is never closed, or a file that is not ${delimiter === '\t' ? 'TSV' : 'CSV'}; reading stopped there`,
    {
      hint: 'Close the quote or remove it (a quote inside a cell is written twice: ""), or check that this is the right file.',
    },
  );
}

export interface TextOpen {
  readonly file: string;
  readonly encoding: TextEncodingName;
  /** Encoding decided without a BOM from the NUL pattern (UTF-16). */
  readonly guessedEncoding: boolean;
  /** Why the encoding was chosen (see Sniffed). */
  readonly encodingWhy: string;
  readonly sample: Buffer;
  readonly wholeFile: boolean;
  readonly preferTab: boolean;
  readonly delimiter?: string;
  readonly warnings: WarningSink;
  /** Parse in a worker thread, leaving this one to the rows (large files; see index.ts). */
  readonly worker?: boolean;
}

export type { ParseEvents, ParseInit } from './csv-init.js';
import type { ParseEvents, ParseInit } from './csv-init.js';
import { MAX_ROW_BYTES } from '../types.js';

/**
 * A record's cells as one CSV record for the report, or undefined when the report must
 * write them itself (a formula-like cell is neutralised there). A comma-separated file's
 * own text is used as it was read when that is sure to read back as the same cells: no
 * cell holds a quote mark (the splitter keeps stray ones as written) and the record does
 * not end in a line break of its own. Otherwise csv-stringify quotes the cells; in a
 * worker thread this costs the checking thread nothing.
 */
function recordText(cells: readonly CellValue[], raw: string | undefined): string | undefined {
  let quotes = false;
  for (const c of cells) {
    if (typeof c !== 'string') continue;
    if (isDangerous(c)) return undefined;
    if (!quotes && c.includes('"')) quotes = true;
  }
  if (raw !== undefined && !quotes) {
    let end = raw.length;
    while (end > 0 && (raw.charCodeAt(end - 1) === 10 || raw.charCodeAt(end - 1) === 13)) end--;
    const last = cells[cells.length - 1];
    // A last cell that ends in a line break was quoted: trimming would cut its closing quote.
    if (end === raw.length || typeof last !== 'string' || !/[\r\n]$/.test(last))
      return end === raw.length ? raw : raw.slice(0, end);
  }
  const line = stringify([cells]);
  return line.slice(0, -1);
}

/** The decoding stage: UTF-8 checked (and switched to Windows-1252 when it is not), or the file's own encoding. */
function decoding(init: ParseInit, events: ParseEvents): TextDecoding {
  if (init.encoding !== 'utf-8') {
    const d = new TextDecoder(init.encoding);
    return { decode: (chunk) => d.decode(chunk, { stream: true }), end: () => d.decode(), lossy: false };
  }
  const utf8 = new Utf8Text((offset) => {
    events.encoding('windows-1252', `its bytes are plain ASCII up to byte ${offset}, then not valid UTF-8`);
    events.add({
      code: 'W_ENCODING',
      message: `starts as plain ASCII but is not UTF-8 from byte ${offset}: it was read as Windows-1252`,
    });
  });
  return {
    decode: (chunk) => utf8.decode(chunk),
    end: () => utf8.end(),
    get lossy() {
      return utf8.lossyFrom !== undefined;
    },
  };
}

/** A parsed record as the raw row the sheet assembler takes, with its warnings and notes. */
function toRawRow(rec: ParsedRecord, init: ParseInit, events: ParseEvents, lossy: boolean): RawRow {
  const record = rec.cells;
  // The record becomes the row's cells in place: empty text is an empty cell.
  const cells = record as CellValue[];
  for (let i = 0; i < record.length; i++) if (record[i] === '') cells[i] = null;
  const { row, line } = rec;
  // Most rows have no note: no array for them.
  let notes: RowNote[] | undefined;
  if (rec.strayQuote !== undefined) {
    const v = record[rec.strayQuote];
    const where = line === row ? `row ${row}` : `row ${row} (line ${line})`;
    const message = `${where}: a cell has a quote mark (") in an unexpected place and was read as written: ${JSON.stringify(v.slice(0, 40))}`;
    events.note('quote', () => ({ code: 'W_CSV_QUOTE', row, message }));
    (notes ??= []).push({
      code: 'W_CSV_QUOTE',
      cell: rec.strayQuote,
      message: `a quote mark (") in an unexpected place was read as written: ${JSON.stringify(v.slice(0, 40))}`,
      repaired: false,
    });
  }
  if (rec.repair)
    (notes ??= []).push({
      code: 'W_ROW_REPAIRED',
      cell: rec.repair.cell,
      message: rec.repair.message,
      repaired: true,
    });
  if (lossy && cells.some((v) => typeof v === 'string' && v.includes('\uFFFD'))) {
    events.note('lossy', () => ({
      code: 'W_ENCODING',
      row,
      message: `row ${row}: some bytes are not valid UTF-8 and were replaced with �`,
    }));
  }
  // The record as written is CSV as it stands only in a comma-separated file without padding.
  const raw = init.delimiter === ',' && !init.padded ? rec.raw : undefined;
  const out: RawRow = { row, cells, text: recordText(cells, raw) };
  if (line !== row) (out as { line?: number }).line = line;
  if (notes) (out as { notes?: RowNote[] }).notes = notes;
  return out;
}

/**
 * The parse itself, in this thread or a worker's: bytes → text → records (csv-records.ts)
 * → raw rows numbered as a spreadsheet numbers them, in batches: a chunk's records at a
 * time, so a row costs no promise of its own. Rows before an error come first.
 */
export async function* parseTextBatches(init: ParseInit, events: ParseEvents): AsyncGenerator<RawRow[]> {
  const { file, delimiter } = init;
  const where: Location = { file };
  // Small reads: a chunk's rows wait until the whole chunk is split (64 KiB: ~2 ms).
  const input = createReadStream(file, { highWaterMark: init.readBytes ?? 64 * 1024 });
  const text = decoding(init, events);
  const splitter = new RecordSplitter(
    { delimiter, padded: init.padded ?? false, width: init.width ?? 0 },
    MAX_RECORD_BYTES,
  );
  const split = (chunk: string, final: boolean): { rows: RawRow[]; failure?: SplitFailure } => {
    const records: ParsedRecord[] = [];
    const failure = splitter.push(chunk, final, records);
    const lossy = text.lossy;
    return { rows: records.map((r) => toRawRow(r, init, events, lossy)), failure };
  };
  try {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      const { rows, failure } = split(text.decode(chunk), false);
      if (rows.length > 0) yield rows;
      if (failure) throw splitError(failure, where, delimiter);
    }
    const { rows, failure } = split(text.end(), true);
    if (rows.length > 0) yield rows;
    if (failure) throw splitError(failure, where, delimiter);
  } catch (err) {
    throw csvError(err, where, splitter.at);
  } finally {
    input.destroy();
  }
}

export function openText(t: TextOpen): RawSheet {
  const text = decodeSample(t.sample, t.encoding, t.wholeFile);
  refuseMarkup(text, { file: t.file });
  const dialect = sniffDialect(text, t.preferTab, t.delimiter) ?? {
    delimiter: t.preferTab ? '\t' : ',',
    padded: false,
    width: 0,
  };
  const { delimiter, padded, width: usualWidth } = dialect;
  let encoding: TextEncodingName = t.encoding;
  let encodingWhy = t.encodingWhy;
  const warnings = t.warnings;
  if (t.guessedEncoding) {
    warnings.add({
      code: 'W_ENCODING',
      message: `has no byte-order mark but its bytes are ${ENCODING_LABEL[t.encoding]} text; it was read as such`,
    });
  }
  const events: ParseEvents = {
    add: (w) => warnings.add(w),
    note: (key, make) => warnings.note(key, make),
    encoding: (e, why) => {
      encoding = e;
      encodingWhy = why;
    },
  };
  const init: ParseInit = { file: t.file, encoding: t.encoding, delimiter, padded, width: usualWidth };
  const { rows, take } = batchedRows(
    t.worker && workerAvailable() ? parseInWorkerBatches(init, events) : parseTextBatches(init, events),
  );

  const others = DELIMITERS.filter((d) => d !== delimiter);
  let width = -1;
  return {
    format: delimiter === '\t' ? 'tsv' : 'csv',
    delimiter,
    padded,
    get encoding() {
      return encoding;
    },
    get encodingWhy() {
      return encodingWhy;
    },
    rows,
    take,
    rowGapsAreBlank: false,
    warnings,
    inspectRow(row, cells) {
      if (width < 0) width = cells.length;
      if (width < 2 || typeof cells[0] !== 'string') return;
      for (let i = 1; i < cells.length; i++) if (cells[i] !== null) return;
      const first = cells[0];
      // A real row split on the wrong delimiter has about as many of it as the header has columns.
      const enough = Math.max(1, Math.floor((width - 1) / 2));
      const used = others.find((d) => first.split(d).length - 1 >= enough);
      if (used) {
        warnings.note('mixed-delimiter', () => ({
          code: 'W_MIXED_DELIMITER',
          row,
          column: columnName([], 0),
          message: `row ${row} seems to use ${JSON.stringify(used)} between cells but the file uses ${JSON.stringify(delimiter)}: the whole row landed in the first column`,
        }));
      }
    },
  };
}
