// CSV/TSV reading: delimiter sniffing, encodings, row numbers (a record's first line),
// padding, blank rows, and streaming without holding the file.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listSheets, openSheet } from '../../src/read/index.js';
import type { CellValue, ReadOptions, RowNote } from '../../src/read/types.js';
import { expectReadError, readAll, removeDir, scratchDir } from './helpers.js';

let dir: string;
beforeAll(() => {
  dir = scratchDir('csv');
});
afterAll(async () => {
  await removeDir(dir);
});

function utf16be(text: string): Buffer {
  return Buffer.from(text, 'utf16le').swap16();
}

/** Windows-1252 for the few non-ASCII characters the cases use. */
function cp1252(text: string): Buffer {
  const map: Record<string, number> = { '€': 0x80, é: 0xe9, ü: 0xfc, ö: 0xf6 };
  return Buffer.from([...text].map((ch) => map[ch] ?? ch.charCodeAt(0)));
}

interface Case {
  readonly name: string;
  readonly file?: string;
  readonly content: Buffer | string;
  readonly opts?: ReadOptions;
  readonly delimiter?: string;
  readonly encoding?: string;
  readonly format?: 'csv' | 'tsv';
  readonly headers: string[];
  readonly rows: { row: number; line?: number; cells: CellValue[]; notes?: RowNote[] }[];
  readonly stats?: Partial<{ dataRows: number; blankRows: number; skippedAboveHeader: number }>;
  readonly warnings?: string[];
}

