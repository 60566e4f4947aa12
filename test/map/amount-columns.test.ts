// An amount column's decimal mark, settled by its cells as a date column's order is: "12.500"
// alone could be 12500 or 12.5, and a column whose other cells have a decimal comma says
// which. A column of both marks is read cell by cell, one of none as before.
import { describe, expect, it } from 'vitest';
import { coerceMoney, decimalMarkOf } from '../../src/map/coerce.js';
import { mapHeaders } from '../../src/map/headers.js';
import { asset } from '../../src/resources/asset.js';
import { Scanner } from '../../src/run/scan.js';

/** Each cell of a one-column sheet of amounts as read: its value, or its problem. */
function readColumn(cells: string[]): (number | string)[] {
  const mapping = mapHeaders(asset, ['Original cost']);
  const scanner = new Scanner(mapping, { trackKeys: false });
  cells.forEach((cell, i) => scanner.add({ row: i + 2, cells: [cell] }));
  const reading = scanner.decimalReadings().get(0);
  return cells.map((cell) => {
    const r = coerceMoney(cell, reading);
    return r.problem ? 'invalid' : (r.value as number);
  });
}

describe('a column of amounts → the values read', () => {
  const cases: [string, string[], (number | string)[]][] = [
    [
      'decimal commas settle "12.500" and "12,500"',
      ['1.234,56 €', '12.500', '12,500', '900'],
      [1234.56, 12500, 12.5, 900],
    ],
    ['decimal points settle them the other way', ['1,234.56', '12.500', '12,500'], [1234.56, 12.5, 12500]],
    ['"1.299 €" in a column with "12,5"', ['12,5', '1.299 €'], [12.5, 1299]],
    ['thousands dots show a decimal comma', ['1.234.567', '12.500'], [1234567, 12500]],
    ['thousands commas show a decimal point', ['1,234,567', '12.500'], [1234567, 12.5]],
    ['both marks: cell by cell, "12.500" invalid', ['1.234,56', '7.5', '12.500'], [1234.56, 7.5, 'invalid']],
    ['no mark shown: as before', ['12.500', '900', '12,500'], ['invalid', 900, 12500]],
    ['"1.299" in a column of points: rounded, as any amount', ['7.5', '1.299'], [7.5, 1.3]],
  ];
  it.each(cases)('%s', (_name, cells, want) => {
    expect(readColumn(cells)).toEqual(want);
  });
});

describe('the decimal mark a cell shows beyond doubt', () => {
  const cases: [string, ',' | '.' | undefined][] = [
    ['1.234,56 €', ','],
    ['12,5', ','],
    ['0,125', ','],
    ['1.234.567', ','],
    ['1,234.56', '.'],
    ['12.5', '.'],
    ['1,234,567', '.'],
    ['1234.567', '.'],
    ['12.500', undefined],
    ['12,500', undefined],
    ['900', undefined],
    ['n/a', undefined],
    ['1,2,3', undefined],
  ];
  it.each(cases)('%s → %s', (text, mark) => {
    expect(decimalMarkOf(text)).toBe(mark);
  });
});

describe('the row says how such an amount was read', () => {
  it('"12.500" in a column of decimal commas', () => {
    const r = coerceMoney('12.500', { mark: ',', example: '1.234,56 €', row: 2 });
    expect(r).toEqual({
      value: 12500,
      warning: `"12.500" read as 12500: the column's amounts have a decimal comma ("1.234,56 €", row 2)`,
    });
  });
});
