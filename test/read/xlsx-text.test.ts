// XLSX text cells read as the exact text the user typed: inline strings (what our own
// export writes) and shared strings, with XML entities, rich-text runs, phonetic guides and
// non-ASCII characters, in small sheets and across the chunks a long sheet arrives in.
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CellValue as ExportCell, ExportColumn } from '../../src/export/flatten.js';
import { createWriter } from '../../src/export/writers/index.js';
import type { CellValue } from '../../src/read/types.js';
import { readAll, removeDir, rezip, scratchDir } from './helpers.js';

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
let dir: string;

/** A case is one row: column A names it, column B is the cell under test (`@` is its row). */
interface TextCase {
  readonly name: string;
  /** The cell as sheet XML, or a shared string (`<si>` body) for a `t="s"` cell. */
  readonly cell?: string;
  readonly si?: string;
  readonly value: CellValue;
}

const cases: TextCase[] = [
  // Inline strings (t="inlineStr"): our export writes every text this way.
  { name: 'inline: plain text', cell: '<c r="B@" t="inlineStr"><is><t>Laptop</t></is></c>', value: 'Laptop' },
  {
    name: 'inline: text that is literally &lt;b&gt;',
    cell: '<c r="B@" t="inlineStr"><is><t>&amp;lt;b&amp;gt;</t></is></c>',
    value: '&lt;b&gt;',
  },
  {
    name: 'inline: text that is literally AT&amp;T',
    cell: '<c r="B@" t="inlineStr"><is><t>AT&amp;amp;T</t></is></c>',
    value: 'AT&amp;T',
  },
  {
    name: 'inline: an escaped & < > " \'',
    cell: '<c r="B@" t="inlineStr"><is><t>R&amp;D &lt;lab&gt; &quot;A&quot; &apos;b&apos;</t></is></c>',
    value: 'R&D <lab> "A" \'b\'',
  },
  {
    name: 'inline: a character reference that makes &amp;',
    cell: '<c r="B@" t="inlineStr"><is><t>&#38;amp;</t></is></c>',
    value: '&amp;',
  },
  {
    name: 'inline: rich text, all runs joined',
    cell: '<c r="B@" t="inlineStr"><is><r><t xml:space="preserve">Hello </t></r><r><rPr><b/></rPr><t>world</t></r></is></c>',
    value: 'Hello world',
  },
  {
    name: 'inline: rich text with an entity in a run',
    cell: '<c r="B@" t="inlineStr"><is><r><t>AT&amp;amp;</t></r><r><t>T</t></r></is></c>',
    value: 'AT&amp;T',
  },
  {
    name: 'inline: one run (how exceljs writes inline text)',
    cell: '<c r="B@" t="inlineStr"><is><r><t>SN-0001</t></r></is></c>',
    value: 'SN-0001',
  },
  {
    name: 'inline: a phonetic guide is not the text',
    cell: '<c r="B@" t="inlineStr"><is><t>漢字</t><rPh sb="0" eb="2"><t>かんじ</t></rPh><phoneticPr fontId="1"/></is></c>',
    value: '漢字',
  },
  {
    name: 'inline: whitespace between tags is not text',
    cell: '<c r="B@" t="inlineStr">\n  <is>\n    <t>pretty</t>\n  </is>\n</c>',
    value: 'pretty',
  },
  { name: 'inline: empty', cell: '<c r="B@" t="inlineStr"><is><t></t></is></c>', value: null },
  // Text stored with t="str": exceljs's streaming writer without shared strings, and formula results.
  {
    name: 'str: text that is literally AT&amp;T',
    cell: '<c r="B@" t="str"><v>AT&amp;amp;T</v></c>',
    value: 'AT&amp;T',
  },
  {
    name: 'formula text result that is literally &lt;b&gt;',
    cell: '<c r="B@" t="str"><f>"&amp;lt;b&amp;gt;"</f><v>&amp;lt;b&amp;gt;</v></c>',
    value: '&lt;b&gt;',
  },
  {
    name: 'formula text result with an escaped &',
    cell: '<c r="B@" t="str"><f>A1&amp;"!"</f><v>R&amp;D!</v></c>',
    value: 'R&D!',
  },
  // Shared strings (t="s"): what Excel and LibreOffice write.
  { name: 'shared: text that is literally &lt;b&gt;', si: '<t>&amp;lt;b&amp;gt;</t>', value: '&lt;b&gt;' },
  { name: 'shared: text that is literally AT&amp;T', si: '<t>AT&amp;amp;T</t>', value: 'AT&amp;T' },
  {
    name: 'shared: rich text, all runs joined',
    si: '<r><t xml:space="preserve">Hello </t></r><r><rPr><b/></rPr><t>world</t></r>',
    value: 'Hello world',
  },
  {
    name: 'shared: a phonetic guide is not the text',
    si: '<t>漢字</t><rPh sb="0" eb="2"><t>かんじ</t></rPh><phoneticPr fontId="1"/>',
    value: '漢字',
  },
  {
    name: 'shared: rich text with a phonetic guide',
    si: '<r><t>東京</t></r><r><t>都</t></r><rPh sb="0" eb="2"><t>とうきょう</t></rPh><rPh sb="2" eb="3"><t>と</t></rPh>',
    value: '東京都',
  },
];

