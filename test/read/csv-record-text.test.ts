// A CSV row's record text (SheetRow.text): what the report echoes instead of quoting the
// cells again. It must read back as exactly the row's cells; it is the file's own text
// only where that is sure, csv-stringify's otherwise, and absent for formula-like cells
// (the report neutralises those) and for rows padded or cut to the header's width.
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, describe, expect, it } from 'vitest';
import { openSheet } from '../../src/read/index.js';
import type { SheetRow } from '../../src/read/types.js';
import { removeDir, scratchDir } from './helpers.js';

const dir = scratchDir('record-text');
afterAll(() => removeDir(dir));

async function rowsOf(file: string): Promise<SheetRow[]> {
  const s = await openSheet(file);
  const rows: SheetRow[] = [];
  for await (const r of s.rows) rows.push(r);
  return rows;
}

let n = 0;
function fileOf(content: string | Buffer, ext = 'csv'): string {
  const path = join(dir, `t${n++}.${ext}`);
  writeFileSync(path, content);
  return path;
}

/** The cells a record text reads back as (empty cells are null, as the reader gives them). */
const readBack = (text: string) =>
  (parse(text, { relax_column_count: true }) as string[][])[0].map((c) => (c === '' ? null : c));

const cases: { name: string; content: string; ext?: string; texts: (string | undefined)[] }[] = [
  {
    name: 'plain cells: the line as written',
    content: 'Name,Serial\nLaptop 1,SN-1\n',
    texts: ['Laptop 1,SN-1'],
  },
  {
    name: 'a quoted comma stays quoted as written',
    content: 'Name,Cost\nLaptop,"$1,234.50"\n',
    texts: ['Laptop,"$1,234.50"'],
  },
  {
    name: 'quotes the file did not need are kept (they read back the same)',
    content: 'Name,Cost\n"Laptop",12\n',
    texts: ['"Laptop",12'],
  },
  { name: 'empty cells stay empty', content: 'Name,Serial,Notes\nLaptop,,x\n', texts: ['Laptop,,x'] },
  {
    name: 'CRLF line ends are not part of the record',
    content: 'Name,Serial\r\nA,1\r\nB,2',
    texts: ['A,1', 'B,2'],
  },
  {
    name: 'a line break inside the last, quoted cell is kept',
    content: 'Name,Notes\nA,"line 1\nline 2"\nB,x\n',
    texts: ['A,"line 1\nline 2"', 'B,x'],
  },
  {
    name: 'a quote mark in a cell: quoted by csv-stringify',
    content: 'Name,Notes\nMonitor,"24"" screen"\n',
    texts: ['Monitor,"24"" screen"'],
  },
  {
    name: 'a stray quote (read as written): quoted by csv-stringify',
    content: 'Name,Notes\nMonitor,24" screen\n',
    texts: ['Monitor,"24"" screen"'],
  },
  {
    name: 'semicolons: the cells are written with commas',
    content: 'Name;Cost\nLaptop;1,50\n',
    texts: ['Laptop,"1,50"'],
  },
  { name: 'tabs likewise', content: 'Name\tNotes\nLaptop\ta, b\n', ext: 'tsv', texts: ['Laptop,"a, b"'] },
  {
    name: 'formula-like text: none (the report neutralises it)',
    content: 'Name,Notes\n=SUM(A1),x\n-5,y\nok,z\n',
    texts: [undefined, undefined, 'ok,z'],
  },
  {
    name: 'a row shorter than the header: none (it is padded)',
    content: 'Name,Serial,Notes\nA,1\nB,2,x\n',
    texts: [undefined, 'B,2,x'],
  },
  {
    name: 'a row longer than the header: none (it is cut)',
    content: 'Name,Serial\nA,1,extra\nB,2\n',
    texts: [undefined, 'B,2'],
  },
];

describe('record text', () => {
  it.each(cases)('$name', async ({ content, ext, texts }) => {
    const rows = await rowsOf(fileOf(content, ext));
    expect(rows.map((r) => r.text)).toEqual(texts);
    for (const r of rows) if (r.text !== undefined) expect(readBack(r.text)).toEqual(r.cells);
  });

  const fixtures = ['test/fixtures/import', 'test/fixtures/bad', 'samples'].flatMap((d) =>
    readdirSync(d)
      .filter((f) => /\.(csv|tsv)$/.test(f) && !f.includes('.report.'))
      .map((f) => join(d, f)),
  );
  it.each(fixtures)('%s: every record text reads back as its row', async (file) => {
    let rows: SheetRow[];
    try {
      rows = await rowsOf(file);
    } catch {
      return; // a file the reader refuses has no rows to check
    }
    const withText = rows.filter((r) => r.text !== undefined);
    // The readable fixtures and samples each have rows to check: the test cannot pass empty.
    if (!file.includes('/bad/')) expect(withText.length).toBeGreaterThan(0);
    for (const r of withText) expect(readBack(r.text!)).toEqual(r.cells);
  });
});
