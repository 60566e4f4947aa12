// XLSX cells as Excel shows them, in workbooks written the way other programs write them
// (issue 28): text decoded once, CDATA read as text, date-times with their time, time-only
// formats, numbers to Excel's 15 digits, empty formula results; and XML that is not well
// formed refused as Excel refuses it, naming the part and the row. Each workbook is a
// minimal hand-built one (test/read/xlsx-raw.ts) whose cell XML, strings and number
// formats imitate the producer named in the case.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CellValue } from '../../src/read/types.js';
import { expectReadError, readAll, readZip, removeDir, scratchDir, writeZip } from './helpers.js';
import { cell, text, writeRawWorkbook, type RawWorkbook } from './xlsx-raw.js';

let dir: string;
beforeAll(() => {
  dir = scratchDir('xlsx-producers');
});
afterAll(async () => removeDir(dir));

interface Shown {
  readonly name: string;
  /** Whose way of writing the cell this imitates. */
  readonly producer: string;
  /** Column B of row 2 (`@` is the row), as the producer writes the cell. */
  readonly cell: string;
  readonly shared?: readonly string[];
  readonly numFmts?: Record<number, string>;
  readonly styles?: readonly number[];
  readonly value: CellValue;
  /** Warning codes the read gives (none unless named). */
  readonly warnings?: readonly string[];
}

/** `<is>` as openpyxl writes every string: inline. */
const inline = (t: string) => `<c r="B@" t="inlineStr"><is><t>${t}</t></is></c>`;
/** A shared string (index 0) as Excel, xlsxwriter and LibreOffice write strings. */
const sharedRef = '<c r="B@" t="s"><v>0</v></c>';

/** Every form of Excel's `_xHHHH_` escape, in inline strings (openpyxl), shared strings (xlsxwriter) and formula results (Excel). */
const ESCAPES: [string, string, string][] = [
  ['a carriage return', 'a_x000D_b', 'a\rb'],
  ['a line feed', 'a_x000A_b', 'a\nb'],
  ['a tab', 'a_x0009_b', 'a\tb'],
  ['a control character', 'bell_x0007_', 'bell\u0007'],
  ['a letter', '_x0041_', 'A'],
  ['lowercase hex digits', '_x00e9_', 'é'],
  ['uppercase hex digits', '_x00E9_', 'é'],
  ['a surrogate pair', '_xD83D__xDE00_', '😀'],
  ['an escaped underscore', 'a_x005F_b', 'a_b'],
  ['_x005F_ escaping another escape', 'A_x005F_x0041_B', 'A_x0041_B'],
  ['_x005F_ escaping a carriage return', '_x005F_x000D_', '_x000D_'],
  ['an uppercase X is no escape', '_X0041_', '_X0041_'],
  ['three hex digits are no escape', '_x041_', '_x041_'],
  ['a non-hex digit is no escape', '_x00G1_', '_x00G1_'],
  ['no closing underscore is no escape', '_x0041', '_x0041'],
  ['an entity inside an escape', '_x00&#52;1_', 'A'],
];

const escapeCases: Shown[] = ESCAPES.flatMap(([what, saved, shown]) => [
  { name: `inline string: ${what}`, producer: 'openpyxl', cell: inline(saved), value: shown },
  {
    name: `shared string: ${what}`,
    producer: 'xlsxwriter',
    cell: sharedRef,
    shared: [`<t>${saved}</t>`],
    value: shown,
  },
  {
    name: `formula string result: ${what}`,
    producer: 'Excel',
    cell: `<c r="B@" t="str"><f>T(A1)</f><v>${saved}</v></c>`,
    value: shown,
  },
  {
    name: `inline formula result: ${what}`,
    producer: 'exceljs',
    cell: `<c r="B@" t="inlineStr"><f>T(A1)</f><is><t>${saved}</t></is></c>`,
    value: shown,
  },
]);

