// A list longer than a sheet holds (Excel's 1,048,576 rows) goes on in sheets of its own,
// each with the header, and the About sheet says where: Excel would otherwise open the file
// with the rows past its last one left out. Here a sheet holds 4 rows (the header and 3),
// and the workbook is read back by exceljs, another reader than ours.
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ExportColumn } from '../../src/export/flatten.js';
import { EXCEL_MAX_ROWS, XlsxWriter } from '../../src/export/writers/xlsx.js';

const col = (label: string, type: ExportColumn['type']): ExportColumn => ({
  key: label,
  label,
  type,
  read: () => null,
});
const COLUMNS = [col('Name', 'text'), col('Cost', 'decimal')];

async function workbook(records: number, maxRows: number): Promise<ExcelJS.Workbook> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const w = new XlsxWriter(out, maxRows);
  await w.beginSheet({ resource: 'asset', title: 'Assets', columns: COLUMNS });
  for (let i = 1; i <= records; i++) await w.writeRow([`A${i}`, i]);
  await w.endSheet();
  await w.finish({
    what: 'test',
    source: 'x',
    company: 1,
    exportedAt: new Date(0),
    filters: {},
    sheets: [{ resource: 'asset', title: 'Assets', records, count: records, pages: 1 }],
  });
  out.end();
  await once(out, 'end');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return wb;
}

/** A cell as shown: our text cells are inline strings, which exceljs reads as rich text. */
const shown = (v: unknown) =>
  v && typeof v === 'object' && 'richText' in v
    ? (v as { richText: { text: string }[] }).richText.map((t) => t.text).join('')
    : v;
const values = (ws: ExcelJS.Worksheet) =>
  ws
    .getSheetValues()
    .slice(1)
    .map((r) => (r as unknown[]).slice(1).map(shown));

describe('a list longer than a sheet', () => {
  it.each([
    ['fits: one sheet', 3, [['Assets', 3]]],
    [
      'one row over: a second sheet',
      4,
      [
        ['Assets', 3],
        ['Assets 2', 1],
      ],
    ],
    [
      'seven rows, three a sheet: three sheets',
      7,
      [
        ['Assets', 3],
        ['Assets 2', 3],
        ['Assets 3', 1],
      ],
    ],
  ] as const)('%s', async (_name, records, want) => {
    const wb = await workbook(records, 4);
    const sheets = wb.worksheets.filter((ws) => ws.name !== 'About');
    expect(sheets.map((ws) => [ws.name, ws.rowCount - 1])).toEqual(want);
    // Every sheet has the header, and the records follow in order across them.
    for (const ws of sheets) expect(values(ws)[0]).toEqual(['Name', 'Cost']);
    expect(
      sheets.flatMap((ws) =>
        values(ws)
          .slice(1)
          .map((r) => r[0]),
      ),
    ).toEqual(Array.from({ length: records }, (_, i) => `A${i + 1}`));
    const about = values(wb.getWorksheet('About')!).map((r) => r.join(' | '));
    if (want.length > 1)
      expect(about).toContain(
        ` | Assets goes on in ${want
          .slice(1)
          .map(([n]) => `"${n}"`)
          .join(', ')}: a sheet holds 4 rows`,
      );
    else expect(about.join('\n')).not.toContain('goes on');
  });

  it("Excel's own limit is the default", () => {
    expect(EXCEL_MAX_ROWS).toBe(2 ** 20);
  });
});
