// Turns a format's raw rows into the SheetSource the pipeline reads: finds the header with a
// small look-ahead, then streams data rows shaped to the header (padded, extra cells
// dropped), skipping and counting blank rows. Shared by the CSV and XLSX readers.
import type { Location } from '../errors.js';
import {
  chooseHeaderRow,
  headerText,
  HEADER_SCAN_ROWS,
  isBlankRow,
  isEmptyCell,
  isHeaderLikeText,
  type HeaderChoice,
  type RawRow,
} from './header.js';
import { readError, WarningSink } from './problems.js';
import {
  NO_HEADER_ROW,
  type CellValue,
  type ReadOptions,
  type ReadStats,
  type ReadWarning,
  type RowNote,
  type SheetFormat,
  type SheetRow,
  type SheetSource,
  withFormatOf,
} from './types.js';
import { columnLetter } from '../util/column-letter.js';

export interface RawSheet extends SheetFormat {
  /** Rows in order. `return()` must release the file. */
  readonly rows: AsyncGenerator<RawRow>;
  /** The next of `rows` when it is at hand without waiting (a batch read ahead); else undefined. */
  readonly take?: () => RawRow | undefined;
  /** XLSX leaves empty rows out of the file: a jump in row numbers is that many blank rows. */
  readonly rowGapsAreBlank: boolean;
  readonly warnings: WarningSink;
  /** Called for each data row after shaping, for format-specific warnings (mixed delimiters). */
  readonly inspectRow?: (row: number, cells: readonly CellValue[]) => void;
}

/** The column named the way the user finds it: its header, or its letter when the header is empty. */
export function columnName(headers: readonly string[], index: number): string {
  return headers[index] ? headers[index] : `column ${columnLetter(index)}`;
}

/** Non-blank rows above the header from which the plan says why that row was taken. */
const HEADER_FAR_DOWN = 3;

/**
 * Whether a row repeats the header (files joined from several exports carry one per part):
 * every header cell's text again, ignoring case and spaces. `first` is a header cell's index
 * that is not empty: most rows are told apart by that cell alone.
 */
function repeatsHeader(cells: readonly CellValue[], lower: readonly string[], first: number): boolean {
  const v = cells[first];
  if (typeof v !== 'string' || v.length < lower[first].length || v.trim().toLowerCase() !== lower[first])
    return false;
  for (let i = 0; i < lower.length; i++) {
    if (lower[i] === '') continue;
    const c = cells[i];
    if (typeof c !== 'string' || c.trim().toLowerCase() !== lower[i]) return false;
  }
  return true;
}

interface HeaderFound {
  readonly headers: readonly string[];
  readonly headerRow: number;
  /** No row looked like a header: the first was taken. */
  readonly guessed: boolean;
  /** Why the row was chosen (chooseHeaderRow). */
  readonly why: string;
  /** Rows with text above it, skipped (0 when the header row was given). */
  readonly above: number;
}

/**
 * A header's second row joined to it ("Serial" + "No." → "Serial No."), when every filled cell
 * of the row below is header text and the joined names are more of the known fields' than
 * either row's alone; undefined otherwise (a record below the header).
 */
function joinHeaderRows(
  headers: readonly string[],
  below: readonly CellValue[],
  known: (text: string) => boolean,
): string[] | undefined {
  let filled = 0;
  for (let i = 0; i < below.length; i++) {
    if (isEmptyCell(below[i])) continue;
    if (i >= headers.length || !isHeaderLikeText(below[i])) return undefined;
    filled++;
  }
  if (filled < 2) return undefined;
  const second = headers.map((_, i) => headerText(below[i] ?? null));
  const joined = headers.map((h, i) => `${h} ${second[i]}`.trim());
  const score = (texts: readonly string[]) => texts.filter((t) => t !== '' && known(t)).length;
  return score(joined) > Math.max(score(headers), score(second)) ? joined : undefined;
}

