// Ctrl-C in an update, then the same command at once. Rows that were waiting for the rate
// limit when the stop came were never sent: the stopped run reports them `not sent`, and the
// next run says nothing of rows "in flight" (there were none), sends each of them once, and
// leaves the rows already done alone.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { journalDone, runCli, spawnCli, useSandbox } from './cli.js';

const env = useSandbox({ rateLimit: 0 });

const ROWS = 8;
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
    // The client paces itself at 60 requests a minute: rows queue for the limiter, one at a time.
    const args = ['update', file, '-r', 'asset', '--concurrency', '1', ...env.sb.args.slice(0, 4)];
    const child = spawnCli([...args, '--rate-limit', '60'], { cwd: env.dir });
    let [stdout, stderr] = ['', ''];
    child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((done) => child.on('exit', done));
    const journal = join(env.dir, 'desks-moved.csv.report.journal.ndjson');
    const deadline = Date.now() + 30_000;
    while (journalDone(journal) < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    child.kill('SIGINT');
    expect(await exited, stderr).toBe(3);
    const done = journalDone(journal);
    expect(done).toBeGreaterThan(0);
    expect(done).toBeLessThan(ROWS);
    expect(stdout).toContain(
      `Stopped: ${ROWS} rows — 0 created, ${done} updated, 0 skipped, 0 invalid, 0 failed, ${ROWS - done} not sent.`,
    );

    const again = await runCli([...args, '--rate-limit', '0'], { cwd: env.dir });
    expect(again.code, again.stderr).toBe(0);
    const resuming = again.stderr.split('\n').find((l) => l.startsWith('Resuming:'));
    expect(resuming).toMatch(new RegExp(`^Resuming: the journal shows ${done} rows? already done\\.$`));
    expect(again.stdout).toContain(`Done: ${ROWS} rows — 0 created, ${ROWS - done} updated, ${done} skipped`);

    const stats = (await env.sb.stats()) as { requests: Record<string, number> };
    expect(stats.requests['PATCH /api/v2/asset/{id}/']).toBe(ROWS);
    const rooms = (await env.sb.records('asset'))
      .filter((r) => String(r.serial_number).startsWith('STOPUPD-'))
      .map((r) => r.room);
    expect(rooms).toEqual(Array(ROWS).fill('2.17'));
    expect(readFileSync(journal, 'utf8')).toContain('not sent: interrupted');
  }, 60_000);
});
