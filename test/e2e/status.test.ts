// Watching a run from a second terminal: `assetbatch status FILE` on a running run (alive,
// rows done, rows left, a rate and an ETA) and the same run stopped (not alive, the counts
// the report shows), by the input, the report or the journal; --json for scripts. And the
// report itself, which grows row by row in input order while the run goes (`tail -f`).
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readReport, runCli, spawnCli, tempDir, testSandbox, type TestSandbox } from './cli.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await testSandbox({ latencyMs: 10 });
});
afterAll(() => sb.close());

interface Status {
  alive: boolean;
  rows: number;
  left: number;
  counts: { created: number; failed: number; inFlight: number };
  rowsPerMinute: number;
  etaSeconds?: number;
}

async function status(file: string): Promise<Status> {
  const res = await runCli(['status', file, '--json']);
  expect(res.code, res.stderr).toBe(0);
  return JSON.parse(res.stdout) as Status;
}

describe('assetbatch status', () => {
  it('a running run, then the same run stopped', async () => {
    const dir = tempDir();
    const input = join(dir, 'watched.csv');
    const n = 60;
    writeFileSync(
      input,
      ['Name,Serial Number', ...Array.from({ length: n }, (_, i) => `Desk W ${i},WATCH-${i}`)].join('\n') +
        '\n',
    );
    // 60 a minute: the run spreads its 60 rows over about a minute, long enough to watch.
    const child = spawnCli([
      'import',
      input,
      '-r',
      'asset',
      '--concurrency',
      '2',
      '--base-url',
      sb.sb.url,
      '--token',
      sb.sb.token,
      '--rate-limit',
      '60',
    ]);
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    let running: Status | undefined;
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const s = await runCli(['status', input, '--json']);
      if (s.code === 0) {
        running = JSON.parse(s.stdout) as Status;
        if (running.counts.created >= 5) break;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(running).toMatchObject({ alive: true, rows: n });
    expect(running!.left).toBeGreaterThan(0);
    expect(running!.left).toBeLessThan(n);
    expect(running!.rowsPerMinute).toBeGreaterThan(0);
    // At 60 requests a minute a row takes about a second: the ETA is about `left` seconds
    // (within a factor of 4: the run's first rows go in a burst, which the rate counts).
    expect(running!.etaSeconds).toBeGreaterThanOrEqual(running!.left / 4);
    expect(running!.etaSeconds).toBeLessThanOrEqual(running!.left * 4);
    // The report grows under <report>.<pid>.part, its finished rows in input order, within a few seconds of finishing.
    const report = join(dir, 'watched.csv.report.csv');
    const part = join(
      dir,
      readdirSync(dir).find((f) => f.startsWith('watched.csv.report.csv.') && f.endsWith('.part'))!,
    );
    // The report is written every 2 s at the latest: read it until it holds the rows the
    // status counted, for up to 5 s, rather than once after a fixed 2.5 s that a loaded
    // machine (a late timer, a slow status CLI) can overrun.
    const readPart = () => {
      try {
        return readReport(part);
      } catch {
        return []; // read while a batch of lines was being written: read again
      }
    };
    let growing = readPart();
    for (const until = Date.now() + 5000; growing.length < running!.counts.created && Date.now() < until;) {
      await new Promise((r) => setTimeout(r, 50));
      growing = readPart();
    }
    // The growing report names the run too.
    expect((await status(part)).alive).toBe(true);
    expect(growing.length).toBeGreaterThanOrEqual(running!.counts.created);
    expect(growing.length).toBeLessThan(n);
    expect(growing.map((r) => Number(r['#row']))).toEqual(growing.map((_, i) => i + 2));

    child.kill('SIGINT');
    expect(await exited).toBe(3);
    const created = readReport(report).filter((r) => r['#status'] === 'created').length;
    for (const named of [input, report, join(dir, 'watched.csv.report.journal.ndjson')]) {
      const stopped = await status(named);
      expect(stopped.alive).toBe(false);
      expect(stopped.counts.created).toBe(created);
      expect(stopped.left).toBe(n - created - stopped.counts.failed);
      expect(stopped.etaSeconds).toBeUndefined();
    }
    const text = await runCli(['status', input]);
    expect(text.stdout).toMatch(/: stopped: interrupted/);
    expect(text.stdout).toMatch(new RegExp(`Rows: ${created} created`));
    expect(text.stdout).toMatch(/Run the same import command again to resume/);
  }, 60_000);

  it('a file with no journal: a clear error, and a JSON error with --json', async () => {
    const res = await runCli(['status', join(tempDir(), 'never-imported.csv'), '--json']);
    expect(res.code).toBe(2);
    expect(JSON.parse(res.stdout).error.code).toBe('E_FILE_NOT_FOUND');
    expect(res.stderr).toMatch(/no journal for this run/);
  });
});
