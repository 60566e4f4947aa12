// Splits CSV/TSV text into records the way a spreadsheet program opens the file: each line
// ends where it ends (\r\n, \n or a lone \r), a quote in the middle of a cell is a literal
// quote, a quoted cell may hold line breaks (and stays one row), and a quote that opens a
// cell but never closes cleanly (text follows it, or the file ends) does not swallow the rows
// after it when they read as rows of their own. Valid CSV is never repaired. Pure: text in, records out; the caller streams the text in chunks.

/** How the file separates its cells, decided once from a sample (detect.ts). */
export interface Dialect {
  readonly delimiter: string;
  /** Cells are padded after the delimiter (`a, b, "c, d"`): the spaces are not part of the cell. */
  readonly padded: boolean;
  /** Cells a well-formed record has (the sample's usual count); 0 when unknown. */
  readonly width: number;
}

/** A row whose shape had to be repaired: which cell, and what was assumed. */
interface RecordRepair {
  /** 0-based cell index. */
  readonly cell: number;
  readonly message: string;
}

export interface ParsedRecord {
  /** Cells as written ('' for an empty cell). */
  readonly cells: string[];
  /** The row number a spreadsheet shows: records counted from 1, blank lines included. */
  readonly row: number;
  /** The text line the record starts on (differs from `row` after a quoted line break). */
  readonly line: number;
  /** The record as written, without its line end. */
  readonly raw: string;
  /** Index of a cell whose quotes were read as written (`"24"wide`), if any. */
  readonly strayQuote?: number;
  readonly repair?: RecordRepair;
}

/** What went wrong, with the row and line it starts on; the caller turns it into an AssetbatchError. */
export interface SplitFailure {
  readonly kind: 'quote-not-closed' | 'too-long' | 'too-wide';
  readonly row: number;
  readonly line: number;
}

/** Excel's column limit: a record with more cells is refused as soon as they are seen. */
export const MAX_CELLS = 16_384;

const QUOTE = 34;
const CR = 13;
const LF = 10;
const SPACE = 32;

/** One record scanned from `start`: its cells and where it ends, or where scanning stopped. */
interface Scan {
  readonly cells: string[];
  /** End of the record's text (before its line end); -1 when the text ends inside it. */
  readonly end: number;
  /** Where the next record starts. */
  readonly next: number;
  /** A quoted cell holds a line break. */
  readonly multiline: boolean;
  readonly strayQuote?: number;
  /** Set when the text ended inside a quoted cell. */
  readonly openQuote?: number;
}

/**
 * Scans one record. `lineOnly` makes a quote that does not close on its line literal (used
 * to read a record's lines one by one); `final` says no more text will come.
 */
function scanRecord(
  text: string,
  start: number,
  d: Dialect,
  delim: number,
  final: boolean,
  lineOnly = false,
): Scan {
  const cells: string[] = [];
  const n = text.length;
  let p = start;
  let multiline = false;
  let strayQuote: number | undefined;
  for (;;) {
    if (d.padded) while (text.charCodeAt(p) === SPACE) p++;
    let from = p;
    let c = text.charCodeAt(p);
    if (c === QUOTE) {
      const q = closeQuote(text, p + 1, lineOnly);
      if (q < 0 && !(lineOnly || final)) return { cells, end: -1, next: n, multiline };
      if (q < 0) {
        if (!lineOnly) return { cells, end: -1, next: n, multiline, openQuote: cells.length };
      } else {
        let value = text.slice(p + 1, q);
        if (value.includes('"')) value = value.replace(/""/g, '"');
        let k = q + 1;
        if (d.padded) while (text.charCodeAt(k) === SPACE) k++;
        c = text.charCodeAt(k);
        if (k >= n || c === delim || c === CR || c === LF) {
          if (!multiline && (value.includes('\n') || value.includes('\r'))) multiline = true;
          cells.push(value);
          p = k;
          if (k < n && c === delim) {
            p++;
            continue;
          }
          return finish(text, cells, p, final, multiline, strayQuote);
        }
        // Text after the closing quote (`"24"wide`): the cell is read as written, up to the next delimiter.
        strayQuote ??= cells.length;
        from = k;
      }
    }
    // An unquoted cell (or one read as written): up to the next delimiter or line end.
    let k = from;
    for (; k < n; k++) {
      c = text.charCodeAt(k);
      if (c === delim || c === LF || c === CR) break;
    }
    const value = text.slice(p, k);
    if (from !== p && !multiline && (value.includes('\n') || value.includes('\r'))) multiline = true;
    else if (strayQuote === undefined && value.charCodeAt(0) === QUOTE) strayQuote = cells.length;
    cells.push(value);
    if (k < n && c === delim) {
      p = k + 1;
      continue;
    }
    return finish(text, cells, k, final, multiline, strayQuote);
  }
}

