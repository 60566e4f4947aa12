// The sheet scanner (src/read/xlsx/xlsx-sheet.ts) reads the same rows however the XML arrives:
// each case is fed whole, split in two at every byte (inside tags, attributes, entities and
// multi-byte characters), and in chunks of 1, 2, 3 and 7 bytes; malformed XML stops with a
// message naming what broke, after the rows before it.
import { describe, expect, it } from 'vitest';
import type { RawRow } from '../../src/read/header.js';
import type { CellXml } from '../../src/read/xlsx/xlsx-cells.js';
import { sheetRows } from '../../src/read/xlsx/xlsx-sheet.js';

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const sheet = (rows: string, before = '', after = '') =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${NS}">${before}<sheetData>${rows}</sheetData>${after}</worksheet>`;

/** A cell as the scanner hands it on: type|style|f|value|inline ("-" for none). */
const show = (c: CellXml) =>
  `${c.type}|${c.style}|${c.formula ? 'f' : ''}|${c.value ?? '-'}|${c.inline ?? '-'}`;

async function* chunksOf(bytes: Buffer, sizes: number[]): AsyncGenerator<Buffer> {
  let at = 0;
  for (let i = 0; at < bytes.length; i++) {
    const n = sizes[i % sizes.length];
    yield bytes.subarray(at, at + n);
    at += n;
  }
}

/** The rows read, then the error's message if it stopped. */
async function scan(
  chunks: AsyncIterable<Buffer>,
): Promise<{ rows: { row: number; cells: unknown[] }[]; error?: string }> {
  const rows: { row: number; cells: unknown[] }[] = [];
  try {
    for await (const batch of sheetRows(chunks, (c) => show(c)))
      for (const r of batch as RawRow[]) rows.push({ row: r.row, cells: [...r.cells] });
  } catch (err) {
    return { rows, error: (err as Error).message };
  }
  return { rows };
}

interface Case {
  readonly name: string;
  readonly xml: string;
  readonly rows: { row: number; cells: unknown[] }[];
  readonly error?: string;
}

