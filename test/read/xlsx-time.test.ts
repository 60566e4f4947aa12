// A cell holding a time of day alone (a fraction of a day shown through a time format)
// reads as the time the user sees, "09:30", not as a date on 30 December 1899; a date with
// a time reads as "2024-01-31 12:00", as shown; a time past a day's end stays as it was.
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CellValue } from '../../src/read/types.js';
import { readAll, removeDir, scratchDir } from './helpers.js';

interface TimeCase {
  readonly name: string;
  /** A number, or a formula with its saved result. */
  readonly cell: number | { formula: string; result: number };
  readonly numFmt: string;
  readonly value: CellValue;
}

const nineThirty = 9.5 / 24;
const cases: TimeCase[] = [
  { name: 'h:mm', cell: nineThirty, numFmt: 'h:mm', value: '09:30' },
  {
    name: 'hh:mm:ss gives seconds',
    cell: (14 * 3600 + 5 * 60 + 7) / 86_400,
    numFmt: 'hh:mm:ss',
    value: '14:05:07',
  },
  { name: 'h:mm AM/PM reads as 24-hour time', cell: 18 / 24, numFmt: 'h:mm AM/PM', value: '18:00' },
  { name: 'midnight', cell: 0, numFmt: 'hh:mm', value: '00:00' },
  { name: 'a second before midnight', cell: 86_399 / 86_400, numFmt: 'hh:mm:ss', value: '23:59:59' },
  { name: 'with a locale in brackets', cell: nineThirty, numFmt: '[$-409]h:mm', value: '09:30' },
  { name: 'elapsed hours under a day', cell: nineThirty, numFmt: '[h]:mm', value: '09:30' },
  {
    name: 'a formula whose result is a time',
    cell: { formula: 'TIME(9,30,0)', result: nineThirty },
    numFmt: 'h:mm',
    value: '09:30',
  },
  {
    name: 'a date with a time keeps its time',
    cell: 45_322.5,
    numFmt: 'yyyy-mm-dd hh:mm',
    value: '2024-01-31 12:00',
  },
  { name: 'a plain fraction stays a number', cell: 0.25, numFmt: '0.00', value: 0.25 },
];

describe.each([
  { system: '1900 date system', date1904: false },
  { system: '1904 date system', date1904: true },
])('XLSX time of day ($system)', ({ date1904 }) => {
  let dir: string;
  let got: Map<number, readonly CellValue[]>;
  beforeAll(async () => {
    dir = scratchDir(`xlsx-time-${date1904}`);
    const wb = new ExcelJS.Workbook();
    wb.properties.date1904 = date1904;
    const ws = wb.addWorksheet('Times');
    ws.addRow(['Case', 'Value']);
    for (const c of cases) ws.addRow([c.name, c.cell]).getCell(2).numFmt = c.numFmt;
    const path = join(dir, 'times.xlsx');
    await wb.xlsx.writeFile(path);
    got = new Map((await readAll(path)).rows.map((r) => [r.row, r.cells]));
  });
  afterAll(async () => removeDir(dir));

  it.each(cases.map((c, i) => ({ ...c, row: i + 2 })))('$name', ({ name, row, value, cell }) => {
    // A date's day is counted from the workbook's own epoch, 1462 days later in the 1904 system.
    const later = (d: Date) => new Date(d.getTime() + 1462 * 86_400_000);
    const shifted =
      typeof value === 'string' && /^\d{4}-/.test(value)
        ? later(new Date(`${value.replace(' ', 'T')}Z`))
            .toISOString()
            .replace('T', ' ')
            .slice(0, 16)
        : value;
    const expected =
      !date1904 || typeof cell !== 'number' ? value : value instanceof Date ? later(value) : shifted;
    expect(got.get(row)).toEqual([name, expected]);
  });
});
