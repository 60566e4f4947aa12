// CSV records as a spreadsheet program opens them (issue 14, items 1, 2, 3, 6): each line
// ends where it ends, a quote inside a cell is a quote mark, a quote that runs past its line
// does not swallow the rows below it (the row is flagged as repaired), padded delimiters
// (`, `) are a dialect, and rows are numbered as the spreadsheet shows them.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseTextBatches, type ParseEvents } from '../../src/read/csv/csv.js';
import type { CellValue, RowNote } from '../../src/read/types.js';
import { readAll, removeDir, scratchDir } from './helpers.js';

const dir = scratchDir('csv-lines');
afterAll(() => removeDir(dir));

interface Case {
  readonly name: string;
  readonly content: string;
  readonly headers?: string[];
  readonly delimiter?: string;
  readonly padded?: boolean;
  /** [row, cells] or [row, cells, line]; a note is checked by its code and `repaired`. */
  readonly rows: readonly (readonly [number, CellValue[], number?])[];
  /** Per row number: the codes of its notes (repaired ones marked with a trailing !). */
  readonly notes?: Record<number, string[]>;
}

const cases: Case[] = [
  {
    name: "mixed \\r\\n and \\n (the issue's file): four rows, r4 on its own",
    content: 'Name,Serial Number,Asset Notes\r\nr2,SN-M-2,a\r\nr3,SN-M-3,b\nr4,SN-M-4,c\r\nr5,SN-M-5,d\n',
    rows: [
      [2, ['r2', 'SN-M-2', 'a']],
      [3, ['r3', 'SN-M-3', 'b']],
      [4, ['r4', 'SN-M-4', 'c']],
      [5, ['r5', 'SN-M-5', 'd']],
    ],
  },
  {
    name: 'lone \\r (old Mac) mixed with \\n and \\r\\n',
    content: 'Name,Serial\rA,1\nB,2\r\nC,3\rD,4',
    rows: [
      [2, ['A', '1']],
      [3, ['B', '2']],
      [4, ['C', '3']],
      [5, ['D', '4']],
    ],
  },
  {
    name: 'a stray quote inside an unquoted cell is a quote mark (Room "B, 12" monitor, O"Brien)',
    content:
      'Name,Serial,Room,Notes,Owner\nLaptop 02,SN2,Room "B,ok,O"Brien\nLaptop 03,SN3,12" monitor,x,y\nLaptop 04,SN4,a,b,c\n',
    rows: [
      [2, ['Laptop 02', 'SN2', 'Room "B', 'ok', 'O"Brien']],
      [3, ['Laptop 03', 'SN3', '12" monitor', 'x', 'y']],
      [4, ['Laptop 04', 'SN4', 'a', 'b', 'c']],
    ],
  },
  {
    name: 'a quote opening a cell and closing three lines down: the lines between are rows, the first flagged',
    content:
      'Name,Serial,Notes\nLaptop 02,SN2,"Room B\nLaptop 03,SN3,c\nLaptop 04,SN4,"x"\nLaptop 05,SN5,e\n',
    rows: [
      [2, ['Laptop 02', 'SN2', '"Room B']],
      [3, ['Laptop 03', 'SN3', 'c']],
      [4, ['Laptop 04', 'SN4', 'x']],
      [5, ['Laptop 05', 'SN5', 'e']],
    ],
    notes: { 2: ['W_ROW_REPAIRED!'] },
  },
  {
    name: 'a quote closing cleanly two lines down is valid CSV: one row, as Python, Excel and LibreOffice read it',
    content: 'Name,Serial,Notes\nLaptop 02,SN2,"Room B\nLaptop 03,SN3,c\nLaptop 04,SN4,x"\nLaptop 05,SN5,e\n',
    rows: [
      [2, ['Laptop 02', 'SN2', 'Room B\nLaptop 03,SN3,c\nLaptop 04,SN4,x']],
      [3, ['Laptop 05', 'SN5', 'e'], 5],
    ],
  },
  {
    name: 'a multi-line first cell (csv-spectrum newlines) stays one row: its first line is short',
    content: 'a,b,c\n1,2,3\n"Once upon \na time",5,6\n7,8,9\n',
    rows: [
      [2, ['1', '2', '3']],
      [3, ['Once upon \na time', '5', '6']],
      [4, ['7', '8', '9'], 5],
    ],
  },
  {
    name: 'a quote never closed, the lines below read as rows: they stay rows',
    content: 'Name,Notes\nLaptop,ok\nPhone,"never closed\nTablet,fine\nMonitor,fine\n',
    rows: [
      [2, ['Laptop', 'ok']],
      [3, ['Phone', '"never closed']],
      [4, ['Tablet', 'fine']],
      [5, ['Monitor', 'fine']],
    ],
    notes: { 3: ['W_ROW_REPAIRED!'] },
  },
  {
    name: 'a real two-line note in a wide file stays one row, numbered as one',
    content: 'Name,Serial,Notes\nLaptop,SN1,"first line\nsecond line"\nPhone,SN2,x\n',
    rows: [
      [2, ['Laptop', 'SN1', 'first line\nsecond line']],
      [3, ['Phone', 'SN2', 'x'], 4],
    ],
  },
  {
    name: 'a two-line note with a comma in a two-column file stays one row (a note is likelier than a row)',
    content: 'Name,Notes\nLaptop,"first line\nsecond, third"\nPhone,x\n',
    rows: [
      [2, ['Laptop', 'first line\nsecond, third']],
      [3, ['Phone', 'x'], 4],
    ],
  },
  {
    name: 'quoted \\r\\n, \\n and \\r inside cells: one row each, lines counted once per break',
    content: 'Name,Notes\r\nA,"1\r\n2"\r\nB,"3\r4\n5"\r\nC,x\r\n',
    rows: [
      [2, ['A', '1\r\n2']],
      [3, ['B', '3\r4\n5'], 4],
      [4, ['C', 'x'], 7],
    ],
  },
  {
    name: 'text after a closing quote ("24"wide, "a,b"c) is read as written, up to the next delimiter',
    content: 'Name,Size,Notes\nMonitor,"24"wide,x\nDesk,"a,b"c,y\nChair,"multi\nline"z,w\n',
    rows: [
      [2, ['Monitor', '"24"wide', 'x']],
      [3, ['Desk', '"a,b"c', 'y']],
      [4, ['Chair', '"multi\nline"z', 'w']],
    ],
    notes: { 2: ['W_CSV_QUOTE'], 3: ['W_CSV_QUOTE'], 4: ['W_CSV_QUOTE'] },
  },
  {
    name: 'blank lines are rows a spreadsheet shows: the numbering keeps them',
    content: 'Name,Serial\n\nA,1\n\n\nB,2\n',
    rows: [
      [3, ['A', '1']],
      [6, ['B', '2']],
    ],
  },
  {
    name: 'padded commas (a, b, "c, d"): the dialect is found and the padding is not read',
    content: 'Name, Serial, Notes\nLaptop, SN1, "c, d"\nPhone, SN2, plain\n',
    headers: ['Name', 'Serial', 'Notes'],
    padded: true,
    rows: [
      [2, ['Laptop', 'SN1', 'c, d']],
      [3, ['Phone', 'SN2', 'plain']],
    ],
  },
  {
    name: 'padded semicolons',
    content: 'Name; Cost; Notes\nLaptop; 1,50; "a; b"\nPhone; 2,75; x\n',
    delimiter: ';',
    padded: true,
    rows: [
      [2, ['Laptop', '1,50', 'a; b']],
      [3, ['Phone', '2,75', 'x']],
    ],
  },
  {
    name: 'padded pipes',
    content: 'Name| Serial| Notes\nLaptop| SN1| "x| y"\nPhone| SN2| z\n',
    delimiter: '|',
    padded: true,
    rows: [
      [2, ['Laptop', 'SN1', 'x| y']],
      [3, ['Phone', 'SN2', 'z']],
    ],
  },
  {
    name: 'spaces after some commas only: no dialect, spaces kept',
    content: 'Name,Notes,Cost\nLaptop, a note,5\nPhone,b,6\n',
    padded: false,
    rows: [
      [2, ['Laptop', ' a note', '5']],
      [3, ['Phone', 'b', '6']],
    ],
  },
];

