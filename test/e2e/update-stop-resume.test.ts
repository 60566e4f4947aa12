// Ctrl-C in an update, then the same command at once. Rows that were waiting for the rate
// limit when the stop came were never sent: the stopped run reports them `not sent`, and the
// next run says nothing of rows "in flight" (there were none), sends each of them once, and
// leaves the rows already done alone.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { journalDone, readReport, runCli, spawnCli, tempDir, useSandbox } from './cli.js';

const env = useSandbox({ rateLimit: 0 });

const ROWS = 12;
const sheet = (room: string) =>
  [
    'Name,Serial number,Room',
    ...Array.from({ length: ROWS }, (_, i) => `Desk ${i},STOPUPD-${i},${room}`),
  ].join('\n') + '\n';

describe('an update stopped while rows wait for the rate limit', () => {
  it('is resumed at once: each row written once, none said to be in flight', async () => {
    const created = join(env.dir, 'desks.csv');
    writeFileSync(created, sheet('1.01'));
    expect((await runCli(['import', created, '-r', 'asset', ...env.sb.args], { cwd: env.dir })).code).toBe(0);

    const file = join(env.dir, 'desks-moved.csv');
    writeFileSync(file, sheet('2.17'));
    await env.sb.resetStats();
    // The client paces itself at 10 requests a minute, more than this update's work fits: after
    // a burst of two, each request waits 6 s for the limiter. A cache folder of its own keeps the
    // import's send times out of its window (else the first write would wait for them to leave).
    const args = ['update', file, '-r', 'asset', '--concurrency', '1', ...env.sb.args.slice(0, 4)];
    const own = { XDG_CACHE_HOME: tempDir('ab-update-stop-cache-') };
    const child = spawnCli([...args, '--rate-limit', '10'], { cwd: env.dir, env: own });
    let [stdout, stderr] = ['', ''];
    child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((done) => child.on('exit', done));
    const journal = join(env.dir, 'desks-moved.csv.report.journal.ndjson');
    const deadline = Date.now() + 30_000;
    while (journalDone(journal) < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    // A row the burst still let through is done by then; the next one waits its 6 s.
    await new Promise((r) => setTimeout(r, 300));
    child.kill('SIGINT');
    expect(await exited, stderr).toBe(3);
    const done = journalDone(journal);
    expect(done).toBeGreaterThan(0);
    expect(done).toBeLessThan(ROWS);
    expect(stdout).toContain(
      `Stopped: ${ROWS} rows — 0 created, ${done} updated, 0 skipped, 0 invalid, 0 failed, ${ROWS - done} not sent.`,
    );

    const again = await runCli([...args, '--rate-limit', '0'], { cwd: env.dir, env: own });
    expect(again.code, again.stderr).toBe(0);
    const resuming = again.stderr.split('\n').find((l) => l.startsWith('Resuming:'));
    expect(resuming).toMatch(new RegExp(`^Resuming: the journal shows ${done} rows? already done\\.$`));
    // The rows the stopped run did: the plan, comparing every row with its listed copy, calls
    // them unchanged; the run skips them as its journal's, unread, and the summary and the report say so.
    const plan = again.stderr.split('\n').find((l) => l.startsWith('Plan:'));
    expect(plan).toContain(`every row compared with its record as listed: ${done} unchanged`);
    expect(again.stdout).toContain(
      `Done: ${ROWS} rows — 0 created, ${ROWS - done} updated, ${done} skipped (${done} done by an earlier run, not read), 0 invalid, 0 failed.`,
    );
    const report = readReport(join(env.dir, 'desks-moved.csv.report.csv'));
    expect(report.filter((r) => r['#status'] === 'skipped').map((r) => r['#message'])).toEqual(
      Array(done).fill('updated by an earlier run of this update, the row unchanged since: not read again'),
    );

    const stats = (await env.sb.stats()) as { requests: Record<string, number> };
    expect(stats.requests['PATCH /api/v2/asset/{id}/']).toBe(ROWS);
    const rooms = (await env.sb.records('asset'))
      .filter((r) => String(r.serial_number).startsWith('STOPUPD-'))
      .map((r) => r.room);
    expect(rooms).toEqual(Array(ROWS).fill('2.17'));
    expect(readFileSync(journal, 'utf8')).toContain('not sent: interrupted');
  }, 60_000);
});