const cases: Case[] = [
  {
    name: 'comma',
    content: 'Name,Serial\nLaptop,SN-1\n',
    delimiter: ',',
    headers: ['Name', 'Serial'],
    rows: [{ row: 2, cells: ['Laptop', 'SN-1'] }],
  },
  {
    name: 'semicolon with decimal commas',
    content: 'Name;Price\nLaptop;1,50\nPhone;2,75\n',
    delimiter: ';',
    headers: ['Name', 'Price'],
    rows: [
      { row: 2, cells: ['Laptop', '1,50'] },
      { row: 3, cells: ['Phone', '2,75'] },
    ],
  },
  {
    name: 'tab',
    file: 'data.tsv',
    content: 'Name\tSerial\nLaptop\tSN-1\n',
    delimiter: '\t',
    format: 'tsv',
    headers: ['Name', 'Serial'],
    rows: [{ row: 2, cells: ['Laptop', 'SN-1'] }],
  },
  {
    name: 'tab in a .csv file',
    content: 'Name\tSerial\tCost\nLaptop\tSN-1\t5\n',
    delimiter: '\t',
    format: 'tsv',
    headers: ['Name', 'Serial', 'Cost'],
    rows: [{ row: 2, cells: ['Laptop', 'SN-1', '5'] }],
  },
  {
    name: 'pipe',
    content: 'Name|Serial|Cost\nLaptop|SN-1|5\n',
    delimiter: '|',
    headers: ['Name', 'Serial', 'Cost'],
    rows: [{ row: 2, cells: ['Laptop', 'SN-1', '5'] }],
  },
  {
    name: 'delimiters inside quotes do not vote',
    content: 'Name,Notes\n"a;b;c;d",x\n"e;f;g",y\n',
    delimiter: ',',
    headers: ['Name', 'Notes'],
    rows: [
      { row: 2, cells: ['a;b;c;d', 'x'] },
      { row: 3, cells: ['e;f;g', 'y'] },
    ],
  },
  {
    name: 'a quote inside a cell (24" screen) does not hide the delimiters after it',
    content: 'Name;Size;Cost\nMonitor;24" wide, curved;5\nLaptop;13" small;6\nPhone;6";7\n',
    delimiter: ';',
    headers: ['Name', 'Size', 'Cost'],
    rows: [
      { row: 2, cells: ['Monitor', '24" wide, curved', '5'] },
      { row: 3, cells: ['Laptop', '13" small', '6'] },
      { row: 4, cells: ['Phone', '6"', '7'] },
    ],
  },
  {
    name: 'a forced delimiter',
    content: 'Name,Model;Notes\nLaptop,X1;a\n',
    opts: { delimiter: ';' },
    delimiter: ';',
    headers: ['Name,Model', 'Notes'],
    rows: [{ row: 2, cells: ['Laptop,X1', 'a'] }],
  },
  {
    name: 'UTF-8 with BOM',
    content: Buffer.from('\uFEFFName,Town\nLaptop,Café\n', 'utf8'),
    encoding: 'utf-8',
    headers: ['Name', 'Town'],
    rows: [{ row: 2, cells: ['Laptop', 'Café'] }],
  },
  {
    name: 'UTF-8 without BOM',
    content: 'Name,Town\nLaptop,Müller €\n',
    encoding: 'utf-8',
    headers: ['Name', 'Town'],
    rows: [{ row: 2, cells: ['Laptop', 'Müller €'] }],
  },
  {
    name: 'UTF-16 LE with BOM',
    content: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Name;Town\nLaptop;Müller\n', 'utf16le')]),
    encoding: 'utf-16le',
    delimiter: ';',
    headers: ['Name', 'Town'],
    rows: [{ row: 2, cells: ['Laptop', 'Müller'] }],
  },
  {
    name: 'UTF-16 BE with BOM',
    content: Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be('Name\tTown\nLaptop\tCafé €\n')]),
    encoding: 'utf-16be',
    delimiter: '\t',
    headers: ['Name', 'Town'],
    rows: [{ row: 2, cells: ['Laptop', 'Café €'] }],
  },
  {
    name: 'Windows-1252 (Café, Müller, €)',
    content: cp1252('Name;Town;Price\nCafé;Müller;€5\n'),
    encoding: 'windows-1252',
    headers: ['Name', 'Town', 'Price'],
    rows: [{ row: 2, cells: ['Café', 'Müller', '€5'] }],
  },
  {
    name: 'quoted newlines: a record is one row, numbered as a spreadsheet shows it, with the line it starts on',
    content: 'Name,Notes\nLaptop,"two\nlines"\nPhone,"three\nlong\nlines"\nTablet,one\n',
    headers: ['Name', 'Notes'],
    rows: [
      { row: 2, cells: ['Laptop', 'two\nlines'] },
      { row: 3, line: 4, cells: ['Phone', 'three\nlong\nlines'] },
      { row: 4, line: 7, cells: ['Tablet', 'one'] },
    ],
  },
  {
    name: 'CRLF line ends with a quoted newline',
    content: 'Name,Notes\r\nLaptop,"a\r\nb"\r\nPhone,c\r\n',
    headers: ['Name', 'Notes'],
    rows: [
      { row: 2, cells: ['Laptop', 'a\r\nb'] },
      { row: 3, line: 4, cells: ['Phone', 'c'] },
    ],
  },
  {
    name: 'short rows are padded with null and say so on the row; empty cells are null',
    content: 'Name,Serial,Cost\nLaptop\nPhone,,5\n',
    headers: ['Name', 'Serial', 'Cost'],
    rows: [
      {
        row: 2,
        cells: ['Laptop', null, null],
        notes: [
          {
            code: 'W_ROW_SHORT',
            cell: 1,
            column: 'Serial',
            message: 'the row has 1 cell, the header 3: columns B–C are read as empty',
            repaired: false,
          },
        ],
      },
      { row: 3, cells: ['Phone', null, '5'] },
    ],
  },
  {
    name: 'extra cells are dropped, named on each row they cut (a repair) and in one warning; empty trailing cells are not',
    content: 'Name,Cost\nLaptop,5,,\nPhone,6,extra\nTablet,7,more\n',
    headers: ['Name', 'Cost'],
    rows: [
      { row: 2, cells: ['Laptop', '5'] },
      {
        row: 3,
        cells: ['Phone', '6'],
        notes: [
          {
            code: 'W_EXTRA_CELLS',
            cell: 2,
            column: 'column C',
            message:
              'a cell beyond the last header was not read (C: "extra"): the row has 3 cells, the header 2, so its cells may have shifted',
            repaired: true,
          },
        ],
      },
      {
        row: 4,
        cells: ['Tablet', '7'],
        notes: [
          {
            code: 'W_EXTRA_CELLS',
            cell: 2,
            column: 'column C',
            message:
              'a cell beyond the last header was not read (C: "more"): the row has 3 cells, the header 2, so its cells may have shifted',
            repaired: true,
          },
        ],
      },
    ],
    warnings: ['W_EXTRA_CELLS'],
  },
  {
    name: 'blank rows (empty, commas only, spaces only) are skipped and counted',
    content: 'Name,Cost\nLaptop,5\n\n,\n  ,  \nPhone,6\n\n',
    headers: ['Name', 'Cost'],
    rows: [
      { row: 2, cells: ['Laptop', '5'] },
      { row: 6, cells: ['Phone', '6'] },
    ],
    stats: { dataRows: 2, blankRows: 4, skippedAboveHeader: 0 },
  },
  {
    name: 'values stay strings, spaces kept',
    content: 'Name,Cost,Flag\n  Laptop ,0012,TRUE\n',
    headers: ['Name', 'Cost', 'Flag'],
    rows: [{ row: 2, cells: ['  Laptop ', '0012', 'TRUE'] }],
  },
];

