// --timeout: a service that takes the request and never answers. A read that times out is
// asked again; a write that times out may have been done, so it is looked up (the
// exactly-once recovery) and never sent twice. A stand-in in front of the sandbox holds
// the answers it is told to.
import { createServer, request as httpRequest, type Server } from 'node:http';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readReport, runCli, tempDir, testSandbox, type TestSandbox } from './cli.js';

/** Forwards to the sandbox; the listed requests (by method, 1-based) get no answer, though the sandbox acts on them. */
async function holder(
  target: string,
  hold: Record<string, number[]>,
): Promise<{ url: string; close(): Promise<void> }> {
  const t = new URL(target);
  const seen: Record<string, number> = {};
  const server: Server = createServer((req, res) => {
    const n = (seen[req.method!] = (seen[req.method!] ?? 0) + 1);
    const body: Buffer[] = [];
    req.on('data', (c: Buffer) => body.push(c));
    req.on('end', () => {
      const up = httpRequest(
        { host: t.hostname, port: t.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (c: Buffer) => chunks.push(c));
          answer.on('end', () => {
            if (hold[req.method!]?.includes(n)) return; // taken, done, never answered
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(Buffer.concat(chunks));
          });
        },
      );
      up.end(Buffer.concat(body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

let sb: TestSandbox;
beforeAll(async () => {
  sb = await testSandbox();
});
afterAll(() => sb.close());

describe('--timeout', () => {
  it.each([
    ['a read that never answers is asked again', { GET: [1] }, /^$/],
    ['a write that never answers is looked up, not sent twice', { POST: [2] }, /recovered/],
  ])(
    '%s',
    async (_name, hold, note) => {
      const dir = tempDir();
      const tag = `TO${Object.keys(hold)[0]}`;
      const file = join(dir, `${tag}.csv`);
      writeFileSync(
        file,
        ['Name,Serial Number', ...[1, 2, 3].map((i) => `Laptop ${tag}-${i},${tag}-${i}`)].join('\n') + '\n',
      );
      const front = await holder(sb.sb.url, hold);
      try {
        const report = join(dir, 'r.csv');
        const started = Date.now();
        const res = await runCli([
          'import',
          file,
          '-r',
          'asset',
          '--report',
          report,
          '--concurrency',
          '1',
          '--timeout',
          '1',
          '--base-url',
          front.url,
          '--token',
          sb.sb.token,
          '--rate-limit',
          '0',
        ]);
        expect(res.code, res.stderr).toBe(0);
        expect(Date.now() - started).toBeLessThan(20_000);
        const rows = readReport(report);
        expect(rows.map((r) => r['#status'])).toEqual(['created', 'created', 'created']);
        expect(rows[1]['#message']).toMatch(note);
        const serials = (await sb.records('asset'))
          .map((r) => r.serial_number)
          .filter((s) => String(s).startsWith(tag));
        expect(serials.sort()).toEqual([`${tag}-1`, `${tag}-2`, `${tag}-3`]);
      } finally {
        await front.close();
      }
    },
    30_000,
  );

  it.each([['0'], ['abc'], ['99999']])('--timeout %s is refused as a usage error', async (value) => {
    const res = await runCli(['import', 'x.csv', '-r', 'asset', '--sandbox', '--timeout', value]);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/--timeout must be a number of seconds/);
  });
});