/** Warnings about the header: guessed, found far down (and why), or naming a column twice. */
function warnHeader(h: HeaderFound, warnings: WarningSink): void {
  const { headers, headerRow } = h;
  if (h.guessed) {
    warnings.add({
      code: 'W_HEADER_GUESSED',
      row: headerRow,
      message: `no row in the first ${HEADER_SCAN_ROWS} looks like a header (two or more text cells); row ${headerRow} is used`,
    });
  }
  // A title and a note above the header are common; more rows than that are worth a word.
  if (!h.guessed && h.above >= HEADER_FAR_DOWN) {
    const n = h.above;
    warnings.add({
      code: 'W_HEADER_BELOW',
      row: headerRow,
      message: `the header is row ${headerRow}, ${h.why}; the ${n === 1 ? 'row' : `${n} rows`} with text above it (titles, notes) ${n === 1 ? 'is' : 'are'} skipped. If another row is the header, give it with --header-row`,
    });
  }
  const seen = new Map<string, number[]>();
  headers.forEach((text, i) => {
    if (text === '') return;
    const key = text.toLowerCase();
    seen.set(key, [...(seen.get(key) ?? []), i]);
  });
  for (const cols of seen.values()) {
    if (cols.length > 1) {
      warnings.add({
        code: 'W_DUPLICATE_HEADER',
        row: headerRow,
        column: headers[cols[0]],
        message: `the header "${headers[cols[0]]}" appears ${cols.length} times (columns ${cols.map(columnLetter).join(', ')})`,
      });
    }
  }
}

interface ShapeContext {
  readonly headers: readonly string[];
  readonly headerRow: number;
  /** A text file: a row's cell count is its shape (XLSX leaves trailing empty cells out). */
  readonly text: boolean;
  readonly inspect?: (row: number, cells: readonly CellValue[]) => void;
}

/**
 * Shapes a non-blank raw row to the header's width, noting on the row what that changed: a
 * short text row padded, cells past the last header dropped (in a text file its cells may
 * have shifted: a repair), the reader's own notes given their column's name; a row that
 * repeats the header is flagged for the import to skip.
 */
function rowShaper(ctx: ShapeContext, warnings: WarningSink): (r: RawRow) => SheetRow {
  const { headers, headerRow, text } = ctx;
  const width = headers.length;
  const lower = headers.map((h) => h.toLowerCase());
  const first = lower.findIndex((h) => h !== '');
  const named = headers.filter((h) => h !== '').length;
  const padded = (r: RawRow): CellValue[] => {
    const cells = r.cells.slice(0, width) as CellValue[];
    while (cells.length < width) cells.push(null);
    return cells;
  };
  return (r) => {
    if (headerRow !== NO_HEADER_ROW && named >= 2 && repeatsHeader(r.cells, lower, first)) {
      warnings.note('header-again', () => ({
        code: 'W_HEADER_REPEATED',
        row: r.row,
        message: `row ${r.row} repeats the header row (${headerRow}); it is skipped, as it is no record`,
      }));
      return { row: r.row, cells: padded(r), repeatsHeader: true };
    }
    const n = r.cells.length;
    // A row as wide as the header is handed on as read (no copy for each row).
    if (n === width && r.notes === undefined) {
      ctx.inspect?.(r.row, r.cells);
      return r as SheetRow;
    }
    const notes = r.notes
      ? r.notes.map((note) =>
          note.cell === undefined ? note : { ...note, column: columnName(headers, note.cell) },
        )
      : [];
    if (n > width) noteExtraCells(r, ctx, notes, warnings);
    else if (n < width && text) noteShortRow(r, ctx, notes);
    const cells = n === width ? r.cells : padded(r);
    ctx.inspect?.(r.row, cells);
    const out: { -readonly [K in keyof SheetRow]: SheetRow[K] } = { row: r.row, cells };
    if (r.line !== undefined) out.line = r.line;
    if (notes.length > 0) out.notes = notes;
    // The record text stands for the cells only while they are the ones read.
    if (n === width && r.text !== undefined) out.text = r.text;
    return out;
  };
}

/** Cells beyond the last header: named on the row; in a text file they mean its cells have shifted. */
function noteExtraCells(r: RawRow, ctx: ShapeContext, notes: RowNote[], warnings: WarningSink): void {
  const width = ctx.headers.length;
  const lost: string[] = [];
  for (let c = width; c < r.cells.length; c++)
    if (!isEmptyCell(r.cells[c]))
      lost.push(`${columnLetter(c)}: ${JSON.stringify(headerText(r.cells[c]).slice(0, 40))}`);
  if (lost.length === 0) return;
  // Without a header row the columns are as wide as the first rows: say so, not "the header".
  const beyond =
    ctx.headerRow === NO_HEADER_ROW
      ? `beyond column ${columnLetter(width - 1)} (as wide as the first rows)`
      : 'beyond the last header';
  warnings.note('extra-cells', () => ({
    code: 'W_EXTRA_CELLS',
    row: r.row,
    message: `row ${r.row} has cells ${beyond} (column ${lost[0].split(':')[0]}); they are ignored`,
  }));
  const shifted = ctx.text
    ? `: the row has ${r.cells.length} cells, ${ctx.headerRow === NO_HEADER_ROW ? 'the columns' : 'the header'} ${width}, so its cells may have shifted`
    : '';
  const message = `${lost.length === 1 ? 'a cell' : `${lost.length} cells`} ${beyond} ${lost.length === 1 ? 'was' : 'were'} not read (${lost.join(', ')})${shifted}`;
  notes.push({
    code: 'W_EXTRA_CELLS',
    column: `column ${columnLetter(width)}`,
    cell: width,
    message,
    repaired: ctx.text,
  });
}

