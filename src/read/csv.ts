// Reads CSV and TSV as a stream: bytes → UTF-8 (transcoding UTF-16 and Windows-1252) →
// csv-parse → raw rows numbered by the line each record starts on. Memory holds one chunk
// and one record, whatever the file's length.
import { isAscii, isUtf8 } from 'node:buffer';
import { createReadStream } from 'node:fs';
import { pipeline, Transform, type TransformCallback } from 'node:stream';
import { TextDecoder } from 'node:util';
import { Parser, type CsvError } from 'csv-parse';
import { stringify } from 'csv-stringify/sync';
import { AssetbatchError, type Location } from '../errors.js';
import { decodeSample, DELIMITERS, refuseMarkup, sniffDelimiter, type TextEncodingName } from './detect.js';
import type { RawRow } from './header.js';
import { formatBytes, readError, type WarningSink } from './problems.js';
import type { RawSheet } from './source.js';
import { columnName } from './source.js';
import type { CellValue, ReadWarning } from './types.js';
import { batchedRows, parseInWorkerBatches, workerAvailable } from './csv-thread.js';
import { isDangerous } from '../export/neutralize.js';

/** A record longer than this is an unclosed quote swallowing the file, not a real cell. */
export const MAX_RECORD_BYTES = 32 * 1024 * 1024;

const ENCODING_LABEL: Record<TextEncodingName, string> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16 LE',
  'utf-16be': 'UTF-16 BE',
  'windows-1252': 'Windows-1252',
};

function countLineBreaks(v: string): number {
  let n = 0;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c === 10) n++;
    else if (c === 13) {
      n++;
      if (v.charCodeAt(i + 1) === 10) i++;
    }
  }
  return n;
}

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
 * Passes UTF-8 through, checking it chunk by chunk (the encoding was decided on a sample).
 * If invalid bytes appear after a pure-ASCII start, the file is Windows-1252 after all and
 * switching now loses nothing (ASCII is the same in both); after real UTF-8 they are
 * replaced with U+FFFD and reported.
 */
class Utf8Guard extends Transform {
  private carry: Buffer = Buffer.alloc(0);
  private sawNonAscii = false;
  private offset = 0;
  private cp1252?: TextDecoder;
  lossyFrom?: number;

  constructor(private readonly onSwitch: (byteOffset: number) => void) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    const buf = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    this.carry = Buffer.alloc(0);
    if (this.cp1252) {
      this.push(Buffer.from(this.cp1252.decode(buf, { stream: true }), 'utf8'));
      done();
      return;
    }
    const end = completeUtf8Length(buf);
    const body = end === buf.length ? buf : buf.subarray(0, end);
    this.carry = Buffer.from(buf.subarray(end));
    if (this.lossyFrom !== undefined || isAscii(body)) {
      this.push(body);
    } else if (isUtf8(body)) {
      this.sawNonAscii = true;
      this.push(body);
    } else if (!this.sawNonAscii) {
      this.cp1252 = new TextDecoder('windows-1252');
      this.onSwitch(this.offset);
      this.push(Buffer.from(this.cp1252.decode(Buffer.concat([body, this.carry]), { stream: true }), 'utf8'));
      this.carry = Buffer.alloc(0);
    } else {
      // csv-parse decodes these bytes to U+FFFD; the row reader reports the first row hit.
      this.lossyFrom = this.offset;
      this.push(body);
    }
    this.offset += body.length;
    done();
  }

  override _flush(done: TransformCallback): void {
    if (this.carry.length > 0) {
      // The file ends inside a "character": if nothing before was UTF-8, it is Windows-1252.
      if (!this.sawNonAscii && this.lossyFrom === undefined && !this.cp1252) {
        this.onSwitch(this.offset);
        this.push(Buffer.from(new TextDecoder('windows-1252').decode(this.carry), 'utf8'));
      } else this.push(this.carry);
    }
    done();
  }
}

/** Decodes UTF-16 or Windows-1252 into UTF-8 for csv-parse (which reads UTF-8 bytes fastest). */
class Transcoder extends Transform {
  private readonly decoder: TextDecoder;
  constructor(encoding: TextEncodingName) {
    super();
    this.decoder = new TextDecoder(encoding);
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    const text = this.decoder.decode(chunk, { stream: true });
    if (text) this.push(Buffer.from(text, 'utf8'));
    done();
  }
  override _flush(done: TransformCallback): void {
    const text = this.decoder.decode();
    if (text) this.push(Buffer.from(text, 'utf8'));
    done();
  }
}

