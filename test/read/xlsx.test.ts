// XLSX reading through the streaming reader: cell types (formula results and their errors,
// rich text, dates, hyperlinks, booleans), sheet choice, hidden sheets, merged cells,
// title rows above the header, and sheet row numbers.
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listSheets, openSheet } from '../../src/read/index.js';
import type { CellValue, ReadOptions } from '../../src/read/types.js';
import { expectReadError, readAll, removeDir, scratchDir } from './helpers.js';

let dir: string;
const file = (name: string) => join(dir, name);
const day = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));

async function buildWorkbook(path: string): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const secret = wb.addWorksheet('Secret', { state: 'hidden' });
  secret.addRow(['Secret', 'Value']);
  secret.addRow(['x', 1]);

  const ws = wb.addWorksheet('Register');
  ws.getCell('A1').value = 'Legacy asset register';
  ws.getCell('A2').value = 'Exported by J. Smith';
  ws.getRow(4).values = [
    'Name',
    'Serial No.',
    'Cost',
    'Bought',
    'Link',
    'Active',
    'Double',
    'Label',
    'Check',
    'Broken',
    'Ratio',
  ];
  ws.getRow(5).values = [
    'Laptop',
    { richText: [{ text: 'SN-' }, { font: { bold: true }, text: '0001' }] },
    1234.5,
    day(2024, 1, 31),
    { text: 'vendor site', hyperlink: 'https://example.com/laptop' },
    true,
    { formula: 'C5*2', result: 2469 },
    { formula: 'A5&"!"', result: 'Laptop!' },
    { formula: 'C5>1000', result: true },
    { formula: 'Z1+#REF!', result: { error: '#REF!' } },
    { formula: 'C5/0', result: { error: '#DIV/0!' } },
  ];
  ws.getCell('D5').numFmt = 'dd/mm/yyyy';
  ws.getRow(7).values = [
    'Phone',
    'SN-0002',
    300,
    { formula: 'D5+1', result: 45323 },
    null,
    false,
    { formula: 'C7*2', result: 600 },
    null,
    { formula: 'C7>1000', result: false },
  ];
  ws.getCell('D7').numFmt = 'yyyy-mm-dd';

  const lists = wb.addWorksheet('Lists');
  lists.addRow(['Category', 'Subcategory']);
  lists.addRow(['Computers', 'Laptops']);

  const merged = wb.addWorksheet('Merged');
  merged.getRow(1).values = ['Name', 'Location'];
  merged.mergeCells('B1:C1');
  merged.getRow(2).values = ['Laptop', 'Berlin', 'Room 1'];
  merged.getCell('A3').value = 'Phone';
  merged.mergeCells('A3:A4');
  merged.getCell('B3').value = 'Paris';
  merged.getCell('B4').value = 'Lyon';
  await wb.xlsx.writeFile(path);
}

beforeAll(async () => {
  dir = scratchDir('xlsx');
  await buildWorkbook(file('register.xlsx'));

  // Streaming writer without shared strings: inline strings, no xl/sharedStrings.xml.
  const inline = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file('inline.xlsx'),
    useSharedStrings: false,
    useStyles: true,
  });
  const is = inline.addWorksheet('Inline');
  is.addRow(['Name', 'Serial']).commit();
  is.addRow(['Laptop', 'SN-1']).commit();
  is.addRow(['Phone', 42]).commit();
  await inline.commit();

  const noResult = new ExcelJS.Workbook();
  const nr = noResult.addWorksheet('Calc');
  nr.addRow(['Name', 'Total']);
  nr.addRow(['Laptop', { formula: '1+1' } as ExcelJS.CellFormulaValue]);
  nr.addRow(['Phone', { formula: '2+2' } as ExcelJS.CellFormulaValue]);
  await noResult.xlsx.writeFile(file('no-result.xlsx'));

  const shared = new ExcelJS.Workbook();
  const sh = shared.addWorksheet('Shared');
  sh.addRow(['Qty', 'Double']);
  sh.addRow([1]);
  sh.addRow([2]);
  sh.addRow([3]);
  sh.fillFormula('B2:B4', 'A2*2', [2, 4, 6]);
  await shared.xlsx.writeFile(file('shared-formula.xlsx'));

  const empty = new ExcelJS.Workbook();
  empty.addWorksheet('Blank');
  empty.addWorksheet('Data').addRow(['Name', 'Serial']);
  await empty.xlsx.writeFile(file('empty-sheet.xlsx'));

  const d1904 = new ExcelJS.Workbook();
  d1904.properties.date1904 = true;
  const dd = d1904.addWorksheet('Dates');
  dd.addRow(['Name', 'Bought']);
  dd.addRow(['Laptop', day(2024, 3, 15)]);
  dd.getCell('B2').numFmt = 'yyyy-mm-dd';
  await d1904.xlsx.writeFile(file('date1904.xlsx'));
});

