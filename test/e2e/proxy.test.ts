// Proxies the standard way: HTTP_PROXY / HTTPS_PROXY, --proxy and the config key, with
// credentials in the URL that are never printed, and NO_PROXY going around it. A real
// CONNECT proxy (the `proxy` package) runs in the test; it counts the API requests that
// pass through its tunnels, and the sandbox counts those it answered: they must agree. An
// https service is the sandbox behind TLS (test/fixtures/tls): reached through the tunnel with
// TLS inside it, and refused, with or without a proxy, while its certificate is not trusted.
// Each run has a sandbox of its own, so the runs go side by side.
import { createServer } from 'node:http';
import { connect as netConnect, createServer as createNetServer, type Socket } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createProxy, type ProxyServer } from 'proxy';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runCli, tempDir, testSandbox, type TestSandbox } from './cli.js';

/** Node 24 adds its own advice to some certificate errors; what comes before and after it is ours. */
const NODE_ADVICE = '(?:; if the root CA is installed locally, try running Node\\.js with --use-system-ca)?';
const esc = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface CountingProxy {
  url: string;
  /** API request lines seen inside the tunnels. */
  requests: number;
  tunnels: number;
  /** The host:port of each tunnel asked for. */
  targets: string[];
  /** Whether `text` went through a tunnel in the clear. */
  saw(text: string): boolean;
  close(): Promise<void>;
}