/** The closing quote of a quoted cell whose text starts at `from`, or -1 (also when `lineOnly` and it is on a later line). */
function closeQuote(text: string, from: number, lineOnly: boolean): number {
  let eol = Infinity;
  if (lineOnly) {
    const lf = text.indexOf('\n', from);
    const cr = text.indexOf('\r', from);
    eol = Math.min(lf < 0 ? Infinity : lf, cr < 0 ? Infinity : cr);
  }
  for (let i = text.indexOf('"', from); i >= 0 && i < eol; i = text.indexOf('"', i + 2)) {
    if (text.charCodeAt(i + 1) !== QUOTE) return i;
  }
  return -1;
}

function finish(
  text: string,
  cells: string[],
  k: number,
  final: boolean,
  multiline: boolean,
  strayQuote: number | undefined,
): Scan {
  const n = text.length;
  if (k >= n)
    return final ? { cells, end: k, next: k, multiline, strayQuote } : { cells, end: -1, next: n, multiline };
  if (text.charCodeAt(k) === CR) {
    // A lone \r at the end of the text may be the first half of \r\n.
    if (k + 1 >= n && !final) return { cells, end: -1, next: n, multiline };
    return { cells, end: k, next: text.charCodeAt(k + 1) === LF ? k + 2 : k + 1, multiline, strayQuote };
  }
  return { cells, end: k, next: k + 1, multiline, strayQuote };
}

/** Line breaks in `v`, \r\n counting once. */
function countLineBreaks(v: string): number {
  let n = 0;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c === LF) n++;
    else if (c === CR) {
      n++;
      if (v.charCodeAt(i + 1) === LF) i++;
    }
  }
  return n;
}

/** A record's text read line by line, no quote crossing a line: the records it holds, or undefined. */
function splitLines(raw: string, d: Dialect, delim: number): Scan[] {
  const out: Scan[] = [];
  for (let p = 0; p < raw.length || out.length === 0;) {
    const s = scanRecord(raw, p, d, delim, true, true);
    out.push(s);
    if (s.next <= p) break;
    p = s.next;
  }
  return out;
}

/**
 * A record that is not valid CSV (a quote opens a cell and closes with text after it, or
 * never closes), read again line by line when each of its lines is a row of its own: every
 * line, the one that opens the quote included, has the usual number of cells. A record
 * whose quotes close cleanly is valid CSV and is never repaired, whatever its lines look
 * like: Python's csv module, Excel and LibreOffice all read it as one row. In a file of one
 * column every line is a "row", so nothing is repaired there.
 */
function repairRecord(raw: string, d: Dialect, delim: number): Scan[] | undefined {
  if (d.width < 2) return undefined;
  const lines = splitLines(raw, d, delim);
  if (lines.length < 2 || !lines.every((l) => l.cells.length === d.width)) return undefined;
  return lines;
}

/**
 * Streams text into records: `push` each chunk, then `push('', true)`. An unfinished record
 * is kept, not scanned again, until the text held has doubled, so a record spanning many
 * chunks costs linear time.
 */
export class RecordSplitter {
  private text = '';
  private pending: string[] = [];
  private pendingLength = 0;
  private wantLength = 0;
  private row = 1;
  private line = 1;
  private readonly delim: number;

  constructor(
    private readonly d: Dialect,
    private readonly maxChars: number,
  ) {
    this.delim = d.delimiter.charCodeAt(0);
  }

