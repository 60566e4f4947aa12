// The client's connection rules on Node's own http client (src/api/transport.ts, tunnel.ts),
// against raw sockets on loopback that stall or hang up at each step of a request: what was
// certainly not sent is tried again, even a POST; what may have reached the service is a
// POST's ambiguity; one timeout bounds connecting, the headers and each gap in the body.
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AmbiguousWriteError, ApiClient } from '../../src/api/client.js';

/** What the fake service does with each connection. */
type Behaviour =
  | 'silent' // accepts, reads, never writes (a TLS client waits for the handshake forever)
  | 'hang-up' // closes as soon as it accepts
  | 'take-then-hang-up' // reads the request, then closes without an answer
  | 'take-then-silent' // reads the request, never answers
  | 'half-answer' // sends the headers and part of the body, then stalls
  | 'trickle' // sends the body in chunks 150 ms apart, 600 ms in all
  | 'drip' // sends the headers, then a byte every 50 ms, without end
  | 'flood'; // sends an answer of 65 MiB

interface Fake {
  port: number;
  /** Connections accepted, and requests read (their request lines). */
  connections: number;
  requests: number;
  /** Sockets still open. */
  open: number;
}

const servers: Server[] = [];
const clients: ApiClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

const BODY = JSON.stringify({ id: 7, name: 'Desk' });

function answer(s: Socket, behaviour: Behaviour): void {
  const head = `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${BODY.length}\r\n\r\n`;
  if (behaviour === 'take-then-hang-up') s.destroy();
  if (behaviour === 'half-answer') s.write(head + BODY.slice(0, 5));
  if (behaviour === 'drip') {
    s.write(`HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 1000000\r\n\r\n`);
    const t = setInterval(() => (s.writable ? s.write(' ') : clearInterval(t)), 50);
    s.on('close', () => clearInterval(t));
  }
  if (behaviour === 'flood') {
    const size = 65 * 1024 * 1024;
    s.write(`HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${size}\r\n\r\n`);
    s.write(Buffer.alloc(size, 0x20));
  }
  if (behaviour === 'trickle') {
    s.write(head);
    const parts = [BODY.slice(0, 6), BODY.slice(6, 12), BODY.slice(12, 18), BODY.slice(18)];
    parts.forEach((p, i) => setTimeout(() => s.writable && s.write(p), 150 * (i + 1)));
  }
}

async function fake(behaviour: Behaviour): Promise<Fake> {
  const state = { port: 0, connections: 0, requests: 0, open: 0 };
  const sockets = new Set<Socket>();
  const server = createServer((s) => {
    state.connections++;
    state.open++;
    sockets.add(s);
    s.on('close', () => (state.open--, sockets.delete(s)));
    s.on('error', () => undefined);
    if (behaviour === 'hang-up') return void s.destroy();
    let seen = '';
    s.on('data', (chunk: Buffer) => {
      seen += chunk.toString('latin1');
      if (!seen.includes('\r\n\r\n')) return;
      const body = /content-length: (\d+)/i.exec(seen);
      if (body && seen.length - seen.indexOf('\r\n\r\n') - 4 < Number(body[1])) return;
      state.requests++;
      seen = '';
      answer(s, behaviour);
    });
  });
  // The server's sockets go with it: a stalled one would hold close() open.
  const close = server.close.bind(server);
  Object.assign(server, { close: (cb: () => void) => (sockets.forEach((s) => s.destroy()), close(cb)) });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  state.port = (server.address() as { port: number }).port;
  return state;
}

function clientFor(
  baseUrl: string,
  extra: Partial<ConstructorParameters<typeof ApiClient>[0]> = {},
): ApiClient {
  const c = new ApiClient({
    baseUrl,
    token: 't0ken',
    rateLimit: 0,
    backoffMs: 1,
    maxRetries: 2,
    // Short, as each try that stalls waits it out; the tests of a body in chunks give 400 ms.
    timeoutMs: 200,
    proxy: '',
    ...extra,
  });
  clients.push(c);
  return c;
}

const send = (c: ApiClient, method: 'GET' | 'POST') =>
  method === 'GET' ? c.get(c.path('asset')) : c.write('POST', c.path('asset'), { name: 'Desk' });

describe('a failure before anything was sent is tried again, even for a POST', () => {
  it.each([
    [
      'a TLS handshake never answered',
      'silent',
      /^connecting to https:\/\/127\.0\.0\.1:\d+ timed out \(0\.2 s, --timeout\)/,
    ],
    [
      'a TLS handshake cut',
      'hang-up',
      /^cannot connect to https:\/\/127\.0\.0\.1:\d+ \(Client network socket disconnected before secure TLS connection was established\)/,
    ],
  ] as const)('%s: 3 tries, then E_UNREACHABLE', async (_name, behaviour, message) => {
    const service = await fake(behaviour);
    const started = Date.now();
    const err = await send(clientFor(`https://127.0.0.1:${service.port}`), 'POST').catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(AmbiguousWriteError);
    expect(err).toMatchObject({ code: 'E_UNREACHABLE', message: expect.stringMatching(message) });
    expect(service.connections).toBe(3);
    expect(service.requests).toBe(0);
    expect(Date.now() - started).toBeLessThan(3 * 200 + 1500);
  });
});

