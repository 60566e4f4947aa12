// listAll when pages fail or vanish, against a scripted server: a page past the end
// ends the list, a failing page throws to the reader, and no page left in flight
// becomes an unhandled rejection.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { listAll } from '../../src/api/paginate.js';
import { customer } from '../../src/resources/customer.js';

type PageAnswer = 'ok' | 404 | 400 | 'slow-ok';

const servers: Server[] = [];
const clients: ApiClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A customer list claiming `count` records; each page answers as `answers[page]` says (default ok). */
async function listServer(count: number, answers: Record<number, PageAnswer>): Promise<ApiClient> {
  const server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    const page = Number(url.searchParams.get('page') ?? '1');
    const answer = answers[page] ?? 'ok';
    const send = () => {
      if (answer === 404 || answer === 400) {
        res.writeHead(answer, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify({ detail: answer === 404 ? 'Invalid page.' : 'bad' }));
      }
      const from = (page - 1) * 25;
      const results = Array.from({ length: Math.max(0, Math.min(25, count - from)) }, (_, i) => ({
        id: from + i + 1,
      }));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ count, next: null, previous: null, results }));
    };
    // A slow page lets the pages after it fail first.
    if (answer === 'slow-ok') setTimeout(send, 100);
    else send();
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const c = new ApiClient({
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    token: 't',
    rateLimit: 0,
    backoffMs: 1,
    maxRetries: 0,
  });
  clients.push(c);
  return c;
}

async function ids(c: ApiClient, stopAfter = Infinity): Promise<number[]> {
  const out: number[] = [];
  for await (const r of listAll<{ id: number }>(c, customer, { company: 1, concurrency: 4 })) {
    out.push(r.id);
    if (out.length >= stopAfter) break;
  }
  return out;
}

describe('listAll edges', () => {
  it('a page past the end (records deleted meanwhile) ends the list', async () => {
    const c = await listServer(100, { 3: 404, 4: 400 });
    expect(await ids(c)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('a failing page throws to the reader, even when it failed while an earlier page was awaited', async () => {
    const c = await listServer(100, { 2: 'slow-ok', 3: 400 });
    await expect(ids(c)).rejects.toMatchObject({ code: 'E_HTTP_BAD_REQUEST' });
  });

  it('a reader that stops early leaves no unhandled rejection behind', async () => {
    const c = await listServer(100, { 2: 'slow-ok', 3: 400, 4: 400 });
    expect(await ids(c, 10)).toHaveLength(10);
    // Give the pages in flight time to fail.
    await new Promise((r) => setTimeout(r, 200));
  });
});