async function countingProxy(auth?: { user: string; password: string }): Promise<CountingProxy> {
  const server: ProxyServer = createProxy(createServer());
  const counts = { requests: 0, tunnels: 0, bytes: '' };
  const targets: string[] = [];
  if (auth) {
    const want = `Basic ${Buffer.from(`${auth.user}:${auth.password}`).toString('base64')}`;
    server.authenticate = (req) => req.headers['proxy-authorization'] === want;
  }
  server.on('connect', (req, socket: Socket) => {
    counts.tunnels++;
    targets.push(req.url ?? '');
    socket.on('data', (chunk: Buffer) => {
      const text = chunk.toString('latin1');
      counts.bytes += text;
      counts.requests += (text.match(/^(GET|POST|PUT|PATCH) \/api\/v2\//gm) ?? []).length;
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return counts.requests;
    },
    get tunnels() {
      return counts.tunnels;
    },
    targets,
    saw: (text) => counts.bytes.includes(text),
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

const TLS = join(ROOT, 'test/fixtures/tls');
/** The service's certificate, self-signed: the CA a user would give in NODE_EXTRA_CA_CERTS. */
const CERT = join(TLS, 'service-cert.pem');

interface HttpsFront {
  url: string;
  /** TLS connections that completed their handshake (each then piped to the sandbox). */
  readonly connections: number;
  /** TCP connections accepted, handshake or not. */
  readonly attempts: number;
  close(): Promise<void>;
}

/** The certificates a front presents (the leaf first) and the key of the leaf; test/fixtures/tls/README.md. */
interface FrontCerts {
  key: string;
  certs: readonly string[];
}
const SELF_SIGNED: FrontCerts = { key: 'service-key.pem', certs: ['service-cert.pem'] };

/** The sandbox served over https with a fixture certificate, as a service behind TLS is. */
async function httpsFront(sb: TestSandbox, tls: FrontCerts = SELF_SIGNED): Promise<HttpsFront> {
  const upstream = new URL(sb.sb.url);
  const sockets = new Set<Socket>();
  let connections = 0;
  let attempts = 0;
  const keep = (s: Socket) => (
    sockets.add(s),
    s.on('close', () => sockets.delete(s)),
    s.on('error', () => s.destroy())
  );
  const server = createTlsServer(
    {
      key: readFileSync(join(TLS, tls.key)),
      cert: Buffer.concat(tls.certs.map((c) => readFileSync(join(TLS, c)))),
    },
    (secure) => {
      connections++;
      const plain = netConnect(Number(upstream.port), upstream.hostname);
      keep(plain);
      secure.pipe(plain).pipe(secure);
      secure.on('close', () => plain.destroy());
    },
  );
  server.on('connection', (s: Socket) => (attempts++, keep(s)));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `https://127.0.0.1:${(server.address() as { port: number }).port}`,
    get connections() {
      return connections;
    },
    get attempts() {
      return attempts;
    },
    close: () => new Promise<void>((r) => (sockets.forEach((s) => s.destroy()), server.close(() => r()))),
  };
}

let dir: string;
beforeAll(() => {
  dir = tempDir();
});

/** No proxy and no CA file but those a test gives (the machine may set both). */
const CLEAN_ENV = { HTTP_PROXY: '', HTTPS_PROXY: '', NO_PROXY: '', NODE_EXTRA_CA_CERTS: '' };

let seq = 0;
/**
 * Import three new assets into a sandbox of the run's own, over https through `front` when
 * given: what the CLI did, and the requests the sandbox answered.
 */
async function importThrough(
  extra: string[],
  env: Record<string, string>,
  front?: (f: HttpsFront) => void,
  tls?: FrontCerts,
) {
  const tag = `PX${++seq}`;
  const file = join(dir, `${tag}.csv`);
  writeFileSync(
    file,
    ['Name,Serial Number', ...[1, 2, 3].map((i) => `Laptop ${tag}-${i},${tag}-${i}`)].join('\n') + '\n',
  );
  const sb = await testSandbox();
  const https = front ? await httpsFront(sb, tls) : undefined;
  try {
    if (https) front?.(https);
    const res = await runCli(
      ['import', file, '-r', 'asset', ...sb.args, ...(https ? ['--base-url', https.url] : []), ...extra],
      // Short waits between tries, unless the test gives a user's (a refused certificate is never tried again).
      { env: { ...CLEAN_ENV, ASSETBATCH_RETRY_DELAY: '0.02', ...env } },
    );
    const stats = (await sb.stats()) as { total: number };
    return { res, served: stats.total, tag };
  } finally {
    await https?.close();
    await sb.close();
  }
}

/** A proxy that takes the connection and then stalls or hangs up, as broken proxies do. */
async function brokenProxy(
  behaviour: 'silent' | 'closes' | 'tunnel-then-silent',
): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createNetServer((s) => {
    sockets.add(s);
    s.on('error', () => undefined);
    s.once('data', () => {
      if (behaviour === 'closes') s.end();
      // The tunnel opens, and the TLS handshake through it is never answered.
      if (behaviour === 'tunnel-then-silent') s.write('HTTP/1.1 200 Connection established\r\n\r\n');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => (sockets.forEach((s) => s.destroy()), server.close(() => r()))),
  };
}

// The runs wait (on the CLI, on timeouts) more than they work: all of them go side by side, the
// ones that wait longest first.
describe.concurrent('proxies', () => {
  describe('a proxy that stalls or hangs up ends within --timeout on every try', () => {
    it.each([
      [
        'accepts and never answers CONNECT',
        'silent',
        'http',
        /the proxy did not open a tunnel to .* in time \(0\.5 s, --timeout\)/,
      ],
      [
        'closes the connection on CONNECT',
        'closes',
        'http',
        /the proxy closed the connection before opening a tunnel/,
      ],
      [
        'opens the tunnel, then never answers the TLS handshake',
        'tunnel-then-silent',
        'https',
        /timed out \(0\.5 s, --timeout\)/,
      ],
    ] as const)(
      '%s',
      async (_name, behaviour, scheme, message) => {
        const proxy = await brokenProxy(behaviour);
        try {
          const file = join(dir, `stall-${behaviour}.csv`);
          writeFileSync(file, 'Name,Serial Number\nLaptop,STALL-1\n');
          const started = Date.now();
          // Tries of half a second with waits of 20 ms between them, not the
          // minute and the half second and more a user's run has (--timeout, ASSETBATCH_RETRY_DELAY):
          // what is checked is that each try ends within --timeout.
          const res = await runCli(
            [
              'import',
              file,
              '-r',
              'asset',
              '--base-url',
              `${scheme}://127.0.0.1:9/`,
              '--token',
              't',
              '--proxy',
              proxy.url,
              '--timeout',
              '0.5',
              '--json',
            ],
            {
              timeoutMs: 90_000,
              env: { ...CLEAN_ENV, ASSETBATCH_RETRY_DELAY: '0.02' },
            },
          );
          const took = Date.now() - started;
          const error = JSON.parse(res.stdout).error as { code: string; message: string };
          expect(res.code, res.stderr).toBe(3);
          expect(error.code).toBe('E_UNREACHABLE');
          expect(error.message).toMatch(message);
          expect(error.message).toMatch(/through the proxy .*; 6 tries over [\d.]+ s$/);
          // 6 tries of 0.5 s and the waits between them (at most 0.03 + 0.06 + 0.12 + 0.24 + 0.48 s),
          // with room for a loaded machine: a try that waited out the OS's connect timeout would not fit.
          expect(took).toBeLessThan(15_000);
        } finally {
          await proxy.close();
        }
      },
      90_000,
    );
  });

  describe('every request goes through the proxy', () => {
    it.each([
      ['HTTP_PROXY from the environment', (p: CountingProxy) => ({ extra: [], env: { HTTP_PROXY: p.url } })],
      ['--proxy', (p: CountingProxy) => ({ extra: ['--proxy', p.url], env: {} })],
      [
        'the proxy key of the config file',
        (p: CountingProxy) => {
          const cfg = join(dir, `proxy-${++seq}.json`);
          writeFileSync(cfg, JSON.stringify({ proxy: p.url }));
          return { extra: ['--config', cfg], env: {} };
        },
      ],
    ])('%s', async (_name, how) => {
      const proxy = await countingProxy();
      try {
        const { extra, env } = how(proxy);
        const { res, served } = await importThrough(extra, env);
        expect(res.code, res.stderr).toBe(0);
        expect(res.stdout).toMatch(/3 created/);
        expect(served).toBeGreaterThan(3);
        expect(proxy.requests).toBe(served);
      } finally {
        await proxy.close();
      }
    });

    it('a proxy that asks for credentials: given in the URL, they work and are never printed', async () => {
      const proxy = await countingProxy({ user: 'corp', password: 'Pr0xy-S3cret' });
      try {
        const withAuth = proxy.url.replace('//', '//corp:Pr0xy-S3cret@');
        const log = join(dir, 'proxy.log');
        const { res, served } = await importThrough(['--proxy', withAuth, '--log', log, '--json'], {});
        expect(res.code, res.stderr).toBe(0);
        expect(proxy.requests).toBe(served);
        expect(res.stdout + res.stderr + readFileSync(log, 'utf8')).not.toContain('Pr0xy-S3cret');
      } finally {
        await proxy.close();
      }
    });

    it('wrong credentials: the run stops with a message that does not print them', async () => {
      const proxy = await countingProxy({ user: 'corp', password: 'right-password' });
      try {
        const { res } = await importThrough(
          ['--proxy', proxy.url.replace('//', '//corp:Wr0ng-Passw0rd@')],
          {},
        );
        expect(res.code).toBe(3);
        expect(res.stderr).toMatch(/the proxy would not connect to .*: it wants credentials/);
        expect(res.stdout + res.stderr).not.toContain('Wr0ng-Passw0rd');
      } finally {
        await proxy.close();
      }
    });
  });

  // Which hosts NO_PROXY names (a list, `*`, domains, ports) is test/api/proxy.test.ts's table.
  describe('NO_PROXY', () => {
    it('NO_PROXY=localhost,127.0.0.1 goes around the proxy', async () => {
      const proxy = await countingProxy();
      try {
        const { res, served } = await importThrough([], {
          HTTP_PROXY: proxy.url,
          NO_PROXY: 'localhost,127.0.0.1',
        });
        expect(res.code, res.stderr).toBe(0);
        expect(served).toBeGreaterThan(3);
        expect(proxy.tunnels).toBe(0);
        expect(proxy.requests).toBe(0);
      } finally {
        await proxy.close();
      }
    });
  });

  describe('an https service with a certificate of its own CA', () => {
    it.each([
      ['directly', false],
      ['through the proxy (HTTPS_PROXY): a CONNECT tunnel, then TLS inside it', true],
    ])('%s, the CA given in NODE_EXTRA_CA_CERTS: the import goes through', async (_name, viaProxy) => {
      const proxy = await countingProxy();
      try {
        let front: HttpsFront | undefined;
        const env = { NODE_EXTRA_CA_CERTS: CERT, ...(viaProxy ? { HTTPS_PROXY: proxy.url } : {}) };
        const { res, served } = await importThrough([], env, (f) => (front = f));
        expect(res.code, res.stderr).toBe(0);
        expect(res.stdout).toMatch(/3 created/);
        expect(served).toBeGreaterThan(3);
        // Every TLS connection the service took came through a tunnel to it, and the proxy saw
        // no request in the clear, so neither the token.
        expect(front!.connections).toBeGreaterThan(0);
        expect(proxy.tunnels).toBe(viaProxy ? front!.connections : 0);
        expect(new Set(proxy.targets)).toEqual(new Set(viaProxy ? [new URL(front!.url).host] : []));
        expect(proxy.requests).toBe(0);
        expect(proxy.saw('sandbox-token')).toBe(false);
      } finally {
        await proxy.close();
      }
    });

    // What a person sees when Node refuses the certificate: Node's reason, what to do, exit 3, at
    // the first try. The waits between tries are a user's (0.5 s, doubling): the six tries of
    // old took some 15 s. Nothing reaches the service: no handshake completes, no request.
    const refusals = [
      [
        'self-signed, the CA not given, directly',
        SELF_SIGNED,
        {},
        false,
        'self-signed certificate',
        /signed by itself/,
      ],
      [
        'self-signed, the CA not given, through the proxy',
        SELF_SIGNED,
        {},
        true,
        'self-signed certificate',
        /signed by itself/,
      ],
      [
        'signed by a CA not given, sent along as a TLS-inspecting proxy does',
        { key: 'leaf-key.pem', certs: ['signed-cert.pem', 'service-cert.pem'] },
        {},
        true,
        'self-signed certificate in certificate chain',
        /a company proxy that inspects TLS, it is the company's CA\. Get its certificate \(a PEM file\)/,
      ],
      [
        'for another host name, the CA given',
        { key: 'leaf-key.pem', certs: ['other-host-cert.pem'] },
        { NODE_EXTRA_CA_CERTS: CERT },
        false,
        "Hostname/IP does not match certificate's altnames: IP: 127.0.0.1 is not in the cert's list",
        /for another host \(service\.example\): give --base-url with the host name/,
      ],
      [
        'expired, the CA given, through the proxy',
        { key: 'leaf-key.pem', certs: ['expired-cert.pem'] },
        { NODE_EXTRA_CA_CERTS: CERT },
        true,
        'certificate has expired',
        /outside its dates: check this computer's date and time/,
      ],
    ] as const;
    it.each(refusals)(
      '%s: refused at once, with the reason, what to do and exit code 3, nothing sent',
      async (_name, tls, env, viaProxy, reason, hint) => {
        const proxy = await countingProxy();
        try {
          let front: HttpsFront | undefined;
          const started = Date.now();
          const { res, served } = await importThrough(
            viaProxy ? ['--proxy', proxy.url] : [],
            { ASSETBATCH_RETRY_DELAY: '0.5', ...env },
            (f) => (front = f),
            tls,
          );
          const took = Date.now() - started;
          expect(res.code, res.stderr).toBe(3);
          const [message, advice] = res.stderr.split('\n');
          const via = viaProxy ? ` (through the proxy ${proxy.url})` : '';
          expect(message).toMatch(
            new RegExp(
              `^${esc(`error: cannot connect to ${front!.url}: its certificate is not trusted (${reason}`)}` +
                `${NODE_ADVICE}${esc(`)${via}; nothing was sent`)}$`,
            ),
          );
          expect(advice).toMatch(hint);
          expect(res.stderr).not.toMatch(/REJECT_UNAUTHORIZED|check the base URL|^\s+at |This is a bug/im);
          expect(res.stdout).not.toMatch(/created/);
          // One try: one connection (one tunnel), its handshake refused, no request served.
          expect(front!.attempts).toBe(1);
          expect(proxy.tunnels).toBe(viaProxy ? 1 : 0);
          expect(front!.connections).toBe(0);
          expect(served).toBe(0);
          expect(took).toBeLessThan(5_000);
        } finally {
          await proxy.close();
        }
      },
    );

    it('doctor says the same, and checks nothing further', async () => {
      const sb = await testSandbox();
      const front = await httpsFront(sb);
      try {
        const res = await runCli(
          ['doctor', '--base-url', front.url, '--token', 'tok-12345', '--company', '1'],
          {
            env: CLEAN_ENV,
          },
        );
        expect(res.code, res.stderr).toBe(3);
        expect(res.stdout).toMatch(
          new RegExp(
            esc(
              `FAIL reaching the service: cannot connect to ${front.url}: its certificate is not trusted (self-signed certificate`,
            ) +
              NODE_ADVICE +
              esc(`); nothing was sent\n     → The service's certificate is signed by itself`),
          ),
        );
        expect(res.stdout).toMatch(/NODE_EXTRA_CA_CERTS=\/path\/to\/ca\.pem/);
        expect(res.stdout).not.toMatch(/list shape/);
        expect(front.attempts).toBe(1);
      } finally {
        await front.close();
        await sb.close();
      }
    });
  });
});