describe('a failure after the request was sent', () => {
  it.each([
    ['the service hangs up after reading it', 'POST', 1, 'take-then-hang-up', /^no answer to POST/],
    ['the service never answers', 'POST', 1, 'take-then-silent', /^no answer to POST/],
    ['the answer stops mid-body', 'POST', 1, 'half-answer', /^no answer to POST/],
    [
      'the service never answers',
      'GET',
      3,
      'take-then-silent',
      /^the service at http:\/\/127\.0\.0\.1:\d+ did not answer in time \(0\.2 s, --timeout\); 3 tries/,
    ],
    [
      'the answer stops mid-body',
      'GET',
      3,
      'half-answer',
      /^the service at http:\/\/127\.0\.0\.1:\d+ did not finish its answer in time \(0\.2 s, --timeout/,
    ],
    [
      'the answer keeps coming a byte at a time',
      'GET',
      3,
      'drip',
      /^the service at http:\/\/127\.0\.0\.1:\d+ did not finish its answer in time \(0\.2 s, --timeout: no pause that long, and the whole answer within 4 times it\); 3 tries/,
    ],
    [
      'the answer is longer than any of the service',
      'GET',
      3,
      'flood',
      /^the service at http:\/\/127\.0\.0\.1:\d+ sent an answer longer than 64 MiB/,
    ],
  ] as const)('%s: the %s is sent %i time(s)', async (_name, method, sent, behaviour, message) => {
    const service = await fake(behaviour);
    // 65 MiB take longer than 4 × 0.2 s on a loaded machine: the size, not the time, must cut it.
    const timeoutMs = behaviour === 'flood' ? 30_000 : undefined;
    const client = clientFor(`http://127.0.0.1:${service.port}`, timeoutMs ? { timeoutMs } : {});
    const err = await send(client, method).catch((e: unknown) => e);
    if (method === 'POST') expect(err).toBeInstanceOf(AmbiguousWriteError);
    expect((err as Error).message).toMatch(message);
    expect(service.requests).toBe(sent);
  });
});

describe('the timeout is between chunks; the whole answer has four', () => {
  it('a body arriving over 600 ms in chunks 150 ms apart is read whole under a 400 ms timeout', async () => {
    const service = await fake('trickle');
    await expect(
      send(clientFor(`http://127.0.0.1:${service.port}`, { timeoutMs: 400 }), 'GET'),
    ).resolves.toEqual(JSON.parse(BODY));
    expect(service.requests).toBe(1);
  });
});

describe('interrupt and close', () => {
  it('an interrupt cuts a request waiting for its answer, with the interrupt as the error', async () => {
    const service = await fake('take-then-silent');
    const c = clientFor(`http://127.0.0.1:${service.port}`, { timeoutMs: 60_000 });
    const pending = send(c, 'GET').catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 100));
    const reason = new Error('stopped by the user');
    c.interrupt(reason, 50);
    expect(await pending).toBe(reason);
  });

  it('close() ends the kept-alive connection', async () => {
    const service = await fake('trickle');
    const c = clientFor(`http://127.0.0.1:${service.port}`, { timeoutMs: 400 });
    await send(c, 'GET');
    expect(service.open).toBe(1);
    await c.close();
    // The server sees the socket close a moment later: wait for that, not a fixed 100 ms.
    await vi.waitFor(() => expect(service.open).toBe(0), { timeout: 5_000, interval: 10 });
  });
});

/** A proxy on a raw socket: never answers CONNECT, refuses it with 407, or opens the tunnel and hangs up on the request. */
async function fakeProxy(behaviour: 'silent' | 'refuse-407' | 'tunnel-then-hang-up'): Promise<Fake> {
  const state = { port: 0, connections: 0, requests: 0, open: 0 };
  const sockets = new Set<Socket>();
  const server = createServer((s) => {
    state.connections++;
    sockets.add(s);
    s.on('error', () => undefined);
    s.once('data', () => {
      if (behaviour === 'refuse-407')
        s.end('HTTP/1.1 407 Proxy Authentication Required\r\ncontent-length: 0\r\n\r\n');
      if (behaviour !== 'tunnel-then-hang-up') return;
      s.write('HTTP/1.1 200 Connection established\r\n\r\n');
      s.once('data', () => (state.requests++, s.destroy()));
    });
  });
  const close = server.close.bind(server);
  Object.assign(server, { close: (cb: () => void) => (sockets.forEach((s) => s.destroy()), close(cb)) });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  state.port = (server.address() as { port: number }).port;
  return state;
}

describe('through a proxy', () => {
  it.each([
    [
      'a proxy that never answers CONNECT: nothing sent, tried again',
      'silent',
      3,
      /^the proxy did not open a tunnel to http:\/\/127\.0\.0\.1:9 in time \(0\.2 s, --timeout\) \(through the proxy http:\/\/\[redacted\]@127\.0\.0\.1:\d+\/\); 3 tries/,
    ],
    [
      'a proxy that wants credentials: stops at once',
      'refuse-407',
      1,
      /^the proxy would not connect to http:\/\/127\.0\.0\.1:9: it wants credentials, or refused the ones given/,
    ],
  ] as const)('%s', async (_name, behaviour, connections, message) => {
    const proxy = await fakeProxy(behaviour);
    const c = clientFor('http://127.0.0.1:9', { proxy: `http://corp:pw@127.0.0.1:${proxy.port}/` });
    const err = await send(c, 'POST').catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'E_UNREACHABLE', message: expect.stringMatching(message) });
    expect((err as Error).message).not.toContain('pw');
    expect(proxy.connections).toBe(connections);
  });

  it('a POST cut after the tunnel opened may have been sent: ambiguous, not repeated', async () => {
    const proxy = await fakeProxy('tunnel-then-hang-up');
    const c = clientFor('http://127.0.0.1:9', { proxy: `http://127.0.0.1:${proxy.port}` });
    const err = await send(c, 'POST').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AmbiguousWriteError);
    expect(proxy.requests).toBe(1);
  });
});
