// One run per journal. Two runs of the same import at once (a double-click, a cron job
// overlapping a manual run) would each send the rows the other is sending, so a run holds
// an exclusive lock beside its journal for as long as it writes. proper-lockfile takes it
// atomically (a mkdir) and keeps its mtime fresh; we add who holds it (pid, host, start),
// so a second run can name the process, and a lock whose process is gone on this host is
// taken over at once instead of after the staleness delay. The owner file names the lock
// folder it describes (inode and birth time): one left by a crashed run beside a lock another
// run has just taken (before it wrote its own) must not get that live lock taken over.
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { AssetbatchError } from '../errors.js';
import { isAlive } from '../util/atomic-file.js';

/** A lock whose folder has not been touched for this long is taken for abandoned (proper-lockfile's stale). */
const STALE_MS = 10_000;

interface Owner {
  readonly pid: number;
  readonly host: string;
  readonly started: string;
  /** The lock folder it holds (lockIdentity); absent in files of earlier versions. */
  readonly lock?: string;
}

/** How long a second run waits for the holder of a lock just taken to say who it is. */
const OWNER_WAIT_MS = 1000;

export interface JournalLock {
  readonly path: string;
  release(): Promise<void>;
}

export function lockPathFor(journalPath: string): string {
  return `${journalPath}.lock`;
}

/** Beside the lock folder, not in it: a write inside would change the folder's mtime, which proper-lockfile watches. */
function ownerPath(lockPath: string): string {
  return `${lockPath}.owner.json`;
}

function readOwner(lockPath: string): Owner | undefined {
  try {
    const o = JSON.parse(readFileSync(ownerPath(lockPath), 'utf8')) as Owner;
    return typeof o.pid === 'number' && typeof o.host === 'string' ? o : undefined;
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

function describes(o: Owner, lockPath: string): boolean {
  return o.lock === undefined || o.lock === lockIdentity(lockPath);
}

/** Who holds the lock now: waits a moment for a run that has just taken it to write its name. */
async function ownerOf(lockPath: string): Promise<Owner | undefined> {
  for (const until = Date.now() + OWNER_WAIT_MS; ; ) {
    const o = readOwner(lockPath);
    if (o && describes(o, lockPath)) return o;
    if (Date.now() >= until) return undefined;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Gone for sure: a process of this host that no longer exists. */
function isDead(o: Owner | undefined): boolean {
  return !!o && o.host === hostname() && o.pid !== process.pid && !isAlive(o.pid);
}

/** proper-lockfile, loaded by the first run that locks: a dry run never does, and its start is 30 ms (issue 17). */
async function lockfile(): Promise<typeof import('proper-lockfile')> {
  return (await import('proper-lockfile')).default;
}

async function tryLock(journalPath: string, lockPath: string, onLost: (e: Error) => void): Promise<() => Promise<void>> {
  return (await lockfile()).lock(journalPath, { lockfilePath: lockPath, realpath: false, stale: STALE_MS, retries: 0, onCompromised: onLost });
}

/**
 * Take the journal's lock, or throw E_LOCKED naming the run that holds it. `onLost` is
 * called if the lock is taken from us while we hold it (its folder deleted by hand).
 */
export async function lockJournal(journalPath: string, input: string, onLost: (e: Error) => void = () => {}): Promise<JournalLock> {
  const path = lockPathFor(journalPath);
  // The report's folder may not exist yet: the lock comes first.
  mkdirSync(dirname(path), { recursive: true });
  let release: () => Promise<void>;
  try {
    release = await tryLock(journalPath, path, onLost);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ELOCKED') throw e;
    const owner = await ownerOf(path);
    // Still the dead run's folder (checked again just before it goes): another run may have taken it over meanwhile.
    if (!isDead(owner) || !describes(owner!, path)) throw lockedError(input, path, owner);
    rmSync(path, { recursive: true, force: true });
    try {
      release = await tryLock(journalPath, path, onLost);
    } catch (e2) {
      if ((e2 as NodeJS.ErrnoException).code === 'ELOCKED') throw lockedError(input, path, await ownerOf(path));
      throw e2;
    }
  }
  const me: Owner = { pid: process.pid, host: hostname(), started: new Date().toISOString(), lock: lockIdentity(path) };
  writeFileSync(ownerPath(path), JSON.stringify(me) + '\n');
  return {
    path,
    async release() {
      try {
        rmSync(ownerPath(path), { force: true });
        await release();
      } catch {
        // Already released or taken from us: nothing left to let go of.
      }
    },
  };
}

function lockedError(input: string, path: string, owner: Owner | undefined): AssetbatchError {
  const who = owner ? `process ${owner.pid} on ${owner.host}, started ${owner.started}` : 'another process';
  return new AssetbatchError('E_LOCKED', `another assetbatch run is writing this import now (${who}); two runs at once would send the same rows twice, so this one sent nothing`, {
    location: { file: input },
    hint: `Wait for it to finish, or stop it, then run the command again to resume. If no such run exists, delete ${path}.`,
  });
}

/** Who holds a journal's lock, for `assetbatch status`: alive when a live process holds it. */
export async function lockHolder(journalPath: string): Promise<{ alive: boolean; pid?: number; host?: string; started?: string }> {
  const path = lockPathFor(journalPath);
  let locked = false;
  try {
    locked = await (await lockfile()).check(journalPath, { lockfilePath: path, realpath: false, stale: STALE_MS });
  } catch {
    locked = false;
  }
  const read = readOwner(path);
  const owner = read && describes(read, path) ? read : undefined;
  return { alive: locked && !isDead(owner), ...(locked && owner ? { pid: owner.pid, host: owner.host, started: owner.started } : {}) };
}
