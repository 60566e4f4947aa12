// One run per journal. Two runs of the same import at once (a double-click, a cron job
// overlapping a manual run) would each send the rows the other is sending, so a run holds
// an exclusive lock beside its journal for as long as it writes. proper-lockfile takes it
// atomically (a mkdir) and keeps its mtime fresh; we add who holds it (pid, host, start),
// so a second run can name the process, and a lock whose process is gone on this host is
// taken over at once instead of after the staleness delay. The owner file names the lock
// folder it describes (inode and birth time): one left by a crashed run beside a lock another
// run has just taken (before it wrote its own) must not get that live lock taken over.
// Taking over (a dead holder's lock, or one untouched for STALE_MS) is done here, not by
// proper-lockfile, one run at a time: two runs that both judged a lock abandoned would
// otherwise both remove it, the second removing the lock the first had just taken, and
// both would send. The memory's lock (memory.ts, held a moment per row) is named and taken
// over the same way (nameHolder, removeAbandoned).
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { AssetbatchError } from '../errors.js';
import { isAlive } from '../util/atomic-file.js';

/** A lock whose folder has not been touched for this long is taken for abandoned. */
const STALE_MS = 10_000;

/** How often the holder touches its lock folder (proper-lockfile's update). */
const UPDATE_MS = STALE_MS / 2;

/**
 * proper-lockfile's own staleness, so long that it never removes a lock itself: its removal
 * (stat, judge, remove, mkdir) races another run's doing the same. Takeovers are ours.
 */
const NEVER_STALE = 2 ** 31 - 1;

/** A takeover takes milliseconds: a takeover folder older than this was left by a run that crashed in one. */
const TAKEOVER_STALE_MS = 5_000;

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
 * Who holds the lock now: waits a moment for a run that has just taken it to write its name.
 * `living`: a dead process's file is not taken for the holder's name (after a takeover another
 * run won, the file left by the run it took over from may still be there a moment).
 */