function csvError(err: unknown, where: Location, startLine: number, delimiter: string): AssetbatchError {
  if (err instanceof AssetbatchError) return err;
  const at: Location = { ...where, row: startLine, line: startLine };
  const code = (err as Partial<CsvError>)?.code;
  if (code === 'CSV_QUOTE_NOT_CLOSED') {
    return readError('E_CSV_PARSE', at, `the row starting on line ${startLine} has a quote (") that is never closed, so the rest of the file would be one cell; reading stopped there`, {
      hint: 'Close the quote or remove it. A quote inside a cell is written twice ("") and the whole cell is put in quotes.',
      cause: err,
    });
  }
  if (code === 'CSV_MAX_RECORD_SIZE') {
    return readError('E_CSV_PARSE', at, `the row starting on line ${startLine} is longer than ${formatBytes(MAX_RECORD_BYTES)}: most likely a quote (") that is never closed, or a file that is not a table; reading stopped there`, {
      hint: 'Close the quote or remove it (a quote inside a cell is written twice: ""), or check that this is the right file.',
      cause: err,
    });
  }
  if (typeof code === 'string' && code.startsWith('CSV_')) {
    const lines = (err as { lines?: unknown }).lines;
    const line = typeof lines === "number" ? lines : startLine;
    return readError('E_CSV_PARSE', { ...where, row: startLine, line }, `cannot be read as ${delimiter === '\t' ? 'TSV' : 'CSV'} at line ${line}: ${(err as Error).message}`, {
      cause: err,
    });
  }
  return readError('E_FILE_CORRUPT', at, `could not be read past line ${startLine}: ${(err as Error)?.message ?? String(err)}`, { cause: err });
}

export interface TextOpen {
  readonly file: string;
  readonly encoding: TextEncodingName;
  /** Encoding decided without a BOM from the NUL pattern (UTF-16). */
  readonly guessedEncoding: boolean;
  readonly sample: Buffer;
  readonly wholeFile: boolean;
  readonly preferTab: boolean;
  readonly delimiter?: string;
  readonly warnings: WarningSink;
  /** Parse in a worker thread, leaving this one to the rows (large files; see index.ts). */
  readonly worker?: boolean;
}

/** What the parse reports besides rows: warnings (noted once per kind) and an encoding switch. */
export interface ParseEvents {
  add(w: ReadWarning): void;
  note(key: string, make: () => ReadWarning): void;
  encoding(e: TextEncodingName): void;
}

/** What a parse needs, in a form a worker thread can be given. */
export interface ParseInit {
  readonly file: string;
  readonly encoding: TextEncodingName;
  readonly delimiter: string;
  /** Bytes per read (tests make it small, to meet an error with records still buffered). */
  readonly readBytes?: number;
}

/**
 * csv-parse that hands on every record parsed before an error, then stops. The stream's
 * own error would destroy it with records still buffered for the reader (a chunk's records
 * are pushed, then its error returned), and those rows, and the line count that names the
 * error's row, would be lost. Here the error is kept, the readable side ends after the
 * records, and the reader throws it when it has taken them all.
 */
class RecordsThenError extends Parser {
  failure: unknown;
  override _transform(buf: Buffer, enc: BufferEncoding, done: TransformCallback): void {
    if (this.failure !== undefined) return done();
    super._transform(buf, enc, (err?: Error | null) => this.stopOn(err, done));
  }
  override _flush(done: TransformCallback): void {
    if (this.failure !== undefined) return done();
    super._flush((err?: Error | null) => this.stopOn(err, done));
  }
  private stopOn(err: Error | null | undefined, done: TransformCallback): void {
    if (err) {
      this.failure = err;
      this.push(null);
    }
    done();
  }
}

/**
 * A record's cells as one CSV record for the report, or undefined when the report must
 * write them itself (a formula-like cell is neutralised there). A comma-separated file's
 * own text is used as it was read when that is sure to read back as the same cells: no
 * cell holds a quote mark (relax_quotes keeps stray ones as written) and the record does
 * not end in a line break of its own. Otherwise csv-stringify quotes the cells; in a
 * worker thread this costs the checking thread nothing.
 */
export function recordText(cells: readonly CellValue[], raw: string | undefined): string | undefined {
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
    if (end === raw.length || typeof last !== 'string' || !/[\r\n]$/.test(last)) return end === raw.length ? raw : raw.slice(0, end);
  }
  const line = stringify([cells]);
  return line.slice(0, -1);
}

/**
 * The parse itself, in this thread or a worker's: bytes → UTF-8 → csv-parse → raw rows
 * numbered by the line each record starts on, in batches: every record the parser holds
 * when it is read (a chunk's worth), so a row costs no promise of its own.
 */