afterAll(async () => {
  await removeDir(dir);
});

interface Case {
  readonly name: string;
  readonly file: string;
  readonly opts?: ReadOptions;
  readonly sheet: string;
  readonly headerRow: number;
  readonly headers: string[];
  readonly rows: { row: number; cells: CellValue[] }[];
  readonly stats?: Partial<{ dataRows: number; blankRows: number; skippedAboveHeader: number }>;
  readonly warnings?: string[];
}

const registerHeaders = [
  'Name',
  'Serial No.',
  'Cost',
  'Bought',
  'Link',
  'Active',
  'Double',
  'Label',
  'Check',
  'Broken',
  'Ratio',
];
const registerRows = [
  {
    row: 5,
    cells: [
      'Laptop',
      'SN-0001',
      1234.5,
      day(2024, 1, 31),
      'vendor site',
      true,
      2469,
      'Laptop!',
      true,
      { error: '#REF!' },
      { error: '#DIV/0!' },
    ],
  },
  { row: 7, cells: ['Phone', 'SN-0002', 300, day(2024, 2, 1), null, false, 600, null, false, null, null] },
];
const listsCase = {
  sheet: 'Lists',
  headerRow: 1,
  headers: ['Category', 'Subcategory'],
  rows: [{ row: 2, cells: ['Computers', 'Laptops'] }],
};
const secretCase = {
  sheet: 'Secret',
  headerRow: 1,
  headers: ['Secret', 'Value'],
  rows: [{ row: 2, cells: ['x', 1] }],
  warnings: ['W_HIDDEN_SHEET'],
};

