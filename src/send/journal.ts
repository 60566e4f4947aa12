// The journal: an append-only NDJSON file beside the report that makes a run resumable
// without duplicates. Rows are known by what they send (a fingerprint of the write body,
// plus the natural key where there is one), not by their row number, so a file edited
// between runs (rows inserted, deleted, moved) resumes right. Before a write we record the
// intent, with the highest record id seen so far (the mark: a record this write creates
// has a higher id); after it, the outcome. Each line goes to the OS with one write call,
// so a `kill -9` loses at most the line being written; a torn last line is ignored on load,
// and any other damage stops the run rather than risk writing a row twice. An intent is
// also on the disk (fsync) before its request is sent, so a power cut cannot lose it: the
// rows in flight share one fsync (group commit), which also carries the outcomes written
// before it; the rest are synced when the journal closes, before the lock is let go.
import {
  closeSync,
  existsSync,
  fstatSync,
  fsync,
  openSync,
  readFileSync,
  readSync,
  statSync,
  writeSync,
  fsyncSync,
} from 'node:fs';
import { AssetbatchError, fileWriteError } from '../errors.js';
import { sha256Hex } from '../util/hash.js';

export interface JournalHeader {
  readonly t: 'run';
  readonly v: 1 | 2;
  readonly file: string;
  readonly resource: string;
  readonly company: number;
  readonly baseUrl: string;
  readonly mode: string;
  readonly started: string;
  /** The run's plan, for `assetbatch status`: data rows, writes planned, the account's limit. */
  readonly rows?: number;
  readonly writes?: number;
  readonly rateLimit?: number;
  /** The run's --on-existing (absent in journals written before it was kept): a resume keeps it. */
  readonly onExisting?: string;
  /** What the service told the run's mapping (run/recorded-mapping.ts): a repeat maps as it did. */
  readonly mapping?: unknown;
}

export type WriteStatus = 'created' | 'updated';

/**
 * One row's attempt, across runs: a row that resumes an earlier attempt writes its lines
 * under that attempt's slot, so the journal pairs outcomes with intents whatever the rows'
 * numbers are now.
 */
export type JournalLine =
  | JournalHeader
  | {
      readonly t: 'intent';
      readonly slot: string;
      readonly row: number;
      readonly fp: string;
      readonly key?: string;
      readonly mark?: number;
      /** A create's row cells as read (cellsFingerprint): a repeat knows the row unchanged before its lookups. */
      readonly cells?: string;
      /** A create's names its lists lacked, left empty or set to the default (--unmatched): W_UNMATCHED's words. */
      readonly lacks?: readonly Lack[];
      readonly at: string;
    }
  | {
      readonly t: 'done';
      readonly slot: string;
      readonly row: number;
      readonly fp: string;
      readonly status: WriteStatus;
      readonly id: number;
      readonly recovered?: boolean;
      /** The row's cells, said again for a row known by its body (Journal.knownByCells). */
      readonly cells?: string;
      readonly at: string;
    }
  | {
      readonly t: 'failed';
      readonly slot: string;
      readonly row: number;
      readonly fp: string;
      readonly message: string;
      readonly unsure?: boolean;
      /**
       * An update's row whose record `unchanged` has its values now: found so (nothing sent),
       * or written so by this run (`wrote`). `fp` is then the row's cells as read, so that a
       * run again skips the row unread while its cells are the same. A `failed` line ("not
       * sent again: …"), so that an older version reads it as a row to check again, as it always did.
       */
      readonly unchanged?: number;
      readonly wrote?: boolean;
      readonly at: string;
    };

/** What the journal knows of one attempt. */
export interface Attempt {
  readonly slot: string;
  /** The row number when it was last written (for messages only). */
  row: number;
  fp: string;
  key?: string;
  /** Highest record id seen before the write was sent; undefined for updates. */
  mark?: number;
  state: 'sent' | 'done' | 'failed';
  done?: { status: WriteStatus; id: number };
  /** A failure whose outcome is unknown (the request may have been acted on). */
  unsure?: boolean;
  /** An update's row whose record `unchanged` has its values (a `failed` line's; `fp` its cells), `wrote`: by that run's write. */
  unchanged?: number;
  wrote?: boolean;
  /** The row's cells as read when its create was sent (absent: an update, or an older journal). */
  cells?: string;
  /** The names its create's lists lacked (--unmatched): a repeat that skips the row as done says them again. */
  lacks?: readonly Lack[];
}