/** A text row with fewer cells than the header: its last columns are read as empty. */
function noteShortRow(r: RawRow, ctx: ShapeContext, notes: RowNote[]): void {
  const width = ctx.headers.length;
  const n = r.cells.length;
  const cols =
    n + 1 === width
      ? `column ${columnLetter(n)} is`
      : `columns ${columnLetter(n)}–${columnLetter(width - 1)} are`;
  notes.push({
    code: 'W_ROW_SHORT',
    cell: n,
    column: columnName(ctx.headers, n),
    message: `the row has ${n} ${n === 1 ? 'cell' : 'cells'}, ${ctx.headerRow === NO_HEADER_ROW ? 'the columns' : 'the header'} ${width}: ${cols} read as empty`,
    repaired: false,
  });
}

/**
 * Non-blank rows read ahead while the header is looked for, each with the number of blank rows
 * just before it: blank rows are counted, never stored, so a file opening with a million empty
 * lines costs nothing. An error met while looking ahead (an unclosed quote on line 9) is held
 * until the rows before it are yielded, so a small file behaves like a large one.
 */
class LookAhead {
  readonly rows: { row: RawRow; blanksBefore: number }[] = [];
  /** Blank rows after the last row read ahead. */
  trailingBlanks = 0;
  deferred: unknown;

  constructor(private readonly raw: RawSheet) {}

  async pull(): Promise<IteratorResult<RawRow>> {
    if (this.deferred !== undefined) return { done: true, value: undefined };
    try {
      return await this.raw.rows.next();
    } catch (err) {
      if (this.rows.length === 0) throw err;
      this.deferred = err;
      return { done: true, value: undefined };
    }
  }

  /** Reads ahead up to HEADER_SCAN_ROWS non-blank rows (blank ones counted, not kept): the rows a header is looked for in. */
  async scan(): Promise<void> {
    let blanks = 0;
    while (this.rows.length < HEADER_SCAN_ROWS) {
      const next = await this.pull();
      if (next.done) break;
      if (isBlankRow(next.value.cells)) blanks++;
      else {
        this.rows.push({ row: next.value, blanksBefore: blanks });
        blanks = 0;
      }
    }
    this.trailingBlanks = blanks;
  }

  /** Reads ahead to the next non-blank row; the blank rows passed count as trailing when none is left. */
  async peekRow(): Promise<void> {
    let blanks = 0;
    for (;;) {
      const next = await this.pull();
      if (next.done) {
        this.trailingBlanks += blanks;
        return;
      }
      if (!isBlankRow(next.value.cells)) {
        this.rows.push({ row: next.value, blanksBefore: blanks });
        return;
      }
      blanks++;
    }
  }
}

/**
 * The first `max` data rows' cells, shaped to the header's `width`, as a fresh read of the
 * sheet with the header row given would give them (the row `below` a two-row header among
 * them): read ahead into `pending` and kept for the rows, so the sample costs no second
 * read. Taken before the rows are.
 */
async function readSample(
  ahead: LookAhead,
  pending: LookAhead['rows'],
  width: number,
  below: RawRow | undefined,
  max: number,
): Promise<CellValue[][]> {
  const out: CellValue[][] = [];
  const add = (cells: readonly CellValue[]) => {
    const c = cells.slice(0, width) as CellValue[];
    while (c.length < width) c.push(null);
    out.push(c);
  };
  if (below) add(below.cells);
  for (let i = 0; out.length < max; i++) {
    if (i === pending.length) {
      const before = ahead.rows.length;
      await ahead.peekRow();
      if (ahead.rows.length === before) {
        // The fresh read would have stopped at the error here.
        if (ahead.deferred !== undefined) throw ahead.deferred;
        break;
      }
      pending.push(ahead.rows.pop()!);
    }
    add(pending[i].row.cells);
  }
  return out;
}

