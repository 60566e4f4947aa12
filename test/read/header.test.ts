// Header-row detection: title rows, notes and blank lines above the header, known field
// names winning over a title row, and the header row given explicitly.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseHeaderRow, type RawRow } from '../../src/read/header.js';
import type { CellValue, ReadOptions } from '../../src/read/types.js';
import { expectReadError, readAll, removeDir, scratchDir } from './helpers.js';

const rows = (...lines: CellValue[][]): RawRow[] => lines.map((cells, i) => ({ row: i + 1, cells }));
const known = new Set(['name', 'serial no.', 'category', 'cost', 'purchase date']);
const isKnown = (t: string) => known.has(t.toLowerCase());

interface ChoiceCase {
  readonly name: string;
  readonly rows: RawRow[];
  readonly isKnownHeader?: (t: string) => boolean;
  readonly index: number;
  readonly guessed?: boolean;
}

const choices: ChoiceCase[] = [
  { name: 'the first row', rows: rows(['Name', 'Serial', 'Cost'], ['Laptop', 'SN-1', '5']), index: 0 },
  {
    name: 'below a one-cell title',
    rows: rows(['Asset register 2024'], ['Name', 'Serial', 'Cost'], ['Laptop', 'SN-1', '5']),
    index: 1,
  },
  {
    name: 'below a two-cell note in a wide table',
    rows: rows(
      ['Exported', 'by J. Smith'],
      ['Name', 'Serial', 'Cost', 'Category', 'Location'],
      ['Laptop', 'SN-1', '5', 'IT', 'Berlin'],
    ),
    index: 1,
  },
  {
    name: 'not a data row of numbers and dates',
    rows: rows(
      ['Totals'],
      ['1', '2024-01-01', '3'],
      ['Name', 'Bought', 'Cost'],
      ['Laptop', '2024-01-01', '5'],
    ),
    index: 2,
  },
  {
    name: 'a fuller row wins over a sparser text row above it',
    rows: rows(
      ['Section A', null, 'Section B', null, null],
      ['Name', 'Serial', 'Cost', 'Category', 'Location'],
      ['Laptop', 'SN-1', '5', 'IT', 'Berlin'],
    ),
    index: 1,
  },
  {
    name: 'known field names win over an earlier header-like row',
    rows: rows(['Hardware', 'Software', 'Services'], ['Name', 'Serial No.', 'Cost'], ['Laptop', 'SN-1', '5']),
    isKnownHeader: isKnown,
    index: 1,
  },
  {
    name: 'without known names the earlier header-like row is taken',
    rows: rows(['Hardware', 'Software', 'Services'], ['Name', 'Serial No.', 'Cost'], ['Laptop', 'SN-1', '5']),
    index: 0,
  },
  {
    name: 'known names also pick a row with one known column',
    rows: rows(['Asset list'], ['Serial No.', 'Owner code'], ['SN-1', 'X']),
    isKnownHeader: isKnown,
    index: 1,
  },
  {
    name: 'not a merged title filled into every column it spans',
    rows: rows(
      ['Asset register 2024', 'Asset register 2024', 'Asset register 2024'],
      ['Name', 'Serial', 'Cost'],
      ['Laptop', 'SN-1', '5'],
    ),
    index: 1,
  },
  {
    name: 'a single-column file: the first row, guessed',
    rows: rows(['Serial'], ['SN-1'], ['SN-2']),
    index: 0,
    guessed: true,
  },
  { name: 'numbers only: the first row, guessed', rows: rows([1, 2], [3, 4]), index: 0, guessed: true },
  {
    name: 'Excel types are not header text',
    rows: rows([new Date(0), 5, true], ['Name', 'Bought', 'Active'], ['Laptop', new Date(0), true]),
    index: 1,
  },
];

describe('chooseHeaderRow', () => {
  it.each(choices)('$name', (c) => {
    expect(chooseHeaderRow(c.rows, c.isKnownHeader)).toMatchObject({
      index: c.index,
      guessed: c.guessed ?? false,
    });
  });
  it('nothing to choose from', () => {
    expect(chooseHeaderRow([])).toBeUndefined();
  });
});

let dir: string;
beforeAll(() => {
  dir = scratchDir('header');
});
afterAll(async () => {
  await removeDir(dir);
});

interface FileCase {
  readonly name: string;
  readonly content: string;
  readonly opts?: ReadOptions;
  readonly headerRow: number;
  readonly headers: string[];
  readonly firstRow: number;
  readonly skippedAboveHeader: number;
  readonly blankRows?: number;
  readonly warnings?: string[];
}

