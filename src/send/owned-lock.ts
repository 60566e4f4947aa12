// A lock that says who holds it, for the journal's lock (lock.ts: one run per journal) and the
// memory's (memory.ts: one claim at a time). proper-lockfile takes it atomically (a mkdir) and
// keeps its mtime fresh; we add who holds it (pid, host, start) in an owner file beside it, so
// that a run can name the holder, and a lock whose process is gone on this host (kill -9, a
// crash, a power cut) is taken over at once instead of after the staleness delay. The owner
// file names the lock folder it describes (inode and birth time): one left by a crashed run
// beside a lock another run has just taken (before it wrote its own) must not get that live
// lock taken over. The owner file comes a moment after the folder, and a kill can land in
// that moment (under load, often): so each try at the lock first leaves an intent file of its
// own (its host, pid and a count), removed once the folder is gone. A folder whose owner file
// does not name it was made by one of the runs with an intent beside it: when all of those
// are gone from this host, so is its maker. Taking over (a dead holder's lock, or one
// untouched for STALE_MS) is done here, not by proper-lockfile, one run at a time: two runs
// that both judged a lock abandoned would otherwise both remove it, the second removing the
// lock the first had just taken.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { isAlive } from '../util/atomic-file.js';

/** A lock whose folder has not been touched for this long is taken for abandoned. */
export const STALE_MS = 10_000;

/** How often the holder touches its lock folder (proper-lockfile's update). */
const UPDATE_MS = STALE_MS / 2;

/**
 * proper-lockfile's own staleness, so long that it never removes a lock itself: its removal
 * (stat, judge, remove, mkdir) races another run's doing the same. Takeovers are ours.
 */
const NEVER_STALE = 2 ** 31 - 1;

/** A takeover takes milliseconds: a takeover folder older than this was left by a run that crashed in one. */
const TAKEOVER_STALE_MS = 5_000;

/** How long a second run waits for the holder of a lock just taken to say who it is. */
const OWNER_WAIT_MS = 1000;

/** Who holds a lock. */
export interface Owner {
  readonly pid: number;
  readonly host: string;
  readonly started: string;
  /** The lock folder it holds (lockIdentity); absent in files of earlier versions. */
  readonly lock?: string;
}

/** One try at a lock: taken (with how to let it go), or held by `owner` (undefined: unknown). */
export type LockAttempt =
  | { readonly release: () => Promise<void> }
  | { readonly release?: undefined; readonly owner: Owner | undefined };

/** The holder as a message names it: "process 4242 on host-1, started …". */
export function holderText(owner: Owner | undefined, unknown: string): string {
  return owner ? `process ${owner.pid} on ${owner.host}, started ${owner.started}` : unknown;
}

/** Beside the lock folder, not in it: a write inside would change the folder's mtime, which proper-lockfile watches. */
function ownerPath(lockPath: string): string {
  return `${lockPath}.owner.json`;
}

function readOwner(lockPath: string): Owner | undefined {
  try {
    const owner = JSON.parse(readFileSync(ownerPath(lockPath), 'utf8')) as Owner;
    return typeof owner.pid === 'number' && typeof owner.host === 'string' ? owner : undefined;
  } catch {
    return undefined;
  }
}

/** The lock folder as one of its kind: its inode, reused by the next mkdir, with its birth time. */
function lockIdentity(lockPath: string): string | undefined {
  try {
    const st = statSync(lockPath);
    return `${st.ino}:${st.birthtimeMs}`;
  } catch {
    return undefined;
  }
}

function describes(owner: Owner, lockPath: string): boolean {
  return owner.lock === undefined || owner.lock === lockIdentity(lockPath);
}

/**
 * Who holds the lock folder `judged` (lockIdentity): waits a moment for a run that has just
 * taken it to write its name; none when that folder is let go of meanwhile.
 */
