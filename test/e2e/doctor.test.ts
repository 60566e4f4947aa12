// `assetbatch doctor`: read-only checks against a base URL and token. Against the sandbox it
// passes and writes nothing; a refused token, a company the token does not see, and an
// HTML page where the service should be each fail with what to do.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countWrites, runCli, testSandbox, type TestSandbox } from './cli.js';

let sb: TestSandbox;
let html: { url: string; close(): Promise<void> };
beforeAll(async () => {
  sb = await testSandbox();
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<html>Sign in</html>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  html = {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
});
afterAll(async () => {
  await sb.close();
  await html.close();
});

describe('assetbatch doctor', () => {
  it('the sandbox passes every check, and nothing is written', async () => {
    await sb.resetStats();
    const res = await runCli(['doctor', ...sb.args, '--json']);
    expect(res.code, res.stderr).toBe(0);
    const report = JSON.parse(res.stdout) as {
      ok: boolean;
      checks: { name: string; ok: boolean; detail: string }[];
    };
    expect(report.ok).toBe(true);
    expect(report.checks.map((c) => c.name)).toEqual([
      'connection',
      'token and companies',
      'list shape and pages',
      'rate limit',
      'time a request takes',
    ]);
    expect(report.checks[1].detail).toMatch(/1 Acme Corporation/);
    const stats = await sb.stats();
    expect(countWrites(stats)).toBe(0);
    expect(stats.total).toBeGreaterThan(0);
  });

  it.each([
    [
      'a refused token',
      () => ['--base-url', sb.sb.url, '--token', 'wrong-token', '--rate-limit', '0'],
      /FAIL token: the service refused the token/,
      /→ Check --token/,
    ],
    [
      'a company the token does not see',
      () => [...sb.args, '--company', '9'],
      /FAIL token and companies/,
      /→ Company 9 is not among them/,
    ],
    [
      'an HTML page where the service should be',
      () => ['--base-url', html.url, '--token', 'tok-12345', '--rate-limit', '0'],
      /FAIL service: GET .* answered HTTP 200 with text\/html/,
      /→ Something other than the service answered/,
    ],
  ])('%s: exit 3, the failure and what to do', async (_name, args, failure, hint) => {
    const res = await runCli(['doctor', ...args()]);
    expect(res.code, res.stderr).toBe(3);
    expect(res.stdout).toMatch(failure);
    expect(res.stdout).toMatch(hint);
    expect(res.stdout + res.stderr).not.toContain('wrong-token');
  });
});
