// One run per journal. Two runs of the same import at once (a double-click, a cron job
// overlapping a manual run) would each send the rows the other is sending, so a run holds
// an exclusive lock beside its journal for as long as it writes. The lock names its holder,
// and one whose process is gone from this host is taken over at once (owned-lock.ts, shared
// with the memory's lock); a second run while the holder lives is refused, naming it.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { AssetbatchError } from '../errors.js';
import { holderText, lockOwner, takeLock, type Owner } from './owned-lock.js';

export interface JournalLock {
  readonly path: string;
  release(): Promise<void>;
}

export function lockPathFor(journalPath: string): string {
  return `${journalPath}.lock`;
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
  let attempt;
  try {
    // The report's folder may not exist yet: the lock comes first.
    mkdirSync(dirname(path), { recursive: true });
    attempt = await takeLock(journalPath, path, onLost);
  } catch (e) {
    if (UNWRITABLE.has((e as NodeJS.ErrnoException).code ?? ''))
      throw journalFolderUnwritable(journalPath, e);
    throw e;
  }
  if (!attempt.release) throw lockedError(input, path, attempt.owner);
  return { path, release: attempt.release };
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
  const who = holderText(owner, 'another process');
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
  const { alive, owner } = await lockOwner(journalPath, lockPathFor(journalPath));
  return { alive, ...(owner ? { pid: owner.pid, host: owner.host, started: owner.started } : {}) };
}