const cases: Case[] = [
  {
    name: 'cells of each kind, with their attributes in any order and quoting',
    xml: sheet(
      `<row r="1" spans="1:4"><c r="A1" t="s"><v>0</v></c><c r="B1" s="3" t="inlineStr"><is><t>Łódź &amp; 漢字 😀</t></is></c><c t='str' r='C1'><f>A1&amp;"x"</f><v>a&lt;b</v></c><c r = "D1" s = "2"><v>45322.5</v></c></row>`,
    ),
    rows: [
      {
        row: 1,
        cells: ['s|0||0|-', 'inlineStr|3||-|<t>Łódź &amp; 漢字 😀</t>', 'str|0|f|a&lt;b|-', '|2||45322.5|-'],
      },
    ],
  },
  {
    name: 'rows without r follow the previous row; cells without r the previous cell',
    xml: sheet(
      `<row r="3"><c r="B3"><v>1</v></c><c><v>2</v></c></row><row><c><v>3</v></c><c r="D4"><v>4</v></c><c><v>5</v></c></row>`,
    ),
    rows: [
      { row: 3, cells: [null, '|0||1|-', '|0||2|-'] },
      { row: 4, cells: ['|0||3|-', null, null, '|0||4|-', '|0||5|-'] },
    ],
  },
  {
    name: 'empty rows and cells: self-closing, styled only, a shared formula with no body',
    xml: sheet(
      `<row r="1"/><row r="2"><c r="A2" s="1"/><c r="B2" s="1"></c><c r="C2"><f t="shared" si="0"/><v>6</v></c><c r="D2" s="4"/></row><row r="5" customHeight="1"></row>`,
    ),
    rows: [
      { row: 1, cells: [] },
      { row: 2, cells: [null, null, '|0|f|6|-'] },
      { row: 5, cells: [] },
    ],
  },
  {
    name: 'empty <v/>, <v></v>, <is/>, and whitespace between tags (pretty-printed XML)',
    xml: sheet(
      `\n  <row r="1">\n    <c r="A1" t="str"><v/></c>\n    <c r="B1" t="str">\n      <v></v>\n    </c>\n    <c r="C1" t="inlineStr"><is/></c>\n  </row>\n`,
    ),
    rows: [{ row: 1, cells: ['str|0|||-', 'str|0|||-', 'inlineStr|0||-|'] }],
  },
  {
    name: 'parts before and after the rows are passed over; an empty sheet has no rows',
    xml: sheet(
      `<row r="1"><c r="A1"><v>1</v></c><extLst><ext uri="x"><y/></ext></extLst></row>`,
      '<dimension ref="A1"/><cols><col min="1" max="1" width="9"/></cols>',
      '<mergeCells count="1"><mergeCell ref="A1:B1"/></mergeCells>',
    ),
    rows: [{ row: 1, cells: ['|0||1|-'] }],
  },
  { name: 'a self-closing sheetData', xml: `<worksheet xmlns="${NS}"><sheetData/></worksheet>`, rows: [] },
  {
    name: 'a cell with a rich-text inline string and a phonetic guide is handed on whole',
    xml: sheet(
      `<row r="2"><c r="A2" t="inlineStr"><is><r><rPr><b/></rPr><t xml:space="preserve">Hello </t></r><r><t>world</t></r><rPh sb="0" eb="1"><t>か</t></rPh></is></c></row>`,
    ),
    rows: [
      {
        row: 2,
        cells: [
          'inlineStr|0||-|<r><rPr><b/></rPr><t xml:space="preserve">Hello </t></r><r><t>world</t></r><rPh sb="0" eb="1"><t>か</t></rPh>',
        ],
      },
    ],
  },
  {
    name: 'a wrong closing tag stops after the rows before it',
    xml: sheet(`<row r="1"><c r="A1"><v>1</v></c></row><row r="2"><c r="A2"><v>2</v></c></rowx>`),
    rows: [{ row: 1, cells: ['|0||1|-'] }],
    error: 'unmatched closing tag: rowx',
  },
  {
    name: 'a cut-off sheet (no </sheetData>)',
    xml: `<worksheet xmlns="${NS}"><sheetData><row r="1"><c r="A1"><v>1</v></c></row><row r="2"><c r="A2"><v>2`,
    rows: [{ row: 1, cells: ['|0||1|-'] }],
    error: 'unclosed tag: v',
  },
  {
    name: 'a sheet cut inside a tag',
    xml: `<worksheet xmlns="${NS}"><sheetData><row r="1"><c r="A1"><v>1</v></c></row><row r="2"><c r="A2"><v`,
    rows: [{ row: 1, cells: ['|0||1|-'] }],
    error: 'unclosed tag: v',
  },
  {
    name: 'a sheet cut inside a row tag',
    xml: `<worksheet xmlns="${NS}"><sheetData><row r="1"><c r="A1"><v>1</v></c></row><row r="2`,
    rows: [{ row: 1, cells: ['|0||1|-'] }],
    error: 'unclosed tag: row',
  },
  {
    name: 'a sheet cut after its rows (no </worksheet>)',
    xml: `<worksheet xmlns="${NS}"><sheetData><row r="1"><c r="A1"><v>1</v></c></row></sheetData><mergeCells>`,
    rows: [{ row: 1, cells: ['|0||1|-'] }],
    error: 'the sheet XML ends before its closing tag (</worksheet>)',
  },
  {
    name: 'an unclosed <v>',
    xml: sheet(`<row r="1"><c r="A1"><v>1</c></row>`),
    rows: [],
    error: 'unclosed tag: v',
  },
  {
    name: 'a cell past the last column',
    xml: sheet(`<row r="1"><c r="XFE1"><v>1</v></c></row>`),
    rows: [],
    error: 'a cell reference past the last column (XFE1)',
  },
];

describe.each(cases)('$name', (c) => {
  const bytes = Buffer.from(c.xml, 'utf8');

  it('whole', async () => {
    const got = await scan(chunksOf(bytes, [bytes.length]));
    expect(got.rows).toEqual(c.rows);
    expect(got.error).toBe(c.error);
  });

  it('split in two at every byte', async () => {
    const wrong: number[] = [];
    for (let k = 1; k < bytes.length; k++) {
      const got = await scan(chunksOf(bytes, [k, bytes.length]));
      if (JSON.stringify(got) !== JSON.stringify({ rows: c.rows, error: c.error })) wrong.push(k);
    }
    expect(wrong).toEqual([]);
  });

  it.each([[[1]], [[2]], [[3]], [[7, 1, 13]]])('in chunks of %j bytes', async (sizes) => {
    const got = await scan(chunksOf(bytes, sizes));
    expect(got.rows).toEqual(c.rows);
    expect(got.error).toBe(c.error);
  });
});