async function ownerOf(lockPath: string, living = false): Promise<Owner | undefined> {
  for (const until = Date.now() + OWNER_WAIT_MS; ;) {
    const owner = readOwner(lockPath);
    if (owner && describes(owner, lockPath) && !(living && isDead(owner))) return owner;
    if (Date.now() >= until) return undefined;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Gone for sure: a process of this host that no longer exists. */
function isDead(owner: Owner | undefined): boolean {
  return !!owner && owner.host === hostname() && owner.pid !== process.pid && !isAlive(owner.pid);
}

/** proper-lockfile, loaded by the first run that locks: a dry run never does, and its start is 30 ms (issue 17). */
async function lockfile(): Promise<typeof import('proper-lockfile')> {
  return (await import('proper-lockfile')).default;
}

async function tryLock(
  journalPath: string,
  lockPath: string,
  onLost: (e: Error) => void,
): Promise<() => Promise<void>> {
  return (await lockfile()).lock(journalPath, {
    lockfilePath: lockPath,
    realpath: false,
    stale: NEVER_STALE,
    update: UPDATE_MS,
    retries: 0,
    onCompromised: onLost,
  });
}

/** Untouched for `staleMs`: its holder stopped keeping it (a crash on another host, a holder that never wrote its name). */
function isStale(lockPath: string, staleMs: number): boolean {
  try {
    return statSync(lockPath).mtimeMs < Date.now() - staleMs;
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

/**
 * Remove the abandoned lock judged (its folder `judged`, lockIdentity) and take it, one run
 * at a time. Null when another run is taking it over or has taken it meanwhile.
 */
async function takeOver(
  journalPath: string,
  lockPath: string,
  judged: string | undefined,
  onLost: (e: Error) => void,
): Promise<(() => Promise<void>) | null> {
  if (!claimTakeover(lockPath)) {
    await takeoverEnded(lockPath);
    return null;
  }
  try {
    // Still the folder judged abandoned: no other run removes a lock while this one holds the takeover folder.
    if (judged === undefined || lockIdentity(lockPath) !== judged) return null;
    rmSync(lockPath, { recursive: true, force: true });
    return await tryLock(journalPath, lockPath, onLost);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ELOCKED') return null;
    throw e;
  } finally {
    rmSync(takeoverPath(lockPath), { recursive: true, force: true });
  }
}

/**
 * Take the journal's lock, or throw E_LOCKED naming the run that holds it. `onLost` is
 * called if the lock is taken from us while we hold it (its folder deleted by hand).
 */
export async function lockJournal(
  journalPath: string,
  input: string,
  onLost: (e: Error) => void = () => {},
): Promise<JournalLock> {
  const path = lockPathFor(journalPath);
  let release: () => Promise<void>;
  try {
    // The report's folder may not exist yet: the lock comes first.
    mkdirSync(dirname(path), { recursive: true });
    release = await tryLock(journalPath, path, onLost);
  } catch (e) {
    if (UNWRITABLE.has((e as NodeJS.ErrnoException).code ?? ''))
      throw journalFolderUnwritable(journalPath, e);
    if ((e as NodeJS.ErrnoException).code !== 'ELOCKED') throw e;
    const judged = lockIdentity(path);
    const owner = await ownerOf(path);
    const abandoned = (isDead(owner) && describes(owner!, path)) || isStale(path, STALE_MS);
    if (!abandoned) throw lockedError(input, path, owner);
    const taken = await takeOver(journalPath, path, judged, onLost);
    if (!taken) throw lockedError(input, path, await ownerOf(path, true));
    release = taken;
  }
  const me: Owner = {
    pid: process.pid,
    host: hostname(),
    started: new Date().toISOString(),
    lock: lockIdentity(path),
  };
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

/**
 * A lock just taken by this process (proper-lockfile's, with NEVER_STALE): named, so that
 * another run can tell when its holder is gone. Not for the journal's lock (lockJournal names it).
 */
export function nameHolder(lockPath: string): void {
  const me: Owner = {
    pid: process.pid,
    host: hostname(),
    started: new Date().toISOString(),
    lock: lockIdentity(lockPath),
  };
  writeFileSync(ownerPath(lockPath), JSON.stringify(me) + '\n');
}

/** Before letting go of a lock named with nameHolder: its name goes first, so none names a folder gone. */
export function unnameHolder(lockPath: string): void {
  rmSync(ownerPath(lockPath), { force: true });
}

/** The live process named as the holder of a lock (nameHolder), if one is. */
export function livingHolder(lockPath: string): { pid: number; host: string } | undefined {
  const owner = readOwner(lockPath);
  return owner && describes(owner, lockPath) && !isDead(owner) ? owner : undefined;
}

/**
 * Remove a lock its holder abandoned: named by a process of this host that is gone (at
 * once), or untouched for `staleMs` (a holder of another host, or one killed before it named
 * itself). One run at a time, and only the folder judged: true when removed (take it now).
 */
export function removeAbandoned(lockPath: string, staleMs = STALE_MS): boolean {
  const judged = lockIdentity(lockPath);
  const owner = readOwner(lockPath);
  const abandoned = (!!owner && isDead(owner) && describes(owner, lockPath)) || isStale(lockPath, staleMs);
  if (!abandoned || judged === undefined || !claimTakeover(lockPath)) return false;
  try {
    // Still the folder judged: no other run removes a lock while this one holds the takeover folder.
    if (lockIdentity(lockPath) !== judged) return false;
    rmSync(ownerPath(lockPath), { force: true });
    rmSync(lockPath, { recursive: true, force: true });
    return true;
  } finally {
    rmSync(takeoverPath(lockPath), { recursive: true, force: true });
  }
}

/** Why a folder takes no new file: read-only, not ours, or not a folder. */
const UNWRITABLE: ReadonlySet<string> = new Set(['EROFS', 'EACCES', 'EPERM', 'ENOTDIR']);

/** The journal goes beside the report: a folder that cannot take it is said, with the way out (exit 2). */
function journalFolderUnwritable(journalPath: string, e: unknown): AssetbatchError {
  const folder = dirname(journalPath);
  const why =
    (e as NodeJS.ErrnoException).code === 'EROFS'
      ? 'is on a read-only file system'
      : `cannot be written (${(e as NodeJS.ErrnoException).code})`;
  return new AssetbatchError(
    'E_STATE_UNWRITABLE',
    `the folder ${folder} ${why}: the run's journal (what makes it resumable without duplicates) goes there, beside the report; nothing was sent`,
    {
      location: { file: journalPath },
      hint: 'Give --report a path in a folder you can write, e.g. --report ~/reports/import.report.csv (the journal goes beside it).',
      cause: e,
    },
  );
}

function lockedError(input: string, path: string, owner: Owner | undefined): AssetbatchError {
  const who = owner ? `process ${owner.pid} on ${owner.host}, started ${owner.started}` : 'another process';
  return new AssetbatchError(
    'E_LOCKED',
    `another assetbatch run is writing this import now (${who}); two runs at once would send the same rows twice, so this one sent nothing`,
    {
      location: { file: input },
      hint: `Wait for it to finish, or stop it, then run the command again to resume. If no such run exists, delete ${path}.`,
    },
  );
}

/** Who holds a journal's lock, for `assetbatch status`: alive when a live process holds it. */
export async function lockHolder(
  journalPath: string,
): Promise<{ alive: boolean; pid?: number; host?: string; started?: string }> {
  const path = lockPathFor(journalPath);
  let locked: boolean;
  try {
    locked = await (
      await lockfile()
    ).check(journalPath, { lockfilePath: path, realpath: false, stale: STALE_MS });
  } catch {
    locked = false;
  }
  const read = readOwner(path);
  const owner = read && describes(read, path) ? read : undefined;
  return {
    alive: locked && !isDead(owner),
    ...(locked && owner ? { pid: owner.pid, host: owner.host, started: owner.started } : {}),
  };
}