  /** Where the next record starts: its row and line, for an error met there. */
  get at(): { row: number; line: number } {
    return { row: this.row, line: this.line };
  }

  /** Adds the records `chunk` completes to `out`; a failure ends the split (records before it come first). */
  push(chunk: string, final: boolean, out: ParsedRecord[]): SplitFailure | undefined {
    this.pending.push(chunk);
    this.pendingLength += chunk.length;
    if (!final && this.pendingLength < this.wantLength) return undefined;
    this.text = this.pending.length === 1 ? this.pending[0] : this.pending.join('');
    this.pending = [];
    this.wantLength = 0;
    const pos = this.scan(final, out);
    if (typeof pos !== 'number') return pos;
    const rest = pos === 0 ? this.text : this.text.slice(pos);
    this.text = '';
    if (rest !== '') {
      this.pending.push(rest);
      this.wantLength = rest.length * 2;
    }
    this.pendingLength = rest.length;
    return undefined;
  }

  /** Scans whole records; returns where the unfinished one starts, or a failure. */
  private scan(final: boolean, out: ParsedRecord[]): number | SplitFailure {
    const { text, d, delim } = this;
    let pos = 0;
    while (pos < text.length) {
      const s = scanRecord(text, pos, d, delim, final);
      // Counted on the cells scanned so far, so a record still arriving is refused at once.
      if (s.cells.length > MAX_CELLS) return { kind: 'too-wide', ...this.at };
      if (s.end < 0 && s.openQuote === undefined) {
        if (text.length - pos <= this.maxChars) return pos;
        const next = this.repairHeld(
          text.slice(pos, Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r')) + 1),
          out,
        );
        if (next === 0) return { kind: 'too-long', ...this.at };
        pos += next;
        continue;
      }
      if (s.openQuote !== undefined) {
        if (this.repairHeld(text.slice(pos), out) === 0)
          return { kind: text.length - pos > this.maxChars ? 'too-long' : 'quote-not-closed', ...this.at };
        return text.length;
      }
      const raw = text.slice(pos, s.end);
      // Only a record with a stray quote can be a runaway quote: a clean one is valid CSV.
      const lines = s.multiline && s.strayQuote !== undefined ? repairRecord(raw, d, delim) : undefined;
      if (lines) this.emitRepaired(raw, lines, out);
      else this.emit(s, raw, out);
      pos = s.next;
    }
    return pos;
  }

  /** Text held inside a quote that never closes: its lines as rows, or 0 when they are not rows. */
  private repairHeld(held: string, out: ParsedRecord[]): number {
    const raw = held.replace(/(\r\n|\r|\n)$/, '');
    const lines = raw === '' ? undefined : repairRecord(raw, this.d, this.delim);
    if (!lines) return 0;
    this.emitRepaired(raw, lines, out);
    return held.length;
  }

  private emit(s: Scan, raw: string, out: ParsedRecord[]): void {
    out.push({ cells: s.cells, row: this.row, line: this.line, raw, strayQuote: s.strayQuote });
    this.row++;
    this.line += s.multiline ? 1 + countLineBreaks(raw) : 1;
  }

  private emitRepaired(raw: string, lines: readonly Scan[], out: ParsedRecord[]): void {
    let p = 0;
    lines.forEach((l, i) => {
      const text = raw.slice(p, l.end < 0 ? raw.length : l.end);
      p = l.next;
      const cell = i === 0 ? (l.strayQuote ?? l.cells.findIndex((c) => c.startsWith('"'))) : -1;
      const repair: RecordRepair | undefined =
        i === 0
          ? {
              cell: Math.max(0, cell),
              message: `a quote (") opens a cell but is not closed on its line; it was read as a quote mark, and the ${lines.length - 1 === 1 ? 'line below as a row of its own' : `${lines.length - 1} lines below as rows of their own`}`,
            }
          : undefined;
      out.push({
        cells: l.cells,
        row: this.row,
        line: this.line,
        raw: text,
        repair,
        strayQuote: i === 0 ? undefined : l.strayQuote,
      });
      this.row++;
      this.line++;
    });
  }
}
