// Reading a file that has no header row (ReadOptions.headerRow 0, `--no-header`): every
// non-blank row is data, numbered from row 1 as the spreadsheet shows it, and the columns
// are named by their letter (A, B, C …), as wide as the widest of the first rows.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { NO_HEADER_ROW, openSheet } from '../../src/read/index.js';
import type { SheetRow } from '../../src/read/types.js';
import { scratchDir } from './helpers.js';
import { CELL_FILES, XLSX_CELLS_DIR } from './xlsx-cells.corpus.js';

let dir: string;
beforeAll(() => {
  dir = scratchDir('no-header');
});

interface Case {
  readonly name: string;
  readonly text: string;
  readonly headers: string[];
  readonly rows: [number, (string | null)[]][];
  readonly blankRows?: number;
}

const cases: Case[] = [
  {
    name: 'rows from 1, columns A, B, C',
    text: 'Laptop 01,SN-1,Computers\nMonitor 02,SN-2,Monitors\n',
    headers: ['A', 'B', 'C'],
    rows: [
      [1, ['Laptop 01', 'SN-1', 'Computers']],
      [2, ['Monitor 02', 'SN-2', 'Monitors']],
    ],
  },
  {
    name: 'blank lines are counted, and the rows keep their numbers',
    text: '\nLaptop 01,SN-1\n\n\nDock 05,SN-5\n',
    headers: ['A', 'B'],
    rows: [
      [2, ['Laptop 01', 'SN-1']],
      [5, ['Dock 05', 'SN-5']],
    ],
    blankRows: 3,
  },
  {
    name: 'a row of header-like text is data, not a header (nor a repeated header)',
    text: 'Name,Serial Number\nLaptop 01,SN-1\nName,Serial Number\n',
    headers: ['A', 'B'],
    rows: [
      [1, ['Name', 'Serial Number']],
      [2, ['Laptop 01', 'SN-1']],
      [3, ['Name', 'Serial Number']],
    ],
  },
  {
    name: 'the widest of the first rows gives the columns; shorter rows are padded',
    text: 'a,b\nc,d,e,f\ng\n',
    headers: ['A', 'B', 'C', 'D'],
    rows: [
      [1, ['a', 'b', null, null]],
      [2, ['c', 'd', 'e', 'f']],
      [3, ['g', null, null, null]],
    ],
  },
  {
    name: 'semicolons and a quoted line break, which starts no row of its own',
    text: 'x;"two\nlines"\ny;z\n',
    headers: ['A', 'B'],
    rows: [
      [1, ['x', 'two\nlines']],
      [2, ['y', 'z']],
    ],
  },
];

async function readAll(
  path: string,
): Promise<{ rows: SheetRow[]; source: Awaited<ReturnType<typeof openSheet>> }> {
  const source = await openSheet(path, { headerRow: NO_HEADER_ROW });
  const rows: SheetRow[] = [];
  for await (const r of source.rows) rows.push(r);
  return { rows, source };
}

describe.each(cases)('$name', (c) => {
  it('reads every row as data under lettered columns', async () => {
    const path = join(dir, `${c.name.replace(/\W+/g, '-')}.csv`);
    writeFileSync(path, c.text);
    const { rows, source } = await readAll(path);
    expect(source.headerRow).toBe(NO_HEADER_ROW);
    expect(source.headers).toEqual(c.headers);
    expect(rows.map((r) => [r.row, r.cells])).toEqual(c.rows);
    expect(rows.some((r) => r.repeatsHeader)).toBe(false);
    expect(source.stats.skippedAboveHeader).toBe(0);
    expect(source.stats.blankRows).toBe(c.blankRows ?? 0);
    expect(
      source.warnings.filter((w) => w.code.startsWith('W_HEADER') || w.code === 'W_DUPLICATE_HEADER'),
    ).toEqual([]);
  });
});

describe('a file without a header row', () => {
  it("XLSX: the sheet's first row is data too", async () => {
    const f = CELL_FILES[0];
    const { rows, source } = await readAll(join(XLSX_CELLS_DIR, f.file));
    expect(source.headers).toEqual(['A', 'B']);
    expect(rows[0]).toMatchObject({ row: 1, cells: ['Case', 'Value'] });
    expect(rows.length).toBe(f.cases.length + 1);
  });

  it('a row wider than the first 30 rows: its extra cells are named by column, and the row is flagged as repaired', async () => {
    const path = join(dir, 'wide-late.csv');
    writeFileSync(path, `${Array.from({ length: 30 }, (_, i) => `r${i + 1},x`).join('\n')}\nr31,x,late\n`);
    const { rows, source } = await readAll(path);
    expect(source.headers).toEqual(['A', 'B']);
    expect(rows[30]).toMatchObject({ row: 31, cells: ['r31', 'x'] });
    expect(rows[30].notes).toEqual([
      {
        code: 'W_EXTRA_CELLS',
        cell: 2,
        column: 'column C',
        message:
          'a cell beyond column B (as wide as the first rows) was not read (C: "late"): the row has 3 cells, the columns 2, so its cells may have shifted',
        repaired: true,
      },
    ]);
  });

  it('a row shorter than the columns: the note names the columns, not a header', async () => {
    const path = join(dir, 'short-row.csv');
    writeFileSync(path, 'a,b,c\nd\n');
    const { rows } = await readAll(path);
    expect(rows[1].notes).toEqual([
      {
        code: 'W_ROW_SHORT',
        cell: 1,
        column: 'B',
        message: 'the row has 1 cell, the columns 3: columns B–C are read as empty',
        repaired: false,
      },
    ]);
  });

  it('every line blank: refused as empty', async () => {
    const path = join(dir, 'blank.csv');
    writeFileSync(path, '\n\n,,\n');
    await expect(openSheet(path, { headerRow: NO_HEADER_ROW })).rejects.toMatchObject({
      code: 'E_FILE_EMPTY',
    });
  });
});