const noteCodes = (notes: readonly RowNote[] | undefined) =>
  (notes ?? []).map((n) => `${n.code}${n.repaired ? '!' : ''}`);

describe('CSV lines, quotes and dialects', () => {
  it.each(cases)('$name', async (c) => {
    const file = join(dir, `${c.name.replace(/\W+/g, '-').slice(0, 60)}.csv`);
    writeFileSync(file, c.content);
    const { source, rows } = await readAll(file);
    if (c.headers) expect(source.headers).toEqual(c.headers);
    expect(source.delimiter).toBe(c.delimiter ?? ',');
    if (c.padded !== undefined) expect(source.padded).toBe(c.padded);
    expect(rows.map((r) => [r.row, r.cells, ...(r.line !== undefined ? [r.line] : [])])).toEqual(c.rows);
    const notes = Object.fromEntries(rows.filter((r) => r.notes).map((r) => [r.row, noteCodes(r.notes)]));
    expect(notes).toEqual(c.notes ?? {});
  });

  it('a repaired row says which cell and what was assumed', async () => {
    const file = join(dir, 'repaired-note.csv');
    writeFileSync(file, 'Name,Serial,Notes\nLaptop 02,SN2,"Room B\nLaptop 03,SN3,c\n');
    const { rows } = await readAll(file);
    expect(rows[0].notes).toEqual([
      {
        code: 'W_ROW_REPAIRED',
        cell: 2,
        column: 'Notes',
        message:
          'a quote (") opens a cell but is not closed on its line; it was read as a quote mark, and the line below as a row of its own',
        repaired: true,
      },
    ]);
  });
});

describe('the same records whatever the size of the reads', () => {
  const events: ParseEvents = { add: () => undefined, note: () => undefined, encoding: () => undefined };
  const content = cases.map((c) => c.content).join('');
  it.each([1, 2, 3, 7, 512])('%i-byte reads', async (readBytes) => {
    const file = join(dir, `all-${readBytes}.csv`);
    writeFileSync(file, content);
    const read = async (bytes: number) => {
      const out: unknown[] = [];
      for await (const batch of parseTextBatches(
        { file, encoding: 'utf-8', delimiter: ',', width: 3, readBytes: bytes },
        events,
      )) {
        for (const r of batch) out.push([r.row, r.line, r.cells, r.notes?.map((n) => n.code)]);
      }
      return out;
    };
    const whole = await read(1024 * 1024);
    expect(whole.length).toBeGreaterThan(40);
    expect(await read(readBytes)).toEqual(whole);
  });
});