const cases: Case[] = [
  {
    name: 'default: first visible sheet; title rows skipped; cell types; gap counted as a blank row',
    file: 'register.xlsx',
    sheet: 'Register',
    headerRow: 4,
    headers: registerHeaders,
    rows: registerRows,
    stats: { dataRows: 2, blankRows: 1, skippedAboveHeader: 2 },
  },
  {
    name: 'header row given',
    file: 'register.xlsx',
    opts: { headerRow: 4 },
    sheet: 'Register',
    headerRow: 4,
    headers: registerHeaders,
    rows: registerRows,
    stats: { skippedAboveHeader: 2 },
  },
  { name: 'sheet by name', file: 'register.xlsx', opts: { sheet: 'Lists' }, ...listsCase },
  {
    name: 'sheet by name, ignoring case and spaces',
    file: 'register.xlsx',
    opts: { sheet: ' lists ' },
    ...listsCase,
  },
  { name: 'sheet by 1-based tab index', file: 'register.xlsx', opts: { sheet: 3 }, ...listsCase },
  { name: 'sheet by index given as text', file: 'register.xlsx', opts: { sheet: '3' }, ...listsCase },
  {
    name: 'a hidden sheet by name, with a warning',
    file: 'register.xlsx',
    opts: { sheet: 'Secret' },
    ...secretCase,
  },
  {
    name: 'a hidden sheet by index, with a warning',
    file: 'register.xlsx',
    opts: { sheet: 1 },
    ...secretCase,
  },
  {
    name: 'merged cells: the master value fills the range (header and data)',
    file: 'register.xlsx',
    opts: { sheet: 'Merged' },
    sheet: 'Merged',
    headerRow: 1,
    headers: ['Name', 'Location', 'Location'],
    rows: [
      { row: 2, cells: ['Laptop', 'Berlin', 'Room 1'] },
      { row: 3, cells: ['Phone', 'Paris', null] },
      { row: 4, cells: ['Phone', 'Lyon', null] },
    ],
    warnings: ['W_MERGED_CELLS', 'W_DUPLICATE_HEADER'],
  },
  {
    name: 'inline strings and no shared-strings part',
    file: 'inline.xlsx',
    sheet: 'Inline',
    headerRow: 1,
    headers: ['Name', 'Serial'],
    rows: [
      { row: 2, cells: ['Laptop', 'SN-1'] },
      { row: 3, cells: ['Phone', 42] },
    ],
  },
  {
    name: 'formulas without a saved result read as empty, with one warning',
    file: 'no-result.xlsx',
    sheet: 'Calc',
    headerRow: 1,
    headers: ['Name', 'Total'],
    rows: [
      { row: 2, cells: ['Laptop', null] },
      { row: 3, cells: ['Phone', null] },
    ],
    warnings: ['W_FORMULA_NO_RESULT'],
  },
  {
    name: 'shared formulas give their results',
    file: 'shared-formula.xlsx',
    sheet: 'Shared',
    headerRow: 1,
    headers: ['Qty', 'Double'],
    rows: [
      { row: 2, cells: [1, 2] },
      { row: 3, cells: [2, 4] },
      { row: 4, cells: [3, 6] },
    ],
  },
  {
    name: 'the 1904 date system',
    file: 'date1904.xlsx',
    sheet: 'Dates',
    headerRow: 1,
    headers: ['Name', 'Bought'],
    rows: [{ row: 2, cells: ['Laptop', day(2024, 3, 15)] }],
  },
];

describe('XLSX', () => {
  it.each(cases)('$name', async (c) => {
    const { source, rows } = await readAll(file(c.file), c.opts);
    expect(source.format).toBe('xlsx');
    expect(source.sheet).toBe(c.sheet);
    expect(source.headerRow).toBe(c.headerRow);
    expect(source.headers).toEqual(c.headers);
    expect(rows).toEqual(c.rows);
    if (c.stats) expect(source.stats).toMatchObject(c.stats);
    expect(source.warnings.map((w) => w.code)).toEqual(c.warnings ?? []);
  });

  it('a sheet that does not exist is refused, listing the sheets there', async () => {
    const err = await expectReadError(() => readAll(file('register.xlsx'), { sheet: 'Assets' }));
    expect(err.code).toBe('E_SHEET_NOT_FOUND');
    expect(err.location).toMatchObject({ file: file('register.xlsx'), sheet: 'Assets' });
    expect(err.message).toBe(
      'sheet "Assets" not found; the workbook has: "Secret" (1, hidden), "Register" (2), "Lists" (3), "Merged" (4)',
    );
  });

  it('an empty sheet is refused with E_FILE_EMPTY naming the sheet', async () => {
    const err = await expectReadError(() => readAll(file('empty-sheet.xlsx')));
    expect(err.code).toBe('E_FILE_EMPTY');
    expect(err.describe()).toBe(
      `${file('empty-sheet.xlsx')}, sheet "Blank": this sheet is empty: every row is blank\n  hint: Choose the sheet that holds the table with --sheet.`,
    );
  });

  it('close() releases the file without reading the rows', async () => {
    const source = await openSheet(file('register.xlsx'));
    expect(source.headers[0]).toBe('Name');
    await source.close?.();
    expect(source.stats.dataRows).toBe(0);
  });

  it('listSheets gives every worksheet in tab order with its visibility', async () => {
    expect(await listSheets(file('register.xlsx'))).toEqual([
      { name: 'Secret', hidden: true, index: 1 },
      { name: 'Register', hidden: false, index: 2 },
      { name: 'Lists', hidden: false, index: 3 },
      { name: 'Merged', hidden: false, index: 4 },
    ]);
  });
});
