// A service certificate Node refuses is not a network fault: the client stops at the first
// try, with Node's reason and what to do, and sends nothing (not the token either). Against
// local TLS servers with the fixture certificates (test/fixtures/tls/README.md), none of
// which this process trusts. A wrong host name needs a trusted certificate, so it is in
// test/e2e/proxy.test.ts (NODE_EXTRA_CA_CERTS is read only when a process starts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type Server, type TLSSocket } from 'node:tls';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';

const TLS = join(import.meta.dirname, '../fixtures/tls');
const pem = (name: string) => readFileSync(join(TLS, name));

interface Service {
  url: string;
  /** TCP connections accepted, and TLS handshakes completed. */
  connections: number;
  handshakes: number;
}

const servers: Server[] = [];
const clients: ApiClient[] = [];
const extraCa = process.env.NODE_EXTRA_CA_CERTS;
afterEach(async () => {
  process.env.NODE_EXTRA_CA_CERTS = extraCa;
  if (extraCa === undefined) delete process.env.NODE_EXTRA_CA_CERTS;
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A TLS service presenting `certs` (the leaf first) signed with `key`; it answers nothing. */
async function service(key: string, certs: readonly string[]): Promise<Service> {
  const state = { url: '', connections: 0, handshakes: 0 };
  const sockets = new Set<Socket>();
  const server = createServer({ key: pem(key), cert: Buffer.concat(certs.map(pem)) }, (s: TLSSocket) => {
    state.handshakes++;
    s.destroy();
  });
  server.on('connection', (s: Socket) => {
    state.connections++;
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.on('tlsClientError', () => undefined);
  const close = server.close.bind(server);
  Object.assign(server, { close: (cb: () => void) => (sockets.forEach((s) => s.destroy()), close(cb)) });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  state.url = `https://127.0.0.1:${(server.address() as { port: number }).port}`;
  return state;
}

/** A client that would wait 2 s before a second try, and try 5 times more. */
function clientFor(baseUrl: string): ApiClient {
  const c = new ApiClient({
    baseUrl,
    token: 't0ken',
    rateLimit: 0,
    backoffMs: 2000,
    timeoutMs: 2000,
    proxy: '',
  });
  clients.push(c);
  return c;
}

const cases = [
  [
    'a self-signed certificate',
    'service-key.pem',
    ['service-cert.pem'],
    /its certificate is not trusted \(self-signed certificate(?:; [^)]*--use-system-ca)?\); nothing was sent$/,
    /signed by itself.*give Node that certificate as a CA: NODE_EXTRA_CA_CERTS=\/path\/to\/ca\.pem/,
  ],
  [
    'a certificate of an unknown CA, the CA not sent',
    'leaf-key.pem',
    ['signed-cert.pem'],
    /its certificate is not trusted \(unable to verify the first certificate(?:; [^)]*--use-system-ca)?\); nothing was sent$/,
    /unknown to Node: behind a company proxy that inspects TLS.*NODE_EXTRA_CA_CERTS=\/path\/to\/ca\.pem/,
  ],
  [
    'a certificate of an unknown CA, the CA sent along (as a TLS-inspecting proxy does)',
    'leaf-key.pem',
    ['signed-cert.pem', 'service-cert.pem'],
    /its certificate is not trusted \(self-signed certificate in certificate chain(?:; [^)]*--use-system-ca)?\); nothing was sent$/,
    /unknown to Node: behind a company proxy that inspects TLS.*NODE_EXTRA_CA_CERTS=\/path\/to\/ca\.pem/,
  ],
  [
    'an expired certificate',
    'leaf-key.pem',
    ['expired-cert.pem'],
    /its certificate is not trusted \(certificate has expired(?:; [^)]*--use-system-ca)?\); nothing was sent$/,
    /outside its dates: check this computer's date and time/,
  ],
] as const;

describe('a refused certificate stops the request at the first try, nothing sent', () => {
  describe.each(['GET', 'POST'] as const)('%s', (method) => {
    it.each(cases)('%s', async (_name, key, certs, message, hint) => {
      const s = await service(key, certs);
      const c = clientFor(s.url);
      const started = Date.now();
      const err = await (
        method === 'GET' ? c.get(c.path('asset')) : c.write('POST', c.path('asset'), { name: 'Desk' })
      ).catch((e: unknown) => e);
      expect(err).toMatchObject({ code: 'E_UNREACHABLE', message: expect.stringMatching(message) });
      expect((err as Error).message).toMatch(
        new RegExp(`^cannot connect to ${s.url.replaceAll('.', '\\.')}: `),
      );
      expect((err as { hint: string }).hint).toMatch(hint);
      expect((err as { hint: string }).hint).not.toMatch(/REJECT_UNAUTHORIZED|rejectUnauthorized|insecure/i);
      expect(s.connections).toBe(1);
      expect(s.handshakes).toBe(0);
      expect(c.stats.retries).toBe(0);
      // A second try would have waited at least 1 s (half of backoffMs) first.
      expect(Date.now() - started).toBeLessThan(1000);
    });
  });
});

describe('with NODE_EXTRA_CA_CERTS set, the hint says the file lacks the CA', () => {
  it.each([
    ['a self-signed certificate', 'service-key.pem', ['service-cert.pem']],
    ['a certificate of an unknown CA', 'leaf-key.pem', ['signed-cert.pem']],
  ] as const)('%s', async (_name, key, certs) => {
    process.env.NODE_EXTRA_CA_CERTS = '/etc/ssl/acme-root-ca.pem';
    const s = await service(key, certs);
    const err = await clientFor(s.url)
      .get('/api/v2/asset/')
      .catch((e: unknown) => e);
    expect((err as { hint: string }).hint).toContain(
      '(NODE_EXTRA_CA_CERTS=/etc/ssl/acme-root-ca.pem does not hold it)',
    );
  });
});
