// The lock on the memory of what was sent (src/send/memory.ts) is held a millisecond a claim;
// one a run killed while it held it (kill -9) left behind is taken over 10 s after it was last
// touched. A run that waits for it more than a second says so on stderr, once, with the lock's
// path and what to do: a wait never looks like a hang. With --json, stdout stays the summary.
// The lock is held here by making its folder (a fresh mtime, as a live or just-killed holder
// leaves it) and removed once the run has said it waits.
import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { memoryLock, runCli, spawnCli, useSandbox } from './cli.js';

const env = useSandbox();

function sheet(tag: string): string {
  const file = join(env.dir, `${tag}.csv`);
  writeFileSync(
    file,
    ['Name,Serial Number', ...[1, 2, 3].map((i) => `Locker ${tag} ${i},${tag}-${i}`)].join('\n') + '\n',
  );
  return file;
}

const SAID = 'waiting for the lock on the memory of what was sent: ';

describe('a wait for the memory lock', () => {
  it('held past a second: said once on stderr with the path, a left lock freeing after 10 s and what to do; the run goes on when it frees', async () => {
    const lock = memoryLock(env.sb, 'asset');
    mkdirSync(dirname(lock), { recursive: true });
    mkdirSync(lock);
    const args = [
      'import',
      sheet('MLW'),
      '-r',
      'asset',
      '--json',
      '--report',
      join(env.dir, 'mlw.csv'),
      ...env.sb.args,
    ];
    const child = spawnCli(args);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    // The lock stays until the run has said it waits (or 8 s, before it would be stale).
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 8_000);
      child.stderr!.on('data', (c: Buffer) => {
        stderr += c.toString('utf8');
        if (stderr.includes(SAID)) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    rmSync(lock, { recursive: true, force: true });
    expect(await exited, stderr).toBe(0);
    expect(stderr).toContain(`${SAID}${lock}\n`);
    expect(stderr).toContain('a left lock is free 10 s after it was last touched');
    expect(stderr).toContain('(if none is running, delete that folder) and run the command again.');
    expect(stderr.split(SAID)).toHaveLength(2);
    // stdout is the summary alone.
    expect(JSON.parse(stdout).counts).toMatchObject({ created: 3, failed: 0 });
  });

  it('a workbook whose sheets each wait (each its own memory and lock): said once for the run', async () => {
    // Both locks as a killed run leaves them: the first sheet waits until its lock is stale;
    // the second's is kept fresh until its sheet begins, so that sheet waits too (about 10 s).
    const locks = ['customer', 'asset'].map((resource) => memoryLock(env.sb, resource));
    for (const lock of locks) {
      mkdirSync(dirname(lock), { recursive: true });
      mkdirSync(lock);
    }
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Customers').addRows([
      ['Customer Name', 'Contact', 'Email'],
      ['Lock Wait Customer', 'Ann Lee', 'ann@lockwait.example'],
    ]);
    wb.addWorksheet('Assets').addRows([
      ['Name', 'Serial Number'],
      ['Lock Wait Chair', 'MLWB-1'],
    ]);
    const file = join(env.dir, 'lock-wait.xlsx');
    await wb.xlsx.writeFile(file);
    const child = spawnCli(['import', file, '--report', join(env.dir, 'mlwb'), ...env.sb.args]);
    let stderr = '';
    let assetsBegun = false;
    child.stderr!.on('data', (c: Buffer) => {
      stderr += c.toString('utf8');
      assetsBegun ||= stderr.includes('== sheet "Assets"');
    });
    const fresh = setInterval(() => {
      if (!assetsBegun) utimesSync(locks[1], new Date(), new Date());
    }, 500);
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    clearInterval(fresh);
    for (const lock of locks) rmSync(lock, { recursive: true, force: true });
    expect(code, stderr).toBe(0);
    expect(assetsBegun).toBe(true);
    expect(stderr).toContain(`${SAID}${locks[0]}\n`);
    expect(stderr.split(SAID)).toHaveLength(2);
  }, 60_000);

  it('free: nothing said', async () => {
    const res = await runCli([
      'import',
      sheet('MLF'),
      '-r',
      'asset',
      '--report',
      join(env.dir, 'mlf.csv'),
      ...env.sb.args,
    ]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).not.toContain('waiting for the lock');
  });
});