/** A name a lookup list lacked when a row's create was sent, as its W_UNMATCHED said it. */
export interface Lack {
  readonly column?: string;
  readonly field?: string;
  readonly message: string;
}

export const isLack = (v: unknown): v is Lack =>
  typeof v === 'object' && v !== null && typeof (v as Lack).message === 'string';

/** The messages of the `failed` lines that record an update's row done (Journal.tryUnchanged). */
const UNCHANGED = 'not sent: the record already had these values';
const UPDATED = 'not sent again: updated to these values by this run';

export function payloadHash(body: unknown): string {
  return sha256Hex(JSON.stringify(body)).slice(0, 16);
}

/**
 * A body's values, whatever the order of its keys and of its custom values: a body's keys
 * follow the sheet's columns, so a copy of a file with its columns moved makes the same
 * values under another payloadHash. The journal keeps payloadHash (journals written before
 * stay readable); the memory of what was sent, which keeps each body, matches by this too.
 */
export function valuesHash(body: unknown): string {
  return sha256Hex(JSON.stringify(inOrder(body))).slice(0, 16);
}

function inOrder(v: unknown): unknown {
  if (Array.isArray(v)) {
    const items = v.map(inOrder);
    // Custom values ({id, value}) are a list in the columns' order: ordered by field id.
    const byId = items.every((x) => isObj(x) && typeof x.id === 'number');
    return byId ? items.sort((a, b) => Number((a as Rec).id) - Number((b as Rec).id)) : items;
  }
  if (!isObj(v)) return v;
  return Object.fromEntries(
    Object.keys(v)
      .sort()
      .map((k) => [k, inOrder(v[k])]),
  );
}

type Rec = Record<string, unknown>;

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isStr = (v: unknown): v is string => typeof v === 'string';
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

const optional = (v: unknown, is: (v: unknown) => boolean): boolean => v === undefined || is(v);

/** A parsed line, checked: anything else is damage (null, a number, a line of another tool). */
function asLine(v: unknown, runs: number): JournalLine | undefined {
  if (!isObj(v)) return undefined;
  if (v.t === 'run') {
    return isStr(v.file) && isStr(v.resource) && isNum(v.company) && isStr(v.baseUrl) && isStr(v.mode)
      ? (v as unknown as JournalHeader)
      : undefined;
  }
  // Version 1 lines name the row and a `hash`: the row's slot is its number in that run.
  const fp = v.fp ?? v.hash;
  if (!isNum(v.row) || !isStr(fp)) return undefined;
  const slot = isStr(v.slot) ? v.slot : `${runs}.${v.row}`;
  const base = { slot, row: v.row, fp, at: isStr(v.at) ? v.at : '' };
  if (v.t === 'intent') {
    if (!optional(v.key, isStr) || !optional(v.mark, isNum) || !optional(v.cells, isStr)) return undefined;
    const lacks = Array.isArray(v.lacks) ? v.lacks.filter(isLack) : undefined;
    return {
      t: 'intent',
      ...base,
      key: v.key as string | undefined,
      mark: v.mark as number | undefined,
      cells: v.cells as string | undefined,
      lacks: lacks?.length ? lacks : undefined,
    };
  }
  if (v.t === 'done') {
    if ((v.status !== 'created' && v.status !== 'updated') || !isNum(v.id) || !optional(v.cells, isStr))
      return undefined;
    const cells = v.cells as string | undefined;
    return {
      t: 'done',
      ...base,
      status: v.status,
      id: v.id,
      recovered: v.recovered === true || undefined,
      cells,
    };
  }
  if (v.t === 'failed')
    return {
      t: 'failed',
      ...base,
      message: isStr(v.message) ? v.message : '',
      unsure: v.unsure === true || undefined,
      unchanged: isNum(v.unchanged) ? v.unchanged : undefined,
      wrote: v.wrote === true || undefined,
    };
  return undefined;
}

