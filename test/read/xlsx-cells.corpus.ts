// The XLSX cell-type corpus of issue 14 (items 9–12): cells as other programs write them,
// each with the value a person sees when opening the file. Written from raw XML
// (xlsx-raw.ts) into test/fixtures/xlsx-cells/; xlsx-cells.test.ts reads the committed files
// and checks that this module still makes them byte for byte.
import { join } from 'node:path';
import type { CellValue } from '../../src/read/types.js';
import { cell, text, type RawWorkbook } from './xlsx-raw.js';

export const XLSX_CELLS_DIR = join(import.meta.dirname, '..', 'fixtures', 'xlsx-cells');

interface CellCase {
  readonly name: string;
  /** The `<c>` of column B: attributes and body. */
  readonly attrs: string;
  readonly body: string;
  /** What a spreadsheet program shows, as the reader gives it. */
  readonly value: CellValue;
}

export interface CellFile {
  readonly file: string;
  readonly what: string;
  readonly cases: readonly CellCase[];
  readonly shared?: readonly string[];
  readonly numFmts?: Record<number, string>;
  readonly styles?: readonly number[];
}

const utc = (...a: [number, number, number, number?, number?, number?]) =>
  new Date(Date.UTC(a[0], a[1] - 1, a[2], a[3] ?? 0, a[4] ?? 0, a[5] ?? 0));

