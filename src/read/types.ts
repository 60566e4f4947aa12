// What the read stage hands the rest of the pipeline: a header row and the data rows
// after it, streamed, with the row numbers the user sees in the spreadsheet.

/** A formula cell whose result is an error (#REF!, #DIV/0! …). */
interface CellError {
  readonly error: string;
}

/** A cell as read: CSV gives strings; XLSX gives numbers, booleans, dates and text. Empty is null. */
export type CellValue = string | number | boolean | Date | CellError | null;

export interface SheetRow {
  /** Row number as the user sees it: the sheet's row in XLSX, the record's first line in CSV. */
  readonly row: number;
  /** Cells in header order (index i belongs to headers[i]); shorter rows are padded with null. */
  readonly cells: readonly CellValue[];
  /** CSV only: the line the record starts on, when it differs from `row`. */
  readonly line?: number;
  /**
   * CSV only: `cells` as one comma-separated record (no line break), for the report to
   * echo without quoting every cell again. Absent when a cell is formula-like text (the
   * report neutralises it) or the row was padded or cut to the header's width.
   */
  readonly text?: string;
  /** A report of ours fed back as input: what its run did with this row (see read/report-input.ts). */
  readonly reported?: ReportedOutcome;
  /** The row repeats the header row (files joined from several exports): the import skips it. */
  readonly repeatsHeader?: boolean;
  /** A line below the table that reads as a note, not a record (validate/below-table.ts): skipped when sure, else invalid. */
  readonly belowTable?: NoteBelow;
  /** What the reader noticed or assumed about this row (padded, cut, a quote read as written, its shape repaired). */
  readonly notes?: readonly RowNote[];
}

/** Why a line at the end of the sheet is taken for a note; `sure`: skipped, else invalid (the user decides). */
export interface NoteBelow {
  readonly sure: boolean;
  readonly why: string;
}

/** A reader's note on one row, reported on that row. */
export interface RowNote {
  /** W_ROW_REPAIRED, W_ROW_SHORT, W_EXTRA_CELLS, W_CSV_QUOTE … */
  readonly code: string;
  /** The cell the note is about: 0-based index, and its column's header (or "column C"). */
  readonly cell?: number;
  readonly column?: string;
  readonly message: string;
  /**
   * The reader changed the row's shape (cells moved, split off or dropped) on a guess: the
   * row is flagged in the report and the run's exit code is not 0.
   */
  readonly repaired: boolean;
}

/** A report row's outcome columns, set aside from its cells. */
export interface ReportedOutcome {
  /** The `#row` cell as text: a row number, or a label someone typed (a "Total" line). */
  readonly row: string;
  /** The `#status` cell, lower case: created, updated, skipped, invalid, failed, valid, or "". */
  readonly status: string;
  /** The `#id` cell, when it holds a record id. */
  readonly id?: number;
}

export interface ReadStats {
  /** Data rows yielded so far. */
  dataRows: number;
  /** Blank rows skipped so far (all cells empty). */
  blankRows: number;
  /** Rows above the header that were skipped (titles, notes). */
  skippedAboveHeader: number;
}

export interface ReadWarning {
  readonly code: string;
  readonly message: string;
  readonly row?: number;
  readonly column?: string;
}

/** How a sheet was read: its format and, for text, the delimiter and encoding found. */
export interface SheetFormat {
  readonly format: 'csv' | 'tsv' | 'xlsx';
  /** Sheet name (XLSX); undefined for text files. */
  readonly sheet?: string;
  /** CSV: the delimiter found. */
  readonly delimiter?: string;
  /** CSV: cells are padded after the delimiter (`a, b, "c, d"`); the padding outside quotes is not read. */
  readonly padded?: boolean;
  /** CSV: the encoding found. A getter: the reader may learn it better after the sample (ASCII start, Windows-1252 later). */
  readonly encoding?: string;
  /** CSV: why that encoding, in words ("its byte-order mark", "its bytes are not valid UTF-8 …"); a getter likewise. */
  readonly encodingWhy?: string;
}

/**
 * `into` given the format of `of`, its encoding still read from `of` when asked (see
 * SheetFormat.encoding): a spread would copy today's value.
 */
