// listAll against the sandbox: every record once, in id order, for lists of 0 to 51
// records, by page number in parallel or by following `next`, in as many GETs as pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { fetchPage, listAll, pagesFor, type ListOptions } from '../../src/api/paginate.js';
import { customer } from '../../src/resources/customer.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';

let sb: Sandbox;
let client: ApiClient;
beforeAll(async () => {
  sb = await startSandbox({ port: 0, rateLimit: 0, seed: 'empty' });
  client = new ApiClient({ baseUrl: sb.url, token: sb.token, rateLimit: 0 });
});
afterAll(async () => {
  await client.close();
  await sb.close();
});

const names = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => `Customer ${String(from + i).padStart(3, '0')}`);

async function addCustomers(list: string[]): Promise<void> {
  for (const name of list) await client.write('POST', client.path('customer'), { company: 1, name });
}

/** An empty account with `n` customers, and the request counts reset. */
async function accountWith(n: number): Promise<void> {
  await sb.admin(`/__sandbox/reset?seed=empty`, { method: 'POST' });
  await addCustomers(names(1, n));
  await sb.admin(`/__sandbox/reset`, { method: 'POST' });
}

async function listGets(): Promise<number> {
  const stats = (await (await sb.admin(`/__sandbox/stats`)).json()) as { requests: Record<string, number> };
  await sb.admin(`/__sandbox/reset`, { method: 'POST' });
  return stats.requests['GET /api/v2/customer/'] ?? 0;
}

async function collect(opts: ListOptions): Promise<{ names: string[]; pagesSeen: number[] }> {
  const out: string[] = [];
  const pagesSeen: number[] = [];
  for await (const r of listAll<{ name: string }>(client, customer, {
    company: 1,
    ...opts,
    onPage: ({ page }) => void pagesSeen.push(page),
  }))
    out.push(r.name);
  return { names: out, pagesSeen };
}

describe('listAll', () => {
  const sizes: [string, number][] = [
    ['an empty list', 0],
    ['one record', 1],
    ['exactly one page', 25],
    ['one past a page', 26],
    ['three pages', 51],
  ];
  const modes: [string, ListOptions][] = [
    ['by page number', { mode: 'pages' }],
    ['by page number, one at a time', { mode: 'pages', concurrency: 1 }],
    ['following next', { mode: 'next' }],
  ];
  const cases = sizes.flatMap(([size, n]) =>
    modes.map(([mode, opts]) => [`${size} (${n}), ${mode}`, n, opts] as [string, number, ListOptions]),
  );

  it.each(cases)('%s: every record in order, one GET a page', async (_name, n, opts) => {
    await accountWith(n);
    const got = await collect(opts);
    expect(got.names).toEqual(names(1, n));
    const pages = pagesFor(n);
    expect(got.pagesSeen).toEqual(Array.from({ length: pages }, (_, i) => i + 1));
    expect(await listGets()).toBe(pages);
  });

  it('does not fetch page 1 again when given it', async () => {
    await accountWith(51);
    const first = await fetchPage(client, customer, { company: 1 }, 1);
    await listGets();
    expect((await collect({ first })).names).toEqual(names(1, 51));
    expect(await listGets()).toBe(2);
  });

  it('picks up records added after page 1 told the count', async () => {
    await accountWith(26);
    const first = await fetchPage(client, customer, { company: 1 }, 1);
    await addCustomers(names(27, 25));
    const got = await collect({ first });
    expect(got.names).toEqual(names(1, 51));
    expect(got.pagesSeen).toEqual([1, 2, 3]);
  });
});
