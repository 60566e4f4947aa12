// Each writer renders typed cells as its format should, and the result reads back.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { CellValue, ExportColumn } from '../../src/export/flatten.js';
import { createWriter, type AboutInfo, type ExportFormat } from '../../src/export/writers/index.js';
import { sheetName } from '../../src/export/writers/xlsx.js';
import { TEXT_CELL, cellValue } from './readback.js';

const col = (label: string, type: ExportColumn['type']): ExportColumn => ({
  key: label,
  label,
  type,
  read: () => null,
});
const COLUMNS = [
  col('Name', 'text'),
  col('Cost', 'decimal'),
  col('Units', 'integer'),
  col('Start', 'date'),
  col('Signed', 'boolean'),
  col('Assets', 'list'),
];
const ROWS: CellValue[][] = [
  ['Acme, "Ltd"', 1234.5, 3, '2024-03-31', true, '1; 2'],
  ['=HYPERLINK("http://x","y")', 0, -2, null, false, null],
  ['line one\nline two', null, null, '2020-02-29', null, '-1'],
];
const ABOUT: AboutInfo = {
  what: 'test',
  source: 'http://127.0.0.1:1',
  company: 1,
  exportedAt: new Date('2025-01-02T03:04:05Z'),
  filters: {},
  sheets: [],
};

async function render(format: ExportFormat, opts: { excel?: boolean; raw?: boolean } = {}): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const w = await createWriter(format, out, {
    excel: opts.excel ?? false,
    raw: opts.raw ?? false,
    multi: false,
  });
  await w.beginSheet({ resource: 'thing', title: 'Things', columns: COLUMNS });
  for (const r of ROWS) await w.writeRow(r);
  await w.endSheet();
  await w.finish({
    ...ABOUT,
    sheets: [{ resource: 'thing', title: 'Things', records: ROWS.length, count: ROWS.length, pages: 1 }],
  });
  return Buffer.concat(chunks);
}

describe('CSV writer', () => {
  it.each([
    ['plain', {}, false, '\n', ['\'=HYPERLINK("http://x","y")', "'-1"]],
    ['excel: BOM and CRLF', { excel: true }, true, '\r\n', ['\'=HYPERLINK("http://x","y")', "'-1"]],
    ['raw: no neutralising', { raw: true }, false, '\n', ['=HYPERLINK("http://x","y")', '-1']],
  ] as const)('%s', async (_n, opts, bom, eol, [formula, list]) => {
    const buf = await render('csv', opts);
    expect(buf.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(bom);
    const text = buf.toString('utf8').replace(/^\ufeff/, '');
    expect(text.split(eol)[0]).toBe('Name,Cost,Units,Start,Signed,Assets');
    const rows = parse(text, { bom: true }) as string[][];
    expect(rows).toEqual([
      ['Name', 'Cost', 'Units', 'Start', 'Signed', 'Assets'],
      ['Acme, "Ltd"', '1234.50', '3', '2024-03-31', 'TRUE', '1; 2'],
      [formula, '0.00', '-2', '', 'FALSE', ''],
      ['line one\nline two', '', '', '2020-02-29', '', list],
    ]);
  });
});

describe('XLSX writer', () => {
  it('types cells, writes text as inline strings (never formulas), freezes, bolds and filters the header, adds About', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await render('xlsx')) as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Things', 'About']);
    const ws = wb.getWorksheet('Things')!;
    expect(COLUMNS.map((_, i) => cellValue(ws.getCell(1, i + 1)))).toEqual([
      'Name',
      'Cost',
      'Units',
      'Start',
      'Signed',
      'Assets',
    ]);
    expect(ws.getCell('A1').font?.bold).toBe(true);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.autoFilter).toBeTruthy();
    const b2 = ws.getCell('B2');
    expect(b2.value).toBe(1234.5);
    expect(b2.numFmt).toBe('0.00');
    expect(ws.getCell('D2').value).toEqual(new Date(Date.UTC(2024, 2, 31)));
    expect(ws.getCell('E2').value).toBe(true);
    const a3 = ws.getCell('A3');
    expect(a3.type).toBe(TEXT_CELL);
    expect(cellValue(a3)).toBe('=HYPERLINK("http://x","y")');
    expect(a3.formula).toBeUndefined();
    expect(cellValue(ws.getCell('F4'))).toBe('-1');
    expect(cellValue(ws.getCell('A4'))).toBe('line one\nline two');
    const about = wb.getWorksheet('About')!;
    expect(cellValue(about.getCell('B2'))).toBe('http://127.0.0.1:1');
  });

  it.each([
    [
      'long names are cut to 31 characters',
      'Custom field templates and more things',
      'Custom field templates and more',
    ],
    ['forbidden characters are replaced', 'A/B:C', 'A B C'],
  ])('sheet names: %s', (_n, title, name) => expect(sheetName(title, new Set())).toBe(name));

  it('sheet names stay unique', () => {
    const taken = new Set<string>();
    expect([sheetName('Things', taken), sheetName('things', taken)]).toEqual(['Things', 'things 2']);
  });
});

describe('JSON writers', () => {
  it('json: an array of objects keyed by header, values typed', async () => {
    const rows = JSON.parse((await render('json')).toString('utf8')) as Record<string, unknown>[];
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual({
      Name: 'Acme, "Ltd"',
      Cost: 1234.5,
      Units: 3,
      Start: '2024-03-31',
      Signed: true,
      Assets: '1; 2',
    });
    expect(rows[1].Name).toBe('=HYPERLINK("http://x","y")');
  });

  it('ndjson: one object a line', async () => {
    const lines = (await render('ndjson')).toString('utf8').trimEnd().split('\n');
    expect(lines.map((l) => JSON.parse(l).Units)).toEqual([3, -2, null]);
  });
});
