// The account's rate limit: a sliding window, 429 with Retry-After and DRF's detail text.
import { afterEach, describe, expect, it } from 'vitest';
import { sandbox, type Client } from './helpers.js';
import { SlidingWindowLimiter, throttledDetail } from '../../src/sandbox/rate-limit.js';

let c: Client | undefined;
afterEach(async () => {
  await c?.close();
  c = undefined;
});

describe('rate limit over HTTP', () => {
  it('answers the 6th request of a minute with 429 when the limit is 5', async () => {
    c = await sandbox({ rateLimit: 5 });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await c.get('/api/v2/company/')).status);
    const sixth = await c.get('/api/v2/company/');
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect(sixth.status).toBe(429);
    const retry = Number(sixth.headers.get('retry-after'));
    expect(retry).toBeGreaterThanOrEqual(59);
    expect(retry).toBeLessThanOrEqual(60);
    expect(sixth.body).toEqual({ detail: `Request was throttled. Expected available in ${retry} seconds.` });
    expect((await c.stats()).throttled).toBe(1);
  });

  it('counts writes and reads alike, and not the admin view', async () => {
    c = await sandbox({ rateLimit: 2 });
    for (let i = 0; i < 5; i++) expect((await c.sb.admin(`/__sandbox/stats`)).status).toBe(200);
    expect((await c.post('/api/v2/customer/', { company: 1, name: 'Rate A' })).status).toBe(201);
    expect((await c.get('/api/v2/company/')).status).toBe(200);
    expect((await c.post('/api/v2/customer/', { company: 1, name: 'Rate B' })).status).toBe(429);
  });

  it('does not throttle when the limit is 0', async () => {
    c = await sandbox({ rateLimit: 0 });
    const statuses = await Promise.all(
      Array.from({ length: 120 }, () => c!.get('/api/v2/company/').then((r) => r.status)),
    );
    expect(new Set(statuses)).toEqual(new Set([200]));
  });

  it('defaults to 100 a minute', async () => {
    c = await sandbox({ rateLimit: undefined });
    const statuses = await Promise.all(
      Array.from({ length: 101 }, () => c!.get('/api/v2/company/').then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
  });
});

describe('sliding window', () => {
  it.each([
    ['frees the oldest slot after 60 s', [0, 10_000, 20_000], 60_000, true, 0],
    ['is full until then', [0, 10_000, 20_000], 59_000, false, 1],
    ['says when the oldest slot frees', [0, 10_000, 20_000], 30_500, false, 30],
  ])('%s', (_name, takes, at, ok, retryAfter) => {
    let now = 0;
    const limiter = new SlidingWindowLimiter(3, 60_000, () => now);
    for (const t of takes) {
      now = t;
      expect(limiter.take().ok).toBe(true);
    }
    now = at;
    const r = limiter.take();
    expect(r.ok).toBe(ok);
    if (!r.ok) expect(r.retryAfter).toBe(retryAfter);
  });

  it.each([
    [1, 'Request was throttled. Expected available in 1 second.'],
    [40, 'Request was throttled. Expected available in 40 seconds.'],
  ])('words %i seconds as DRF does', (n, text) => {
    expect(throttledDetail(n)).toBe(text);
  });
});