export async function* parseTextBatches(init: ParseInit, events: ParseEvents): AsyncGenerator<RawRow[]> {
  const { file, delimiter } = init;
  const where: Location = { file };
  // Small reads: csv-parse parses a whole chunk before its first row is handed on, so a large
  // chunk keeps the checking thread waiting (256 KiB: ~6 ms).
  const input = createReadStream(file, { highWaterMark: init.readBytes ?? 64 * 1024 });
  let guard: Utf8Guard | undefined;
  const decode =
    init.encoding === 'utf-8'
      ? (guard = new Utf8Guard((offset) => {
          events.encoding('windows-1252');
          events.add({
            code: 'W_ENCODING',
            message: `starts as plain ASCII but is not UTF-8 from byte ${offset}: it was read as Windows-1252`,
          });
        }))
      : new Transcoder(init.encoding);
  const parser = new RecordsThenError({
    delimiter,
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    max_record_size: MAX_RECORD_BYTES,
    // The record as written, for the report (recordText): only a comma-separated file's is CSV as it stands.
    raw: delimiter === ',',
  });
  // Errors reach the reader below (the parser is destroyed with them); pipeline destroys every stage.
  pipeline(input, decode, parser, () => undefined);
  let ended = false;
  let failed: unknown;
  let wake: (() => void) | undefined;
  const poke = () => {
    wake?.();
    wake = undefined;
  };
  parser.on('readable', poke);
  parser.on('end', () => {
    ended = true;
    poke();
  });
  parser.on('error', (e) => {
    failed ??= e;
    poke();
  });

  // Line numbers are counted here, not taken from csv-parse's info.lines: that counts a
  // quoted CRLF as two lines. A record spans one line plus the line breaks inside its
  // (quoted) cells; an unquoted line break always ends a record.
  let start = 1;
  const toRow = (parsed: string[] | { record: string[]; raw: string }): RawRow => {
    const record = Array.isArray(parsed) ? parsed : parsed.record;
    let breaks = 0;
    // The record becomes the row's cells in place: empty text is an empty cell.
    const cells = record as CellValue[];
    for (let i = 0; i < record.length; i++) {
      const v = record[i];
      if (v === '') {
        cells[i] = null;
        continue;
      }
      if (v.includes('\n') || v.includes('\r')) breaks += countLineBreaks(v);
      // relax_quotes keeps a cell like `"2"x` as written; say so, naming the line.
      if (v.charCodeAt(0) === 34 && v.indexOf('"', 1) > 0) {
        const line = start;
        events.note('quote', () => ({
          code: 'W_CSV_QUOTE',
          row: line,
          message: `row ${line} (line ${line}): a cell has a quote mark (") in an unexpected place and was read as written: ${JSON.stringify(v.slice(0, 40))}`,
        }));
      }
    }
    if (guard?.lossyFrom !== undefined && cells.some((v) => typeof v === 'string' && v.includes('\uFFFD'))) {
      const line = start;
      events.note('lossy', () => ({
        code: 'W_ENCODING',
        row: line,
        message: `row ${line}: some bytes are not valid UTF-8 and were replaced with �`,
      }));
    }
    const row = start;
    start += 1 + breaks;
    return { row, cells, text: recordText(cells, Array.isArray(parsed) ? undefined : parsed.raw) };
  };

  try {
    for (;;) {
      const batch: RawRow[] = [];
      for (let parsed = parser.read(); parsed !== null; parsed = parser.read()) batch.push(toRow(parsed));
      if (batch.length > 0) yield batch;
      else if (failed !== undefined) throw failed;
      else if (ended) break;
      // Nothing held: wait for the parser (a read that found nothing asks it for 'readable').
      else await new Promise<void>((r) => (wake = r));
    }
    if (parser.failure !== undefined) throw parser.failure;
  } catch (err) {
    throw csvError(err, where, start, delimiter);
  } finally {
    input.destroy();
    parser.destroy();
  }
}

export function openText(t: TextOpen): RawSheet {
  const text = decodeSample(t.sample, t.encoding, t.wholeFile);
  refuseMarkup(text, { file: t.file });
  const delimiter = t.delimiter ?? sniffDelimiter(text, t.preferTab) ?? (t.preferTab ? '\t' : ',');
  let encoding: TextEncodingName = t.encoding;
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
    encoding: (e) => void (encoding = e),
  };
  const init: ParseInit = { file: t.file, encoding: t.encoding, delimiter };
  const { rows, take } = batchedRows(t.worker && workerAvailable() ? parseInWorkerBatches(init, events) : parseTextBatches(init, events));

  const others = DELIMITERS.filter((d) => d !== delimiter);
  let width = -1;
  return {
    format: delimiter === '\t' ? 'tsv' : 'csv',
    delimiter,
    get encoding() {
      return encoding;
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
