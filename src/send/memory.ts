// One memory per service, company and resource: what every run of this user wrote there,
// whatever file or report it came from. The journal (journal.ts) belongs to one report path
// and makes that run resumable; the memory outlives it, so the same rows from a copied file,
// another --report, or after the journal was deleted are known as already created. It is
// an append-only NDJSON file under the user's state folder:
//   $XDG_STATE_HOME/assetbatch/memory/<host>-<hash of the base URL>.company-<N>.<resource>.ndjson
// (default ~/.local/state/assetbatch). Each line goes to the OS with one append, so runs on
// this machine may write it at once; a torn last line (a kill) is ignored on read.
//
// The API (one Memory per run, opened by openMemory):
//   lookupByKey(key)          records written for a natural key ("serial_number=SN-1"), newest first
//   lookupByFingerprint(fp)   records written from a body with this fingerprint (payloadHash), newest first
//   lookupByValues(values)    keyless records created from a body with these values (valuesHash), newest first
//   takeByCells(rows)         records created from rows with these cells as read (the journal's `cells`
//                             fingerprint), each given to one row
//   lastSent(id)              the fields this user's runs last sent to record `id` (merged over its
//                             writes, the latest value of each field), with when and from where
//   agree(id, fields)         remember fields a sync found record `id` already holding (none sent)
//   lastKnown(id)             lastSent's fields with those agreed laid over them, in the order learnt:
//                             what a sync judges a colleague's edit against
//   record(row)               remember a row written (created or updated): its key, fingerprint,
//                             fields sent, id, file, report, date
//   claim(row)                before a create: take the row for this run, or learn that another run
//                             created it (or is creating it now, then wait), or that one sent it and
//                             died not knowing the outcome. Two runs never both write one row.
//   takeCreated(key, fp, values)  a record another run created for this row (key, else fingerprint
//                             or values), each record given to one row only
//   lookAhead(look)           what `look` finds, the records it took given back (the plan's count)
//   created()                 the records created here that the service is taken to still have
//   forget(gone, write)       records the service no longer has (gone-records.ts): their lines
//                             before now are no row's any more; `write`: said in the file too
//   close()                   the run's claims still open (a write cut by a stop) marked as unsure
import { appendFileSync, closeSync, fstatSync, mkdirSync, openSync, readSync } from 'node:fs';
import { homedir, hostname } from 'node:os';
import { join, resolve as resolvePath } from 'node:path';
import { AssetbatchError } from '../errors.js';
import { isAlive } from '../util/atomic-file.js';
import { livingHolder, nameHolder, removeAbandoned, unnameHolder } from './lock.js';
import { sha256Hex } from '../util/hash.js';
import { isLack, valuesHash, type Lack } from './journal.js';
import { resemblance, type Resemblance } from './resemblance.js';
import { layAgreed } from './merge.js';

/** Where a memory belongs: the service (its base URL), the company, the resource. */
export interface MemoryScope {
  readonly service: string;
  readonly company: number;
  readonly resource: string;
}

/** A row written, as the memory keeps it. */
export interface SentRow {
  /** The natural key as `field=value` (the journal's form); absent for keyless rows. */
  readonly key?: string;
  /** payloadHash of the body the row makes (journal.ts): how keyless rows are known. */
  readonly fp: string;
  readonly status: 'created' | 'updated';
  readonly id: number;
  /** The fields and values sent (a create's body, an update's PATCH or PUT body). */
  readonly fields: Readonly<Record<string, unknown>>;
  /** The input file and the report, as absolute paths. */
  readonly file: string;
  readonly report: string;
  /** ISO date of the write. */
  readonly at: string;
  /** The run that wrote it (one id per Memory opened). */
  readonly run: string;
  /**
   * A create's row cells as read, with how they are read (journal-rows.ts cellsFingerprint,
   * the journal's `cells`): the same cells under another file name are known without a lookup.
   * Absent on lines written before it was kept, and on updates.
   */
  readonly cells?: string;
  /**
   * The names a create's lists lacked (--unmatched blank or default), as the journal's intent
   * keeps them: a copy of the sheet under another name, known by its cells, says them again.
   */
  readonly lacks?: readonly Lack[];
}

/** What this user's runs last sent to a record: each field's latest value, and the latest write. */
export interface LastSent {
  readonly fields: Record<string, unknown>;
  readonly at: string;
  readonly file: string;
  readonly report: string;
  /** `updated` when an update (or a merge) wrote the record after it was created. */
  readonly status: SentRow['status'];
}