/** The header at the row the user named: rows above it are skipped (and counted). */
async function headerGiven(
  ahead: LookAhead,
  headerRow: number,
  stats: ReadStats,
  where: Location,
): Promise<HeaderChoice> {
  for (;;) {
    const next = await ahead.pull();
    if (next.done) break;
    const r = next.value;
    if (r.row < headerRow) {
      if (!isBlankRow(r.cells)) stats.skippedAboveHeader++;
      continue;
    }
    if (r.row === headerRow && !isBlankRow(r.cells)) {
      ahead.rows.push({ row: r, blanksBefore: 0 });
      return { index: ahead.rows.length - 1, guessed: false, why: 'it was given' };
    }
    break;
  }
  if (ahead.deferred !== undefined) throw ahead.deferred;
  throw readError(
    'E_HEADER_NOT_FOUND',
    { ...where, row: headerRow },
    `the header row ${headerRow} is empty or missing`,
    {
      hint: 'Check --header-row (or "headerRow" in the mapping file): it counts rows as the spreadsheet shows them, from 1.',
    },
  );
}

/** The header found among the first HEADER_SCAN_ROWS non-blank rows (chooseHeaderRow). */
async function headerFound(
  ahead: LookAhead,
  isKnownHeader: ReadOptions['isKnownHeader'],
  stats: ReadStats,
  where: Location,
): Promise<HeaderChoice> {
  await ahead.scan();
  const choice = chooseHeaderRow(
    ahead.rows.map((a) => a.row),
    isKnownHeader,
  );
  if (!choice) {
    if (ahead.deferred !== undefined) throw ahead.deferred;
    throw readError(
      'E_FILE_EMPTY',
      where,
      where.sheet ? 'this sheet is empty: every row is blank' : 'has no data: every line is blank',
      {
        hint: where.sheet ? 'Choose the sheet that holds the table with --sheet.' : undefined,
      },
    );
  }
  stats.skippedAboveHeader = choice.index;
  return choice;
}

/** The file has no header row (ReadOptions.headerRow 0): the widest of the first rows gives the columns, named by letter. */
async function headerAbsent(ahead: LookAhead, where: Location): Promise<number> {
  await ahead.scan();
  if (ahead.rows.length === 0) {
    if (ahead.deferred !== undefined) throw ahead.deferred;
    throw readError(
      'E_FILE_EMPTY',
      where,
      where.sheet ? 'this sheet is empty: every row is blank' : 'has no data: every line is blank',
    );
  }
  let width = 0;
  for (const { row } of ahead.rows) {
    for (let i = row.cells.length - 1; i >= width; i--) {
      if (!isEmptyCell(row.cells[i])) {
        width = i + 1;
        break;
      }
    }
  }
  return width;
}

interface HeaderRead {
  readonly headers: readonly string[];
  readonly headerRow: number;
  /** Rows read ahead below the header, the first data rows. */
  readonly pending: { row: RawRow; blanksBefore: number }[];
  /** The second row of a header written over two rows (joined into `headers`; a fresh read with the header row given reads it as data). */
  readonly below?: RawRow;
}