const DATE_TIME = 164;
const shownCases: Shown[] = [
  // A row whose only text is an escaped CR once disappeared as blank (read as "\r").
  {
    name: 'an escaped _x000D_ is text, not a blank cell',
    producer: 'openpyxl',
    cell: inline('_x005F_x000D_'),
    value: '_x000D_',
  },
  // Date-times keep the time their format shows, midnight included.
  {
    name: 'a date-time at midnight',
    producer: 'openpyxl',
    cell: '<c r="B@" s="1"><v>44408</v></c>',
    numFmts: { [DATE_TIME]: 'yyyy-mm-dd h:mm:ss' },
    styles: [DATE_TIME],
    value: '2021-07-31 00:00:00',
  },
  {
    name: 'a date-time with hours and minutes',
    producer: 'xlsxwriter',
    cell: '<c r="B@" s="1"><v>45292.34375</v></c>',
    numFmts: { [DATE_TIME]: 'yyyy\\-mm\\-dd\\ hh:mm' },
    styles: [DATE_TIME],
    value: '2024-01-01 08:15',
  },
  {
    name: 'a date-time, format in capitals',
    producer: 'LibreOffice',
    cell: '<c r="B@" s="1"><v>45292.5</v></c>',
    numFmts: { [DATE_TIME]: 'YYYY-MM-DD HH:MM:SS' },
    styles: [DATE_TIME],
    value: '2024-01-01 12:00:00',
  },
  {
    name: 'a date-time, day first',
    producer: 'Excel::Writer::XLSX',
    cell: '<c r="B@" s="1"><v>45322.75</v></c>',
    numFmts: { [DATE_TIME]: 'dd/mm/yyyy hh:mm' },
    styles: [DATE_TIME],
    value: '2024-01-31 18:00',
  },
  {
    name: 'a date-time rounding up to the next day',
    producer: 'SheetJS',
    cell: '<c r="B@" s="1" t="n"><v>45292.999999999</v></c>',
    numFmts: { [DATE_TIME]: 'yyyy-mm-dd hh:mm:ss' },
    styles: [DATE_TIME],
    value: '2024-01-02 00:00:00',
  },
  {
    name: 'a date-time from a formula',
    producer: 'Excel',
    cell: '<c r="B@" s="1"><f>A1+0.5</f><v>45292.5</v></c>',
    numFmts: { [DATE_TIME]: 'yyyy-mm-dd hh:mm' },
    styles: [DATE_TIME],
    value: '2024-01-01 12:00',
  },
  // A time-only format shows the time, whatever day the serial is on.
  {
    name: 'a time-only format over a date-time',
    producer: 'LibreOffice',
    cell: '<c r="B@" s="1"><v>45292.3333333333</v></c>',
    numFmts: { [DATE_TIME]: 'HH:MM' },
    styles: [DATE_TIME],
    value: '08:00',
  },
  {
    name: 'a built-in time format over a date-time',
    producer: 'xlsxwriter',
    cell: '<c r="B@" s="1"><v>45292.75</v></c>',
    styles: [20],
    value: '18:00',
  },
  {
    name: 'a time with seconds over a date-time',
    producer: 'openpyxl',
    cell: '<c r="B@" s="1"><v>45292.5004166667</v></c>',
    numFmts: { [DATE_TIME]: 'h:mm:ss' },
    styles: [DATE_TIME],
    value: '12:00:36',
  },
  // Numbers to the 15 significant digits Excel shows.
  {
    name: '0.1+0.2 shows as 0.3',
    producer: 'xlsxwriter',
    cell: '<c r="B@"><f>0.1+0.2</f><v>0.30000000000000004</v></c>',
    value: 0.3,
  },
  {
    name: 'a price with a float error',
    producer: 'SheetJS',
    cell: '<c r="B@" t="n"><v>1234.5600000000002</v></c>',
    value: 1234.56,
  },
  {
    name: 'seventeen digits show as fifteen',
    producer: 'rust_xlsxwriter',
    cell: '<c r="B@"><v>1.2345678901234567</v></c>',
    value: 1.23456789012346,
  },
  {
    name: 'a sum of thirds',
    producer: 'Excel',
    cell: '<c r="B@"><f>1/3+1/3+1/3</f><v>0.99999999999999989</v></c>',
    value: 1,
  },
  { name: 'a short number as saved', producer: 'Excel', cell: '<c r="B@"><v>0.1</v></c>', value: 0.1 },
  // Empty formula results.
  {
    name: 'a formula result of "" saved as <v></v>',
    producer: 'xlsxwriter',
    cell: '<c r="B@"><f>IF(A1="","",A1)</f><v></v></c>',
    value: null,
  },
  {
    name: 'a formula result of "" saved as <v></v>',
    producer: 'Excel::Writer::XLSX',
    cell: '<c r="B@" s="0"><f>""</f><v></v></c>',
    value: null,
  },
  {
    name: 'a formula never calculated (<v/>) is still named',
    producer: 'openpyxl',
    cell: '<c r="B@"><f>SUM(A1:A3)</f><v/></c>',
    value: null,
    warnings: ['W_FORMULA_NO_RESULT'],
  },
  // CDATA, which any XML writer may emit, is text.
  {
    name: 'CDATA in an inline string',
    producer: 'a .NET XmlWriter',
    cell: '<c r="B@" t="inlineStr"><is><t><![CDATA[R&D <lab>]]></t></is></c>',
    value: 'R&D <lab>',
  },
  {
    name: 'CDATA beside text in a run',
    producer: 'a .NET XmlWriter',
    cell: '<c r="B@" t="inlineStr"><is><r><t>a &amp; <![CDATA[b & c]]></t></r></is></c>',
    value: 'a & b & c',
  },
  {
    name: 'CDATA in a shared string',
    producer: 'a .NET XmlWriter',
    cell: sharedRef,
    shared: ['<t><![CDATA[x < y]]></t>'],
    value: 'x < y',
  },
  {
    name: 'CDATA in a value',
    producer: 'a .NET XmlWriter',
    cell: '<c r="B@"><v><![CDATA[42]]></v></c>',
    value: 42,
  },
  {
    name: 'CDATA in a formula string result',
    producer: 'a .NET XmlWriter',
    cell: '<c r="B@" t="str"><f><![CDATA[A1&"</f>"]]></f><v><![CDATA[a</v>]]></v></c>',
    value: 'a</v>',
  },
];

