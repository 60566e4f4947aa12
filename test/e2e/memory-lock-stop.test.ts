// A live run that holds the memory's lock (src/send/memory.ts) past the wait (twice the lock's
// staleness: 20 s, here 3 s through ASSETBATCH_TEST_MEMORY_LOCK_STALE_MS) stops a run that
// waits for it mid-run: the rows it created stay created, the row that
// waited and those after it are "not sent" (never "failed": nothing of theirs went out),
// the exit code is 3, and the summary says what to wait for and that the same command sends
// the rest. Then the same command, with the lock free, creates those rows and no row twice.
// The holder here is the test: it makes the lock's folder while the run is between claims
// and keeps it fresh, as proper-lockfile does for a live holder.
import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { journalDone, memoryLock, readReport, runCli, spawnCli, useSandbox } from './cli.js';

// Each write takes a moment, so the lock is taken with rows still to go.
const env = useSandbox({ latencyMs: 100 });
const ROWS = 10;
// The run waits 3 s, not 20: what is checked is what a stop leaves, not how long the wait is.
const STALE_MS = 1_500;
const LOCK_ENV = { ASSETBATCH_TEST_MEMORY_LOCK_STALE_MS: String(STALE_MS) };

/** Make the lock's folder once the run lets go of it (it holds it a moment per row). */
function takeLock(lock: string): void {
  mkdirSync(dirname(lock), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      return;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
}

describe('the memory lock held past the wait by a live run', () => {
  it('stops the run: rows created stay created, the rest are not sent (exit 3, what to do said); the same command then sends them once', async () => {
    const file = join(env.dir, 'held.csv');
    writeFileSync(
      file,
      ['Name,Serial Number', ...Array.from({ length: ROWS }, (_, i) => `Held ${i},HELD-${i}`)].join('\n') +
        '\n',
    );
    const report = join(env.dir, 'held.report.csv');
    const args = ['import', file, '-r', 'asset', '--report', report, '--concurrency', '1', ...env.sb.args];
    const lock = memoryLock(env.sb, 'asset');

    const waiting = spawnCli(args, { env: LOCK_ENV });
    let stdout = '';
    let stderr = '';
    waiting.stdout!.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    waiting.stderr!.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => waiting.on('exit', resolve));
    const journal = join(env.dir, 'held.report.journal.ndjson');
    while (journalDone(journal) < 3) await new Promise((r) => setTimeout(r, 5));
    takeLock(lock);
    const heldAt = Date.now();
    // Touched as often as a live holder would at this staleness, and more: never taken over.
    const fresh = setInterval(() => utimesSync(lock, new Date(), new Date()), STALE_MS / 10);
    let code: number | null;
    let heldFor: number;
    try {
      code = await exited;
    } finally {
      heldFor = Date.now() - heldAt;
      clearInterval(fresh);
      rmSync(lock, { recursive: true, force: true });
    }

    expect(code, stderr).toBe(3);
    // It waited out the whole wait before it stopped.
    expect(heldFor).toBeGreaterThanOrEqual(2 * STALE_MS);
    const rows = readReport(report);
    const created = rows.filter((r) => r['#status'] === 'created').length;
    const notSent = ROWS - created;
    expect(created).toBeGreaterThanOrEqual(3);
    expect(notSent).toBeGreaterThan(0);
    expect(rows.map((r) => r['#status'])).toEqual([
      ...Array<string>(created).fill('created'),
      ...Array<string>(notSent).fill('not sent'),
    ]);
    const said = `another assetbatch run on this machine held the lock on the memory of what was sent for `;
    for (const r of rows.filter((row) => row['#status'] === 'not sent'))
      expect(r['#message']).toMatch(
        new RegExp(
          `^not sent: ${said}\\d+ s, so this run stopped before sending the rows that waited for it: `,
        ),
      );
    expect(stdout).toContain(
      `Stopped: ${ROWS} rows — ${created} created, 0 updated, 0 skipped, 0 invalid, 0 failed, ${notSent} not sent.`,
    );
    expect(stdout).toContain(
      `${lock}\n  hint: Wait for that run to end, or end it (if no assetbatch run is running, delete that folder), then run the same command again to resume.\n` +
        `The ${notSent} rows not sent are sent then, none twice.\n`,
    );
    // In the service: the rows created, no more.
    const held = async () =>
      (await env.sb.records('asset')).filter((a) => String(a.serial_number).startsWith('HELD-'));
    expect(await held()).toHaveLength(created);

    const again = await runCli([...args, '--json'], { env: LOCK_ENV });
    expect(again.code, again.stderr).toBe(0);
    // This run created the rows not sent; those the stopped run created are skipped (already created).
    expect(JSON.parse(again.stdout).counts).toMatchObject({
      created: notSent,
      skipped: created,
      failed: 0,
      'not sent': 0,
    });
    expect(readReport(report).map((r) => r['#status'])).toEqual([
      ...Array<string>(created).fill('skipped'),
      ...Array<string>(notSent).fill('created'),
    ]);
    const serials = (await held()).map((a) => String(a.serial_number)).sort();
    expect(serials).toEqual(Array.from({ length: ROWS }, (_, i) => `HELD-${i}`).sort());
  }, 90_000);
});
