// coerceDate: every way a date reaches us from a sheet (ISO text, Date cells, Excel
// serials, day-first or month-first text, month names) and the ones we must refuse.
import { describe, expect, it } from 'vitest';
import { coerceDate, dateOrderFromFormat, dateOrdersOf, type DateOrder } from '../../src/map/coerce.js';
import type { CellValue } from '../../src/read/types.js';

describe('coerceDate reads a date', () => {
  const cases: [string, CellValue, DateOrder | undefined, string][] = [
    ['ISO text', '2023-01-31', undefined, '2023-01-31'],
    ['ISO with one-digit month and day', '2023-1-5', undefined, '2023-01-05'],
    ['ISO with a time', '2023-01-31T10:15:00', undefined, '2023-01-31'],
    ['ISO with a time and zone', '2023-01-31T23:59:59.123+02:00', undefined, '2023-01-31'],
    ['ISO with a space before the time', '2023-01-31 08:00', undefined, '2023-01-31'],
    ['a Date cell (UTC midnight)', new Date(Date.UTC(2024, 1, 29)), undefined, '2024-02-29'],
    ['Excel serial 1', 1, undefined, '1900-01-01'],
    ['Excel serial 59', 59, undefined, '1900-02-28'],
    ['Excel serial 61 (after the phantom leap day)', 61, undefined, '1900-03-01'],
    ['Excel serial 45000', 45000, undefined, '2023-03-15'],
    ['Excel serial with a time part', 45000.75, undefined, '2023-03-15'],
    ['Excel serial as text', '45000', undefined, '2023-03-15'],
    ['day-first when only that is a real date', '31/01/2023', undefined, '2023-01-31'],
    ['month-first when only that is a real date', '01/31/2023', undefined, '2023-01-31'],
    ['the same day and month needs no order', '05/05/2023', undefined, '2023-05-05'],
    ['ambiguous, day-first given', '02/03/2023', 'DMY', '2023-03-02'],
    ['ambiguous, month-first given', '02/03/2023', 'MDY', '2023-02-03'],
    ['dots as separators, day-first given', '02.03.2023', 'DMY', '2023-03-02'],
    ['dots are day-first without an order (German, Russian …)', '01.02.2023', undefined, '2023-02-01'],
    ['dots with a two-digit year are day-first', '1.2.23', undefined, '2023-02-01'],
    ['two-digit year below 70 is 20xx', '31/01/23', undefined, '2023-01-31'],
    ['two-digit year of 70 or more is 19xx', '31/01/85', undefined, '1985-01-31'],
    ['"31 Jan 2023"', '31 Jan 2023', undefined, '2023-01-31'],
    ['"31-Jan-23"', '31-Jan-23', undefined, '2023-01-31'],
    ['"Jan 31, 2023"', 'Jan 31, 2023', undefined, '2023-01-31'],
    ['"January 31st, 2023"', 'January 31st, 2023', undefined, '2023-01-31'],
  ];
  it.each(cases)('%s', (_name, cell, order, iso) => {
    expect(coerceDate(cell, order)).toMatchObject({ value: iso });
    expect(coerceDate(cell, order).problem).toBeUndefined();
  });
});

describe('coerceDate refuses what is not a date', () => {
  const cases: [string, CellValue, DateOrder | undefined, RegExp][] = [
    ['serial 60, the day Excel invented', 60, undefined, /1900-02-29.*never existed/],
    [
      '1900-02-29 as text (an XLSX date cell of serial 60)',
      '1900-02-29',
      undefined,
      /^"1900-02-29" is not a real date: .*Excel.*1900 leap-year bug/,
    ],
    ['ambiguous without an order', '02/03/2023', undefined, /day-first or month-first.*--date-format/],
    ['ambiguous with dashes, without an order', '02-03-2023', undefined, /day-first or month-first/],
    [
      'month-first with dots: dots are day-first',
      '01.31.2023',
      undefined,
      /not a real date as day\/month\/year/,
    ],
    ['31/02/2023 without an order: no reading is real', '31/02/2023', undefined, /is not a real date$/],
    ['31/02/2023 read day-first', '31/02/2023', 'DMY', /not a real date as day\/month\/year/],
    ['31/01/2023 read month-first', '31/01/2023', 'MDY', /not a real date as month\/day\/year/],
    ['an ISO date that never was', '2023-02-30', undefined, /not a real date/],
    ['"31 Feb 2023"', '31 Feb 2023', undefined, /not a real date/],
    ['an unknown month name', '31 Foo 2023', undefined, /is not a date/],
    ['free text', 'soon', undefined, /is not a date \(write it like 2024-03-31\)/],
    ['zero', 0, undefined, /the number 0 is not a date/],
    ['a negative number', -3, undefined, /is not a date/],
    ['an invalid Date cell', new Date(NaN), undefined, /not a valid date/],
  ];
  it.each(cases)('%s', (_name, cell, order, problem) => {
    const r = coerceDate(cell, order);
    expect(r.value).toBeUndefined();
    expect(r.problem).toMatch(problem);
  });
});

describe('coerceDate warns about small numbers read as Excel dates', () => {
  const cases: [string, number, boolean][] = [
    ['serial 1 warns', 1, true],
    ['serial 366 warns', 366, true],
    ['serial 367 does not', 367, false],
    ['serial 45000 does not', 45000, false],
  ];
  it.each(cases)('%s', (_name, cell, warns) => {
    expect(coerceDate(cell, undefined).warning !== undefined).toBe(warns);
  });
});

describe('dateOrdersOf', () => {
  const cases: [string, string, { dmy: boolean; mdy: boolean } | undefined][] = [
    ['day-first only', '31/01/2023', { dmy: true, mdy: false }],
    ['month-first only', '01/31/2023', { dmy: false, mdy: true }],
    ['both', '02/03/2023', { dmy: true, mdy: true }],
    ['neither', '31/02/2023', { dmy: false, mdy: false }],
    ['dots are day-first only', '01.02.2023', { dmy: true, mdy: false }],
    ['dots month-first are neither', '01.31.2023', { dmy: false, mdy: false }],
    ['dashes stay both', '01-02-2023', { dmy: true, mdy: true }],
    ['ISO is not one of these forms', '2023-01-31', undefined],
    ['text is not one of these forms', '31 Jan 2023', undefined],
  ];
  it.each(cases)('%s', (_name, text, orders) => {
    expect(dateOrdersOf(text)).toEqual(orders);
  });
});

describe('dateOrderFromFormat', () => {
  const cases: [string, string | undefined, DateOrder | undefined][] = [
    ['dd/MM/yyyy is day-first', 'dd/MM/yyyy', 'DMY'],
    ['MM/dd/yyyy is month-first', 'MM/dd/yyyy', 'MDY'],
    ['d.M.yy is day-first', 'd.M.yy', 'DMY'],
    ['upper case DD/MM/YYYY is day-first', 'DD/MM/YYYY', 'DMY'],
    ['M/d/yyyy is month-first', 'M/d/yyyy', 'MDY'],
    ['yyyy-MM-dd (ISO) gives no order', 'yyyy-MM-dd', undefined],
    ['a format without a day gives no order', 'MM/yyyy', undefined],
    ['no format gives no order', undefined, undefined],
  ];
  it.each(cases)('%s', (_name, format, order) => {
    expect(dateOrderFromFormat(format)).toBe(order);
  });
});
