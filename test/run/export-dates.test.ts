// Dates that read both ways, settled by the export the sheet came from (src/run/export-dates.ts):
// the reading of a row's cell that the export showed for its record is the column's order.
import { describe, expect, it } from 'vitest';
import { ExportDates } from '../../src/run/export-dates.js';

// What the export showed: record 2's start date was 2023-03-01, record 3's 2023-06-01.
const shown: Record<number, string> = { 2: '2023-03-01', 3: '2023-06-01' };
const exportedAs = (id: number, field: string, value: string) => field === 'start' && shown[id] === value;

describe('ExportDates', () => {
  // [case, cells as [id cell, date cell], order, note's row]
  it.each([
    ['a month-first cell the export showed: month-first', [['2', '3/1/2023']], 'MDY', 2],
    ['a day-first cell the export showed: day-first', [['2', '01/03/2023']], 'DMY', 2],
    [
      'the first row that shows it is named',
      [
        ['9', '3/1/2023'],
        ['3', '6/1/2023'],
      ],
      'MDY',
      3,
    ],
    [
      'rows showing both orders: none settled (the column mixes them)',
      [
        ['2', '3/1/2023'],
        ['3', '01/06/2023'],
      ],
      undefined,
      undefined,
    ],
    ['a record the export did not show: nothing', [['7', '3/1/2023']], undefined, undefined],
    ['a cell that reads the same both ways tells nothing', [['2', '1/1/2023']], undefined, undefined],
    ['a cell the user edited (neither reading shown): nothing', [['2', '4/1/2023']], undefined, undefined],
    ['an ID cell that is no id: nothing', [['CT-2', '3/1/2023']], undefined, undefined],
  ] as const)('%s', (_name, cells, order, row) => {
    const dates = new ExportDates(exportedAs);
    cells.forEach(([id, text], i) => dates.see(4, 'start', id, text, i + 2));
    expect(dates.order(4)).toBe(order);
    expect(dates.note(4, 'Start date')?.row).toBe(row);
  });

  it("another field's dates are not this one's", () => {
    const dates = new ExportDates(exportedAs);
    dates.see(5, 'end', '2', '3/1/2023', 2);
    expect(dates.order(5)).toBeUndefined();
  });
});
