// The XLSX writer writes its data rows' XML itself. The sheet it writes must be the one
// exceljs writes for the same rows through its cell objects (the writer before this one),
// byte for byte, over values that test every branch: XML specials, spaces kept, control
// characters, numbers of every shape, dates real and not, yes/no, empty cells and rows.
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { CellValue, ExportColumn } from '../../src/export/flatten.js';
import { XlsxWriter, columnWidth, inlineText } from '../../src/export/writers/xlsx.js';
import { xlsxCell } from './exceljs-reference.js';
import { xmlText } from '../../src/export/writers/xlsx-rows.js';
import { readEntryText, readZipDirectory } from '../../src/read/xlsx/zip.js';

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
const NUM_FMT: Partial<Record<ExportColumn['type'], string>> = {
  decimal: '0.00',
  date: 'yyyy-mm-dd',
  integer: '0',
};

const ROWS: readonly (readonly CellValue[])[] = [
  ['Acme, "Ltd" <b>&amp;</b> \'x\'', 1234.5, 3, '2024-03-31', true, '1; 2'],
  [' leading space', 0, -2, null, false, null],
  ['trailing space ', -0.1, 0, '2024-02-30', null, ''],
  ['line one\nline two', 0.1 + 0.2, 1e21, 'not a date', true, 'tab\there'],
  [
    'bell\u0007 and DEL\u007f and NUL\u0000 gone',
    5e-7,
    Number.MAX_SAFE_INTEGER,
    '1899-12-31',
    false,
    'CR\rLF',
  ],
  [null, null, null, null, null, null],
  ['', 'text in money', true, 45000, 'yes', 12],
  ['日本語 ünïcödé 🚀', 1, 2, '2000-01-01', true, '_x000D_ as typed'],
  ['short row'],
  [null, null, null, null, null, 'last only'],
];

/** The writer before this one: exceljs's rows and cells, one style object per column. */
async function referenceSheet(rows: readonly (readonly CellValue[])[]): Promise<Buffer> {
  const pass = new PassThrough();
  const chunks: Buffer[] = [];
  pass.on('data', (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: pass,
    useStyles: true,
    useSharedStrings: false,
  });
  const ws = wb.addWorksheet('Things', { views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }] });
  ws.columns = COLUMNS.map((c, i) => ({
    key: String(i),
    width: columnWidth(c),
    style: NUM_FMT[c.type] ? { numFmt: NUM_FMT[c.type] } : {},
  }));
  const header = ws.addRow(COLUMNS.map((c) => inlineText(c.label)));
  header.font = { bold: true };
  header.commit();
  const styles = COLUMNS.map((c) => {
    const style = NUM_FMT[c.type] ? { numFmt: NUM_FMT[c.type] } : {};
    return { numeric: { ...style }, other: { ...style } };
  });
  for (const cells of rows) {
    const row = ws.addRow(cells.map((v, i) => xlsxCell(COLUMNS[i].type, v)));
    cells.forEach((v, i) => {
      const kind = typeof v === 'number' || (v !== null && COLUMNS[i].type === 'date') ? 'numeric' : 'other';
      row.getCell(i + 1).style = styles[i][kind];
    });
    row.commit();
  }
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: rows.length + 1, column: COLUMNS.length } };
  ws.commit();
  await wb.commit();
  return Buffer.concat(chunks);
}

async function ourSheet(rows: readonly (readonly CellValue[])[]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const w = new XlsxWriter(out);
  await w.beginSheet({ resource: 'thing', title: 'Things', columns: COLUMNS });
  for (const r of rows) await w.writeRow(r);
  await w.endSheet();
  await w.finish({ what: 'test', source: 'x', company: 1, exportedAt: new Date(0), filters: {}, sheets: [] });
  out.end();
  await once(out, 'end');
  return Buffer.concat(chunks);
}

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ab-xlsx-rows-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function part(file: Buffer, name: string, entry: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, file);
  const fh = await open(path, 'r');
  try {
    const zip = await readZipDirectory(fh, path, file.length, { file: path });
    return await readEntryText(zip, zip.byName.get(entry)!, 1 << 30, { file: path });
  } finally {
    await fh.close();
  }
}

describe('XLSX data rows written as XML', () => {
  it('give the sheet exceljs writes through its cells, byte for byte, and the same styles', async () => {
    const [ours, theirs] = await Promise.all([ourSheet(ROWS), referenceSheet(ROWS)]);
    const [sheetOurs, sheetTheirs] = [
      await part(ours, 'ours.xlsx', 'xl/worksheets/sheet1.xml'),
      await part(theirs, 'theirs.xlsx', 'xl/worksheets/sheet1.xml'),
    ];
    expect(sheetOurs).toContain('<row r="11"');
    expect(sheetOurs).toBe(sheetTheirs);
    // Our file's About sheet adds one more format (its date and time) after the sheet's.
    const xfs = (styles: string) => styles.match(/<cellXfs[^>]*>(.*)<\/cellXfs>/)![1].match(/<xf [^>]*\/>/g)!;
    const [stylesOurs, stylesTheirs] = [
      xfs(await part(ours, 'ours.xlsx', 'xl/styles.xml')),
      xfs(await part(theirs, 'theirs.xlsx', 'xl/styles.xml')),
    ];
    expect(stylesOurs.slice(0, stylesTheirs.length)).toEqual(stylesTheirs);
  });

  it('read back as typed', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await ourSheet(ROWS)) as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Things')!;
    expect(ws.getCell('A2').text).toBe('Acme, "Ltd" <b>&amp;</b> \'x\'');
    expect(ws.getCell('B2').value).toBe(1234.5);
    expect(ws.getCell('D2').value).toEqual(new Date(Date.UTC(2024, 2, 31)));
    expect(ws.getCell('D4').text).toBe('2024-02-30');
    expect(ws.getCell('E2').value).toBe(true);
    expect(ws.getCell('A3').text).toBe(' leading space');
    expect(ws.getCell('F11').text).toBe('last only');
  });
});

describe('pieces', () => {
  it.each([
    ['plain', 'plain'],
    ['a<b>&"c\'', 'a&lt;b&gt;&amp;&quot;c&apos;'],
    ['x\u0001y\u007fz', 'xyz'],
    ['tab\tLF\nCR\r', 'tab\tLF\nCR\r'],
  ])('%j is written as %j', (text, xml) => {
    expect(xmlText(text)).toBe(xml);
  });
});