/** The header as the options ask: absent (columns A, B, C …), at the row given, or found; a header on two rows is joined. */
async function readHeader(
  ahead: LookAhead,
  opts: ReadOptions,
  stats: ReadStats,
  warnings: WarningSink,
  where: Location,
): Promise<HeaderRead> {
  if (opts.headerRow === NO_HEADER_ROW) {
    const width = await headerAbsent(ahead, where);
    return {
      headers: Array.from({ length: width }, (_, i) => columnLetter(i)),
      headerRow: NO_HEADER_ROW,
      pending: ahead.rows.slice(),
    };
  }
  const lookahead = ahead.rows;
  const choice =
    opts.headerRow !== undefined
      ? await headerGiven(ahead, opts.headerRow, stats, where)
      : await headerFound(ahead, opts.isKnownHeader, stats, where);
  const headerIndex = choice.index;
  const headerRaw = lookahead[headerIndex].row;
  let width = 0;
  headerRaw.cells.forEach((c, i) => {
    if (!isEmptyCell(c)) width = i + 1;
  });
  let headers = Array.from({ length: width }, (_, i) => headerText(headerRaw.cells[i] ?? null));
  const headerRow = headerRaw.row;
  // A header written over two rows ("Serial" above "No.", "Purchase" above "Date"): the row
  // below is read with it, not as a record. Only known field names can tell, so only with them.
  if (opts.isKnownHeader && lookahead.length === headerIndex + 1) await ahead.peekRow();
  const below = lookahead[headerIndex + 1];
  const joined =
    opts.isKnownHeader && below?.row.row === headerRow + 1
      ? joinHeaderRows(headers, below.row.cells, opts.isKnownHeader)
      : undefined;
  if (joined) {
    headers = joined;
    lookahead.splice(headerIndex + 1, 1);
    warnings.add({
      code: 'W_HEADER_TWO_ROWS',
      row: headerRow,
      message: `the header takes two rows, ${headerRow} and ${below.row.row}: they are read as one (${joined
        .filter((h) => h !== '')
        .slice(0, 3)
        .map((h) => `"${h}"`)
        .join(', ')} …)`,
    });
  }
  warnHeader(
    {
      headers,
      headerRow,
      guessed: choice.guessed,
      why: choice.why,
      above: opts.headerRow === undefined ? stats.skippedAboveHeader : 0,
    },
    warnings,
  );
  return {
    headers,
    headerRow,
    pending: lookahead.slice(headerIndex + 1),
    below: joined ? below.row : undefined,
  };
}

export async function assembleSource(file: string, raw: RawSheet, opts: ReadOptions): Promise<SheetSource> {
  const where: Location = { file, sheet: raw.sheet };
  const stats: ReadStats = { dataRows: 0, blankRows: 0, skippedAboveHeader: 0 };
  const warnings = raw.warnings;
  const ahead = new LookAhead(raw);
  let header: HeaderRead;
  try {
    header = await readHeader(ahead, opts, stats, warnings, where);
  } catch (err) {
    await raw.rows.return(undefined);
    throw err;
  }
  const { headers, headerRow, pending } = header;

  let next = 0;
  let last = headerRow;
  const shapeRow = rowShaper(
    { headers, headerRow, text: raw.format !== 'xlsx', inspect: raw.inspectRow },
    warnings,
  );
  /** A raw row shaped to the header, or undefined for a blank row (counted). */
  const shape = (r: RawRow): SheetRow | undefined => {
    if (raw.rowGapsAreBlank && r.row > last + 1) stats.blankRows += r.row - last - 1;
    last = r.row;
    if (isBlankRow(r.cells)) {
      stats.blankRows++;
      return undefined;
    }
    stats.dataRows++;
    return shapeRow(r);
  };
  /** The next data row when it is at hand without waiting: the look-ahead's, or rows the reader holds. */
  const take = (): SheetRow | undefined => {
    for (;;) {
      let r: RawRow | undefined;
      if (next < pending.length) {
        const a = pending[next++];
        r = a.row;
        // XLSX counts blank rows by the jump in row numbers; CSV by what was skipped.
        if (!raw.rowGapsAreBlank) stats.blankRows += a.blanksBefore;
      } else {
        if (next === pending.length) {
          stats.blankRows += ahead.trailingBlanks;
          next++;
        }
        if (ahead.deferred !== undefined) return undefined;
        r = raw.take?.();
        if (r === undefined) return undefined;
      }
      const row = shape(r);
      if (row) return row;
    }
  };

  async function* dataRows(): AsyncGenerator<SheetRow> {
    try {
      for (;;) {
        const held = take();
        if (held) {
          yield held;
          continue;
        }
        // The look-ahead is used up and nothing is at hand: the error it met, or the reader.
        if (ahead.deferred !== undefined) throw ahead.deferred;
        const read = await raw.rows.next();
        if (read.done) break;
        const row = shape(read.value);
        if (row) yield row;
      }
    } finally {
      warnings.finish();
      await raw.rows.return(undefined);
    }
  }

  const rows = dataRows();
  return withFormatOf<SheetSource>(raw, {
    file,
    headerRow,
    headers,
    rows,
    take,
    sample: async (max) => {
      // The sample is the rows' own read-ahead: asked after rows were taken, it would skip them.
      if (next > 0) throw new Error('SheetSource.sample() must be asked before any row is taken');
      return readSample(ahead, pending, headers.length, header.below, max);
    },
    stats,
    warnings: warnings.list as ReadWarning[],
    close: async () => {
      await rows.return(undefined);
      await raw.rows.return(undefined);
    },
  });
}