const files: FileCase[] = [
  {
    name: 'title, note and blank lines above the header',
    content: 'Asset register\n\nPrinted 2024-05-01\n\nName,Serial No.,Cost\nLaptop,SN-1,5\n\nPhone,SN-2,6\n',
    headerRow: 5,
    headers: ['Name', 'Serial No.', 'Cost'],
    firstRow: 6,
    skippedAboveHeader: 2,
    blankRows: 1,
  },
  {
    name: 'header row given: rows above are skipped and counted',
    content: 'Asset register\nName,Serial No.,Cost\nLaptop,SN-1,5\n',
    opts: { headerRow: 2 },
    headerRow: 2,
    headers: ['Name', 'Serial No.', 'Cost'],
    firstRow: 3,
    skippedAboveHeader: 1,
  },
  {
    name: 'header row given can be a row the finder would not pick',
    content: 'Name,Serial No.,Cost\n1,2,3\nLaptop,SN-1,5\n',
    opts: { headerRow: 2 },
    headerRow: 2,
    headers: ['1', '2', '3'],
    firstRow: 3,
    skippedAboveHeader: 1,
  },
  {
    name: 'isKnownHeader picks the field-naming row',
    content: 'Hardware,Software,Services\nName,Serial No.,Cost\nLaptop,SN-1,5\n',
    opts: { isKnownHeader: isKnown },
    headerRow: 2,
    headers: ['Name', 'Serial No.', 'Cost'],
    firstRow: 3,
    skippedAboveHeader: 1,
  },
  {
    name: 'trailing empty header cells are not columns; headers are trimmed',
    content: '  Name , Cost ,,\nLaptop,5,,\n',
    headerRow: 1,
    headers: ['Name', 'Cost'],
    firstRow: 2,
    skippedAboveHeader: 0,
  },
  {
    name: '100,000 blank lines above the header are passed over (counted, never stored)',
    content: `${',,\n'.repeat(100_000)}Name,Cost\n\nLaptop,5\n\n\n`,
    headerRow: 100_001,
    headers: ['Name', 'Cost'],
    firstRow: 100_003,
    skippedAboveHeader: 0,
    blankRows: 3,
  },
  {
    name: 'a single-column file is read with a warning',
    content: 'Serial\nSN-1\nSN-2\n',
    headerRow: 1,
    headers: ['Serial'],
    firstRow: 2,
    skippedAboveHeader: 0,
    warnings: ['W_HEADER_GUESSED'],
  },
];

describe('header row in a file', () => {
  it.each(files)('$name', async (c) => {
    const path = join(dir, `${c.name.replace(/\W+/g, '-')}.csv`);
    writeFileSync(path, c.content);
    const { source, rows } = await readAll(path, c.opts);
    expect(source.headerRow).toBe(c.headerRow);
    expect(source.headers).toEqual(c.headers);
    expect(rows[0]?.row).toBe(c.firstRow);
    expect(source.stats.skippedAboveHeader).toBe(c.skippedAboveHeader);
    expect(source.stats.blankRows).toBe(c.blankRows ?? 0);
    expect(source.warnings.map((w) => w.code)).toEqual(c.warnings ?? []);
  });

  it.each([
    { name: 'a blank header row', content: 'Name,Cost\n\nLaptop,5\n', headerRow: 2 },
    { name: 'a header row past the end', content: 'Name,Cost\nLaptop,5\n', headerRow: 9 },
  ])('$name is refused with E_HEADER_NOT_FOUND naming the row', async (c) => {
    const path = join(dir, `${c.name.replace(/\W+/g, '-')}.csv`);
    writeFileSync(path, c.content);
    const err = await expectReadError(() => readAll(path, { headerRow: c.headerRow }));
    expect(err.code).toBe('E_HEADER_NOT_FOUND');
    expect(err.location).toMatchObject({ file: path, row: c.headerRow });
    expect(err.describe()).toContain(`row ${c.headerRow}`);
  });

  it.each([
    // 0 is a file without a header row (test/read/no-header.test.ts).
    { name: 'header row -1', opts: { headerRow: -1 } },
    { name: 'header row 1.5', opts: { headerRow: 1.5 } },
    { name: 'sheet 0', opts: { sheet: 0 } },
    { name: 'a two-character delimiter', opts: { delimiter: ';;' } },
  ])('bad option: $name → E_USAGE', async (c) => {
    const path = join(dir, 'ok.csv');
    writeFileSync(path, 'Name,Cost\nLaptop,5\n');
    const err = await expectReadError(() => readAll(path, c.opts));
    expect(err.code).toBe('E_USAGE');
  });
});
