// One run per journal: the lock is taken atomically, refused while its holder lives (naming
// it), taken over at once when the holder's process is gone, and let go of at the end.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
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
  writeFileSync(`${lockPathFor(journal)}.owner.json`, JSON.stringify({ ...owner, started: '2026-11-23T08:00:00.000Z' }));
}

let seq = 0;
describe('lockJournal', () => {
  const cases: [string, ((journal: string) => void) | undefined, RegExp | undefined][] = [
    ['no lock: taken', undefined, undefined],
    ['held by a live process on this host: refused, naming it', (j) => leftLock(j, { pid: alive.pid!, host: hostname() }), new RegExp(`process ${alive.pid} on ${hostname()}`)],
    ['held by a process gone from this host: taken over', (j) => leftLock(j, { pid: deadPid(), host: hostname() }), undefined],
    ['held on another host, fresh: refused (its process cannot be checked from here)', (j) => leftLock(j, { pid: 1234, host: 'other-host' }), /process 1234 on other-host/],
  ];
  it.each(cases)('%s', async (_name, before, refused) => {
    const journal = join(dir, `j${++seq}.ndjson`);
    before?.(journal);
    const taking = lockJournal(journal, 'register.xlsx');
    if (refused) {
      const e = await taking.then(() => undefined, (err: unknown) => err);
      expect(e).toBeInstanceOf(AssetbatchError);
      expect((e as AssetbatchError).code).toBe('E_LOCKED');
      expect((e as AssetbatchError).message).toMatch(refused);
      return;
    }
    const lock = await taking;
    expect(existsSync(lock.path)).toBe(true);
    const again = (await lockJournal(journal, 'register.xlsx').catch((x: unknown) => x)) as AssetbatchError;
    expect([again.code, again.message]).toEqual(['E_LOCKED', expect.stringContaining(`(process ${process.pid} on `)]);
    await lock.release();
    expect(existsSync(lock.path)).toBe(false);
    expect(existsSync(`${lock.path}.owner.json`)).toBe(false);
  });

  it("a dead run's owner file beside a lock another run has just taken: refused, not taken over", async () => {
    const journal = join(dir, `j${++seq}.ndjson`);
    // The live run took the folder; the owner file is still the crashed run's, made for another folder.
    mkdirSync(lockPathFor(journal));
    writeFileSync(`${lockPathFor(journal)}.owner.json`, JSON.stringify({ pid: deadPid(), host: hostname(), started: '2026-11-23T08:00:00.000Z', lock: '1:0' }));
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

  it('makes the report folder when it does not exist yet', async () => {
    const lock = await lockJournal(join(dir, 'new', 'folder', 'r.journal.ndjson'), 'x.csv');
    await lock.release();
  });
});