async function ownerOf(lockPath: string, judged: string | undefined): Promise<Owner | undefined> {
  for (const until = Date.now() + OWNER_WAIT_MS; ;) {
    const owner = readOwner(lockPath);
    if (owner && describes(owner, lockPath)) return owner;
    if (judged === undefined || lockIdentity(lockPath) !== judged || Date.now() >= until) return undefined;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Gone for sure: a process of this host that no longer exists. */
function isDead(owner: Owner | undefined): boolean {
  return !!owner && owner.host === hostname() && owner.pid !== process.pid && !isAlive(owner.pid);
}

/** This host as it goes in a file name. */
const hostTag = (): string => hostname().replace(/[^A-Za-z0-9-]/g, '_');

/** Tries at a lock by this process: each has an intent file of its own. */
let tries = 0;

/** A try's intent: made before its lock folder may be, removed after that folder is gone. */
function intentPath(lockPath: string): string {
  return `${lockPath}.${hostTag()}.${process.pid}.${++tries}.intent`;
}

/**
 * Whether the maker of the lock folder `judged` is gone: the runs trying this lock when it
 * stands (their intent files, this process's aside) are all dead processes of this host.
 * False when any may live, or none left an intent (a run of an earlier version).
 */
function makerGone(lockPath: string, judged: string | undefined): boolean {
  const prefix = `${basename(lockPath)}.`;
  const pattern = /^(.*)\.(\d+)\.\d+\.intent$/;
  let names: string[];
  try {
    names = readdirSync(dirname(lockPath));
  } catch {
    return false;
  }
  const makers = names
    .filter((n) => n.startsWith(prefix))
    .map((n) => pattern.exec(n.slice(prefix.length)))
    .filter((m): m is RegExpExecArray => !!m && Number(m[2]) !== process.pid);
  // The folder's maker left its intent before making it and removes it after: still this folder, it was listed.
  if (judged === undefined || lockIdentity(lockPath) !== judged || makers.length === 0) return false;
  return makers.every((m) => m[1] === hostTag() && !isAlive(Number(m[2])));
}

/** Remove the intents of dead processes of this host (runs killed while they tried the lock). */
function clearDeadIntents(lockPath: string): void {
  const prefix = `${basename(lockPath)}.${hostTag()}.`;
  for (const name of readdirSync(dirname(lockPath))) {
    const pid = /^(\d+)\.\d+\.intent$/.exec(name.startsWith(prefix) ? name.slice(prefix.length) : '')?.[1];
    if (pid && Number(pid) !== process.pid && !isAlive(Number(pid)))
      rmSync(join(dirname(lockPath), name), { force: true });
  }
}

/** proper-lockfile, loaded by the first run that locks: a dry run never does, and its start is 30 ms (issue 17). */
async function lockfile(): Promise<typeof import('proper-lockfile')> {
  return (await import('proper-lockfile')).default;
}

/**
 * Make the lock folder, or throw ELOCKED. Synchronous (proper-lockfile loaded first), as is
 * the owner file's write after it and the release: a kill -9 lands between the folder and
 * its owner file only within a few system calls, not across turns of the event loop.
 */
function tryLock(
  lockfile: typeof import('proper-lockfile'),
  target: string,
  lockPath: string,
  onLost: (e: Error) => void,
): () => void {
  return lockfile.lockSync(target, {
    lockfilePath: lockPath,
    realpath: false,
    stale: NEVER_STALE,
    update: UPDATE_MS,
    retries: 0,
    onCompromised: onLost,
  });
}

/** Untouched for STALE_MS: its holder stopped keeping it (a crash on another host, a holder that never wrote its name). */
function isStale(lockPath: string): boolean {
  try {
    return statSync(lockPath).mtimeMs < Date.now() - STALE_MS;
  } catch {
    return false;
  }
}

/** The folder whose maker alone may remove an abandoned lock. */
function takeoverPath(lockPath: string): string {
  return `${lockPath}.takeover`;
}

/** Make the takeover folder: false when another run holds it (one left by a crashed takeover is cleared first). */
function claimTakeover(lockPath: string): boolean {
  const path = takeoverPath(lockPath);
  for (let tries = 0; tries < 2; tries++) {
    try {
      mkdirSync(path);
      return true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      try {
        if (statSync(path).mtimeMs >= Date.now() - TAKEOVER_STALE_MS) return false;
        rmSync(path, { recursive: true, force: true });
      } catch {
        // Gone meanwhile: try again.
      }
    }
  }
  return false;
}

/** Wait (up to OWNER_WAIT_MS) for another run's takeover to end. */
async function takeoverEnded(lockPath: string): Promise<void> {
  for (const until = Date.now() + OWNER_WAIT_MS; existsSync(takeoverPath(lockPath)) && Date.now() < until;)
    await new Promise((r) => setTimeout(r, 25));
}

/** Take the lock folder and write who holds it, in one synchronous stretch; the way to let go of both. */
function lockAndName(
  lockfile: typeof import('proper-lockfile'),
  target: string,
  lockPath: string,
  onLost: (e: Error) => void,
): () => Promise<void> {
  const intent = intentPath(lockPath);
  writeFileSync(intent, '');
  let unlock: () => void;
  try {
    unlock = tryLock(lockfile, target, lockPath, onLost);
  } catch (e) {
    rmSync(intent, { force: true });
    throw e;
  }
  const me: Owner = {
    pid: process.pid,
    host: hostname(),
    started: new Date().toISOString(),
    lock: lockIdentity(lockPath),
  };
  try {
    writeFileSync(ownerPath(lockPath), JSON.stringify(me) + '\n');
  } catch (e) {
    unlock();
    rmSync(intent, { force: true });
    throw e;
  }
  return async () => {
    try {
      unlock();
    } catch {
      // Already released or taken from us: nothing left to let go of.
    }
    // The owner file after the folder, and only while it still names this lock (a run that
    // took the lock since has written its own): a lock never stands without its owner file
    // for longer than a system call. It only fails when the next run writes its own between
    // this read and the removal; that lock then waits out its staleness if its run is killed.
    const owner = readOwner(lockPath);
    if (owner?.pid === me.pid && owner.lock === me.lock) rmSync(ownerPath(lockPath), { force: true });
    rmSync(intent, { force: true });
  };
}

/**
 * Remove the abandoned lock judged (its folder `judged`, lockIdentity) and take it, one run
 * at a time. Null when another run is taking it over or has taken it meanwhile.
 */
async function takeOver(
  target: string,
  lockPath: string,
  judged: string | undefined,
  onLost: (e: Error) => void,
): Promise<(() => Promise<void>) | null> {
  if (!claimTakeover(lockPath)) {
    await takeoverEnded(lockPath);
    return null;
  }
  try {
    const lf = await lockfile();
    // Still the folder judged abandoned: no other run removes a lock while this one holds the takeover folder.
    if (judged === undefined || lockIdentity(lockPath) !== judged) return null;
    rmSync(lockPath, { recursive: true, force: true });
    clearDeadIntents(lockPath);
    return lockAndName(lf, target, lockPath, onLost);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ELOCKED') return null;
    throw e;
  } finally {
    rmSync(takeoverPath(lockPath), { recursive: true, force: true });
  }
}

/**
 * Who made the lock folder `judged`, and whether that process is gone from this host: its
 * owner file says, else (not written yet, or never: killed before) the intents beside it.
 */
async function holderOf(
  lockPath: string,
  judged: string | undefined,
): Promise<{ owner: Owner | undefined; gone: boolean }> {
  const named = readOwner(lockPath);
  if (named && describes(named, lockPath)) return { owner: named, gone: isDead(named) };
  if (makerGone(lockPath, judged)) return { owner: undefined, gone: true };
  const owner = await ownerOf(lockPath, judged);
  return { owner, gone: isDead(owner) && describes(owner!, lockPath) };
}

/**
 * Try once to take the lock folder `lockPath` (of the file `target`): taken when free, or
 * when its holder's process is gone from this host, or when untouched for STALE_MS; else
 * who holds it. `onLost` is called if the lock is taken from us while we hold it (its folder
 * deleted by hand). Errors other than a held lock (a folder that cannot be written) are thrown.
 */
export async function takeLock(
  target: string,
  lockPath: string,
  onLost: (e: Error) => void = () => {},
): Promise<LockAttempt> {
  try {
    return { release: lockAndName(await lockfile(), target, lockPath, onLost) };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ELOCKED') throw e;
  }
  const judged = lockIdentity(lockPath);
  const { owner, gone } = await holderOf(lockPath, judged);
  if (!gone && !isStale(lockPath)) return { owner };
  const release = await takeOver(target, lockPath, judged, onLost);
  return release ? { release } : { owner: await ownerOf(lockPath, lockIdentity(lockPath)) };
}

/** Who holds a lock now, for `assetbatch status`: alive when a live process holds it. */
export async function lockOwner(
  target: string,
  lockPath: string,
): Promise<{ alive: boolean; owner?: Owner }> {
  let locked: boolean;
  try {
    locked = await (
      await lockfile()
    ).check(target, { lockfilePath: lockPath, realpath: false, stale: STALE_MS });
  } catch {
    locked = false;
  }
  const read = readOwner(lockPath);
  const owner = read && describes(read, lockPath) ? read : undefined;
  return { alive: locked && !isDead(owner), ...(locked && owner ? { owner } : {}) };
}