function damaged(path: string, lineNo: number, what: string): AssetbatchError {
  return new AssetbatchError(
    'E_JOURNAL_DAMAGED',
    `the journal is damaged at line ${lineNo} (${what}); resuming from it could send rows twice, so nothing was sent`,
    {
      location: { file: path, line: lineNo },
      hint: 'Restore the journal if you have a copy. Or start over knowingly with --no-resume: the journal is set aside and every row is sent again, so rows the earlier runs created may be created a second time.',
    },
  );
}

export interface JournalState {
  readonly header?: JournalHeader;
  /** The header of the journal's last run (the first's, when it has one run). */
  readonly last?: JournalHeader;
  readonly runs: number;
  readonly attempts: readonly Attempt[];
}

/** How each run line of the journal begins. */
const RUN_LINE = '{"t":"run"';

/**
 * Read a journal. A torn last line (a write cut by a kill) is skipped; any other line that
 * is not a journal entry, or a first line that is not a run header, throws E_JOURNAL_DAMAGED.
 * `onEntry` sees each entry as it is read (`assetbatch status` takes its timeline from the same pass).
 */
export function loadJournal(path: string, onEntry?: (line: JournalLine) => void): JournalState {
  if (!existsSync(path)) return { runs: 0, attempts: [] };
  const text = readFileSync(path, 'utf8');
  const lines = text.split('\n');
  const slots = new Map<string, Attempt>();
  let runs = 0;
  let header: JournalHeader | undefined;
  let last: JournalHeader | undefined;
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i];
    if (!raw.trim()) continue;
    // The last line without its newline is a write cut short; so is a line a later run's
    // first write was glued to (the run starts on a new line, see Journal.open).
    const torn = i === lines.length - 1;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      if (torn || lines[i + 1]?.startsWith(RUN_LINE)) continue;
      throw damaged(path, i + 1, 'a line that is not JSON');
    }
    const line = asLine(parsed, runs);
    if (!line) {
      if (torn) continue;
      throw damaged(path, i + 1, `a line that is not a journal entry: ${raw.slice(0, 60)}`);
    }
    if (!header && line.t !== 'run') throw damaged(path, i + 1, 'the first entry is not the run header');
    onEntry?.(line);
    if (line.t === 'run') {
      runs++;
      header ??= line;
      last = line;
      continue;
    }
    apply(slots, line);
  }
  return { header, last, runs, attempts: [...slots.values()] };
}

/**
 * The journal's last run line alone, for a repeat's mapping (run/recorded-mapping.ts), read
 * before the run locks the journal: only that line is parsed, not the rows (loadJournal reads
 * them, locked, for the plan). A run line starts a line of its own (Journal.open). None, or
 * one that is not a run line: undefined.
 */
export function lastRunOf(path: string): JournalHeader | undefined {
  if (!existsSync(path)) return undefined;
  const text = readFileSync(path, 'utf8');
  const at = text.lastIndexOf(`\n${RUN_LINE}`);
  const start = at >= 0 ? at + 1 : text.startsWith(RUN_LINE) ? 0 : -1;
  if (start < 0) return undefined;
  const end = text.indexOf('\n', start);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.slice(start, end < 0 ? undefined : end));
  } catch {
    return undefined;
  }
  const line = asLine(parsed, 0);
  return line?.t === 'run' ? line : undefined;
}

function apply(slots: Map<string, Attempt>, line: Exclude<JournalLine, JournalHeader>): void {
  const attempt = slots.get(line.slot) ?? {
    slot: line.slot,
    row: line.row,
    fp: line.fp,
    state: 'sent' as const,
  };
  attempt.row = line.row;
  if (line.t === 'intent') {
    attempt.fp = line.fp;
    attempt.key = line.key;
    attempt.mark = line.mark;
    attempt.cells = line.cells;
    attempt.lacks = line.lacks;
    attempt.state = 'sent';
    attempt.unsure = undefined;
  } else if (line.t === 'done') {
    attempt.fp = line.fp;
    attempt.state = 'done';
    attempt.done = { status: line.status, id: line.id };
    attempt.unsure = undefined;
    if (line.cells) attempt.cells = line.cells;
  } else {
    attempt.state = 'failed';
    attempt.unsure = line.unsure;
    attempt.unchanged = line.unchanged;
    attempt.wrote = line.wrote;
  }
  slots.set(line.slot, attempt);
}

