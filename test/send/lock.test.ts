// One run per journal: the lock is taken atomically, refused while its holder lives (naming
// it), taken over at once when the holder's process is gone, and let go of at the end.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { lockJournal, lockPathFor } from '../../src/send/lock.js';
import { AssetbatchError } from '../../src/errors.js';

const dir = mkdtempSync(join(tmpdir(), 'ab-lock-'));
const alive = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
afterAll(() => {
  alive.kill();
  rmSync(dir, { recursive: true, force: true });
});
/** A pid that was a process a moment ago and is no more. */
const deadPid = () => spawnSync(process.execPath, ['-e', 'process.pid']).pid!;

/** A lock left as a run would leave it: the folder, and who held it. */
function leftLock(journal: string, owner: { pid: number; host: string }): void {
  mkdirSync(lockPathFor(journal));
  writeFileSync(
    `${lockPathFor(journal)}.owner.json`,
    JSON.stringify({ ...owner, started: '2026-11-23T08:00:00.000Z' }),
  );
}

const DIST_LOCK = pathToFileURL(join(import.meta.dirname, '..', '..', 'dist', 'send', 'lock.js')).href;
const SLOW_REMOVAL = pathToFileURL(join(import.meta.dirname, '..', 'helpers', 'slow-lock-removal.mjs')).href;

/**
 * Runs in processes of their own that each take the journal's lock, one `apartMs` after
 * another once all are started, hold it a second and let it go; each prints "took <pid>"
 * or the error's code and message. Removing a lock folder takes them half a second
 * (test/helpers/slow-lock-removal.mjs): a run that starts while another removes the
 * abandoned lock judges it abandoned too, and would remove the other's new lock after it.
 */
async function runsTakingLock(journal: string, runs: number, apartMs: number): Promise<string[]> {
  const script = (go: string) => `import { existsSync } from 'node:fs';
import { lockJournal } from ${JSON.stringify(DIST_LOCK)};
// Loaded before the start, as a run has it by the time it locks: under load, its first load
// could outlast the second run's wait for the first to write its name.
await import('proper-lockfile');
console.log('ready');
while (!existsSync(${JSON.stringify(go)})) await new Promise((r) => setTimeout(r, 2));
try {
  const lock = await lockJournal(${JSON.stringify(journal)}, 'register.xlsx');
  console.log('took ' + process.pid);
  await new Promise((r) => setTimeout(r, 1000));
  await lock.release();
} catch (e) {
  console.log(e.code + ' ' + e.message);
}`;
  const children = Array.from({ length: runs }, (_, i) => {
    const child = spawn(process.execPath, [
      '--import',
      SLOW_REMOVAL,
      '--input-type=module',
      '-e',
      script(`${journal}.go${i}`),
    ]);
    let out = '';
    const ready = new Promise<void>((resolve) =>
      child.stdout.on('data', (d: Buffer) => ((out += d.toString()), out.includes('ready') && resolve())),
    );
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const done = new Promise<string>((resolve) =>
      child.on('close', () => resolve(out.replace('ready', '').trim())),
    );
    return { ready, done };
  });
  await Promise.all(children.map((c) => c.ready));
  for (let i = 0; i < runs; i++) {
    writeFileSync(`${journal}.go${i}`, '');
    await new Promise((r) => setTimeout(r, apartMs));
  }
  return Promise.all(children.map((c) => c.done));
}

/** Set a folder's times `seconds` into the past, as a holder that stopped touching it leaves it. */
function untouchedFor(path: string, seconds: number): void {
  const then = new Date(Date.now() - seconds * 1000);
  utimesSync(path, then, then);
}