/** A workbook exceljs writes (its styles, rels, content types), with our own sheet and shared strings. */
async function writeSheet(path: string, rows: string[], sis: string[]): Promise<void> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Text').addRow(['Case', 'Value']);
  const base = `${path}.base.xlsx`;
  await wb.xlsx.writeFile(base);
  await rezip(base, path, (name) => {
    if (name === 'xl/worksheets/sheet1.xml')
      return `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}"><sheetData>${rows.join('')}</sheetData></worksheet>`;
    if (name === 'xl/sharedStrings.xml')
      return `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${NS}" count="${sis.length}" uniqueCount="${sis.length}">${sis.map((s) => `<si>${s}</si>`).join('')}</sst>`;
    return undefined;
  });
}

const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

beforeAll(() => {
  dir = scratchDir('xlsx-text');
});
afterAll(async () => removeDir(dir));

describe('XLSX text cells', () => {
  let got: Map<number, readonly CellValue[]>;
  beforeAll(async () => {
    const path = join(dir, 'text-cells.xlsx');
    const sis = ['Case', 'Value'];
    const rows = [`<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>`];
    cases.forEach((c, i) => {
      const r = i + 2;
      let cell = c.cell?.replace(/@/g, String(r));
      if (c.si !== undefined) {
        sis.push(c.si);
        cell = `<c r="B${r}" t="s"><v>${sis.length - 1}</v></c>`;
      }
      rows.push(`<row r="${r}">${inline(`A${r}`, String(r))}${cell}</row>`);
    });
    await writeSheet(path, rows, sis);
    const read = await readAll(path, { headerRow: 1 });
    got = new Map(read.rows.map((r) => [r.row, r.cells]));
  });

  it.each(cases.map((c, i) => ({ ...c, row: i + 2 })))('$name', ({ row, value }) => {
    expect(got.get(row)).toEqual([String(row), value]);
  });
});

describe('XLSX text across the chunks a long sheet arrives in', () => {
  // Enough rows that the sheet and shared strings arrive in many chunks: characters of two
  // and three bytes in UTF-8, and cells the scanner fixes, fall across chunk boundaries.
  const N = 20_000;
  const expected = (i: number) => [`Łódź ${i}`, `AT&amp;T Müller ${i}`, `Hello 日本 ${i}`, `漢字 ${i}`];
  let path: string;
  beforeAll(async () => {
    path = join(dir, 'long.xlsx');
    const sis = ['A', 'B', 'C', 'D'];
    const rows = [
      `<row r="1">${['A', 'B', 'C', 'D'].map((c, i) => `<c r="${c}1" t="s"><v>${i}</v></c>`).join('')}</row>`,
    ];
    for (let i = 0; i < N; i++) {
      const r = i + 2;
      sis.push(`<t>Łódź ${i}</t>`, `<t>漢字 ${i}</t><rPh sb="0" eb="2"><t>かんじ</t></rPh>`);
      rows.push(
        `<row r="${r}"><c r="A${r}" t="s"><v>${sis.length - 2}</v></c>${inline(`B${r}`, `AT&amp;amp;T Müller ${i}`)}` +
          `<c r="C${r}" t="inlineStr"><is><r><t xml:space="preserve">Hello </t></r><r><t>日本 ${i}</t></r></is></c>` +
          `<c r="D${r}" t="s"><v>${sis.length - 1}</v></c></row>`,
      );
    }
    await writeSheet(path, rows, sis);
  });

  it(`${N.toLocaleString('en')} rows: every cell reads as its exact text`, async () => {
    const { rows } = await readAll(path, { headerRow: 1 });
    expect(rows).toHaveLength(N);
    const wrong = rows.filter((r) => JSON.stringify(r.cells) !== JSON.stringify(expected(r.row - 2)));
    expect(wrong.slice(0, 3)).toEqual([]);
  });
});

describe('XLSX export → import round trip of text', () => {
  const texts = [
    '&lt;b&gt;',
    'AT&amp;T',
    'AT&T',
    '<b>bold</b>',
    '"quoted" \'single\'',
    '&#38;',
    'Müller & Söhne',
    '漢字',
  ];

  it('every text comes back exactly', async () => {
    const path = join(dir, 'roundtrip.xlsx');
    const col = (label: string): ExportColumn => ({ key: label, label, type: 'text', read: () => null });
    const out = createWriteStream(path);
    const pass = new PassThrough();
    pass.pipe(out);
    const w = await createWriter('xlsx', pass, { excel: false, raw: false, multi: false });
    await w.beginSheet({ resource: 'thing', title: 'Things', columns: [col('Name'), col('Notes')] });
    for (const t of texts) await w.writeRow([t, `note: ${t}`] as ExportCell[]);
    await w.endSheet();
    await w.finish({
      what: 'test',
      source: 'http://127.0.0.1:1',
      company: 1,
      exportedAt: new Date(0),
      filters: {},
      sheets: [],
    });
    pass.end();
    await finished(out);

    const { source, rows } = await readAll(path);
    expect(source.headers).toEqual(['Name', 'Notes']);
    expect(rows.map((r) => r.cells)).toEqual(texts.map((t) => [t, `note: ${t}`]));
  });
});
