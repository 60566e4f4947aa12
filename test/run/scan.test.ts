// The scanner sizes its duplicate-key index from the file's size and the records it has
// seen, so that a million keys take one table, not a doubling that holds two at once.
import { describe, expect, it } from 'vitest';
import { mapHeaders } from '../../src/map/headers.js';
import { asset } from '../../src/resources/index.js';
import { Scanner } from '../../src/run/scan.js';
import type { SheetRow } from '../../src/read/types.js';

const mapping = mapHeaders(asset, ['Name', 'Serial No.']);
const slots = (s: Scanner) => s.firstRowOfKey.capacity;

function rows(n: number, withText: boolean): SheetRow[] {
  return Array.from({ length: n }, (_, i) => {
    const cells = [`Laptop ${String(i).padStart(4, '0')}`, `SN-${String(i).padStart(6, '0')}`];
    return { row: i + 2, cells, text: withText ? cells.join(',') : undefined };
  });
}

describe('Scanner.expectFileBytes', () => {
  it.each([
    // Records of 21 characters and a line break: 10 MB is 454,545 rows, 500,000 with a tenth more, in a table three quarters full.
    {
      name: 'CSV records judge the rows',
      rows: rows(1_000, true),
      trackKeys: true,
      bytes: 10_000_000,
      slots: 666_668,
    },
    {
      name: 'rows without text (XLSX) judge nothing',
      rows: rows(1_000, false),
      trackKeys: true,
      bytes: 10_000_000,
      slots: undefined,
    },
    {
      name: 'too few records judge nothing',
      rows: rows(99, true),
      trackKeys: true,
      bytes: 10_000_000,
      slots: undefined,
    },
    {
      name: 'no keys tracked, no room taken',
      rows: rows(1_000, true),
      trackKeys: false,
      bytes: 10_000_000,
      slots: undefined,
    },
  ])('$name', ({ rows, trackKeys, bytes, slots: wanted }) => {
    const s = new Scanner(mapping, { keyField: 'serial_number', trackKeys });
    for (const r of rows) s.add(r);
    const before = slots(s);
    s.expectFileBytes(bytes);
    expect(slots(s)).toBe(wanted ?? before);
    if (trackKeys) for (const r of rows) expect(s.firstRowOfKey.get(r.cells[1] as string)).toBe(r.row);
  });
});

describe('Scanner.firstRowOf', () => {
  // Rows 2-4: SN-A, SN-B, SN-A again. The row just added is answered from its add; any
  // other question goes to the index, with the same answers.
  const s = new Scanner(mapping, { keyField: 'serial_number', trackKeys: true });
  for (const [row, serial] of [
    [2, 'SN-A'],
    [3, 'SN-B'],
    [4, 'SN-A'],
  ] as const)
    s.add({ row, cells: [`Laptop ${row}`, serial] });
  it.each([
    { name: 'the row just added, a duplicate', key: 'SN-A', row: 4, first: 2 },
    { name: 'an earlier row', key: 'SN-B', row: 3, first: 3 },
    {
      name: 'the last row asked with another key (its body key differs from the cell)',
      key: 'SN-B',
      row: 4,
      first: 3,
    },
    { name: 'a key never seen', key: 'SN-C', row: 4, first: undefined },
  ])('$name', ({ key, row, first }) => {
    expect(s.firstRowOf(key, row)).toBe(first);
  });
});