/** What a create must do with its row, as claim() decides. */
export type Claim =
  /** This run writes the row; settle the claim with record() (its `claim`) or release(). */
  | { readonly kind: 'mine'; readonly claim: string }
  /** Another run created the row's record. */
  | { readonly kind: 'created'; readonly row: SentRow }
  /** Another run sent the row and stopped before it learnt the outcome (it may exist). */
  | {
      readonly kind: 'unsure';
      readonly file: string;
      readonly report: string;
      readonly at: string;
      readonly pid: number;
    };

interface ClaimLine {
  readonly t: 'claim';
  readonly claim: string;
  readonly run: string;
  readonly key?: string;
  readonly fp: string;
  /** A keyless row's valuesHash: a run of a copy with its columns moved claims the same row. */
  readonly values?: string;
  readonly file: string;
  readonly report: string;
  readonly pid: number;
  readonly host: string;
  readonly at: string;
}

/** A claim settled: `release` without a record (another run may write the row), `abandon` with the outcome unknown. */
interface SettleLine {
  readonly t: 'release' | 'abandon';
  readonly claim: string;
  readonly run: string;
  readonly at: string;
}

/**
 * A create known by a row's cells besides its own (Memory.attachCells): a row matched to it by
 * its key or its body, sending what the create sent, whose cells were known. Lines written
 * before cells were kept gain them so, and the next renamed copy needs no lookup. Never a
 * create: it names one (its record id and body's fingerprint) and adds nothing else. Older
 * versions read no line of a kind they do not know.
 */
interface CellsLine {
  readonly t: 'cells';
  readonly run: string;
  readonly id: number;
  readonly fp: string;
  readonly cells: string;
  readonly at: string;
}

/**
 * A record the service was found no longer to have (a test tenant restored, a sandbox started
 * afresh, a record deleted): the lines before it that name the record are no row's any more,
 * and the row is created again. A later line naming the same id (a service started afresh
 * gives ids out again) is the new record's.
 */
interface GoneLine {
  readonly t: 'gone';
  readonly run: string;
  readonly id: number;
  readonly at: string;
}

/**
 * Fields a sync found record `id` already holding as the sheet had them: nothing was sent for
 * them, yet a later sync judges a colleague's edit of them as of fields it sent (lastKnown).
 * Never a write: no row is known by it.
 */
interface AgreedLine {
  readonly t: 'agreed';
  readonly run: string;
  readonly id: number;
  readonly fields: Readonly<Record<string, unknown>>;
  readonly at: string;
}

type Line =
  | ({ readonly t: 'sent'; readonly claim?: string } & SentRow)
  | ClaimLine
  | SettleLine
  | CellsLine
  | GoneLine
  | AgreedLine;

/** The state folder: $XDG_STATE_HOME/assetbatch, else ~/.local/state/assetbatch. */
export function stateFolder(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.XDG_STATE_HOME || join(homedir(), '.local', 'state'), 'assetbatch');
}