export const CELL_FILES: readonly CellFile[] = [
  {
    file: 'dates-iso.xlsx',
    what: 'Date cells stored as ISO 8601 text (t="d"), as several libraries and Excel in strict mode write them',
    numFmts: { 164: 'yyyy-mm-dd', 165: 'dd/mm/yyyy hh:mm' },
    styles: [164, 165],
    cases: [
      {
        name: 'a date with a date format',
        attrs: 't="d" s="1"',
        body: '<v>2023-03-15</v>',
        value: utc(2023, 3, 15),
      },
      { name: 'a date with no format', attrs: 't="d"', body: '<v>2023-03-15</v>', value: utc(2023, 3, 15) },
      {
        name: 'a date and time',
        attrs: 't="d" s="2"',
        body: '<v>2023-03-15T10:30:00</v>',
        value: utc(2023, 3, 15, 10, 30),
      },
      {
        name: 'a date and time with Z',
        attrs: 't="d" s="2"',
        body: '<v>2024-02-29T23:59:59Z</v>',
        value: utc(2024, 2, 29, 23, 59, 59),
      },
      { name: 'a date before 1900', attrs: 't="d" s="1"', body: '<v>1850-06-01</v>', value: utc(1850, 6, 1) },
      {
        name: 'text that is not a date is kept as text',
        attrs: 't="d"',
        body: '<v>next spring</v>',
        value: 'next spring',
      },
    ],
  },
  {
    file: 'formula-strings.xlsx',
    what: 'Formulas whose saved result is text: t="str" (Excel, LibreOffice) and inline string results',
    shared: ['<t>Laptop</t>'],
    cases: [
      {
        name: 't="str" result',
        attrs: 't="str"',
        body: '<f>A2&amp;"-01"</f><v>Laptop-01</v>',
        value: 'Laptop-01',
      },
      {
        name: 't="str" result with an entity',
        attrs: 't="str"',
        body: '<f>"AT&amp;T"</f><v>AT&amp;T</v>',
        value: 'AT&T',
      },
      {
        name: 't="str" result of digits stays text',
        attrs: 't="str"',
        body: '<f>TEXT(123,"00000")</f><v>00123</v>',
        value: '00123',
      },
      {
        name: 't="str" shared formula',
        attrs: 't="str"',
        body: '<f t="shared" ref="B5:B6" si="0">UPPER(A5)</f><v>SHOUT</v>',
        value: 'SHOUT',
      },
      {
        name: 't="str" shared formula, second cell',
        attrs: 't="str"',
        body: '<f t="shared" si="0"/><v>AGAIN</v>',
        value: 'AGAIN',
      },
      {
        name: 'inline string result of a formula',
        attrs: 't="inlineStr"',
        body: '<f>A2</f><is><t>inline result</t></is>',
        value: 'inline result',
      },
      {
        name: 'inline string result of a formula, rich text',
        attrs: 't="inlineStr"',
        body: '<f>A2</f><is><r><t>two </t></r><r><t>runs</t></r></is>',
        value: 'two runs',
      },
      { name: 't="str" result that is empty', attrs: 't="str"', body: '<f>""</f><v></v>', value: null },
      {
        name: 'a shared string with no formula, for comparison',
        attrs: 't="s"',
        body: '<v>0</v>',
        value: 'Laptop',
      },
    ],
  },
  {
    file: 'escapes.xlsx',
    what: 'Characters escaped as _xHHHH_ (Excel writes a line break as _x000D_ and control characters so); _x005F_ escapes the underscore itself',
    shared: [
      '<t>line 1_x000D__x000A_line 2</t>',
      '<t>bell_x0007_here</t>',
      '<t>literally _x005F_x000D_ in text</t>',
      '<r><t>rich_x0009_</t></r><r><t>tab</t></r>',
      '<t>my_x_file and _x12_ stay</t>',
      '<t>lower _x000d_ case</t>',
    ],
    cases: [
      { name: 'shared string with \\r\\n', attrs: 't="s"', body: '<v>0</v>', value: 'line 1\r\nline 2' },
      {
        name: 'shared string with a control character',
        attrs: 't="s"',
        body: '<v>1</v>',
        value: 'bell\u0007here',
      },
      {
        name: 'an escaped underscore keeps the text literal',
        attrs: 't="s"',
        body: '<v>2</v>',
        value: 'literally _x000D_ in text',
      },
      { name: 'rich text runs', attrs: 't="s"', body: '<v>3</v>', value: 'rich\ttab' },
      {
        name: 'underscores that are no escape',
        attrs: 't="s"',
        body: '<v>4</v>',
        value: 'my_x_file and _x12_ stay',
      },
      { name: 'lower-case hex', attrs: 't="s"', body: '<v>5</v>', value: 'lower \r case' },
      { name: 'inline string', attrs: 't="inlineStr"', body: '<is><t>a_x000A_b</t></is>', value: 'a\nb' },
      { name: 'formula text result', attrs: 't="str"', body: '<f>A2</f><v>c_x000D_d</v>', value: 'c\rd' },
    ],
  },
  {
    file: 'durations.xlsx',
    what: 'Elapsed times shown through [h], [m] or [s] formats: read as the duration shown, not as a date in January 1900',
    numFmts: { 164: '[h]:mm:ss', 165: '[h]:mm', 166: '[mm]:ss', 167: '[ss]', 168: 'h:mm' },
    styles: [164, 165, 166, 167, 168],
    cases: [
      { name: '36 hours as [h]:mm:ss', attrs: 's="1"', body: '<v>1.5</v>', value: '36:00:00' },
      {
        name: '30 hours 15 minutes as [h]:mm',
        attrs: 's="2"',
        body: '<v>1.2604166666666667</v>',
        value: '30:15',
      },
      { name: '12 hours as [mm]:ss', attrs: 's="3"', body: '<v>0.5</v>', value: '720:00' },
      { name: '864 seconds as [ss]', attrs: 's="4"', body: '<v>0.01</v>', value: '864' },
      {
        name: '100 hours 0 minutes 30 seconds',
        attrs: 's="1"',
        body: '<v>4.1670138888888890</v>',
        value: '100:00:30',
      },
      { name: 'under a day as [h]:mm:ss', attrs: 's="1"', body: '<v>0.25</v>', value: '06:00:00' },
      {
        name: 'a formula giving 50 hours',
        attrs: 's="1"',
        body: '<f>2+1/12</f><v>2.0833333333333335</v>',
        value: '50:00:00',
      },
      { name: 'a time of day (h:mm) stays a time', attrs: 's="5"', body: '<v>0.5</v>', value: '12:00' },
    ],
  },
];

/** The workbook of a corpus file: row 1 "Case", "Value"; a row per case, the case's name in A. */
export function cellWorkbook(f: CellFile): RawWorkbook {
  const rows = [`<row r="1">${text('A', 1, 'Case')}${text('B', 1, 'Value')}</row>`];
  f.cases.forEach((c, i) => {
    const r = i + 2;
    rows.push(
      `<row r="${r}">${text('A', r, c.name.replace(/&/g, '&amp;'))}${cell('B', r, c.attrs, c.body)}</row>`,
    );
  });
  return { rows: rows.join(''), shared: f.shared, numFmts: f.numFmts, styles: f.styles };
}
