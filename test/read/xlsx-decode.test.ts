// One cell decoded (decodeCell in src/read/xlsx/xlsx-cells.ts): its type, formula, saved value
// and number format give what the spreadsheet shows. A table of cells as writers save them,
// with the value and the warning each gives, in both date systems where dates are involved.
import { describe, expect, it } from 'vitest';
import { WarningSink } from '../../src/read/problems.js';
import type { CellValue, ReadWarning } from '../../src/read/types.js';
import { decodeCell, type CellContext, type CellXml } from '../../src/read/xlsx/xlsx-cells.js';

/** Cell styles by index: the format code each shows its number through (0 is General). */
const FORMATS = [
  undefined,
  'mm-dd-yy',
  'h:mm',
  '[h]:mm:ss',
  '00000',
  '"TRUE";"TRUE";"FALSE"',
  '0.00',
  'yyyy-mm-dd hh:mm',
  '[ss]',
  '#,##0 [$€-407]',
  'Standard',
  'mm:ss',
  'DD/MM/YYYY',
];
const style = (fmt: string | undefined) => FORMATS.indexOf(fmt);
const SHARED = ['Laptop', '', 'line\r_x005F_'];

interface Case {
  readonly name: string;
  readonly cell: Partial<CellXml>;
  readonly fmt?: string;
  readonly value: CellValue;
  readonly warning?: string;
  readonly date1904?: boolean;
}

const utc = (y: number, m: number, d: number, h = 0, mi = 0, s = 0) =>
  new Date(Date.UTC(y, m - 1, d, h, mi, s));

