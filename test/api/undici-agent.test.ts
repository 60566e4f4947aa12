// The client takes undici's agent from its files rather than from the package (issue 17:
// the package loads fetch, WebSocket and the rest at every start). These check that what
// it gets is the package's own agent, with the request API the package gives it.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { EnvHttpProxyAgent, Pool } from '../../src/api/undici-agent.js';

const require = createRequire(import.meta.url);

describe("undici's agent, taken from its files", () => {
  it('is the class the package exports', () => {
    expect(EnvHttpProxyAgent).toBe((require('undici') as typeof import('undici')).EnvHttpProxyAgent);
  });

  it('with the pool it talks to a proxy with, the class the package exports', () => {
    expect(Pool).toBe((require('undici') as typeof import('undici')).Pool);
  });

  it('has the request API undici mixes into every dispatcher', () => {
    for (const m of ['request', 'stream', 'pipeline', 'connect', 'upgrade']) expect(typeof (EnvHttpProxyAgent.prototype as unknown as Record<string, unknown>)[m]).toBe('function');
  });

  it('answers a request', async () => {
    const server = createServer((_, res) => res.end('{"ok":true}'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const agent = new EnvHttpProxyAgent({ httpProxy: '', httpsProxy: '', noProxy: '' });
    try {
      const res = await agent.request({ origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, path: '/', method: 'GET' });
      expect(await res.body.json()).toEqual({ ok: true });
    } finally {
      await agent.close();
      server.close();
    }
  });
});