/** The memory's file for a scope, under `folder` (stateFolder()/memory by default). */
export function memoryPath(scope: MemoryScope, folder = join(stateFolder(), 'memory')): string {
  const url = scope.service.replace(/\/+$/, '');
  const host = url
    .replace(/^[a-z]+:\/\//i, '')
    .replace(/[^a-z0-9.-]+/gi, '_')
    .slice(0, 60);
  const hash = sha256Hex(url).slice(0, 8);
  return join(folder, `${host}-${hash}.company-${scope.company}.${scope.resource}.ndjson`);
}

/** A folder the memory cannot be written to: said plainly, with the way out (exit 2). */
function memoryUnwritable(path: string, e: unknown): AssetbatchError {
  const code = (e as NodeJS.ErrnoException)?.code ?? String(e);
  return new AssetbatchError(
    'E_STATE_UNWRITABLE',
    `cannot write the memory of what was sent (${code}): ${path}`,
    {
      location: { file: path },
      hint: 'assetbatch keeps what each run sent under $XDG_STATE_HOME/assetbatch (default ~/.local/state/assetbatch), so that no row is sent twice. Make that folder writable, or set XDG_STATE_HOME to a folder that is.',
      cause: e,
    },
  );
}

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function asLine(v: unknown): Line | undefined {
  if (!isObj(v) || typeof v.run !== 'string') return undefined;
  if (v.t === 'sent') {
    if (typeof v.fp !== 'string' || typeof v.id !== 'number' || !isObj(v.fields)) return undefined;
    // Words to say again, not data to act on: a line whose `lacks` is not as written loses them.
    if (v.lacks === undefined) return v as unknown as Line;
    const lacks = Array.isArray(v.lacks) ? v.lacks.filter(isLack) : [];
    return { ...v, lacks: lacks.length > 0 ? lacks : undefined } as unknown as Line;
  }
  if (v.t === 'claim' || v.t === 'release' || v.t === 'abandon')
    return typeof v.claim === 'string' ? (v as unknown as Line) : undefined;
  if (v.t === 'cells')
    return typeof v.id === 'number' && typeof v.fp === 'string' && typeof v.cells === 'string'
      ? (v as unknown as Line)
      : undefined;
  if (v.t === 'gone') return typeof v.id === 'number' ? (v as unknown as Line) : undefined;
  if (v.t === 'agreed')
    return typeof v.id === 'number' && isObj(v.fields) ? (v as unknown as Line) : undefined;
  return undefined;
}

/** How often a run waiting for another's write of the same row looks again. */
const POLL_MS = 100;

export interface ClaimRow {
  readonly key?: string;
  readonly fp: string;
  /** A keyless row's valuesHash: a record made from its values in another order is its record too. */
  readonly values?: string;
  readonly file: string;
  readonly report: string;
}

export class Memory {
  /** This run's id: its own records are never "another run's". */
  readonly run = process.getBuiltinModule('node:crypto').randomUUID();
  private lines: Line[] = [];
  /** Bytes read so far (new lines are read from here). */
  private offset = 0;
  /** Indexes into `lines`, by key, by fingerprint, by record id; claims by the row they claim. */
  private byKey = new Map<string, number[]>();
  private byFp = new Map<string, number[]>();
  /** Keyless records created, by their body's values (valuesHash): a copy with its columns moved. */
  private byValues = new Map<string, number[]>();
  /** The same keyless records by their name (lower case): the candidates a changed row may resemble. */
  private byName = new Map<string, number[]>();
  /** Records created, by their row's cells as read (SentRow.cells). */
  private byCells = new Map<string, number[]>();
  private byId = new Map<number, number[]>();
  /** Agreed lines (AgreedLine), by record id. */
  private agreedById = new Map<number, number[]>();
  private claims = new Map<string, number[]>();
  /** The last claim or record of each report and body: a later one means that run took the row up again. */
  private latest = new Map<string, number>();
  /** Records given to a row of this run; claims settled. */
  private taken = new Set<number>();
  private settled = new Set<string>();
  /** Claims whose run ended without knowing their outcome (a stop cut the write). */
  private abandoned = new Set<string>();
  /** This run's claims not settled yet. */
  private readonly mine = new Set<string>();

  /** Said once, the first time a claim has waited a while for the memory's lock. */
  private lockWaitSaid = false;

  constructor(
    readonly path: string,
    private readonly onLockWait?: (lockPath: string, freeAfterMs: number) => void,
  ) {}

  /** Read the lines other runs appended since the last read. */
  refresh(): void {
    let fd: number;
    try {
      fd = openSync(this.path, 'r');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw e;
    }
    try {
      const size = fstatSync(fd).size;
      // A memory replaced by a shorter file (restored from a copy): read it whole again.
      if (size < this.offset) this.reset();
      if (size === this.offset) return;
      const buf = Buffer.alloc(size - this.offset);
      const got = readSync(fd, buf, 0, buf.length, this.offset);
      // Only whole lines: a line still being appended is read next time.
      const end = buf.subarray(0, got).lastIndexOf(0x0a);
      if (end < 0) return;
      this.offset += end + 1;
      for (const raw of buf.subarray(0, end).toString('utf8').split('\n')) this.parse(raw);
    } finally {
      closeSync(fd);
    }
  }

  private reset(): void {
    this.lines = [];
    this.offset = 0;
    this.byKey = new Map();
    this.byFp = new Map();
    this.byValues = new Map();
    this.byName = new Map();
    this.byCells = new Map();
    this.byId = new Map();
    this.agreedById = new Map();
    this.claims = new Map();
    this.latest = new Map();
    this.taken = new Set();
    this.settled = new Set();
    this.abandoned = new Set();
  }

  private parse(raw: string): void {
    if (!raw.trim()) return;
    let line: Line | undefined;
    try {
      line = asLine(JSON.parse(raw));
    } catch {
      // A torn line (a run killed mid-append, glued to the next): what it said is lost, the rest is not.
      return;
    }
    if (line) this.add(line);
  }

  private add(line: Line): number {
    const i = this.lines.push(line) - 1;
    if (line.t === 'gone') {
      this.unindex(new Set(this.byId.get(line.id)));
      this.agreedById.delete(line.id);
      return i;
    }
    if (line.t === 'agreed') {
      push(this.agreedById, line.id, i);
      return i;
    }
    if (line.t === 'cells') {
      this.addCells(line);
      return i;
    }
    if (line.t !== 'sent' && line.t !== 'claim') {
      (line.t === 'release' ? this.settled : this.abandoned).add(line.claim);
      this.mine.delete(line.claim);
      return i;
    }
    this.latest.set(`${line.report}\0${line.fp}`, i);
    if (line.t === 'claim') {
      push(this.claims, rowOf(line), i);
      if (!line.key && line.values) push(this.claims, `v:${line.values}`, i);
      return i;
    }
    if (line.claim) {
      this.settled.add(line.claim);
      this.mine.delete(line.claim);
    }
    if (line.key) push(this.byKey, line.key, i);
    push(this.byFp, line.fp, i);
    if (!line.key && line.status === 'created') {
      push(this.byValues, valuesHash(line.fields), i);
      push(this.byName, nameKey(line.fields.name), i);
    }
    if (line.status === 'created' && typeof line.cells === 'string') push(this.byCells, line.cells, i);
    push(this.byId, line.id, i);
    return i;
  }

  /** Lines at `at` known by nothing any more: the record they name is gone from the service. */
  private unindex(at: ReadonlySet<number>): void {
    if (at.size === 0) return;
    for (const m of [this.byKey, this.byFp, this.byValues, this.byName, this.byCells]) dropFrom(m, at);
    dropFrom(this.byId, at);
  }

  /**
   * The create a cells line names, known by those cells too: the latest create of that record
   * from that body (a line naming none, or cells it is known by already, adds nothing).
   */
  private addCells(line: CellsLine): void {
    const at = this.createOf(line.id, line.fp);
    if (at === undefined) return;
    const known = this.byCells.get(line.cells);
    if (!known?.includes(at)) push(this.byCells, line.cells, at);
  }

  /** The line of the latest create of record `id` from a body with fingerprint `fp`. */
  private createOf(id: number, fp: string): number | undefined {
    const creates = (this.byId.get(id) ?? []).filter((n) => {
      const l = this.lines[n] as SentRow;
      return l.status === 'created' && l.fp === fp;
    });
    return creates[creates.length - 1];
  }

  private append(line: Line): number {
    try {
      // One write per line, opened for appending each time: another run's lines in between stay whole.
      appendFileSync(this.path, JSON.stringify(line) + '\n');
    } catch (e) {
      throw memoryUnwritable(this.path, e);
    }
    return this.add(line);
  }

  /** Records at these indexes, newest first. */
  private rows(at: readonly number[] | undefined): SentRow[] {
    return (at ?? []).map((i) => this.lines[i] as SentRow).reverse();
  }

  lookupByKey(key: string): SentRow[] {
    return this.rows(this.byKey.get(key));
  }

  lookupByFingerprint(fp: string): SentRow[] {
    return this.rows(this.byFp.get(fp));
  }

  lookupByValues(values: string): SentRow[] {
    return this.rows(this.byValues.get(values));
  }

  /** Whether any run kept the cells of a row it created here (lines written before kept none). */
  get knowsCells(): boolean {
    return this.byCells.size > 0;
  }

  /**
   * The records other runs created from rows with these cells as read (`rows`: row number and
   * cells fingerprint, in the sheet's order), the lines other runs appended read first: each
   * record given to one row, and taken (no row of this run is given it by its key or body).
   * No lock: a record's line is final once written, and whole lines alone are read; the lock
   * orders claims, and records are appended without it (a claim's run writes its record after
   * its answer), so holding it would order nothing here and would only make the plan wait.
   */
  takeByCells(rows: Iterable<readonly [number, string]>): Map<number, SentRow> {
    this.refresh();
    const out = new Map<number, SentRow>();
    if (!this.knowsCells) return out;
    for (const [row, cells] of rows) {
      const i = this.byCells.get(cells)?.find((n) => this.byCellsFree(n));
      if (i === undefined) continue;
      this.taken.add(i);
      out.set(row, this.lines[i] as SentRow);
    }
    return out;
  }

  /**
   * Whether the create at line `n` may be given to a row by its cells: another run's, not
   * given to a row yet, and, keyed, the last record created for its key (one made again since,
   * its record deleted, is the key's record now).
   */
  private byCellsFree(n: number): boolean {
    const line = this.lines[n] as SentRow;
    if (line.run === this.run || this.taken.has(n)) return false;
    if (!line.key) return true;
    const created = (this.byKey.get(line.key) ?? []).filter(
      (i) => (this.lines[i] as SentRow).status === 'created',
    );
    return created[created.length - 1] === n;
  }

  /** The fields last sent to record `id`, each its latest value, with the latest write's date, file and report. */
  lastSent(id: number): LastSent | undefined {
    const writes = this.rows(this.byId.get(id)).reverse();
    if (writes.length === 0) return undefined;
    const fields: Record<string, unknown> = {};
    for (const w of writes) Object.assign(fields, w.fields);
    const last = writes[writes.length - 1];
    return { fields, at: last.at, file: last.file, report: last.report, status: last.status };
  }

  /**
   * What this user's runs know record `id` to hold: the fields they sent (lastSent) and those a
   * sync found it holding already (agree), each its latest value.
   */
  lastKnown(id: number): Record<string, unknown> | undefined {
    const at = [...(this.byId.get(id) ?? []), ...(this.agreedById.get(id) ?? [])].sort((a, b) => a - b);
    if (at.length === 0) return undefined;
    let known: Record<string, unknown> = {};
    for (const i of at) {
      const line = this.lines[i];
      if (line.t === 'agreed') known = layAgreed(known, line.fields);
      else if (line.t === 'sent') known = { ...known, ...line.fields };
    }
    return known;
  }

  /** Remember fields a sync found record `id` holding as the sheet has them (agreedFields). */
  agree(id: number, fields: Readonly<Record<string, unknown>>): void {
    if (Object.keys(fields).length === 0) return;
    this.append({ t: 'agreed', run: this.run, id, fields, at: new Date().toISOString() });
  }

  /** Remember a row written. `claim`: the claim it settles (claim()). */
  record(row: Omit<SentRow, 'at' | 'run'>, claim?: string): void {
    const line: Line = {
      t: 'sent',
      ...row,
      file: resolvePath(row.file),
      report: resolvePath(row.report),
      at: new Date().toISOString(),
      run: this.run,
      claim,
    };
    this.taken.add(this.append(line));
  }

  /**
   * A row given `made` by its key or its body, sending what it sent, whose cells are `cells`:
   * the create is known by them too (a CellsLine), so that the next copy with these cells
   * needs no lookup. Nothing written when it is known by them already. No lock, as for a
   * record: the line is a fact about a create that exists, whole or torn, and any number of
   * runs may write it. Two runs giving one record to rows with different cells (the same
   * body) give it both: each run gave it to one row only, and a later run gives it to one
   * row only too (takeByCells takes the create, whichever cells found it).
   */
  attachCells(made: SentRow, cells: string): void {
    this.refresh();
    const at = this.createOf(made.id, made.fp);
    if (at === undefined || this.byCells.get(cells)?.includes(at)) return;
    this.append({ t: 'cells', run: this.run, id: made.id, fp: made.fp, cells, at: new Date().toISOString() });
  }

  /** A claim that ended without a record (refused, not sent): another run may write the row. */
  release(claim: string): void {
    if (this.settled.has(claim)) return;
    this.append({ t: 'release', claim, run: this.run, at: new Date().toISOString() });
  }

  /**
   * A record another run created for this row (its key, else its body: the same fingerprint,
   * or, `values` given, the same values in another order), not given to another row of this
   * run; taken.
   */
  takeCreated(key: string | undefined, fp: string, values?: string): SentRow | undefined {
    const same = [...(this.byFp.get(fp) ?? []), ...((values && this.byValues.get(values)) || [])];
    const at = key ? this.byKey.get(key) : same;
    const i = at?.find((n) => {
      const line = this.lines[n] as SentRow;
      // A keyless row is what it sends: a keyed record is not one.
      return (
        line.status === 'created' &&
        line.run !== this.run &&
        !this.taken.has(n) &&
        (key !== undefined || !line.key)
      );
    });
    if (i === undefined) return undefined;
    this.taken.add(i);
    return this.lines[i] as SentRow;
  }

  /**
   * A keyless record another run created that `body` resembles (resemblance.ts), as this
   * user's runs last wrote it: the one with the fewest differing fields (none: an update gave
   * it this row's values), not given to another row, and not one of `reserved` (records rows
   * of this run match exactly) unless it holds this row's values; taken.
   */
  takeResembling(
    body: Readonly<Record<string, unknown>>,
    reserved: ReadonlySet<number>,
  ): { row: SentRow; resemblance: Resemblance } | undefined {
    this.refresh();
    let best: { i: number; row: SentRow; resemblance: Resemblance } | undefined;
    for (const i of this.byName.get(nameKey(body.name)) ?? []) {
      const row = this.lines[i] as SentRow;
      if (row.run === this.run || this.taken.has(i)) continue;
      const r = resemblance(this.lastSent(row.id)?.fields ?? row.fields, body);
      // A reserved record is another row's exact match, unless it holds this row's values (updated to them).
      if (r && reserved.has(row.id) && r.differs.length > 0) continue;
      if (r && (!best || r.differs.length < best.resemblance.differs.length))
        best = { i, row, resemblance: r };
    }
    if (!best) return undefined;
    this.taken.add(best.i);
    return { row: best.row, resemblance: best.resemblance };
  }

  /** Whether a keyless record of this name was created here: else no row of that name resembles one. */
  hasKeylessNamed(name: unknown): boolean {
    return this.byName.has(nameKey(name));
  }

  /**
   * What `look` finds, with the records it took given back: the plan looks ahead at the
   * records rows will take, and the run's rows must still find them.
   */
  lookAhead<T>(look: () => T): T {
    const taken = new Set(this.taken);
    try {
      return look();
    } finally {
      this.taken = taken;
    }
  }

  /** The records created here, one line each (the latest create of each id), oldest first. */
  created(): SentRow[] {
    this.refresh();
    const out: SentRow[] = [];
    for (const at of this.byId.values()) {
      const creates = at.filter((n) => (this.lines[n] as SentRow).status === 'created');
      if (creates.length > 0) out.push(this.lines[creates[creates.length - 1]] as SentRow);
    }
    return out.sort((a, b) => a.id - b.id);
  }

  /**
   * Records the service no longer has: the lines that name them are no row's from now on, and
   * their rows are created again. `write`: a line says so in the file, for every later run (a
   * dry run writes nothing, and forgets them for itself alone).
   */
  forget(gone: Iterable<number>, write: boolean): void {
    for (const id of gone) {
      const line: GoneLine = { t: 'gone', run: this.run, id, at: new Date().toISOString() };
      if (write) this.append(line);
      else this.add(line);
    }
  }

  /** Whether any run created a keyless record here: else no row can match or resemble one. */
  get hasKeyless(): boolean {
    return this.byValues.size > 0;
  }

  /**
   * Keyless records other runs created from a body with this fingerprint or these values, or
   * that an update since gave `body`'s values, oldest first.
   */
  keylessCreated(fp: string, values: string, body: Readonly<Record<string, unknown>>): SentRow[] {
    const updated = (this.byName.get(nameKey(body.name)) ?? []).filter((i) => {
      const last = this.lastSent((this.lines[i] as SentRow).id);
      return last?.status === 'updated' && resemblance(last.fields, body)?.differs.length === 0;
    });
    const at = new Set([...(this.byFp.get(fp) ?? []), ...(this.byValues.get(values) ?? []), ...updated]);
    return [...at]
      .sort((a, b) => a - b)
      .map((i) => this.lines[i] as SentRow)
      .filter((r) => r.status === 'created' && !r.key && r.run !== this.run);
  }

  /**
   * An unsettled claim of another run on this row: a claim no later line settles, whose
   * run did not take the row up again (a resumed run makes a new claim or a record from
   * the same report and body).
   */
  private openClaim(row: ClaimRow, report: string): ClaimLine | undefined {
    const byValues = !row.key && row.values ? (this.claims.get(`v:${row.values}`) ?? []) : [];
    for (const i of [...(this.claims.get(rowOf(row)) ?? []), ...byValues]) {
      const claim = this.lines[i] as ClaimLine;
      // A claim from this run's report is an earlier run of the same import (one run holds a
      // report's journal at a time): its journal, not the memory, says what became of it.
      if (claim.run === this.run || claim.report === report || this.settled.has(claim.claim)) continue;
      if (this.latest.get(`${claim.report}\0${claim.fp}`) === i) return claim;
    }
    return undefined;
  }

  /**
   * Another run's claim on this row that claim() would find, nothing taken (a dry run's look):
   * `unsure` when that run stopped before it learnt the outcome, undefined when none is open
   * or a run on this machine is sending it now (claim() waits for its answer).
   */
  unsureClaim(row: ClaimRow): Extract<Claim, { kind: 'unsure' }> | undefined {
    this.refresh();
    const other = this.openClaim(row, resolvePath(row.report));
    if (!other) return undefined;
    if (other.host === hostname() && isAlive(other.pid) && !this.abandoned.has(other.claim)) return undefined;
    return { kind: 'unsure', file: other.file, report: other.report, at: other.at, pid: other.pid };
  }

  /**
   * Take a row for this run, or learn who has it. A live run's claim on the same row is
   * waited for (it writes the row, this run then finds its record); a claim of a run that
   * died before it learnt the outcome makes the row unsure. `stopped` ends a wait.
   */
  async claim(row: ClaimRow, stopped: () => Error | undefined = () => undefined): Promise<Claim> {
    const file = resolvePath(row.file);
    const report = resolvePath(row.report);
    for (;;) {
      const wait = { onLongWait: this.sayLockWait, stopped };
      const decided = await withMemoryLock(this.path, wait, (): Claim | 'wait' => {
        this.refresh();
        const made = this.takeCreated(row.key, row.fp, row.values);
        if (made) return { kind: 'created', row: made };
        const other = this.openClaim(row, report);
        if (other && other.host === hostname() && isAlive(other.pid) && !this.abandoned.has(other.claim))
          return 'wait';
        if (other)
          return { kind: 'unsure', file: other.file, report: other.report, at: other.at, pid: other.pid };
        const claim = `${this.run}.${this.lines.length}`;
        this.append({
          t: 'claim',
          claim,
          run: this.run,
          key: row.key,
          fp: row.fp,
          values: row.key ? undefined : row.values,
          file,
          report,
          pid: process.pid,
          host: hostname(),
          at: new Date().toISOString(),
        });
        this.mine.add(claim);
        return { kind: 'mine', claim };
      });
      if (decided !== 'wait') return decided;
      const stop = stopped();
      if (stop) throw stop;
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }

  private readonly sayLockWait = (): void => {
    if (this.lockWaitSaid) return;
    this.lockWaitSaid = true;
    this.onLockWait?.(lockPathOf(this.path), MEMORY_LOCK_STALE_MS);
  };

  /**
   * The run ends: a claim still open is a write a stop cut in flight (it may have made the
   * record). Marked so, other runs stop waiting for it and treat the row as unsure; this
   * run's next resume looks for the record. Best effort: a killed run never gets here, and
   * its claims are judged by whether its process lives.
   */
  close(): void {
    for (const claim of [...this.mine]) {
      try {
        this.append({ t: 'abandon', claim, run: this.run, at: new Date().toISOString() });
      } catch {
        // Nothing more can be written: the claim stays, judged by the process being gone.
      }
    }
  }
}

/** A record's name as the memory indexes keyless records by it. */
const nameKey = (v: unknown): string => (typeof v === 'string' ? v.trim().toLowerCase() : '');

/** The row a claim is for: its key, else (keyless) its body; a keyless claim is also known by its values (`v:`). */
const rowOf = (l: { key?: string; fp: string }): string => (l.key ? `k:${l.key}` : `f:${l.fp}`);

/** The indexes `at` taken out of every list of `m` (a list left empty goes). */
function dropFrom<K>(m: Map<K, number[]>, at: ReadonlySet<number>): void {
  for (const [k, list] of m) {
    const left = list.filter((n) => !at.has(n));
    if (left.length === 0) m.delete(k);
    else if (left.length < list.length) m.set(k, left);
  }
}

function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
}

/** proper-lockfile, loaded when a run first claims a row (a dry run never does). */
async function lockfile(): Promise<typeof import('proper-lockfile')> {
  return (await import('proper-lockfile')).default;
}

const lockPathOf = (path: string) => `${path}.lock`;

/**
 * A lock not touched for this long is one a stopped run left: it is taken over. 10 s, unless
 * ASSETBATCH_TEST_MEMORY_LOCK_STALE_MS says otherwise: the one way for tests and rehearsals
 * to see a left lock taken over, or a held one stop a run, without waiting out the real times.
 * Not a user setting (a live holder touches its lock every half of it, however busy).
 */
const MEMORY_LOCK_STALE_MS = testLockStaleMs(process.env.ASSETBATCH_TEST_MEMORY_LOCK_STALE_MS) ?? 10_000;
/** A wait for the lock longer than this is said (once a run): it is held for a millisecond a claim. */
const LOUD_AFTER_MS = 1_000;
/** How long a claim waits for a lock a live run keeps: past the staleness, so a left one is taken over first. */
const MEMORY_LOCK_WAIT_MS = 2 * MEMORY_LOCK_STALE_MS;
/**
 * proper-lockfile's own staleness, so long that it never removes a lock itself: its removal
 * (stat, judge, remove, mkdir) races another run's; removeAbandoned (lock.ts) does it one run at a time.
 */
const NEVER_STALE = 2 ** 31 - 1;

/** A wait for the memory's lock: said after a second (`onLongWait`), ended by the run's stop (`stopped`). */
interface LockWait {
  readonly onLongWait: () => void;
  readonly stopped: () => Error | undefined;
}

/**
 * The memory's lock, held for one claim (a read of the new lines and one append): two runs
 * never both claim one row. Held for a millisecond, so waiting for it is short. The holder
 * names itself beside it (lock.ts, as the journal's lock): one left by a run killed while it
 * held it is taken over at once when that process is gone from this host, else (another
 * host, or killed before it named itself) once untouched for 10 s; a wait of a second is
 * said (`onLongWait`) rather than a run that seems to hang, and the run's stop ends it.
 */
async function withMemoryLock<T>(path: string, wait: LockWait, work: () => T): Promise<T> {
  const before = inProcess.get(path) ?? Promise.resolve();
  let done = (): void => undefined;
  const mine = new Promise<void>((resolve) => (done = resolve));
  const queue = before.then(() => mine);
  inProcess.set(path, queue);
  await before;
  try {
    return await withFileLock(path, wait, work);
  } finally {
    done();
    if (inProcess.get(path) === queue) inProcess.delete(path);
  }
}

/**
 * This process's claims on each memory, one after another: each waits for the one before it
 * here rather than for the file lock, whose wait polls (5 to 50 ms a try), so that the rows
 * in flight of one run do not wait out each other's polls (an import of 3,000 rows at
 * concurrency 16 made about 150 rows a second so against the sandbox, its rows waiting).
 */
const inProcess = new Map<string, Promise<void>>();

/** The work under the memory's file lock, which orders this run's claims with other runs'. */
async function withFileLock<T>(path: string, wait: LockWait, work: () => T): Promise<T> {
  const lockPath = lockPathOf(path);
  const release = await takeMemoryLock(path, lockPath, wait);
  try {
    return work();
  } finally {
    try {
      unnameHolder(lockPath);
    } catch {
      // Its name stays beside a folder that goes: it names no other folder (its identity).
    }
    await release().catch(() => undefined);
  }
}

/** Take the memory's lock, waiting for it (up to MEMORY_LOCK_WAIT_MS) and taking over an abandoned one. */
async function takeMemoryLock(path: string, lockPath: string, wait: LockWait): Promise<() => Promise<void>> {
  const lock = await lockfile();
  const options = {
    lockfilePath: lockPath,
    realpath: false,
    stale: NEVER_STALE,
    update: MEMORY_LOCK_STALE_MS / 2,
  };
  const began = Date.now();
  const timer = setTimeout(wait.onLongWait, LOUD_AFTER_MS);
  try {
    for (let pause = 5; ; pause = Math.min(2 * pause, 50)) {
      let release: (() => Promise<void>) | undefined;
      try {
        release = await lock.lock(path, options);
        nameHolder(lockPath);
        return release;
      } catch (e) {
        await release?.().catch(() => undefined);
        if ((e as NodeJS.ErrnoException).code !== 'ELOCKED') throw memoryUnwritable(path, e);
      }
      // Held: by another run for its claim, or left by a run killed while it held it.
      if (takenOver(path, lockPath)) continue;
      // Ctrl-C ends the wait at once: the row is not sent, the same command sends it.
      const stop = wait.stopped();
      if (stop) throw stop;
      if (Date.now() - began >= MEMORY_LOCK_WAIT_MS) throw memoryLocked(lockPath, Date.now() - began);
      await new Promise((r) => setTimeout(r, pause));
    }
  } finally {
    clearTimeout(timer);
  }
}

/** A whole number of milliseconds from 100 to the default's 10 s; anything else is no override. */
function testLockStaleMs(value: string | undefined): number | undefined {
  const ms = Number(value);
  return value && Number.isInteger(ms) && ms >= 100 && ms <= 10_000 ? ms : undefined;
}

/** An abandoned lock removed (lock.ts's removeAbandoned): the folder it takes being one that cannot be written is said so. */
function takenOver(path: string, lockPath: string): boolean {
  try {
    return removeAbandoned(lockPath, MEMORY_LOCK_STALE_MS);
  } catch (e) {
    throw memoryUnwritable(path, e);
  }
}

/**
 * A lock held past the wait: a run on this machine keeps it (a live holder keeps it fresh).
 * The run stops there, before the row that waited is sent (E_MEMORY_LOCKED, exit 3): it and
 * the rows after it are "not sent", and the same command sends them once the lock is free.
 */
function memoryLocked(lockPath: string, waitedMs: number): AssetbatchError {
  const holder = livingHolder(lockPath);
  const who = holder ? ` (process ${holder.pid} on ${holder.host})` : '';
  return new AssetbatchError(
    'E_MEMORY_LOCKED',
    `another assetbatch run on this machine${who} held the lock on the memory of what was sent for ${Math.round(waitedMs / 1000)} s, so this run stopped before sending the rows that waited for it: ${lockPath}`,
    {
      hint: 'Wait for that run to end, or end it (if no assetbatch run is running, delete that folder), then run the same command again to resume.',
    },
  );
}

/**
 * The memory of a service, company and resource, read. Its folder is made if need be: one
 * that cannot be written is E_STATE_UNWRITABLE (exit 2), before anything is sent.
 */
export function openMemory(
  scope: MemoryScope,
  folder?: string,
  onLockWait?: (lockPath: string, freeAfterMs: number) => void,
): Memory {
  const path = memoryPath(scope, folder);
  try {
    mkdirSync(join(path, '..'), { recursive: true });
    // Touch it: a folder that takes a folder but not a file is found now, not mid-run.
    appendFileSync(path, '');
  } catch (e) {
    throw memoryUnwritable(path, e);
  }
  const memory = new Memory(path, onLockWait);
  memory.refresh();
  return memory;
}
