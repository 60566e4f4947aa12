// The memory of exports: a later export of a record replaces its entry, a filtered export
// touches only its records, and an export no record names any more is forgotten.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ExportedRecords, rememberExport, withExport } from '../../src/send/export-memory.js';

const first = {
  at: '2026-12-01T09:00:00.000Z',
  file: '/tmp/all.csv',
  fields: ['name', 'city'],
  records: new Map([
    [1, ['n1', 'c1']],
    [2, ['n2', 'c2']],
  ]),
};
const filtered = {
  at: '2026-12-02T09:00:00.000Z',
  file: '/tmp/two.csv',
  fields: ['city'],
  records: new Map([[2, ['c2b']]]),
};

describe('the memory of exports', () => {
  it.each([
    [
      'one export: each record by it',
      [first],
      1,
      { at: first.at, file: first.file, prints: { name: 'n1', city: 'c1' } },
    ],
    [
      'a filtered export later: the records it left out keep the first',
      [first, filtered],
      1,
      { at: first.at, file: first.file, prints: { name: 'n1', city: 'c1' } },
    ],
    [
      'a filtered export later: its record by it',
      [first, filtered],
      2,
      { at: filtered.at, file: filtered.file, prints: { city: 'c2b' } },
    ],
    ['a record no export showed: none', [first], 3, undefined],
  ])('%s', (_name, exports, id, expected) => {
    const data = exports.reduce(withExport, { v: 1 as const, exports: [], records: {} });
    expect(new ExportedRecords(data).of(id)).toEqual(expected);
  });

  it('an export no record names any more is forgotten', () => {
    const again = { ...first, at: '2026-12-03T09:00:00.000Z' };
    const data = [first, filtered, again].reduce(withExport, { v: 1 as const, exports: [], records: {} });
    expect(data.exports.map((e) => e.at)).toEqual([again.at]);
  });

  it('written to its file and read back; an unreadable file is no memory', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'ab-exports-')), 'exports', 'x.json');
    await rememberExport(path, first);
    expect(ExportedRecords.read(path).of(2)?.prints).toEqual({ name: 'n2', city: 'c2' });
    expect(readFileSync(path, 'utf8')).not.toContain('\n');
    writeFileSync(path, '{"v":1,"exp');
    expect(ExportedRecords.read(path).size).toBe(0);
  });
});