let seq = 0;
describe('lockJournal', () => {
  const cases: [string, ((journal: string) => void) | undefined, RegExp | undefined][] = [
    ['no lock: taken', undefined, undefined],
    [
      'held by a live process on this host: refused, naming it',
      (j) => leftLock(j, { pid: alive.pid!, host: hostname() }),
      new RegExp(`process ${alive.pid} on ${hostname()}`),
    ],
    [
      'held by a process gone from this host: taken over',
      (j) => leftLock(j, { pid: deadPid(), host: hostname() }),
      undefined,
    ],
    [
      'held on another host, fresh: refused (its process cannot be checked from here)',
      (j) => leftLock(j, { pid: 1234, host: 'other-host' }),
      /process 1234 on other-host/,
    ],
    [
      'held on another host, untouched for a minute: taken over',
      (j) => (leftLock(j, { pid: 1234, host: 'other-host' }), untouchedFor(lockPathFor(j), 60)),
      undefined,
    ],
    [
      'abandoned, beside the folder of a takeover that crashed a minute ago: taken over',
      (j) => (
        leftLock(j, { pid: deadPid(), host: hostname() }),
        mkdirSync(`${lockPathFor(j)}.takeover`),
        untouchedFor(`${lockPathFor(j)}.takeover`, 60)
      ),
      undefined,
    ],
    [
      'abandoned, while another run is taking it over: refused',
      (j) => (leftLock(j, { pid: deadPid(), host: hostname() }), mkdirSync(`${lockPathFor(j)}.takeover`)),
      /another assetbatch run is writing this import now/,
    ],
  ];
  it.each(cases)('%s', async (_name, before, refused) => {
    const journal = join(dir, `j${++seq}.ndjson`);
    before?.(journal);
    const taking = lockJournal(journal, 'register.xlsx');
    if (refused) {
      const e = await taking.then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(e).toBeInstanceOf(AssetbatchError);
      expect((e as AssetbatchError).code).toBe('E_LOCKED');
      expect((e as AssetbatchError).message).toMatch(refused);
      return;
    }
    const lock = await taking;
    expect(existsSync(lock.path)).toBe(true);
    expect(existsSync(`${lock.path}.takeover`)).toBe(false);
    const again = (await lockJournal(journal, 'register.xlsx').catch((x: unknown) => x)) as AssetbatchError;
    expect([again.code, again.message]).toEqual([
      'E_LOCKED',
      expect.stringContaining(`(process ${process.pid} on `),
    ]);
    await lock.release();
    expect(existsSync(lock.path)).toBe(false);
    expect(existsSync(`${lock.path}.owner.json`)).toBe(false);
  });

  it("a dead run's owner file beside a lock another run has just taken: refused, not taken over", async () => {
    const journal = join(dir, `j${++seq}.ndjson`);
    // The live run took the folder; the owner file is still the crashed run's, made for another folder.
    mkdirSync(lockPathFor(journal));
    writeFileSync(
      `${lockPathFor(journal)}.owner.json`,
      JSON.stringify({ pid: deadPid(), host: hostname(), started: '2026-11-23T08:00:00.000Z', lock: '1:0' }),
    );
    const e = (await lockJournal(journal, 'register.xlsx').catch((x: unknown) => x)) as AssetbatchError;
    expect([e.code, e.message]).toEqual(['E_LOCKED', expect.stringContaining('(another process)')]);
    expect(existsSync(lockPathFor(journal))).toBe(true);
  });

  it('a holder that writes its name a moment after taking the lock is named', async () => {
    const journal = join(dir, `j${++seq}.ndjson`);
    const first = await lockJournal(journal, 'register.xlsx');
    const owner = `${first.path}.owner.json`;
    const written = readFileSync(owner, 'utf8');
    rmSync(owner);
    setTimeout(() => writeFileSync(owner, written), 200);
    const e = (await lockJournal(journal, 'register.xlsx').catch((x: unknown) => x)) as AssetbatchError;
    expect([e.code, e.message]).toEqual(['E_LOCKED', expect.stringContaining(`(process ${process.pid} on `)]);
    await first.release();
  });

  it('two runs taking over one abandoned lock at once: one takes it, the other is refused naming it', async () => {
    const journal = join(dir, `j${++seq}.ndjson`);
    leftLock(journal, { pid: deadPid(), host: hostname() });
    const results = await runsTakingLock(journal, 2, 200);
    const took = results.filter((r) => r.startsWith('took'));
    const refused = results.filter((r) => r.startsWith('E_LOCKED'));
    expect([took.length, refused.length]).toEqual([1, 1]);
    // The refused run names the one that took it.
    expect(refused[0]).toContain(`process ${took[0].split(' ')[1]} on `);
  });

  it('makes the report folder when it does not exist yet', async () => {
    const folder = join(dir, 'new', 'folder');
    const journal = join(folder, 'r.journal.ndjson');
    expect(existsSync(folder)).toBe(false);
    const lock = await lockJournal(journal, 'x.csv');
    // The lock is in the new folder and holds it: a second run is refused.
    expect(existsSync(lockPathFor(journal))).toBe(true);
    const second = (await lockJournal(journal, 'x.csv').catch((x: unknown) => x)) as AssetbatchError;
    expect(second.code).toBe('E_LOCKED');
    await lock.release();
    expect(existsSync(lockPathFor(journal))).toBe(false);
  });
});
