// How a batch of rows travels from a reading thread to the checking thread: flat, as a few
// arrays rather than an object a row. Structured clone reads an object's keys and builds
// its shape anew for every row; flat arrays of cells and numbers cost it about half as
// much on each side (a batch of 128 CSV rows: 0.35 ms taken as objects, 0.17 ms flat),
// and the rows are made as objects only when the checks take them. Pure: rows in, rows out.
import type { RawRow } from '../header.js';
import type { CellValue, RowNote } from '../types.js';

/** Numbers a row takes in `nums`: its row number, its line (0: none of its own) and its count of cells. */
const STRIDE = 3;

export interface PackedRows {
  /**
   * [row, line, cells] for each row, in order. A plain array of small integers: a typed
   * array's buffer is memory outside the heap, allocated and freed per batch, which made
   * garbage collection much more frequent.
   */
  readonly nums: number[];
  /** Every row's cells, one row after another. */
  readonly cells: CellValue[];
  /** Each row's record text (CSV), by index; absent when no row has one (XLSX). */
  readonly texts?: (string | undefined)[];
  /** The few rows with notes: [index in the batch, notes]. */
  readonly notes?: [number, readonly RowNote[]][];
}

export function packRows(rows: readonly RawRow[]): PackedRows {
  // Pushed, not preallocated: an array made with a length has holes for V8, and structured
  // clone writes such an array key by key.
  const nums: number[] = [];
  const cells: CellValue[] = [];
  let texted = false;
  let notes: [number, readonly RowNote[]][] | undefined;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    nums.push(r.row, r.line ?? 0, r.cells.length);
    for (const c of r.cells) cells.push(c);
    if (r.text !== undefined) texted = true;
    if (r.notes) (notes ??= []).push([i, r.notes]);
  }
  // Dense, undefined where a row has none: structured clone writes an array with holes key by key.
  return { nums, cells, texts: texted ? rows.map((r) => r.text) : undefined, notes };
}

/**
 * A row as the checks take it. Made by a constructor, not an object literal: V8 watches a
 * literal's objects, and when those of a site outlive a young-generation collection (the
 * rows a dry run reads ahead do) it makes every later one in the old generation, where a
 * million rows' garbage waits for full collections.
 */
class Row implements RawRow {
  line?: number;
  notes?: readonly RowNote[];
  constructor(
    readonly row: number,
    readonly cells: readonly CellValue[],
    readonly text: string | undefined,
  ) {}
}

export function unpackRows(p: PackedRows): RawRow[] {
  const count = p.nums.length / STRIDE;
  const rows = new Array<Row>(count);
  let at = 0;
  for (let i = 0; i < count; i++) {
    const n = p.nums[i * STRIDE + 2];
    const line = p.nums[i * STRIDE + 1];
    const cells = p.cells.slice(at, at + n);
    at += n;
    const text = p.texts?.[i];
    const row = new Row(p.nums[i * STRIDE], cells, text);
    if (line !== 0) row.line = line;
    rows[i] = row;
  }
  for (const [i, notes] of p.notes ?? []) rows[i].notes = notes;
  return rows;
}
