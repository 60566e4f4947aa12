// Runs of this user going on at the same time against one account share its limit: each
// publishes its own send times while it runs, and reads the other runs' times before each
// request, so its limiter counts them as ours (not as an unknown client's, learnt from 429s)
// and paces at its part of the limit. One small file per run in a folder per account
// (<cache>/assetbatch/pace-live/<account key>/<pid>-<random>.json), not one shared file: a
// run only ever writes its own file (write-then-rename), so two runs never overwrite each
// other's times, and no lock is needed. A run publishes each request's time as its slot is
// granted, before the request goes (a run killed just after sending has told the others):
// the limiter grants at most the limit a window, so at most 100 writes of a file under 2 KB a
// minute, and another run reads them before its next request.
// A run that crashed leaves its file: its times count until they age out of the window like
// anyone's (its process gone, it no longer shares the pace), and the file is removed by a
// later reader after an hour. A run that ends marks its file ended, after
// putting its times in pace-sent.json (pace-memory.ts): a run started after that has them from
// there, a run already going keeps counting them from here.
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { paceFile, REMEMBER_MS } from './pace-memory.js';

/** What a run publishes: its send times still counted, and when it ended (once it has). */
export interface PeerFile {
  readonly sends: readonly number[];
  readonly ended?: number;
  /** Set by the reader: the run's process is gone without ending (it crashed, was killed). */
  readonly gone?: boolean;
}

export interface PeerView {
  /** The other runs' send times still counted, oldest first. */
  readonly sends: number[];
  /** Other runs sending now: the limit is shared with them. */
  readonly sending: number;
}

export interface MergeRule {
  readonly now: number;
  /** How long a send time counts (the window and its margin). */
  readonly spanMs: number;
  /** A run that sent nothing for this long is not sending now (it reads a sheet, or waits). */
  readonly idleMs: number;
  /** When this run read pace-sent.json: runs that ended before are in it already. */
  readonly since: number;
}

/**
 * The other runs' published times, merged: times older than the span are left out, and so are
 * the files of runs that ended before this run read their times from pace-sent.json (counted
 * twice, they would slow it for nothing). A run is sending when it has not ended and sent
 * within `idleMs`.
 */
export function mergePeers(files: readonly PeerFile[], rule: MergeRule): PeerView {
  const edge = rule.now - rule.spanMs;
  const sends: number[] = [];
  let sending = 0;
  for (const f of files) {
    if (f.ended !== undefined && f.ended <= rule.since) continue;
    const counted = f.sends.filter((t) => t > edge && t <= rule.now);
    sends.push(...counted);
    if (f.ended === undefined && !f.gone && counted.some((t) => t > rule.now - rule.idleMs)) sending++;
  }
  return { sends: sends.sort((a, b) => a - b), sending };
}

/** The folder of an account's live runs. */
export function liveDir(key: string, cacheDir?: string): string {
  return join(paceFile(cacheDir), '..', 'pace-live', key);
}

function parsePeer(text: string): PeerFile | undefined {
  const data = JSON.parse(text) as { sends?: unknown; ended?: unknown } | null;
  if (!data || !Array.isArray(data.sends)) return undefined;
  const sends = data.sends.filter((t): t is number => typeof t === 'number' && Number.isFinite(t));
  return typeof data.ended === 'number' ? { sends, ended: data.ended } : { sends };
}

/**
 * The other runs' files in `dir` (not `self`), skipping those not written within `spanMs`
 * (none of their times counts any more) and removing those of an hour ago. Best effort: an
 * unreadable or half-gone file is no run.
 */
export function readPeers(dir: string, self: string, now: number, spanMs: number): PeerFile[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.json') && n !== `${self}.json`);
  } catch {
    return [];
  }
  const out: PeerFile[] = [];
  for (const name of names) {
    const file = join(dir, name);
    try {
      const written = statSync(file).mtimeMs;
      if (written <= now - REMEMBER_MS) unlinkSync(file);
      if (written <= now - spanMs) continue;
      const peer = parsePeer(readFileSync(file, 'utf8'));
      if (peer) out.push(processGone(name) ? { ...peer, gone: true } : peer);
    } catch {
      // Gone or half-written by a run that crashed: nothing of it counts.
    }
  }
  return out;
}

/** Whether the process a file is named after (`<pid>-<random>.json`) has gone: it crashed, or was killed. */
function processGone(name: string): boolean {
  const pid = Number(/^(\d+)-/.exec(name)?.[1]);
  if (!(pid > 0)) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (e) {
    // EPERM: it runs, as another user.
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Write this run's file whole, then rename it into place: a reader sees the old or the new. Best effort. */
export function publishOwn(dir: string, self: string, entry: PeerFile): void {
  try {
    mkdirSync(dir, { recursive: true });
    const tmp = join(dir, `${self}.tmp`);
    writeFileSync(tmp, JSON.stringify(entry));
    renameSync(tmp, join(dir, `${self}.json`));
  } catch {
    // A cache: a run never fails for it; the other runs then learn of its use from 429s.
  }
}

/** The limiter's view of the other live runs (rate-limit.ts PeerSends), on the files above. */
export class LivePeers {
  /** The process, and a connection of its own: a library may connect twice in one process (and millisecond). */
  // A random part beside the pid (a pid is reused); not node:crypto, which a run need not load.
  private readonly self = `${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
  private ended = false;

  constructor(
    private readonly dir: string,
    private readonly rule: Omit<MergeRule, 'now'>,
  ) {}

  read(now: number): PeerView {
    return mergePeers(readPeers(this.dir, this.self, now, this.rule.spanMs), { ...this.rule, now });
  }

  publish(sends: readonly number[]): void {
    // A publish still due after the end would take the end's mark off.
    if (!this.ended) publishOwn(this.dir, this.self, { sends });
  }

  /** The run ends: its times still count for the runs going on, but it no longer shares the limit. */
  end(sends: readonly number[], now = Date.now()): void {
    this.ended = true;
    publishOwn(this.dir, this.self, { sends, ended: now });
  }
}
