// Valid CSV is never repaired (issue 28): a quoted cell that holds line breaks and closes
// cleanly is one cell, even when each of its lines happens to have as many cells as the file.
// Python's csv module, Excel and LibreOffice read these files so. A quote that never closes,
// or closes with text after it, is not valid CSV and keeps the repair (the lines are rows).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CellValue, RowNote } from '../../src/read/types.js';
import { readAll, removeDir, scratchDir } from './helpers.js';

const dir = scratchDir('csv-valid');
afterAll(() => removeDir(dir));

interface Case {
  readonly name: string;
  readonly content: string;
  /** [row, cells, line?] as the reader gives them. */
  readonly rows: readonly (readonly [number, CellValue[], number?])[];
  /** Per row number: note codes, repaired ones marked with a trailing !. */
  readonly notes?: Record<number, string[]>;
}

const ISSUE =
  'Name,City,Asset notes\nDesk,Oslo,"Delivered to:\nMain St, Floor 2, Room 5"\nChair,Bergen,plain\n';

const cases: Case[] = [
  {
    name: "the issue's file: an address on the note's second line, as many cells as the file: 2 rows",
    content: ISSUE,
    rows: [
      [2, ['Desk', 'Oslo', 'Delivered to:\nMain St, Floor 2, Room 5']],
      [3, ['Chair', 'Bergen', 'plain'], 4],
    ],
  },
  {
    name: "the issue's file with \\r\\n line ends: 2 rows",
    content: ISSUE.replace(/\n/g, '\r\n'),
    rows: [
      [2, ['Desk', 'Oslo', 'Delivered to:\r\nMain St, Floor 2, Room 5']],
      [3, ['Chair', 'Bergen', 'plain'], 4],
    ],
  },
  {
    name: 'three lines in the last cell, each with as many cells as the file: 1 row',
    content: 'Name,City,Notes\nDesk,Oslo,"a, b\nc, d, e\nf, g, h"\nChair,Bergen,plain\n',
    rows: [
      [2, ['Desk', 'Oslo', 'a, b\nc, d, e\nf, g, h']],
      [3, ['Chair', 'Bergen', 'plain'], 5],
    ],
  },
  {
    name: 'the multi-line cell in the middle, both lines full width: 1 row',
    content: 'Name,Notes,City\nDesk,"x,y\nz,w",Oslo\nChair,plain,Bergen\n',
    rows: [
      [2, ['Desk', 'x,y\nz,w', 'Oslo']],
      [3, ['Chair', 'plain', 'Bergen'], 4],
    ],
  },
  {
    name: 'semicolons: the same note read as one cell',
    content: 'Name;City;Notes\nDesk;Oslo;"Delivered to:\nMain St; Floor 2; Room 5"\nChair;Bergen;plain\n',
    rows: [
      [2, ['Desk', 'Oslo', 'Delivered to:\nMain St; Floor 2; Room 5']],
      [3, ['Chair', 'Bergen', 'plain'], 4],
    ],
  },
  {
    name: 'a doubled quote inside the multi-line cell: still valid, 1 row',
    content: 'Name,City,Notes\nDesk,Oslo,"say ""hi"":\nMain St, Floor 2, Room 5"\nChair,Bergen,plain\n',
    rows: [
      [2, ['Desk', 'Oslo', 'say "hi":\nMain St, Floor 2, Room 5']],
      [3, ['Chair', 'Bergen', 'plain'], 4],
    ],
  },
  {
    name: 'a quote never closed, the lines below full rows: not valid CSV, repaired as today',
    content: 'Name,City,Notes\nDesk,Oslo,"Delivered to:\nChair,Bergen,plain\n',
    rows: [
      [2, ['Desk', 'Oslo', '"Delivered to:']],
      [3, ['Chair', 'Bergen', 'plain']],
    ],
    notes: { 2: ['W_ROW_REPAIRED!'] },
  },
  {
    name: 'a quote closing with text after it, the lines full rows: not valid CSV, repaired as today',
    content: 'Name,City,Notes\nDesk,Oslo,"Room B\nChair,Bergen,"x"y\nLamp,Oslo,z\n',
    rows: [
      [2, ['Desk', 'Oslo', '"Room B']],
      [3, ['Chair', 'Bergen', '"x"y']],
      [4, ['Lamp', 'Oslo', 'z']],
    ],
    notes: { 2: ['W_ROW_REPAIRED!'], 3: ['W_CSV_QUOTE'] },
  },
];

const noteCodes = (notes: readonly RowNote[] | undefined) =>
  (notes ?? []).map((n) => `${n.code}${n.repaired ? '!' : ''}`);

describe('valid CSV is never repaired', () => {
  it.each(cases)('$name', async (c) => {
    const file = join(dir, `${c.name.replace(/\W+/g, '-').slice(0, 60)}.csv`);
    writeFileSync(file, c.content);
    const { rows } = await readAll(file);
    expect(rows.map((r) => [r.row, r.cells, ...(r.line !== undefined ? [r.line] : [])])).toEqual(c.rows);
    const notes = Object.fromEntries(rows.filter((r) => r.notes).map((r) => [r.row, noteCodes(r.notes)]));
    expect(notes).toEqual(c.notes ?? {});
  });
});
