// The lock on the memory of what was sent (src/send/memory.ts) is held a millisecond a claim,
// its holder named beside it. One a run killed while it held it (kill -9) left behind is taken
// over at once when the process it names is gone from this host, else (not named yet, another
// host) 10 s after it was last touched. A run that waits for it more than a second says so on
// stderr, once, with the lock's path and what to do: a wait never looks like a hang. With
// --json, stdout stays the summary. The lock is held here by making its folder (a fresh mtime,
// as a live or just-killed holder leaves it), or by a process that takes and names it as a run
// does (lock.ts's nameHolder, built), and let go of once the run has said it waits.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { memoryLock, readReport, ROOT, runCli, spawnCli, useSandbox } from './cli.js';

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

/**
 * A process that makes the lock's folder and names itself its holder, as a run does; it
 * stays until killed (`stay`) or ends at once, leaving both behind as a killed run would.
 */
async function holder(lock: string, stay: boolean): Promise<ChildProcess> {
  const lockModule = pathToFileURL(join(ROOT, 'dist/send/lock.js')).href;
  const code = [
    `import { mkdirSync } from 'node:fs';`,
    `import { nameHolder } from ${JSON.stringify(lockModule)};`,
    `mkdirSync(process.argv[1]);`,
    `nameHolder(process.argv[1]);`,
    stay ? `console.log('held'); setInterval(() => {}, 1000);` : '',
  ].join('\n');
  mkdirSync(dirname(lock), { recursive: true });
  const child = spawn(process.execPath, ['--input-type=module', '-e', code, lock], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (stay) await new Promise((resolve) => child.stdout!.once('data', resolve));
  else await new Promise((resolve) => child.on('exit', resolve));
  return child;
}

const importArgs = (tag: string) => [
  'import',
  sheet(tag),
  '-r',
  'asset',
  '--json',
  '--report',
  join(env.dir, `${tag.toLowerCase()}.csv`),
  ...env.sb.args,
];

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
    // Both locks as a killed run leaves them, each kept fresh until its sheet has waited long
    // enough, then aged (utimes) rather than waited out: the first sheet's made stale once the
    // run has said it waits; the second's made 8 s old once its sheet begins, so it turns stale
    // 2 s later and that sheet waits past the second after which a wait is said (not again).
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
    const touchedAgo = (lock: string, ms: number) =>
      utimesSync(lock, new Date(Date.now() - ms), new Date(Date.now() - ms));
    let stderr = '';
    let assetsBegunAt: number | undefined;
    const fresh = [true, true];
    child.stderr!.on('data', (c: Buffer) => {
      stderr += c.toString('utf8');
      if (fresh[0] && stderr.includes(SAID)) {
        fresh[0] = false;
        touchedAgo(locks[0], 10_000);
      }
      if (fresh[1] && stderr.includes('== sheet "Assets"')) {
        fresh[1] = false;
        assetsBegunAt = Date.now();
        touchedAgo(locks[1], 8_000);
      }
    });
    const touch = setInterval(() => {
      locks.forEach((lock, i) => fresh[i] && utimesSync(lock, new Date(), new Date()));
    }, 500);
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    const assetsTook = Date.now() - (assetsBegunAt ?? Date.now());
    clearInterval(touch);
    for (const lock of locks) rmSync(lock, { recursive: true, force: true });
    expect(code, stderr).toBe(0);
    expect(assetsBegunAt).toBeDefined();
    // The second sheet was held by its lock until it turned stale.
    expect(assetsTook).toBeGreaterThan(1_900);
    expect(stderr).toContain(`${SAID}${locks[0]}\n`);
    expect(stderr.split(SAID)).toHaveLength(2);
  }, 60_000);

  it('left by a run gone from this host (it named itself): taken over at once, nothing said', async () => {
    const lock = memoryLock(env.sb, 'asset');
    await holder(lock, false);
    const res = await runCli(importArgs('MLD'));
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).not.toContain(SAID);
    expect(JSON.parse(res.stdout).counts).toMatchObject({ created: 3, failed: 0 });
  });

  it('named by a live run: waited for (said); taken over as soon as that run is gone, not 10 s after', async () => {
    const lock = memoryLock(env.sb, 'asset');
    const live = await holder(lock, true);
    const child = spawnCli(importArgs('MLL'));
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    await new Promise<void>((resolve) => {
      child.stderr!.on('data', (c: Buffer) => {
        stderr += c.toString('utf8');
        if (stderr.includes(SAID)) resolve();
      });
    });
    // Killed as a run is by kill -9: the lock and its name stay.
    live.kill('SIGKILL');
    await new Promise((resolve) => live.on('exit', resolve));
    const killed = Date.now();
    expect(await exited, stderr).toBe(0);
    // A lock untouched for 10 s would have been taken some 9 s after the kill.
    expect(Date.now() - killed).toBeLessThan(6_000);
    expect(JSON.parse(stdout).counts).toMatchObject({ created: 3, failed: 0 });
  });

  it('Ctrl-C in the wait: the run stops at once, not when the lock frees; its rows not sent, for the same command to send', async () => {
    const lock = memoryLock(env.sb, 'asset');
    mkdirSync(dirname(lock), { recursive: true });
    mkdirSync(lock);
    const report = join(env.dir, 'mlc.csv');
    const child = spawnCli(['import', sheet('MLC'), '-r', 'asset', '--report', report, ...env.sb.args]);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    await new Promise<void>((resolve) => {
      child.stderr!.on('data', (c: Buffer) => {
        stderr += c.toString('utf8');
        if (stderr.includes(SAID)) resolve();
      });
    });
    const stoppedAt = Date.now();
    child.kill('SIGINT');
    const code = await exited;
    const took = Date.now() - stoppedAt;
    rmSync(lock, { recursive: true, force: true });
    expect(code, stderr).toBe(3);
    // The lock, untouched, would have been taken over some 9 s later.
    expect(took).toBeLessThan(3_000);
    expect(readReport(report).map((r) => [r['#row'], r['#status']])).toEqual([
      ['2', 'not sent'],
      ['3', 'not sent'],
      ['4', 'not sent'],
    ]);
    expect(stdout).toContain(
      'Run the same command again to resume: the 3 rows not sent are sent then, none twice.',
    );
  });

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
