// A run killed with SIGKILL part-way and run again: the journal makes the second run
// skip what was done and check what was in flight, so every row ends up in the service
// exactly once and the final report accounts for every row.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  memoryLock,
  readReport,
  runCli,
  spawnCli,
  tempDir,
  testSandbox,
  type TestSandbox,
  journalDone,
} from './cli.js';

const ROWS = 240;

function register(prefix: string): string {
  const lines = ['Name,Serial No.,Category,Sub Cat,Country,Purchase Cost ($)'];
  for (let i = 1; i <= ROWS; i++)
    lines.push(`Desktop ${i},${prefix}-${String(i).padStart(4, '0')},Hardware,Desktop,USA,$${500 + i}`);
  const file = join(tempDir(), `${prefix}.csv`);
  writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

let sb: TestSandbox | undefined;
afterEach(async () => {
  await sb?.close();
  sb = undefined;
});

describe('kill -9 and resume', () => {
  it.each([{ at: 5 }, { at: 60 }, { at: 180 }])(
    'killed after $at rows are journalled: the rerun completes with each row once',
    async ({ at }) => {
      // Latency keeps requests in flight when the kill lands, so some rows are mid-write.
      sb = await testSandbox({ latencyMs: 15 });
      const prefix = `KILL${at}`;
      const file = register(prefix);
      const report = `${file}.report.csv`;
      const journal = `${file}.report.journal.ndjson`;
      const args = [
        'import',
        file,
        '-r',
        'asset',
        '--report',
        report,
        '--concurrency',
        '6',
        '--json',
        ...sb.args,
      ];

      // The kill lands while the memory's lock is free: one left behind would cost the rerun
      // its 10 s staleness (exactly-once.test.ts kills a run holding it, on purpose).
      const lock = memoryLock(sb, 'asset');
      const child = spawnCli(args);
      await new Promise<void>((resolve, reject) => {
        const timer = setInterval(() => {
          if (journalDone(journal) >= at && !existsSync(lock)) {
            clearInterval(timer);
            child.kill('SIGKILL');
            resolve();
          }
        }, 5);
        child.once('exit', () => {
          clearInterval(timer);
          reject(
            new Error(`the run ended before it could be killed (journal had ${journalDone(journal)} rows)`),
          );
        });
      });
      await new Promise((r) => child.once('exit', r));
      // Killed mid-run: no report was moved into place.
      expect(existsSync(report)).toBe(false);
      const before = (await sb.records('asset')).filter((a) =>
        String(a.serial_number).startsWith(prefix),
      ).length;
      expect(before).toBeGreaterThanOrEqual(at);
      expect(before).toBeLessThan(ROWS);

      const res = await runCli(args);
      expect(res.code).toBe(0);
      const summary = JSON.parse(res.stdout);
      expect(summary.plan.resumed.doneRows).toBeGreaterThanOrEqual(at);

      const assets = (await sb.records('asset')).filter((a) => String(a.serial_number).startsWith(prefix));
      const serials = assets.map((a) => a.serial_number);
      expect(serials).toHaveLength(ROWS);
      expect(new Set(serials).size).toBe(ROWS);
      const idBySerial = new Map(assets.map((a) => [a.serial_number, a.id]));
      const rows = readReport(report);
      expect(rows).toHaveLength(ROWS);
      for (const r of rows) {
        expect(r['#status']).toBe('created');
        expect(Number(r['#id'])).toBe(idBySerial.get(r['Serial No.']));
      }
    },
    120_000,
  );
});
