// ApiClient against a scripted node:http server on loopback: which failures are retried,
// which POSTs surface as ambiguous, the shared 429 pause, and errors that keep the token out.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AmbiguousWriteError, ApiClient, ApiError, type Method } from '../../src/api/client.js';
import { AssetbatchError } from '../../src/errors.js';
import { RateLimiter } from '../../src/api/rate-limit.js';

const TOKEN = 'tok-secret-1234';

/** One scripted answer: a status with headers and a body, or a dropped connection. */
type Step = { status: number; body?: string; headers?: Record<string, string> } | 'destroy';

interface Scripted {
  url: string;
  /** Method, path and arrival time (ms) of every request seen. */
  seen: { method: string; path: string; auth?: string; at: number }[];
  close(): Promise<void>;
}

const servers: Server[] = [];
const clients: ApiClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A server answering the steps in order (the last one repeats). */
async function scripted(steps: Step[]): Promise<Scripted> {
  const seen: Scripted['seen'] = [];
  const start = Date.now();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const step = steps[Math.min(seen.length, steps.length - 1)];
    seen.push({
      method: req.method!,
      path: req.url!,
      auth: req.headers.authorization,
      at: Date.now() - start,
    });
    req.resume();
    req.on('end', () => {
      if (step === 'destroy') return void req.socket.destroy();
      res.writeHead(step.status, { 'content-type': 'application/json', ...step.headers });
      res.end(step.body ?? '');
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, seen, close: () => new Promise((r) => server.close(() => r())) };
}

function clientFor(url: string, opts: Partial<ConstructorParameters<typeof ApiClient>[0]> = {}): ApiClient {
  const c = new ApiClient({ baseUrl: url, token: TOKEN, rateLimit: 0, backoffMs: 1, maxRetries: 2, ...opts });
  clients.push(c);
  return c;
}

const ok = (body: unknown = { ok: true }, status = 200): Step => ({ status, body: JSON.stringify(body) });

async function call(c: ApiClient, method: Method): Promise<unknown> {
  return method === 'GET'
    ? c.get(c.path('asset'), { company: 1 })
    : c.write(method as 'POST' | 'PUT', c.path('asset'), { name: 'x' });
}

describe('retries', () => {
  const cases: [string, Method, Step[], number][] = [
    ['a 500 on GET is retried until it succeeds', 'GET', [{ status: 500 }, { status: 500 }, ok()], 3],
    ['a 502 on PUT is retried', 'PUT', [{ status: 502 }, ok()], 2],
    [
      'a 503 on POST is retried (the service did not take it)',
      'POST',
      [{ status: 503 }, ok({ id: 7 }, 201)],
      2,
    ],
    ['a dropped connection on GET is retried', 'GET', ['destroy', ok()], 2],
    [
      'a 429 on POST is repeated',
      'POST',
      [{ status: 429, headers: { 'retry-after': '0' } }, ok({ id: 7 }, 201)],
      2,
    ],
  ];
  it.each(cases)('%s', async (_name, method, steps, requests) => {
    const s = await scripted(steps);
    const c = clientFor(s.url);
    await expect(call(c, method)).resolves.toBeDefined();
    expect(s.seen).toHaveLength(requests);
    expect(c.stats.requests).toBe(requests);
  });
});

describe('failures', () => {
  const cases: [string, Method, Step[], number, (e: unknown) => void][] = [
    [
      'a 500 on POST is ambiguous and not repeated, and says it was a 500, not no answer',
      'POST',
      [{ status: 500 }, ok()],
      1,
      (e) => {
        expect(e).toBeInstanceOf(AmbiguousWriteError);
        expect((e as Error).message).toBe(
          'the service failed (HTTP 500) on POST /api/v2/asset/: it may or may not have been done',
        );
      },
    ],
    [
      'a dropped connection mid-POST is ambiguous',
      'POST',
      ['destroy', ok()],
      1,
      (e) => expect(e).toBeInstanceOf(AmbiguousWriteError),
    ],
    [
      'a 500 on every GET gives up after the retries',
      'GET',
      [{ status: 500 }],
      3,
      (e) =>
        expect(e).toMatchObject({
          code: 'E_HTTP_SERVER',
          status: 500,
          message: 'the service failed (HTTP 500) 3 times on GET /api/v2/asset/',
        }),
    ],
    [
      'a non-JSON error body stays text',
      'GET',
      [{ status: 400, body: '<html>Bad gateway config</html>', headers: { 'content-type': 'text/html' } }],
      1,
      (e) =>
        expect(e).toMatchObject({
          code: 'E_HTTP_BAD_REQUEST',
          body: '<html>Bad gateway config</html>',
          message: 'the service rejected GET /api/v2/asset/',
        }),
    ],
    [
      'a JSON detail is in the message',
      'GET',
      [{ status: 404, body: '{"detail":"Not found."}' }],
      1,
      (e) =>
        expect(e).toMatchObject({
          code: 'E_HTTP_NOT_FOUND',
          message: 'not found: GET /api/v2/asset/ (Not found.)',
        }),
    ],
    [
      'a Retry-After past the longest wait stops at once',
      'GET',
      [{ status: 429, headers: { 'retry-after': '3600' } }],
      1,
      (e) =>
        expect(e).toMatchObject({
          code: 'E_HTTP_RATE_LIMITED',
          message: 'the service keeps refusing requests for the rate limit (asked to wait 3600 s in all)',
        }),
    ],
    [
      'short waits that add up past the longest wait stop too',
      'GET',
      [
        { status: 429, headers: { 'retry-after': '0.02' } },
        { status: 429, headers: { 'retry-after': '0.02' } },
        { status: 429, headers: { 'retry-after': '0.02' } },
      ],
      3,
      (e) => expect(e).toMatchObject({ code: 'E_HTTP_RATE_LIMITED' }),
    ],
  ];
  it.each(cases)('%s', async (_name, method, steps, requests, check) => {
    const s = await scripted(steps);
    const c = clientFor(s.url, { maxRetryAfterMs: _name.startsWith('short waits') ? 50 : 60_000 });
    const err = await call(c, method).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AssetbatchError);
    check(err);
    expect(s.seen).toHaveLength(requests);
  });
});

