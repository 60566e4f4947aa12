// coerceText and coerceCell for text: leading zeros lost to number cells, our own
// formula-neutralising quote taken off again, and formula errors refused; cellText, a cell
// as the report and the messages show it.
import { describe, expect, it } from 'vitest';
import { cellText, coerceCell, coerceText } from '../../src/map/coerce.js';
import { fieldByName } from '../../src/resources/fields.js';
import { asset } from '../../src/resources/asset.js';
import type { CellValue } from '../../src/read/types.js';

const serial = fieldByName(asset, 'serial_number')!; // keepText
const name = fieldByName(asset, 'name')!;

describe('coerceText', () => {
  const cases: [string, CellValue, typeof serial | undefined, { value?: string; warning?: RegExp }][] = [
    ['text stays, trimmed', '  SN-001 ', serial, { value: 'SN-001' }],
    [
      'a number cell for a keepText field warns about leading zeros',
      1234,
      serial,
      { value: '1234', warning: /stored as a number \(1234\); leading zeros.*lost/ },
    ],
    ['a number cell for another field does not warn', 1234, name, { value: '1234' }],
    ['a quote before = is taken off', "'=SUM(A1)", name, { value: '=SUM(A1)' }],
    ['a quote before + is taken off', "'+44 20 7946 0000", name, { value: '+44 20 7946 0000' }],
    ['a quote before - is taken off', "'-x", name, { value: '-x' }],
    ['a quote before @ is taken off', "'@home", name, { value: '@home' }],
    ['a quote before ordinary text stays', "'quoted", name, { value: "'quoted" }],
    ['a Date cell becomes its ISO day', new Date(Date.UTC(2023, 0, 31)), name, { value: '2023-01-31' }],
  ];
  it.each(cases)('%s', (_name, cell, field, want) => {
    const r = coerceText(cell, field);
    expect(r.value).toBe(want.value);
    if (want.warning) expect(r.warning).toMatch(want.warning);
    else expect(r.warning).toBeUndefined();
  });

  it('an empty cell gives nothing to send', () => {
    expect(coerceText('   ', name)).toEqual({});
  });
});

describe('formula error cells', () => {
  const cases: [string, string][] = [
    ['text', 'name'],
    ['date', 'service_start_date'],
    ['decimal', 'original_cost'],
    ['enum', 'warranty_type'],
    ['lookup', 'country'],
  ];
  it.each(cases)('are refused for a %s field', (_type, fieldName) => {
    const r = coerceCell({ error: '#REF!' }, fieldByName(asset, fieldName)!, undefined);
    expect(r).toEqual({ problem: 'is a formula error (#REF!)' });
  });

  it('are refused by coerceText itself', () => {
    expect(coerceText({ error: '#VALUE!' })).toEqual({ problem: 'is a formula error (#VALUE!)' });
  });
});

describe('cellText shows a cell as the report echoes it', () => {
  const cases: [string, CellValue | undefined, string][] = [
    ['a date cell is its day', new Date(Date.UTC(2023, 0, 31)), '2023-01-31'],
    [
      'a date-time cell is its day, the time left off',
      new Date(Date.UTC(2024, 11, 31, 23, 59, 59)),
      '2024-12-31',
    ],
    ['a year before 1000 keeps four digits', new Date(Date.UTC(999, 5, 1)), '0999-06-01'],
    ['an invalid date is empty', new Date(NaN), ''],
    ['a number is its digits', 1200.5, '1200.5'],
    ['a formula error is its code', { error: '#N/A' }, '#N/A'],
    ['text stays as it is', ' SN-001 ', ' SN-001 '],
    ['an empty cell is empty', null, ''],
  ];
  it.each(cases)('%s', (_name, cell, shown) => {
    expect(cellText(cell)).toBe(shown);
  });
});
