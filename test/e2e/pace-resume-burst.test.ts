// A run whose rows all fit the window sends them without spacing, 16 at a time, some in the
// same millisecond; stopped with Ctrl-C and resumed at once, the next run must count each of
// those requests (the send times kept beside the pace memory once kept one of those that
// shared a millisecond): it waits for room instead of meeting a 429 for its own first run's
// requests, and the next plan claims no other client. The two runs' requests are more
// than the window takes, so a single lost send time is a 429. How many share a millisecond
// depends on the machine's timing (none, some runs): test/api/pace-history.test.ts holds the
// rule itself. A short window (4 s, 60 requests), set on the sandbox and told to the CLI
// (ASSETBATCH_RATE_WINDOW), stands for the minute; a latency of 300 ms lets the Ctrl-C land
// while the first run's requests are in flight.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { journalDone, runCli, spawnCli, tempDir, useSandbox } from './cli.js';

const LIMIT = 60;
const WINDOW_S = 4;
const ctx = useSandbox({ rateLimit: LIMIT, rateWindowMs: WINDOW_S * 1000, latencyMs: 300 });

const args = (file: string, report: string) => [
  'import',
  file,
  '-r',
  'asset',
  '--report',
  report,
  '--json',
  '--base-url',
  ctx.sb.sb.url,
  '--token',
  ctx.sb.sb.token,
  '--rate-limit',
  String(LIMIT),
  '--concurrency',
  '16',
];

function sheet(dir: string, tag: string, n: number): string {
  const file = join(dir, `${tag}.csv`);
  const rows = Array.from({ length: n }, (_, i) => `Locker ${tag} ${i},${tag}-${i}`);
  writeFileSync(file, ['Name,Serial Number', ...rows].join('\n') + '\n');
  return file;
}

describe('Ctrl-C during a burst and an immediate resume', () => {
  it("the resumed run counts every request of the first (same millisecond too): no 429, no 'others use the account'", async () => {
    const dir = tempDir();
    const env = {
      ASSETBATCH_RATE_WINDOW: String(WINDOW_S),
      XDG_CACHE_HOME: tempDir('ab-cache-'),
      XDG_STATE_HOME: tempDir('ab-state-'),
    };
    // One list request and 59 rows: the whole limit, so the first run sends them without
    // spacing, and the resumed run's requests (a list request more) with the first run's
    // are more than the window takes.
    const file = sheet(dir, 'Burst', LIMIT - 1);
    const report = join(dir, 'burst.report.csv');
    const journal = join(dir, 'burst.report.journal.ndjson');

    const first = spawnCli(args(file, report), { env });
    const exited = new Promise<number | null>((resolve) => first.on('exit', resolve));
    for (const until = Date.now() + 30_000; journalDone(journal) < 24 && Date.now() < until;)
      await new Promise((r) => setTimeout(r, 10));
    first.kill('SIGINT');
    expect(await exited).toBe(3);

    const resumed = await runCli(args(file, report), { env });
    expect(resumed.code, resumed.stderr).toBe(0);
    const s = JSON.parse(resumed.stdout);
    expect(s.plan.resumed.doneRows).toBeGreaterThanOrEqual(24);
    // The first run's rows (its journal) are skipped as already created; this run creates the rest.
    expect(s.counts.skipped).toBe(s.plan.resumed.doneRows);
    expect(s.counts.created + s.counts.skipped).toBe(LIMIT - 1);
    expect(
      (await ctx.sb.records('asset')).filter((a) => String(a.serial_number).startsWith('Burst-')),
    ).toHaveLength(LIMIT - 1);
    // Every request of the first run counted as ours before any was sent: none refused.
    expect(s.throttled).toBe(0);
    expect(s.plan.sharedRate).toBeUndefined();

    const next = await runCli(args(sheet(dir, 'BurstNext', 2), join(dir, 'next.csv')), { env });
    expect(next.code, next.stderr).toBe(0);
    expect(JSON.parse(next.stdout).plan.sharedRate).toBeUndefined();
  }, 60_000);
});