async function readCase(c: Shown, i: number): Promise<{ value: CellValue; warnings: string[] }> {
  const file = join(dir, `shown-${i}.xlsx`);
  const w: RawWorkbook = {
    rows: `<row r="1">${text('A', 1, 'Case')}${text('B', 1, 'Value')}</row><row r="2">${text('A', 2, 'x')}${c.cell.replaceAll('@', '2')}</row>`,
    shared: c.shared,
    numFmts: c.numFmts,
    styles: c.styles,
  };
  await writeRawWorkbook(file, w);
  const { rows, source } = await readAll(file);
  return { value: rows[0]?.cells[1] ?? null, warnings: source.warnings.map((x) => x.code) };
}

describe('XLSX text decoded once: every _xHHHH_ form', () => {
  it.each(escapeCases.map((c, i) => ({ ...c, i })))('$name ($producer)', async (c) => {
    expect(await readCase(c, c.i)).toEqual({ value: c.value, warnings: [] });
  });
});

describe('XLSX cells as Excel shows them, written as other programs write them', () => {
  it.each(shownCases.map((c, i) => ({ ...c, i: 1000 + i })))('$name ($producer)', async (c) => {
    expect(await readCase(c, c.i)).toEqual({ value: c.value, warnings: c.warnings ?? [] });
  });
});

interface Broken {
  readonly name: string;
  readonly rows: string;
  readonly shared?: readonly string[];
  /** Replaces sharedStrings.xml's text after it is written (a part cut short). */
  readonly cutShared?: boolean;
  readonly message: RegExp;
  readonly row?: number;
}

const good = (r: number) =>
  `<row r="${r}">${text('A', r, `row ${r}`)}${cell('B', r, '', `<v>${r}</v>`)}</row>`;
const brokenCases: Broken[] = [
  {
    name: 'an inline string whose <t> is never closed',
    rows: `${good(1)}${good(2)}<row r="3">${cell('A', 3, 't="inlineStr"', '<is><t>never closed</is>')}</row>${good(4)}`,
    message:
      /sheet "Sheet1", row 3: is damaged: the sheet cannot be read after row 2 \(unclosed tag: t, in its part xl\/worksheets\/sheet1\.xml\)/,
    row: 3,
  },
  {
    name: 'a cell never closed before the next one',
    rows: `${good(1)}<row r="2"><c r="A2"><v>1</v><c r="B2"><v>2</v></c></row>`,
    message:
      /row 2: is damaged: the sheet cannot be read after row 1 \(unclosed tag: c, in its part xl\/worksheets\/sheet1\.xml\)/,
    row: 2,
  },
  {
    name: 'a formula never closed',
    rows: `${good(1)}<row r="2"><c r="A2"><f>SUM(B1:B9)<v>3</v></c><c r="B2"><f>1</f><v>1</v></c></row>`,
    message: /row 2: is damaged: .*\(unclosed tag: f, in its part xl\/worksheets\/sheet1\.xml\)/,
    row: 2,
  },
  {
    name: 'a row never closed before the next one',
    rows: `${good(1)}<row r="2"><c r="A2"><v>1</v></c><row r="3"><c r="A3"><v>1</v></c></row>`,
    message: /row 2: is damaged: .*\(unclosed tag: row, in its part xl\/worksheets\/sheet1\.xml\)/,
    row: 2,
  },
  {
    name: 'a shared string whose <t> is never closed',
    rows: `${good(1)}<row r="2">${cell('A', 2, 't="s"', '<v>1</v>')}</row>`,
    shared: ['<t>fine</t>', '<t>never closed'],
    message:
      /is damaged: its part xl\/sharedStrings\.xml is not well-formed XML \(shared string 2: unclosed tag: t\)/,
  },
  {
    name: 'a shared string part cut before </sst>',
    rows: `${good(1)}<row r="2">${cell('A', 2, 't="s"', '<v>0</v>')}</row>`,
    shared: ['<t>fine</t>'],
    cutShared: true,
    message:
      /its part xl\/sharedStrings\.xml is not well-formed XML \(it ends before its closing tag \(<\/sst>\)\)/,
  },
];

describe('broken XML refused as Excel refuses it', () => {
  it.each(brokenCases.map((c, i) => ({ ...c, i })))('$name', async (c) => {
    const file = join(dir, `broken-${c.i}.xlsx`);
    await writeRawWorkbook(file, { rows: c.rows, shared: c.shared });
    if (c.cutShared) {
      const parts = await readZip(file);
      await writeZip(
        file,
        parts.map((p) =>
          p.name === 'xl/sharedStrings.xml'
            ? { name: p.name, data: Buffer.from(p.data.toString('utf8').replace('</sst>', '')) }
            : p,
        ),
      );
    }
    const err = await expectReadError(async () => readAll(file));
    expect(err.code).toBe('E_FILE_CORRUPT');
    expect(err.describe()).toMatch(c.message);
    if (c.row !== undefined) expect(err.location?.row).toBe(c.row);
  });
});