function endsWithNewline(path: string): boolean {
  const size = statSync(path).size;
  if (size === 0) return true;
  const fd = openSync(path, 'r');
  try {
    const last = Buffer.alloc(1);
    readSync(fd, last, 0, 1, size - 1);
    return last[0] === 0x0a;
  } finally {
    closeSync(fd);
  }
}

/** The journal deleted during the run: the run stops (exit 3); the memory still has what was sent. */
function journalGone(path: string): AssetbatchError {
  return new AssetbatchError(
    'E_JOURNAL_GONE',
    `the journal ${path} was deleted while this run wrote it; the run stopped, so that no row is sent without a record of it`,
    {
      location: { file: path },
      hint: 'Run the same command again: rows already created are found in the memory of what was sent ($XDG_STATE_HOME/assetbatch) and skipped.',
    },
  );
}

export class Journal {
  private fd: number | undefined;
  readonly path: string;
  /** This run's number among the journal's runs: new slots are named after it. */
  private run = 1;
  private broken: AssetbatchError | undefined;
  /** The fsync on its way, and the one the lines written since wait for (group commit). */
  private syncing: Promise<void> | undefined;
  private nextSync: Promise<void> | undefined;

  constructor(path: string) {
    this.path = path;
  }

  open(header: Omit<JournalHeader, 't' | 'v' | 'started'>, runsBefore = 0): void {
    this.run = runsBefore + 1;
    this.fd = openSync(this.path, 'a');
    // After a torn last line, end it first: else this run's header would be glued to it and lost.
    if (existsSync(this.path) && !endsWithNewline(this.path)) writeSync(this.fd, '\n');
    this.append({ t: 'run', v: 2, started: new Date().toISOString(), ...header });
  }

  /** A slot for a row that resumes no earlier attempt. */
  newSlot(row: number): string {
    return `${this.run}.${row}`;
  }

  /**
   * One line, one write. A write that fails (a full disk) may leave part of a line: the
   * journal then takes nothing more, so that part stays the last line (ignored on load as
   * a torn write) and every row sent before is still known by its intent.
   */
  private append(line: JournalLine): void {
    if (this.fd === undefined) return;
    if (this.broken) throw this.broken;
    // Deleted while we write it (its lines would go to a file no one can open): stop now.
    if (fstatSync(this.fd).nlink === 0) {
      this.broken = journalGone(this.path);
      throw this.broken;
    }
    try {
      const bytes = Buffer.from(JSON.stringify(line) + '\n', 'utf8');
      // A short write is how a disk that is nearly full first says so: the line is not whole.
      if (writeSync(this.fd, bytes) < bytes.length)
        throw Object.assign(new Error('short write'), { code: 'ENOSPC' });
    } catch (e) {
      this.broken = fileWriteError(e, this.path);
      throw this.broken;
    }
  }

  /** The intent, on the disk when this resolves: only then may its request go out. */
  async intent(
    slot: string,
    row: number,
    fp: string,
    sent: {
      readonly key?: string;
      readonly mark?: number;
      readonly cells?: string;
      readonly lacks?: readonly Lack[];
    } = {},
  ): Promise<void> {
    const { key, mark, cells } = sent;
    const lacks = sent.lacks?.length ? sent.lacks : undefined;
    this.append({ t: 'intent', slot, row, fp, key, mark, cells, lacks, at: new Date().toISOString() });
    await this.sync();
  }

  /**
   * Every line written so far on the disk. A line written while an fsync is on its way may
   * have missed it, so it waits for the next one, which every such line shares.
   */
  private sync(): Promise<void> {
    if (!this.syncing) return this.startSync();
    this.nextSync ??= this.syncing.catch(() => undefined).then(() => this.startSync());
    return this.nextSync;
  }

