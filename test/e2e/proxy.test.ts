// Proxies the standard way: HTTP_PROXY / HTTPS_PROXY, --proxy and the config key, with
// credentials in the URL that are never printed, and NO_PROXY going around it. A real
// CONNECT proxy (the `proxy` package) runs in the test; it counts the API requests that
// pass through its tunnels, and the sandbox counts those it answered: they must agree.
import { createServer } from 'node:http';
import { createServer as createNetServer, type Socket } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createProxy, type ProxyServer } from 'proxy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir, testSandbox, type TestSandbox } from './cli.js';

interface CountingProxy {
  url: string;
  /** API request lines seen inside the tunnels. */
  requests: number;
  tunnels: number;
  close(): Promise<void>;
}

async function countingProxy(auth?: { user: string; password: string }): Promise<CountingProxy> {
  const server: ProxyServer = createProxy(createServer());
  const counts = { requests: 0, tunnels: 0 };
  if (auth) {
    const want = `Basic ${Buffer.from(`${auth.user}:${auth.password}`).toString('base64')}`;
    server.authenticate = (req) => req.headers['proxy-authorization'] === want;
  }
  server.on('connect', (_req, socket: Socket) => {
    counts.tunnels++;
    socket.on(
      'data',
      (chunk: Buffer) =>
        (counts.requests += (
          chunk.toString('latin1').match(/^(GET|POST|PUT|PATCH) \/api\/v2\//gm) ?? []
        ).length),
    );
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
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

let sb: TestSandbox;
let dir: string;
beforeAll(async () => {
  sb = await testSandbox();
  dir = tempDir();
});
afterAll(() => sb.close());

let seq = 0;
/** Import three new assets; the sandbox's request count before and after. */
async function importThrough(extra: string[], env: Record<string, string>) {
  const tag = `PX${++seq}`;
  const file = join(dir, `${tag}.csv`);
  writeFileSync(
    file,
    ['Name,Serial Number', ...[1, 2, 3].map((i) => `Laptop ${tag}-${i},${tag}-${i}`)].join('\n') + '\n',
  );
  await sb.resetStats();
  const res = await runCli(['import', file, '-r', 'asset', ...sb.args, ...extra], {
    env: { HTTP_PROXY: '', HTTPS_PROXY: '', NO_PROXY: '', ...env },
  });
  const stats = (await sb.stats()) as { total: number };
  return { res, served: stats.total, tag };
}

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
      const { readFileSync } = await import('node:fs');
      expect(res.stdout + res.stderr + readFileSync(log, 'utf8')).not.toContain('Pr0xy-S3cret');
    } finally {
      await proxy.close();
    }
  });

  it('wrong credentials: the run stops with a message that does not print them', async () => {
    const proxy = await countingProxy({ user: 'corp', password: 'right-password' });
    try {
      const { res } = await importThrough(['--proxy', proxy.url.replace('//', '//corp:Wr0ng-Passw0rd@')], {});
      expect(res.code).toBe(3);
      expect(res.stderr).toMatch(/the proxy would not connect to .*: it wants credentials/);
      expect(res.stdout + res.stderr).not.toContain('Wr0ng-Passw0rd');
    } finally {
      await proxy.close();
    }
  }, 60_000);
});

describe('NO_PROXY', () => {
  it.each([['127.0.0.1'], ['localhost,127.0.0.1'], ['*']])(
    'NO_PROXY=%s goes around the proxy',
    async (noProxy) => {
      const proxy = await countingProxy();
      try {
        const { res, served } = await importThrough([], { HTTP_PROXY: proxy.url, NO_PROXY: noProxy });
        expect(res.code, res.stderr).toBe(0);
        expect(served).toBeGreaterThan(3);
        expect(proxy.tunnels).toBe(0);
        expect(proxy.requests).toBe(0);
      } finally {
        await proxy.close();
      }
    },
  );
});

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

describe('a proxy that stalls or hangs up ends within --timeout on every try', () => {
  it.concurrent.each([
    [
      'accepts and never answers CONNECT',
      'silent',
      'http',
      /the proxy did not open a tunnel to .* in time \(1 s, --timeout\)/,
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
      /timed out \(1 s, --timeout\)/,
    ],
  ] as const)(
    '%s',
    async (_name, behaviour, scheme, message) => {
      const proxy = await brokenProxy(behaviour);
      try {
        const file = join(dir, `stall-${behaviour}.csv`);
        writeFileSync(file, 'Name,Serial Number\nLaptop,STALL-1\n');
        const started = Date.now();
        // The waits between tries are 20 ms, not the half second and more a user's run waits
        // (ASSETBATCH_RETRY_DELAY): what is checked is that each try ends within --timeout.
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
            '1',
            '--json',
          ],
          {
            timeoutMs: 90_000,
            env: { ASSETBATCH_RETRY_DELAY: '0.02' },
          },
        );
        const took = Date.now() - started;
        const error = JSON.parse(res.stdout).error as { code: string; message: string };
        expect(res.code, res.stderr).toBe(3);
        expect(error.code).toBe('E_UNREACHABLE');
        expect(error.message).toMatch(message);
        expect(error.message).toMatch(/through the proxy .*; 6 tries over \d+ s$/);
        // 6 tries of 1 s and the waits between them (at most 0.03 + 0.06 + 0.12 + 0.24 + 0.48 s),
        // with room for a loaded machine: a try that waited out the OS's connect timeout would not fit.
        expect(took).toBeLessThan(25_000);
      } finally {
        await proxy.close();
      }
    },
    90_000,
  );
});