describe('auth', () => {
  const cases: [string, number, string][] = [
    ['a plain 401', 401, '{"detail":"Invalid token."}'],
    ['a 403', 403, '{"detail":"You do not have permission."}'],
    ['a 401 that echoes the token', 401, `{"detail":"Invalid token ${TOKEN}."}`],
    ['a 401 that echoes the header', 401, `{"detail":"Bad header: Bearer ${TOKEN}"}`],
  ];
  it.each(cases)('%s is E_HTTP_AUTH without the token', async (_name, status, body) => {
    const s = await scripted([{ status, body }]);
    const err = (await clientFor(s.url)
      .get('/api/v2/asset/')
      .catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 'E_HTTP_AUTH', status });
    expect(err.message).toMatch(new RegExp(`^the service refused the token \\(HTTP ${status}: `));
    for (const text of [err.message, err.hint ?? '', JSON.stringify(err.body), String(err.stack)])
      expect(text).not.toContain(TOKEN);
    expect(err.hint).toMatch(/ASSETBATCH_TOKEN/);
    expect(s.seen).toHaveLength(1);
  });

  it('sends the token as a bearer header', async () => {
    const s = await scripted([ok()]);
    await clientFor(s.url).get('/api/v2/asset/');
    expect(s.seen[0].auth).toBe(`Bearer ${TOKEN}`);
  });
});

