// Whether the service still has the records earlier runs made (src/send/gone-records.ts),
// against the sandbox over HTTP: the newest read by id, and when it is gone the others, by
// the list's pages or a read each, whichever costs fewer requests for the numbers at hand;
// and, without a request, against a list the run read whole anyway.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { customer } from '../../src/resources/customer.js';
import {
  checkRemembered,
  goneFromList,
  GoneRecords,
  goneNote,
  goneWarning,
  type RememberedRecord,
} from '../../src/send/gone-records.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';

let sb: Sandbox;
let client: ApiClient;
beforeAll(async () => {
  sb = await startSandbox({ port: 0, rateLimit: 0, seed: 'empty' });
  client = new ApiClient({ baseUrl: sb.url, token: sb.token, rateLimit: 0 });
  // Customers 1 to 100 (ids 1 to 100): 4 pages of 25.
  for (let i = 1; i <= 100; i++)
    await client.write('POST', client.path('customer'), { company: 1, name: `C ${i}` });
});
afterAll(async () => {
  await client.close();
  await sb.close();
});

/** Remembered customers by id, with the name sent (`other`: one the service's record does not have). */
const made = (ids: readonly number[], other: readonly number[] = []): RememberedRecord[] =>
  ids.map((id) => ({ id, fp: `f${id}`, name: other.includes(id) ? `Another ${id}` : `C ${id}` }));

describe('checkRemembered', () => {
  it.each([
    { name: 'the newest there: nothing more read', rs: made([3, 50]), gone: undefined, requests: 1 },
    {
      name: 'the newest gone, nothing else remembered',
      rs: made([500]),
      gone: [500],
      requests: 1,
      how: 'reads',
    },
    {
      name: 'the newest gone, one other: read by id',
      rs: made([7, 500]),
      gone: [500],
      requests: 2,
      how: 'reads',
    },
    {
      name: 'all at or below the first page: it answers for them',
      rs: made([2, 9, 20, 500], [9]),
      gone: [500, 9],
      requests: 2,
      how: 'list',
    },
    {
      name: 'one above the first page of 4: read by id (3 requests, not the 3 pages left)',
      rs: made([2, 20, 60, 500]),
      gone: [500],
      requests: 3,
      how: 'reads',
    },
    {
      name: 'many above the first page: the rest of the list',
      rs: made([30, 40, 55, 60, 70, 80, 99, 500], [70]),
      gone: [500, 70],
      requests: 1 + 4,
      how: 'list',
    },
  ])('$name', async ({ rs, gone, requests, how }) => {
    const before = client.stats.requests;
    const check = await checkRemembered({ client, def: customer, company: 1 }, rs);
    expect(client.stats.requests - before).toBe(requests);
    expect(check?.gone.map((r) => r.id)).toEqual(gone);
    if (check) expect([check.requests, check.how, check.checked]).toEqual([requests, how, rs.length]);
  });
});

describe('checkRemembered: the record under the id is the one made', () => {
  // Customer 100 is "C 100". A key names the record where the row had one: a name changes with an update, a key does not.
  const newest = (over: Partial<RememberedRecord>): RememberedRecord[] => [{ id: 100, fp: 'f100', ...over }];
  it.each([
    { name: 'the name sent, no key: there', rs: newest({ name: 'C 100' }), gone: undefined },
    {
      name: 'another name, no key: another record given the id',
      rs: newest({ name: 'Another' }),
      gone: [100],
    },
    {
      name: 'renamed since (another name), its key the same: there, not made twice',
      rs: newest({ name: 'Another', key: 'name=C 100' }),
      gone: undefined,
    },
    { name: 'another key under the id: gone', rs: newest({ name: 'C 100', key: 'name=C 7' }), gone: [100] },
    {
      name: 'a key field the record lacks: judged by the name',
      rs: newest({ name: 'C 100', key: 'serial_number=SN-1' }),
      gone: undefined,
    },
  ])('$name', async ({ rs, gone }) => {
    const check = await checkRemembered({ client, def: customer, company: 1 }, rs);
    expect(check?.gone.map((r) => r.id)).toEqual(gone);
  });
});