const cases: Case[] = [
  // Numbers (t absent or "n").
  { name: 'a number', cell: { value: '1234.5' }, value: 1234.5 },
  { name: 'a number, t="n"', cell: { type: 'n', value: '-1E3' }, value: -1000 },
  { name: 'no <v>: empty', cell: { type: 'n' }, value: null },
  { name: 'an empty <v>: empty', cell: { value: '' }, value: null },
  {
    name: 'a number through a date format',
    cell: { value: '45322' },
    fmt: 'mm-dd-yy',
    value: utc(2024, 1, 31),
  },
  {
    name: 'a number through a date format in capitals (DD/MM/YYYY)',
    cell: { value: '45322' },
    fmt: 'DD/MM/YYYY',
    value: utc(2024, 1, 31),
  },
  {
    name: 'a number through a date format, 1904 system',
    cell: { value: '43860' },
    fmt: 'mm-dd-yy',
    value: utc(2024, 1, 31),
    date1904: true,
  },
  { name: 'a date and time', cell: { value: '45322.5' }, fmt: 'yyyy-mm-dd hh:mm', value: '2024-01-31 12:00' },
  {
    name: 'a date before 1 March 1900 (Excel counts 29 Feb 1900)',
    cell: { value: '59' },
    fmt: 'mm-dd-yy',
    value: utc(1900, 2, 28),
  },
  {
    name: '29 February 1900, which never was',
    cell: { value: '60' },
    fmt: 'mm-dd-yy',
    value: '1900-02-29',
    warning: 'W_DATE_1900',
  },
  { name: 'a time of day', cell: { value: '0.395833333333333' }, fmt: 'h:mm', value: '09:30' },
  {
    name: 'minutes and seconds (mm:ss)',
    cell: { value: '0.000694444444444444' },
    fmt: 'mm:ss',
    value: '00:01:00',
  },
  { name: 'an elapsed time', cell: { value: '1.5' }, fmt: '[h]:mm:ss', value: '36:00:00' },
  { name: 'elapsed seconds alone ([ss])', cell: { value: '0.01' }, fmt: '[ss]', value: '864' },
  { name: 'a zero-padded number', cell: { value: '2134' }, fmt: '00000', value: '02134' },
  {
    name: 'a zero-padded format on a fraction stays a number',
    cell: { value: '2.5' },
    fmt: '00000',
    value: 2.5,
  },
  { name: 'a currency format with a locale', cell: { value: '99.9' }, fmt: '#,##0 [$€-407]', value: 99.9 },
  { name: 'a plain decimal format', cell: { value: '0.25' }, fmt: '0.00', value: 0.25 },
  {
    name: "LibreOffice's yes/no format on a plain 1 stays 1",
    cell: { value: '1' },
    fmt: '"TRUE";"TRUE";"FALSE"',
    value: 1,
  },
  // Text.
  { name: 'a shared string', cell: { type: 's', value: '0' }, value: 'Laptop' },
  { name: 'an empty shared string: empty', cell: { type: 's', value: '1' }, value: null },
  { name: 'a shared string past the table: empty', cell: { type: 's', value: '99' }, value: null },
  {
    name: 'a shared string is decoded when the table is read, not again',
    cell: { type: 's', value: '2' },
    value: 'line\r_x005F_',
  },
  { name: 'an inline string', cell: { type: 'inlineStr', inline: '<t>AT&amp;amp;T</t>' }, value: 'AT&amp;T' },
  {
    name: 'an inline string in runs, with a phonetic guide',
    cell: {
      type: 'inlineStr',
      inline: '<r><t>東京</t></r><r><rPr><b/></rPr><t>都</t></r><rPh sb="0" eb="2"><t>とうきょう</t></rPh>',
    },
    value: '東京都',
  },
  {
    name: 'an inline string with an escape',
    cell: { type: 'inlineStr', inline: '<t>a_x000A_b</t>' },
    value: 'a\nb',
  },
  { name: 'an empty inline string: empty', cell: { type: 'inlineStr', inline: '<t></t>' }, value: null },
  { name: 'an inline string saved in <v>', cell: { type: 'inlineStr', value: 'R&amp;D' }, value: 'R&D' },
  {
    name: 't="str" text, entities decoded once',
    cell: { type: 'str', value: '&amp;lt;b&amp;gt;' },
    value: '&lt;b&gt;',
  },
  { name: 't="str" empty: empty', cell: { type: 'str', value: '' }, value: null },
  // Booleans and errors.
  { name: 'true', cell: { type: 'b', value: '1' }, value: true },
  { name: 'false', cell: { type: 'b', value: '0' }, value: false },
  { name: 'false written as a word', cell: { type: 'b', value: 'false' }, value: false },
  { name: 'an error', cell: { type: 'e', value: '#N/A' }, value: { error: '#N/A' } },
  // ISO dates (t="d").
  { name: 'an ISO date', cell: { type: 'd', value: '2023-03-15' }, value: utc(2023, 3, 15) },
  {
    name: 'an ISO date and time with a zone, at its wall-clock time',
    cell: { type: 'd', value: '2024-02-29T23:59:59+02:00' },
    value: utc(2024, 2, 29, 23, 59, 59),
  },
  {
    name: 'an ISO date whatever its format says',
    cell: { type: 'd', value: '2023-03-15' },
    fmt: 'h:mm',
    value: utc(2023, 3, 15),
  },
  {
    name: 't="d" text that is no date stays text',
    cell: { type: 'd', value: 'next &amp; spring' },
    value: 'next & spring',
  },
  { name: 't="d" empty: empty', cell: { type: 'd', value: '' }, value: null },
  // Formulas: the saved result.
  { name: 'a number result', cell: { formula: true, value: '2469' }, value: 2469 },
  { name: 'a result of 0', cell: { formula: true, value: '0' }, value: 0 },
  {
    name: 'a date result',
    cell: { formula: true, value: '46053' },
    fmt: 'mm-dd-yy',
    value: utc(2026, 1, 31),
  },
  {
    name: 'a date result, 1904 system',
    cell: { formula: true, value: '44591' },
    fmt: 'mm-dd-yy',
    value: utc(2026, 1, 31),
    date1904: true,
  },
  { name: 'a time result', cell: { formula: true, value: '0.395833333333333' }, fmt: 'h:mm', value: '09:30' },
  {
    name: 'an elapsed time result',
    cell: { formula: true, value: '2.0833333333333335' },
    fmt: '[h]:mm:ss',
    value: '50:00:00',
  },
  { name: 'a zero-padded result', cell: { formula: true, value: '412345' }, fmt: '00000', value: '412345' },
  {
    name: "LibreOffice's yes/no result 1",
    cell: { formula: true, value: '1' },
    fmt: '"TRUE";"TRUE";"FALSE"',
    value: true,
  },
  {
    name: "LibreOffice's yes/no result 0",
    cell: { formula: true, value: '0' },
    fmt: '"TRUE";"TRUE";"FALSE"',
    value: false,
  },
  { name: 'a boolean result', cell: { type: 'b', formula: true, value: '0' }, value: false },
  {
    name: 'an error result',
    cell: { type: 'e', formula: true, value: '#DIV/0!' },
    value: { error: '#DIV/0!' },
  },
  { name: 'a text result', cell: { type: 'str', formula: true, value: 'AT&amp;T' }, value: 'AT&T' },
  { name: 'a text result that is empty (="")', cell: { type: 'str', formula: true, value: '' }, value: null },
  {
    name: 'a text result with an escape',
    cell: { type: 'str', formula: true, value: 'c_x000D_d' },
    value: 'c\rd',
  },
  {
    name: 'an inline string result in runs',
    cell: { type: 'inlineStr', formula: true, inline: '<r><t>two </t></r><r><t>runs</t></r>' },
    value: 'two runs',
  },
  {
    name: 'an ISO date result',
    cell: { type: 'd', formula: true, value: '2023-03-15' },
    value: utc(2023, 3, 15),
  },
  { name: 'no saved result', cell: { formula: true }, value: null, warning: 'W_FORMULA_NO_RESULT' },
  {
    name: 'no saved text result',
    cell: { type: 'str', formula: true },
    value: null,
    warning: 'W_FORMULA_NO_RESULT',
  },
  {
    name: 'a number result that is no number',
    cell: { formula: true, value: 'abc' },
    value: null,
    warning: 'W_FORMULA_NO_RESULT',
  },
  {
    name: 'an empty result with no type (xlsxwriter, Excel::Writer::XLSX) is an empty string',
    cell: { formula: true, value: '' },
    value: null,
  },
  {
    name: 'a result written <v/> (openpyxl: not calculated) has none',
    cell: { formula: true, value: '', emptyTag: true },
    value: null,
    warning: 'W_FORMULA_NO_RESULT',
  },
];

function decode(c: Case): { value: CellValue; warnings: string[] } {
  const list: ReadWarning[] = [];
  const ctx: CellContext = {
    date1904: c.date1904 ?? false,
    formats: FORMATS,
    shared: SHARED,
    warnings: new WarningSink(list),
  };
  const cell: CellXml = {
    type: '',
    style: c.fmt === undefined ? 0 : style(c.fmt),
    formula: false,
    value: undefined,
    inline: undefined,
    emptyTag: false,
    ...c.cell,
  };
  return { value: decodeCell(cell, 7, ctx), warnings: list.map((w) => w.code) };
}

describe('decodeCell', () => {
  it.each(cases)('$name', (c) => {
    expect(c.fmt === undefined || style(c.fmt) > 0).toBe(true);
    expect(decode(c)).toEqual({ value: c.value, warnings: c.warning ? [c.warning] : [] });
  });
});
