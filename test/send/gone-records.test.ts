// Whether the service still has the records earlier runs made (src/send/gone-records.ts),
// against the sandbox over HTTP: the newest read by id, and when it is gone the others, by
// the list's pages or a read each, whichever costs fewer requests for the numbers at hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { customer } from '../../src/resources/customer.js';
import {
  checkRemembered,
  GoneRecords,
  goneNote,
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