export function withFormatOf<S extends SheetFormat>(of: SheetFormat, into: Omit<S, keyof SheetFormat>): S {
  const value = (v: unknown): PropertyDescriptor => ({ value: v, enumerable: true });
  return Object.defineProperties(into, {
    format: value(of.format),
    sheet: value(of.sheet),
    delimiter: value(of.delimiter),
    padded: value(of.padded),
    encoding: { get: () => of.encoding, enumerable: true },
    encodingWhy: { get: () => of.encodingWhy, enumerable: true },
  }) as S;
}

export interface SheetSource extends SheetFormat {
  /** The path as the user gave it. */
  readonly file: string;
  /** Row number of the header row as the user sees it; NO_HEADER_ROW (0) when the file has none. */
  readonly headerRow: number;
  /** Header texts, trimmed; an empty header is "" (still a column). */
  readonly headers: readonly string[];
  /** The data rows below the header, in order. Iterate once. */
  readonly rows: AsyncIterable<SheetRow>;
  /**
   * The next of `rows` when it is at hand without waiting (rows read ahead in a batch),
   * else undefined: then ask `rows`. Lets a loop over a million rows skip a promise a row.
   */
  readonly take?: () => SheetRow | undefined;
  /**
   * The first `max` data rows' cells (fewer when the sheet has fewer), read ahead and kept
   * for `rows`: what the mapping judges columns by. Ask before taking any row.
   */
  readonly sample?: (max: number) => Promise<CellValue[][]>;
  /** Counters, updated while `rows` is iterated. */
  readonly stats: ReadStats;
  /** Warnings found while reading (hidden sheet chosen, merged cells, a number that lost its leading zeros …). */
  readonly warnings: ReadWarning[];
  /**
   * True when the sheet is one of our reports: its `#row`, `#status` … columns are not in
   * `headers` or the rows' cells, and each row carries them as `reported`.
   */
  readonly fromReport?: boolean;
  /** Releases the file when `rows` is not iterated to its end (iterating to the end, or breaking out of a for-await, closes it too). */
  readonly close?: () => Promise<void>;
}

/** ReadOptions.headerRow and SheetSource.headerRow for a file without a header row. */
export const NO_HEADER_ROW = 0;

/** A row (a CSV record, an XLSX row's text) past this is no row anyone typed: 32 MiB. */
export const MAX_ROW_BYTES = 32 * 1024 * 1024;

export interface ReadOptions {
  /** XLSX: sheet name or 1-based index. Default: the first visible sheet. */
  readonly sheet?: string | number;
  /**
   * 1-based header row as the user sees it. Default: found automatically. NO_HEADER_ROW (0):
   * the file has no header row; every row is data from row 1, and the columns are named by
   * their letter as a spreadsheet shows them (A, B, C …), as wide as the widest of the
   * first rows.
   */
  readonly headerRow?: number;
  /**
   * Scores a header text: > 0 when it looks like a known field's header. Lets the header
   * finder prefer the row that names fields over a title row above it.
   */
  readonly isKnownHeader?: (text: string) => boolean;
  /**
   * Read in a worker thread, so that parsing and the checks of the rows use two cores.
   * Default: for CSV files of WORKER_MIN_BYTES or more and workbooks of
   * XLSX_WORKER_MIN_BYTES or more, when running the built package.
   */
  readonly worker?: boolean;
  /**
   * Rows the caller will take before it checks any (a dry run's look-ahead). A workbook's
   * reading thread may read that many at once, while the caller makes its mapping, rather
   * than a few batches at a time as they are taken. Default: none.
   */
  readonly readAhead?: number;
  /** CSV: force a delimiter instead of sniffing. */
  readonly delimiter?: string;
  /** Refuse files (or an XLSX's inflated parts) larger than this many bytes. */
  readonly maxBytes?: number;
  /** XLSX: refuse when its parts would inflate to more than this. Default: `maxBytes`, else 1 GiB. */
  readonly maxInflatedBytes?: number;
  /**
   * XLSX: refuse when the sheet's cells hold more text than this, all together (characters;
   * shared strings and merged ranges counted once per cell). Default 1 Gi characters.
   */
  readonly maxCellText?: number;
}