describe('GoneRecords', () => {
  it('gives each gone record to the one row that made it: by key, else by body or values', async () => {
    const rs: RememberedRecord[] = [
      { id: 501, key: 'name=A', fp: 'fa', at: '2026-12-02T16:40:12.000Z' },
      { id: 502, fp: 'fb', values: 'vb' },
      { id: 503, fp: 'fc', values: 'vb' },
    ];
    const check = await checkRemembered({ client, def: customer, company: 1 }, rs);
    const gone = new GoneRecords(check!);
    expect(gone.take('name=A', 'other', 'other')?.id).toBe(501);
    expect(gone.take('name=A', 'fa', 'x')).toBeUndefined();
    expect(gone.take(undefined, 'fb', 'x')?.id).toBe(502);
    expect(gone.take(undefined, 'zz', 'vb')?.id).toBe(503);
    expect(gone.take(undefined, 'fb', 'vb')).toBeUndefined();
    expect(goneNote(rs[0], false)).toBe(
      'record 501 made 2026-12-02 16:40 UTC is gone from the service; created again',
    );
    expect(goneNote(rs[1], true)).toBe(
      'record 502 made by an earlier run of this import is gone from the service; would be created again',
    );
  });
});

describe('goneFromList', () => {
  const since = Date.parse('2026-12-02T17:00:00.000Z');
  /** Remembered records by id, each written to the memory at `at` (undefined: only the journal knows it). */
  const at = (list: ReadonlyArray<readonly [number, string | undefined]>): RememberedRecord[] =>
    list.map(([id, when]) => ({ id, fp: `f${id}`, ...(when ? { at: when } : {}) }));
  const early = '2026-12-02T16:40:00.000Z';
  const late = '2026-12-02T17:00:05.000Z';
  it.each([
    {
      name: 'every record in the list: none gone',
      rs: at([
        [1, early],
        [3, early],
      ]),
      gone: undefined,
      checked: 0,
    },
    {
      name: 'an older one missing, newer ones listed',
      rs: at([
        [1, early],
        [2, early],
        [3, early],
      ]),
      gone: [2],
      checked: 3,
    },
    {
      name: 'a journal record (no date) missing',
      rs: at([
        [2, undefined],
        [3, early],
      ]),
      gone: [2],
      checked: 2,
    },
    {
      name: 'made once the list began to be read: not judged',
      rs: at([
        [3, early],
        [9, late],
      ]),
      gone: undefined,
      checked: 0,
    },
    {
      name: 'several missing: the newest named',
      rs: at([
        [2, early],
        [4, early],
        [5, early],
      ]),
      gone: [2, 4],
      checked: 3,
    },
  ])('$name', ({ rs, gone, checked }) => {
    const check = goneFromList(rs, { ids: new Set([1, 3, 5]), since });
    expect(check?.gone.map((r) => r.id)).toEqual(gone);
    if (check) {
      expect([check.newest.id, check.checked, check.requests, check.how]).toEqual([
        Math.max(...gone!),
        checked,
        0,
        'listed',
      ]);
    }
  });

  it('is said in the plan as what the list lacks, at no request', () => {
    const rs: RememberedRecord[] = [
      { id: 2, fp: 'f2', at: '2026-12-02T16:40:12.000Z', file: '/data/a.csv' },
      { id: 4, fp: 'f4', at: '2026-12-02T16:41:00.000Z', file: '/data/a.csv' },
      { id: 5, fp: 'f5', at: '2026-12-02T16:41:00.000Z', file: '/data/a.csv' },
    ];
    const list = (ids: number[]) => ({ ids: new Set(ids), since });
    expect(goneWarning(goneFromList(rs, list([4, 5]))!)).toBe(
      "the service no longer has record 2, made by the run of /data/a.csv on 2026-12-02 16:40 UTC: of the 3 records this run's memory holds, 1 is not in the resource's list this run read (no request of its own), and its row is created again",
    );
    expect(goneWarning(goneFromList(rs, list([5]))!)).toContain(
      "of the 3 records this run's memory holds, 2 are not in the resource's list this run read (no request of its own), and their rows are created again",
    );
    expect(goneWarning(goneFromList(rs, list([]))!)).toContain(
      "of the 3 records this run's memory holds, all 3 are not in the resource's list",
    );
  });
});
