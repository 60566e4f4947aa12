// Pacing that knows its own history: a run stopped with Ctrl-C and resumed at once finds its
// own requests still in the account's window. It waits for them instead of meeting a 429
// and reading it as other clients' use, ends within its plan's ETA plus one window, and the
// next plan does not claim that others use the account. A short window (2 s, 20 requests),
// set on the sandbox and told to the CLI (ASSETBATCH_RATE_WINDOW), stands for the minute.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, spawnCli, tempDir, useSandbox, journalDone } from './cli.js';

const LIMIT = 20;
const WINDOW_S = 2;
const ctx = useSandbox({ rateLimit: LIMIT, rateWindowMs: WINDOW_S * 1000 });

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
];

function sheet(dir: string, tag: string, n: number): string {
  const file = join(dir, `${tag}.csv`);
  writeFileSync(
    file,
    ['Name,Serial Number', ...Array.from({ length: n }, (_, i) => `Cabinet ${tag} ${i},${tag}-${i}`)].join(
      '\n',
    ) + '\n',
  );
  return file;
}

describe('Ctrl-C and an immediate resume', () => {
  it("the resumed run waits for the first run's requests, meets no 429, ends within its ETA plus one window; the next plan sees no other client", async () => {
    const dir = tempDir();
    // The run's own state: the pace memory and the send times (cache), the memory of what was sent (state).
    const env = {
      ASSETBATCH_RATE_WINDOW: String(WINDOW_S),
      XDG_CACHE_HOME: tempDir('ab-cache-'),
      XDG_STATE_HOME: tempDir('ab-state-'),
    };
    // 30 rows: the 16 or so left after the stop fit a quiet window, so a run that did not know
    // the first run's requests would send them all at once, into a window they already fill.
    const file = sheet(dir, 'Pace', 30);
    const report = join(dir, 'pace.report.csv');
    const journal = join(dir, 'pace.report.journal.ndjson');

    const first = spawnCli(args(file, report), { env });
    const exited = new Promise<number | null>((resolve) => first.on('exit', resolve));
    const done = () => journalDone(journal);
    // Stopped once the window is nearly full of its requests.
    for (const until = Date.now() + 30_000; done() < 14 && Date.now() < until;)
      await new Promise((r) => setTimeout(r, 10));
    first.kill('SIGINT');
    expect(await exited).toBe(3);

    const resumed = await runCli(args(file, report), { env });
    expect(resumed.code, resumed.stderr).toBe(0);
    const s = JSON.parse(resumed.stdout);
    // Every row created once: the rest by this run; those of the first run (its journal) skipped.
    expect(s.plan.resumed.doneRows).toBeGreaterThanOrEqual(14);
    expect(s.counts.skipped).toBe(s.plan.resumed.doneRows);
    expect(s.counts.created + s.counts.skipped).toBe(30);
    expect(
      (await ctx.sb.records('asset')).filter((a) => String(a.serial_number).startsWith('Pace-')),
    ).toHaveLength(30);
    // No 429: the first run's requests were counted as ours before any was sent.
    expect(s.throttled).toBe(0);
    expect(s.plan.sharedRate).toBeUndefined();
    // Within the plan's ETA plus one window (the plan counts the wait for the first run's requests), with a second for starting.
    expect(s.durationMs).toBeLessThanOrEqual((s.plan.etaSeconds + WINDOW_S + 1) * 1000);

    const next = await runCli(args(sheet(dir, 'PaceNext', 3), join(dir, 'next.csv')), { env });
    expect(next.code, next.stderr).toBe(0);
    expect(JSON.parse(next.stdout).plan.sharedRate).toBeUndefined();
  }, 90_000);
});
