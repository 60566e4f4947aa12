// A record in the service whose key is a placeholder (someone typed "N/A" as a serial number)
// has no key, as a sheet's "N/A" is none: records keyed "N/A" do not share a key, no row
// matches them by it, an export of them imported back is those records, and an ID cell that
// names one is not refused for its key. Tables of records (read shape) and what is made of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { recordKeyText } from '../../src/map/placeholders.js';
import { asset } from '../../src/resources/asset.js';
import { customer } from '../../src/resources/customer.js';
import { coverage } from '../../src/run/missing.js';
import type { SyncSettings } from '../../src/run/settings.js';
import { idMismatch } from '../../src/run/id-mismatch.js';
import { judgeByIdCell } from '../../src/send/by-id-cell.js';
import { loadExistingKeys } from '../../src/send/existing-records.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { KeyIndex } from '../../src/util/key-index.js';

describe("a record's key", () => {
  const cases: { name: string; value: unknown; field: string; key: string | undefined }[] = [
    { name: 'a serial number', value: ' SN-1 ', field: 'serial_number', key: 'SN-1' },
    { name: 'a serial number "N/A"', value: 'N/A', field: 'serial_number', key: undefined },
    { name: 'a serial number "-"', value: '-', field: 'serial_number', key: undefined },
    { name: 'a serial number "unbekannt"', value: 'unbekannt', field: 'serial_number', key: undefined },
    { name: 'a contract number "k.A."', value: 'k.A.', field: 'number', key: undefined },
    { name: 'a name "N/A"', value: 'N/A', field: 'name', key: undefined },
    // A name keeps its words, as a sheet's name column does: "Unknown" is a name some give.
    { name: 'a name "Unknown"', value: 'Unknown', field: 'name', key: 'Unknown' },
    {
      name: 'a serial number "NA" (Namibia\'s code, a value)',
      value: 'NA',
      field: 'serial_number',
      key: 'NA',
    },
    { name: 'an empty one', value: '  ', field: 'serial_number', key: undefined },
    { name: 'none', value: null, field: 'serial_number', key: undefined },
  ];
  it.each(cases)('$name: $key', ({ value, field, key }) => {
    expect(recordKeyText(value, field)).toBe(key);
  });
});

describe('the existing-record list of records keyed "N/A"', () => {
  let sb: Sandbox;
  let client: ApiClient;
  const ids: number[] = [];
  beforeAll(async () => {
    sb = await startSandbox({ port: 0, rateLimit: 0, seed: 'empty' });
    client = new ApiClient({ baseUrl: sb.url, token: sb.token, rateLimit: 0 });
    for (const [name, serial] of [
      ['Printer A', 'N/A'],
      ['Printer B', 'N/A'],
      ['Printer C', 'SN-C'],
    ]) {
      const body = { name, serial_number: serial, company: 1 };
      ids.push(
        (await client.write<{ id: number }>('POST', client.path(asset.path), body, { company: 1 })).id,
      );
    }
  });
  afterAll(async () => {
    await client.close();
    await sb.close();
  });

  it('indexes them under no key, and keeps them with the keyless records an import compares its rows with', async () => {
    const existing = await loadExistingKeys(client, asset, 1, ['serial_number'], 1_000, {
      keepRecords: new Set<string>(),
    });
    expect([...(existing.map?.keys() ?? [])]).toEqual(['serial_number=SN-C']);
    expect([...(existing.records?.keys() ?? [])]).toEqual(ids.slice(0, 2));
  });
});

describe('a sync of records keyed "N/A"', () => {
  const records = new Map<number, Record<string, unknown>>([
    [1, { id: 1, name: 'Printer A', serial_number: 'N/A' }],
    [2, { id: 2, name: 'Printer B', serial_number: 'SN-B' }],
  ]);
  it('a sheet key "N/A" (a value table kept it) matches none; the record is missing, shown as it is', () => {
    const keys = new KeyIndex();
    keys.add('N/A', 2);
    keys.add('SN-B', 3);
    const sync: SyncSettings = { missing: { kind: 'report' }, maxMissing: { count: 10 }, preferSheet: false };
    const cov = coverage(asset, sync, 'serial_number', records, keys, { ids: new Set() });
    expect(cov.matched).toBe(1);
    expect(cov.missing).toEqual([{ id: 1, key: 'N/A', name: 'Printer A' }]);
  });
});

describe('an export of a record keyed "N/A" imported back', () => {
  const lookups = { countryCode: () => undefined };
  const record = { id: 7, name: 'Printer A', serial_number: 'N/A', city: 'Wien' };
  const cases = [
    { name: 'the row\'s "N/A" read as empty: the same record', body: { city: 'Wien' }, kind: 'same' },
    {
      name: 'another city: differs in that alone',
      body: { city: 'Graz' },
      kind: 'differs',
      fields: ['city'],
    },
    {
      name: 'a serial number now known: differs in it',
      body: { city: 'Wien', serial_number: 'SN-7' },
      kind: 'differs',
      fields: ['serial_number'],
    },
  ];
  it.each(cases)('$name', (c) => {
    const row = { body: { company: 1, name: 'Printer A', ...c.body }, emptied: ['serial_number'] };
    const v = judgeByIdCell(asset, record, row, lookups);
    expect(v.kind).toBe(c.kind);
    if (v.kind === 'differs') expect(v.changes.map((ch) => ch.field)).toEqual(c.fields);
  });
});

describe('an update whose ID cell names a record keyed "N/A"', () => {
  const records = new Map([[7, { id: 7, name: 'Printer A', serial_number: 'N/A' }]]);
  it("a row of another name and a serial number: believed, the record's key being none", () => {
    const row = {
      id: 7,
      key: { field: 'serial_number', value: 'SN-7' },
      name: 'Printer 7',
      column: 'ID',
      mapped: false,
    };
    expect(idMismatch(row, { records, existing: new Map() })).toBeUndefined();
  });
  it('the same with a record of serial number "SN-1": refused, naming it', () => {
    const other = new Map([[7, { id: 7, name: 'Printer A', serial_number: 'SN-1' }]]);
    const row = {
      id: 7,
      key: { field: 'serial_number', value: 'SN-7' },
      name: 'Printer 7',
      column: 'ID',
      mapped: false,
    };
    expect(idMismatch(row, { records: other, existing: new Map() })?.message).toMatch(
      /serial number "SN-1": neither/,
    );
  });
});

describe('a customer named "N/A" in the service', () => {
  it('has no key; one named "Unknown" has its name', () => {
    const key = (name: string) => recordKeyText(name, customer.naturalKey![0]);
    expect([key('N/A'), key('Unknown')]).toEqual([undefined, 'Unknown']);
  });
});