// Retry-After in fractions of a second (the client reads them; a service writes whole ones),
// so that the pauses are short.
describe('429: one shared pause', () => {
  it('waits Retry-After, then repeats the request', async () => {
    const s = await scripted([{ status: 429, headers: { 'retry-after': '0.3' } }, ok()]);
    const c = clientFor(s.url);
    await c.get('/api/v2/asset/');
    expect(s.seen).toHaveLength(2);
    expect(s.seen[1].at - s.seen[0].at).toBeGreaterThanOrEqual(280);
    expect(c.stats.throttled).toBe(1);
  });

  it('takes the wait from the detail when Retry-After is missing', async () => {
    const s = await scripted([
      { status: 429, body: '{"detail":"Request was throttled. Expected available in 1 seconds."}' },
      ok(),
    ]);
    await clientFor(s.url).get('/api/v2/asset/');
    expect(s.seen[1].at - s.seen[0].at).toBeGreaterThanOrEqual(950);
  });

  it('with neither Retry-After nor a detail, waits until our oldest request leaves the window, not a whole minute', async () => {
    const s = await scripted([ok(), { status: 429, body: '{"detail":"Slow down."}' }, ok()]);
    // A window of 1.7 s stands for the minute; the refused request goes 0.5 s after the first.
    const c = clientFor(s.url, { limiter: new RateLimiter({ limit: 0, windowMs: 1700, marginMs: 50 }) });
    await c.get('/api/v2/asset/');
    await new Promise((r) => setTimeout(r, 500));
    await c.get('/api/v2/asset/');
    // The repeat goes when the first request leaves the window (1.7 s + the margin after it),
    // not a whole window after the refusal (2.2 s), nor a fixed second after it (1.5 s).
    const gap = s.seen[2].at - s.seen[0].at;
    expect(gap).toBeGreaterThanOrEqual(1700);
    expect(gap).toBeLessThan(2150);
  });

  it('two requests refused at once wait one pause together, not one after the other', async () => {
    const s = await scripted([
      { status: 429, headers: { 'retry-after': '0.5' } },
      { status: 429, headers: { 'retry-after': '0.5' } },
      ok(),
    ]);
    const c = clientFor(s.url);
    const started = Date.now();
    await Promise.all([c.get('/api/v2/asset/'), c.get('/api/v2/contract/')]);
    const elapsed = Date.now() - started;
    expect(s.seen).toHaveLength(4);
    // One pause of 0.5 s; one after the other would be 1 s.
    expect(elapsed).toBeGreaterThanOrEqual(480);
    expect(elapsed).toBeLessThan(950);
  });

  it('holds a request started during the pause', async () => {
    const s = await scripted([{ status: 429, headers: { 'retry-after': '0.5' } }, ok()]);
    const c = clientFor(s.url);
    const first = c.get('/api/v2/asset/');
    await new Promise((r) => setTimeout(r, 150));
    await Promise.all([first, c.get('/api/v2/contract/')]);
    expect(s.seen).toHaveLength(3);
    const late = s.seen.find((x) => x.path === '/api/v2/contract/')!;
    expect(late.at - s.seen[0].at).toBeGreaterThanOrEqual(480);
  });
});

describe('an unreachable service', () => {
  const cases: [string, Method, number, string][] = [
    ['GET', 'GET', 2, '3 tries'],
    ['POST (nothing was sent, so no ambiguity)', 'POST', 2, '3 tries'],
    ['GET with no retry (as doctor asks)', 'GET', 0, '1 try'],
  ];
  it.each(cases)('%s: E_UNREACHABLE after the retries', async (_name, method, maxRetries, tries) => {
    const s = await scripted([ok()]);
    await s.close();
    servers.splice(0);
    const c = clientFor(s.url, { maxRetries });
    const err = await call(c, method).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'E_UNREACHABLE' });
    expect((err as AssetbatchError).message).toMatch(
      new RegExp(`^cannot connect to ${s.url} \\(connection refused\\); ${tries} over [\\d.]+ s$`),
    );
    expect((err as AssetbatchError).hint).toMatch(/base URL/);
    expect(c.stats.requests).toBe(maxRetries + 1);
  });
});

describe('paths', () => {
  const cases: [string, string, string][] = [
    ['the API under the root', 'http://127.0.0.1:1', '/api/v2/asset/'],
    ['the API under a base path', 'http://127.0.0.1:1/svc/', '/svc/api/v2/asset/'],
  ];
  it.each(cases)('%s', (_name, baseUrl, path) => {
    expect(clientFor(baseUrl).path('asset')).toBe(path);
  });

  it('a query leaves out empty values', async () => {
    const s = await scripted([ok()]);
    await clientFor(s.url).get('/api/v2/asset/', { company: 1, name: 'A B', page: undefined, x: null });
    expect(s.seen[0].path).toBe('/api/v2/asset/?company=1&name=A+B');
  });
});