describe('CSV and TSV', () => {
  it.each(cases)('$name', async (c) => {
    const file = join(dir, c.file ?? `${c.name.replace(/\W+/g, '-')}.csv`);
    writeFileSync(file, c.content);
    const { source, rows } = await readAll(file, c.opts);
    expect(source.headers).toEqual(c.headers);
    expect(rows).toEqual(c.rows);
    if (c.delimiter) expect(source.delimiter).toBe(c.delimiter);
    if (c.encoding) expect(source.encoding).toBe(c.encoding);
    if (c.format) expect(source.format).toBe(c.format);
    if (c.stats) expect(source.stats).toMatchObject(c.stats);
    expect(source.warnings.map((w) => w.code)).toEqual(c.warnings ?? []);
  });

  it('a sheet choice on a text file is ignored with a warning; listSheets gives one sheet', async () => {
    const file = join(dir, 'assets.csv');
    writeFileSync(file, 'Name,Serial\nLaptop,SN-1\n');
    const { source, rows } = await readAll(file, { sheet: 'Register' });
    expect(rows).toEqual([{ row: 2, cells: ['Laptop', 'SN-1'] }]);
    expect(source.sheet).toBeUndefined();
    expect(source.warnings.map((w) => w.code)).toEqual(['W_SHEET_IGNORED']);
    expect(await listSheets(file)).toEqual([{ name: 'assets', hidden: false, index: 1 }]);
  });

  it('a file that is ASCII for its first 256 KB and Windows-1252 after is switched, losslessly', async () => {
    const file = join(dir, 'late-1252.csv');
    const filler = 'Laptop,SN-0000000001,plain ascii filler\n'.repeat(10_000);
    writeFileSync(
      file,
      Buffer.concat([Buffer.from(`Name,Serial,Notes\n${filler}`), cp1252('Café,SN-2,Müller €\n')]),
    );
    const { source, rows } = await readAll(file);
    expect(rows).toHaveLength(10_001);
    expect(rows.at(-1)).toEqual({ row: 10_002, cells: ['Café', 'SN-2', 'Müller €'] });
    expect(source.encoding).toBe('windows-1252');
    expect(source.warnings.map((w) => w.code)).toEqual(['W_ENCODING']);
  });

  it('a long ASCII file whose last byte is a Windows-1252 letter', async () => {
    const file = join(dir, 'last-byte-1252.csv');
    const filler = 'Laptop,SN-0000000001,plain ascii filler\n'.repeat(10_000);
    writeFileSync(
      file,
      Buffer.concat([Buffer.from(`Name,Serial,Notes\n${filler}`), cp1252('Phone,SN-2,Café')]),
    );
    const { source, rows } = await readAll(file);
    expect(rows.at(-1)).toEqual({ row: 10_002, cells: ['Phone', 'SN-2', 'Café'] });
    expect(source.encoding).toBe('windows-1252');
  });

  it('invalid UTF-8 after real UTF-8 is replaced with U+FFFD and the first row hit is named', async () => {
    const file = join(dir, 'late-invalid.csv');
    const filler = 'Laptop,SN-0000000001,plain ascii filler\n'.repeat(10_000);
    writeFileSync(
      file,
      Buffer.concat([
        Buffer.from(`Name,Serial,Notes\nCafé,SN-0,utf8\n${filler}`),
        cp1252('Phone,SN-2,Müller\n'),
      ]),
    );
    const { source, rows } = await readAll(file);
    expect(rows.at(-1)).toEqual({ row: 10_003, cells: ['Phone', 'SN-2', 'M\uFFFDller'] });
    expect(source.encoding).toBe('utf-8');
    expect(source.warnings).toEqual([expect.objectContaining({ code: 'W_ENCODING', row: 10_003 })]);
  });

  it('a runaway row (no line break for 32 MB) stops with E_CSV_PARSE naming its line', async () => {
    const file = join(dir, 'runaway.csv');
    writeFileSync(file, `Name,Notes\nLaptop,"${'x'.repeat(33 * 1024 * 1024)}\n`);
    const err = await expectReadError(() => readAll(file));
    expect(err).toMatchObject({ code: 'E_CSV_PARSE', location: { file, row: 2 } });
    expect(err.message).toMatch(/^the row is longer than 32 MB/);
  });

  it('streams: 100,000 rows come through one at a time, and breaking out early closes the file', async () => {
    const file = join(dir, 'many.csv');
    const lines = ['Name,Serial,Cost'];
    for (let i = 0; i < 100_000; i++) lines.push(`Item ${i},SN-${i},${i % 1000}`);
    writeFileSync(file, `${lines.join('\n')}\n`);
    const source = await openSheet(file);
    let n = 0;
    let last = 0;
    for await (const r of source.rows) {
      n++;
      last = r.row;
    }
    expect(n).toBe(100_000);
    expect(last).toBe(100_001);
    expect(source.stats.dataRows).toBe(100_000);

    const again = await openSheet(file);
    for await (const r of again.rows) {
      expect(r.row).toBe(2);
      break;
    }
    expect(again.stats.dataRows).toBe(1);
  });
});
