// Formula injection end to end: customers created through the API with names a
// spreadsheet would run are neutralised in CSV (a leading ') and are string cells in XLSX;
// --raw leaves the CSV text as it is.
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { exportResource } from '../../src/export/export.js';
import { startSizedSandbox, type SizedSandbox } from './fixture.js';
import { TEXT_CELL, readCsv, readXlsx } from './readback.js';

const CASES = [
  ['a HYPERLINK formula', '=HYPERLINK("http://x","y")'],
  ['a sum with +', '+SUM(1,2)'],
  ['arithmetic with -', '-2+3'],
  ['an @ function', '@SUM(A1:A3)'],
  ['a leading tab', '\t=1+2'],
  ['a leading carriage return', '\r=1+2'],
  ['a DDE call', "=cmd|' /C calc'!A0"],
] as const;

describe('formula injection', () => {
  let sb: SizedSandbox;
  const ids = new Map<string, number>();
  beforeAll(async () => {
    sb = await startSizedSandbox(0);
    for (const [, name] of CASES) {
      const rec = await sb.client.write<{ id: number }>('POST', sb.client.path('customer'), {
        company: 1,
        name,
        city: name.slice(0, 50),
      });
      ids.set(name, rec.id);
    }
  }, 60_000);
  afterAll(() => sb?.close());

  const rowOf = (rows: unknown[][], name: string) => rows.find((r) => Number(r[0]) === ids.get(name))!;

  it.each(CASES)('CSV: %s is prefixed with a quote', async (_n, name) => {
    const file = join(sb.dir, 'customers.csv');
    await exportResource({ client: sb.client, resource: 'customer', output: file });
    const { header, rows } = await readCsv(file);
    const row = rowOf(rows, name);
    expect(row[header.indexOf('Name')]).toBe(`'${name}`);
    expect(row[header.indexOf('City')]).toBe(`'${name}`);
  });

  it.each(CASES)('CSV --raw: %s is left as it is', async (_n, name) => {
    const file = join(sb.dir, 'customers-raw.csv');
    await exportResource({ client: sb.client, resource: 'customer', output: file, raw: true });
    const { header, rows } = await readCsv(file);
    expect(rowOf(rows, name)[header.indexOf('Name')]).toBe(name);
  });

  it.each(CASES)('XLSX: %s is a string cell, not a formula', async (_n, name) => {
    const file = join(sb.dir, 'customers.xlsx');
    await exportResource({ client: sb.client, resource: 'customer', output: file });
    const { header, rows, types } = await readXlsx(file);
    const r = rows.findIndex((row) => row[0] === ids.get(name));
    // XML reads a bare carriage return back as a line feed (XML 1.0 end-of-line handling).
    expect(rows[r][header.indexOf('Name')]).toBe(name.replace(/\r/g, '\n'));
    expect(types![r][header.indexOf('Name')]).toBe(TEXT_CELL);
  });

  it('XLSX: no cell of the sheet carries a formula', async () => {
    const file = join(sb.dir, 'customers.xlsx');
    await exportResource({ client: sb.client, resource: 'customer', output: file });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await readFile(file)) as unknown as ArrayBuffer);
    let formulas = 0;
    wb.worksheets[0].eachRow((row) =>
      row.eachCell((cell) => (formulas += cell.type === ExcelJS.ValueType.Formula ? 1 : 0)),
    );
    expect(formulas).toBe(0);
  });
});
