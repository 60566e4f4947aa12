// A row's cells as read, fingerprinted with how the run reads them: the same for the same row
// of the same import, another when a cell or the way cells are read changes (the row is then
// checked again, its lists read, as any changed row's are).
import { describe, expect, it } from 'vitest';
import { mapHeaders } from '../../src/map/headers.js';
import type { DateOrder, DecimalReading } from '../../src/map/coerce.js';
import type { CellValue } from '../../src/read/types.js';
import { asset } from '../../src/resources/index.js';
import { cellsFingerprint, type ReadSettings } from '../../src/run/journal-rows.js';

const HEADERS = ['Name', 'Serial No.', 'Category', 'Purchase date'];
const CELLS: CellValue[] = ['Laptop 1', 'SN-1', 'Hardware', '03/04/2024'];
const SETTINGS: ReadSettings = {
  company: 1,
  unmatched: { all: { kind: 'fail' }, byField: new Map() },
};
const NO_DATES = new Map<number, DateOrder | undefined>();

const fingerprint = (
  cells: CellValue[],
  o: {
    settings?: Partial<ReadSettings>;
    headers?: string[];
    dates?: Map<number, DateOrder | undefined>;
    marks?: Map<number, DecimalReading>;
    row?: number;
  } = {},
) =>
  cellsFingerprint({ ...SETTINGS, ...o.settings }, mapHeaders(asset, o.headers ?? HEADERS), {
    dateOrders: o.dates ?? NO_DATES,
    decimalReadings: o.marks,
  })({ row: o.row ?? 2, cells });

describe('cellsFingerprint', () => {
  const same = fingerprint(CELLS);
  it.each([
    ['the same cells, read the same way', fingerprint([...CELLS]), true],
    ['on another row (a row inserted above)', fingerprint(CELLS, { row: 3 }), true],
    ['a lookup cell edited', fingerprint(['Laptop 1', 'SN-1', 'Software', '03/04/2024']), false],
    ['a cell emptied', fingerprint(['Laptop 1', 'SN-1', null, '03/04/2024']), false],
    ['another company', fingerprint(CELLS, { settings: { company: 2 } }), false],
    ['a date order given', fingerprint(CELLS, { settings: { dateOrder: 'DMY' } }), false],
    ['a date column read another way', fingerprint(CELLS, { dates: new Map([[3, 'MDY']]) }), false],
    [
      'no amount column with a decimal mark (as before marks were)',
      fingerprint(CELLS, { marks: new Map() }),
      true,
    ],
    [
      'an amount column read with a decimal comma',
      fingerprint(CELLS, { marks: new Map([[2, { mark: ',' as const, example: '1,5', row: 2 }]]) }),
      false,
    ],
    [
      'a mapping file',
      fingerprint(CELLS, { settings: { mappingFile: { defaults: { status: 'x' } } } }),
      false,
    ],
    [
      'a column mapped elsewhere (another header)',
      fingerprint(CELLS, { headers: ['Name', 'Serial No.', 'Supplier', 'Purchase date'] }),
      false,
    ],
  ])('%s: same = %s', (_name, got, expected) => {
    expect(got === same).toBe(expected);
  });
});
