// A power cut after a write went out must not make the next run send it again: each intent
// is on the disk (fsync) before its request leaves. The cut is simulated: the CLI runs with
// a preloaded helper that copies the journal at each fsync (what the disk holds), is killed
// mid-run, and the next run finds only that copy.
import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  BIN,
  killOutsideMemoryLock,
  memoryLock,
  ROOT,
  runCli,
  tempDir,
  useSandbox,
  journalDone,
} from './cli.js';
import { runLibrary } from './library.js';

const ctx = useSandbox({ latencyMs: 20 });
const HELPER = pathToFileURL(join(ROOT, 'test/helpers/durable-copy.mjs')).href;

/**
 * The import, killed (SIGKILL) once the journal holds `at` outcomes, while the memory's lock
 * is free or named (exactly-once.test.ts kills a run holding it, on purpose).
 */
function cutAt(args: string[], journal: string, at: number): Promise<boolean> {
  const lock = memoryLock(ctx.sb, 'asset');
  const child = spawn(process.execPath, ['--import', HELPER, BIN, ...args], {
    cwd: ROOT,
    env: { ...process.env, DURABLE_MATCH: 'journal\\.ndjson$' },
    stdio: 'ignore',
  });
  let cut = false;
  const timer = setInterval(() => {
    if (journalDone(journal) < at) return;
    clearInterval(timer);
    void killOutsideMemoryLock(child, lock).then((killed) => (cut = killed));
  }, 3);
  return new Promise((resolve) =>
    child.once('exit', () => {
      clearInterval(timer);
      resolve(cut);
    }),
  );
}

describe('a power cut mid-run', () => {
  // The next run is the CLI's once; the other case differs only in its input and concurrency,
  // and runs it through the library in-process.
  it.each([
    {
      case: 'keyless assets, 4 at a time, cut after 10 outcomes',
      rows: 40,
      concurrency: '4',
      at: 10,
      next: 'cli',
    },
    {
      case: 'keyless assets, one at a time, cut after 25 outcomes',
      rows: 40,
      concurrency: '1',
      at: 25,
      next: 'library',
    },
  ] as const)(
    '$case: the next run sends no row twice',
    async ({ rows, concurrency, at, next }) => {
      const tag = `PC${concurrency}`;
      const dir = tempDir();
      const file = join(dir, `${tag}.csv`);
      const names = Array.from({ length: rows }, (_, i) => `Lamp ${tag} ${String(i + 1).padStart(3, '0')}`);
      writeFileSync(
        file,
        ['Name,Category,Sub Cat,Country', ...names.map((n) => `${n},Hardware,Desktop,USA`)].join('\n') + '\n',
      );
      const report = join(dir, `${tag}.report.csv`);
      const journal = join(dir, `${tag}.report.journal.ndjson`);
      const args = [
        'import',
        file,
        '-r',
        'asset',
        '--report',
        report,
        '--concurrency',
        concurrency,
        ...ctx.sb.args,
      ];

      expect(await cutAt(args, journal, at), 'the cut landed mid-run').toBe(true);
      // What the disk holds after the cut: the journal as of its last fsync, or nothing.
      if (existsSync(`${journal}.durable`)) renameSync(`${journal}.durable`, journal);
      else rmSync(journal);

      const res =
        next === 'cli'
          ? await runCli(args)
          : await runLibrary(ctx.sb, {
              file,
              resource: 'asset',
              reportPath: report,
              concurrency: Number(concurrency),
            });
      expect(res.code, res.stderr).toBe(0);
      const made = (await ctx.sb.records('asset')).map((r) => String(r.name)).filter((n) => n.includes(tag));
      expect({ records: made.length, distinct: new Set(made).size }).toEqual({
        records: rows,
        distinct: rows,
      });
    },
    120_000,
  );
});