  private startSync(): Promise<void> {
    this.nextSync = undefined;
    const p: Promise<void> = this.fsyncNow().finally(() => {
      if (this.syncing === p) this.syncing = undefined;
    });
    this.syncing = p;
    return p;
  }

  private fsyncNow(): Promise<void> {
    const fd = this.fd;
    return new Promise<void>((resolve, reject) => {
      if (fd === undefined) return resolve();
      if (this.broken) return reject(this.broken);
      // fsync runs on libuv's pool, so rows keep being read and checked while the disk works.
      fsync(fd, (err) => {
        // Closed meanwhile: close() synced every line itself.
        if (this.fd !== fd) return resolve();
        // A file system that cannot sync (EINVAL, ENOTSUP) keeps the one-write-a-line guarantee.
        if (!err || err.code === 'EINVAL' || err.code === 'ENOTSUP') return resolve();
        this.broken = fileWriteError(err, this.path);
        reject(this.broken);
      });
    });
  }

  done(slot: string, row: number, fp: string, status: WriteStatus, id: number, recovered = false): void {
    this.append({
      t: 'done',
      slot,
      row,
      fp,
      status,
      id,
      recovered: recovered || undefined,
      at: new Date().toISOString(),
    });
  }

  /**
   * The outcome of a write the service has done: a journal that cannot take it (deleted, a
   * full disk) does not make the row's outcome a failure. The run learns of it from the next
   * line it writes, or from `failure` at its end.
   */
  tryDone(slot: string, row: number, fp: string, status: WriteStatus, id: number, recovered = false): void {
    try {
      this.done(slot, row, fp, status, id, recovered);
    } catch {
      // Kept in `broken`: every later line throws it.
    }
  }

  /**
   * A row an earlier run finished, known by the body it sent (its journal kept no cells): its
   * outcome said again with the row's cells, so that the next run knows it by them, before
   * any lookup. An older version reads the line as the outcome it already had.
   */
  knownByCells(slot: string, row: number, fp: string, done: Attempt['done'] & {}, cells: string): void {
    try {
      this.append({ t: 'done', slot, row, fp, ...done, cells, at: new Date().toISOString() });
    } catch {
      // Kept in `broken`, as for tryDone: the row was done before, whatever this line says.
    }
  }

  /** Why the journal took no more lines (deleted, a full disk), if it did not. */
  get failure(): AssetbatchError | undefined {
    return this.broken;
  }

  failed(slot: string, row: number, fp: string, message: string, unsure = false): void {
    this.append({
      t: 'failed',
      slot,
      row,
      fp,
      message,
      unsure: unsure || undefined,
      at: new Date().toISOString(),
    });
  }

  /**
   * An update's row whose record (`id`) has its values now: found so, or written so by this
   * run (`wrote`). `cells`: the row's cells as read (cellsFingerprint). A run again skips the
   * row unread while its cells are the same. Not synced on its own (a lost line costs the next
   * run a read), nor fatal: the journal's failure, if any, shows at the next line that matters.
   */
  tryUnchanged(row: number, cells: string, id: number, wrote: boolean): void {
    try {
      this.append({
        t: 'failed',
        // A slot of its own: the row's write, if any, keeps its attempt (done) as it is.
        slot: `${this.newSlot(row)}.same`,
        row,
        fp: cells,
        message: wrote ? UPDATED : UNCHANGED,
        unchanged: id,
        wrote: wrote || undefined,
        at: new Date().toISOString(),
      });
    } catch {
      // Kept in `broken`, as for tryDone.
    }
  }

  close(): void {
    if (this.fd === undefined) return;
    try {
      fsyncSync(this.fd);
    } catch {
      // The outcomes since the last intent's fsync go to the disk here, before the run lets
      // go of the lock. Should this fail, every intent is already on the disk: a next run
      // that misses an outcome looks for its record before sending the row again.
    }
    closeSync(this.fd);
    this.fd = undefined;
  }
}
