// A run killed with SIGKILL part-way and run again: the journal makes the second run
// skip what was done and check what was in flight, so every row ends up in the service
// exactly once and the final report accounts for every row.
import { describe, expect, it } from 'vitest';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  killOutsideMemoryLock,
  memoryLock,
  readReport,
  runCli,
  spawnCli,
  tempDir,
  testSandbox,
  type TestSandbox,
  journalDone,
} from './cli.js';
import { runLibrary, type LibraryResult } from './library.js';
import type { ImportSummary } from '../../src/index.js';

const ROWS = 120;

function register(prefix: string): string {
  const lines = ['Name,Serial No.,Category,Sub Cat,Country,Purchase Cost ($)'];
  for (let i = 1; i <= ROWS; i++)
    lines.push(`Desktop ${i},${prefix}-${String(i).padStart(4, '0')},Hardware,Desktop,USA,$${500 + i}`);
  const file = join(tempDir(), `${prefix}.csv`);
  writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

/** Kill a run of ROWS rows after `at` are journalled, rerun it, and check each row is in the service once. */
async function killAndResume(sb: TestSandbox, at: number, rerun: 'cli' | 'library'): Promise<void> {
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

  // The kill lands outside the memory's lock: exactly-once.test.ts kills a run holding it,
  // on purpose.
  const lock = memoryLock(sb, 'asset');
  const child = spawnCli(args);
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (journalDone(journal) >= at) {
        clearInterval(timer);
        void killOutsideMemoryLock(child, lock).then((killed) =>
          killed ? resolve() : reject(new Error('the run ended before it could be killed')),
        );
      }
    }, 5);
    child.once('exit', () => {
      clearInterval(timer);
      reject(new Error(`the run ended before it could be killed (journal had ${journalDone(journal)} rows)`));
    });
  });
  await new Promise((r) => child.once('exit', r));
  // Killed mid-run: no report was moved into place.
  expect(existsSync(report)).toBe(false);
  const before = (await sb.records('asset')).filter((a) => String(a.serial_number).startsWith(prefix)).length;
  expect(before).toBeGreaterThanOrEqual(at);
  expect(before).toBeLessThan(ROWS);

  const summary = await rerunOf(rerun, args, () =>
    runLibrary(sb, { file, resource: 'asset', reportPath: report, concurrency: 6 }),
  );
  expect(summary.plan.resumed?.doneRows).toBeGreaterThanOrEqual(at);

  const assets = (await sb.records('asset')).filter((a) => String(a.serial_number).startsWith(prefix));
  const serials = assets.map((a) => a.serial_number);
  expect(serials).toHaveLength(ROWS);
  expect(new Set(serials).size).toBe(ROWS);
  const idBySerial = new Map(assets.map((a) => [a.serial_number, a.id]));
  const rows = readReport(report);
  expect(rows).toHaveLength(ROWS);
  // Rows this run sent are created; rows the killed run had done are skipped, with their id:
  // by the journal, or, for a row killed between the memory's line and the journal's, the memory.
  const earlier = [
    'already created by an earlier run of this import (journal)',
    'already created by an earlier run of this import (the memory of what was sent: that run stopped before its journal said so)',
  ];
  for (const r of rows) {
    expect(r['#status'] === 'created' || earlier.includes(r['#message']), r['#message']).toBe(true);
    expect(r['#status']).toMatch(/^(created|skipped)$/);
    expect(Number(r['#id'])).toBe(idBySerial.get(r['Serial No.']));
  }
}

/** The rerun's summary, through the CLI (`args`, with --json) or the library; either ends with exit 0. */
async function rerunOf(
  how: 'cli' | 'library',
  args: string[],
  library: () => Promise<LibraryResult>,
): Promise<ImportSummary> {
  if (how === 'library') {
    const res = await library();
    expect(res.code, res.stderr).toBe(0);
    return res.summary!;
  }
  const res = await runCli(args);
  expect(res.code, res.stderr).toBe(0);
  return JSON.parse(res.stdout) as ImportSummary;
}

describe('kill -9 and resume', () => {
  // The rerun is the CLI's once (its exit code and --json summary); the other kill points
  // differ only in where the kill lands, and rerun through the library in-process.
  it.each([
    { at: 5, rerun: 'cli' },
    { at: 40, rerun: 'library' },
    { at: 80, rerun: 'library' },
  ] as const)(
    'killed after $at rows are journalled: the rerun completes with each row once',
    async ({ at, rerun }) => {
      // Latency keeps requests in flight when the kill lands, so some rows are mid-write.
      const sb = await testSandbox({ latencyMs: 15 });
      try {
        await killAndResume(sb, at, rerun);
      } finally {
        await sb.close();
      }
    },
    120_000,
  );
});
