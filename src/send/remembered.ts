// The run's side of the memory of what was sent (memory.ts). Before a fresh create: was the
// row made by another file's or another report's run (skipped, saying which and when), is a
// run on this machine making it now (wait for it), or did one send it and stop not knowing
// the outcome (failed: resuming that run finds out)? After a write: the record remembered.
// The writer calls it; a dry run and an in-process sandbox have none.
import { resolve as resolvePath } from 'node:path';
import { present } from './resemblance.js';
import type { WriteBody } from '../resources/fields.js';
import type { RowIssue } from '../validate/validate.js';
import { payloadHash, valuesHash, type Lack } from './journal.js';
import type { LastSent, Memory, SentRow } from './memory.js';

export interface RunMemoryOptions {
  readonly memory: Memory;
  /** The run's input and report, as given. */
  readonly file: string;
  readonly report: string;
  /** --allow-duplicates: rows are sent even when the memory has them (and no claim is taken). */
  readonly allowDuplicates: boolean;
  /** Records that exist are merged or refused (--on-existing update|error): keyed rows are left to that check. */
  readonly onExisting: 'skip' | 'update' | 'error';
  /** Why the run stopped, if it did: a wait for another run's write ends with it. */
  readonly stopped: () => Error | undefined;
  /**
   * Keyless rows that resemble a record another run created (resemblance.ts) are held back
   * (`hold`, an import's default), or created all the same (`create`: --create-resembling,
   * and a sync, which retires what the sheet no longer has).
   */
  readonly resembling: 'hold' | 'create';
  /** The natural key's name, as a row without one is told: "serial number". */
  readonly keyName: string;
  /** A field's label, as the report names the cells that differ. */
  readonly label: (field: string) => string;
}

/** What happens to a row before its create, as the memory says. */
export type BeforeCreate =
  | {
      readonly go: false;
      readonly status: 'skipped' | 'failed';
      readonly id?: number;
      readonly note?: string;
      readonly issues?: readonly RowIssue[];
      /** A keyed row's record, made at `at` (ISO): the service's answer for its key tells whether it is still there. */
      readonly keyed?: boolean;
      readonly at?: string;
      /** The record was made for the row's key from other values: the row changed since (update applies it). */
      readonly changed?: boolean;
      /** A keyless row like a record another run made, held back: the report says which (W_RESEMBLES). */
      readonly warnings?: readonly RowIssue[];
      /** The create the row is, sending what it sent: known by the row's cells too (knownAs). */
      readonly made?: SentRow;
    }
  | { readonly go: true; readonly claim?: string; readonly note?: string };

type Key = { readonly field: string; readonly value: string } | undefined;

const keyText = (key: Key): string | undefined => (key ? `${key.field}=${key.value}` : undefined);

/** An ISO date as people read it in a report: 2026-11-27 09:12 UTC. */
const when = (iso: string): string => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

export class RunMemory {
  /** Records rows of this run match exactly (preview.ts): no other row may resemble them. */
  private reserved: ReadonlySet<number> = new Set();

  constructor(private readonly options: RunMemoryOptions) {}

  /** The records this run's keyless rows match exactly, found before the first write. */
  reserve(ids: ReadonlySet<number>): void {
    this.reserved = ids;
  }

  /** Whether any run created a keyless record in this memory. */
  get hasKeyless(): boolean {
    return this.options.memory.hasKeyless;
  }

  /** Keyless records other runs created from these values (any column order), oldest first. */
  keylessCreated(body: WriteBody): SentRow[] {
    return this.options.memory.keylessCreated(payloadHash(body), valuesHash(body), body);
  }

  get path(): string {
    return this.options.memory.path;
  }

  /** The records created here, the latest create of each id, oldest first (gone-records.ts checks them). */
  created(): SentRow[] {
    return this.options.memory.created();
  }

  /** Records the service no longer has: no row's from now on (`write`: the memory's file says so too). */
  forget(ids: Iterable<number>, write: boolean): void {
    this.options.memory.forget(ids, write);
  }

  /** Whether a line of the memory is this import's own (its report): an earlier run of it, stopped. */
  isThisImport(row: SentRow): boolean {
    return row.report === resolvePath(this.options.report);
  }

  async beforeCreate(key: Key, fp: string, body: WriteBody): Promise<BeforeCreate> {
    if (this.options.allowDuplicates) return { go: true };
    const taken = await this.options.memory.claim(
      {
        key: keyText(key),
        fp,
        values: key ? undefined : valuesHash(body),
        file: this.options.file,
        report: this.options.report,
      },
      this.options.stopped,
    );
    if (taken.kind === 'mine')
      return key ? { go: true, claim: taken.claim } : this.unlessResembling(body, taken.claim);
    // --on-existing update|error: the check of the service decides for a keyed row.
    if (taken.kind === 'created' && key && this.options.onExisting !== 'skip') return { go: true };
    if (taken.kind === 'created') {
      const { changed, note } = key
        ? this.judgeKeyed(taken.row, fp, body)
        : { changed: false, note: undefined };
      return {
        go: false,
        status: 'skipped',
        id: taken.row.id,
        note: note ?? alreadyCreated(taken.row) + ALLOW,
        keyed: key !== undefined,
        at: taken.row.at,
        changed,
        made: changed ? undefined : sameCreate(taken.row, body),
      };
    }
    return unsureRow(taken, key);
  }

  /** A dry run's row that a stopped run of another file or report sent (beforeCreate's `unsure`): failed, as in the run. */
  private previewUnsure(key: Key, body: WriteBody): BeforeCreate | undefined {
    const { file, report } = this.options;
    const values = key ? undefined : valuesHash(body);
    const claim = this.options.memory.unsureClaim({
      key: keyText(key),
      fp: payloadHash(body),
      values,
      file,
      report,
    });
    return claim && unsureRow(claim, key);
  }

  /**
   * A keyless row no earlier run made from these values: sent, unless it resembles a record
   * one made (the same name, a few cells changed). Created again, that record would be there
   * twice, so the row is held back, loudly, saying how to apply the change or create it anyway.
   */
  private unlessResembling(body: WriteBody, claim: string): BeforeCreate {
    const held = this.resembling(body, 'created');
    if (!held) return { go: true, claim };
    if (held.go) return { ...held, claim };
    // Not written by this run: another run may write the row.
    this.options.memory.release(claim);
    return held;
  }

  /**
   * A dry run's keyless row, as the real run would treat it by the memory (nothing claimed,
   * nothing written): skipped as made already or held back as resembling; `go` with a note
   * under --create-resembling; undefined when it would simply be created.
   */
  previewKeyless(body: WriteBody): BeforeCreate | undefined {
    if (this.options.allowDuplicates) return undefined;
    const made = this.options.memory.takeCreated(undefined, payloadHash(body), valuesHash(body));
    if (made) return { go: false, status: 'skipped', id: made.id, note: alreadyCreated(made) + ALLOW };
    return this.previewUnsure(undefined, body) ?? this.resembling(body, 'would be created');
  }

  /**
   * A dry run's keyed row, as beforeCreate would have the real run treat it by the memory
   * (nothing claimed, nothing written): skipped as made already, or changed since, or failed
   * as sent by a run that stopped not knowing the outcome; undefined when the memory has no
   * record for its key (or, --on-existing update|error, the check of the service decides).
   */
  previewKeyed(key: NonNullable<Key>, body: WriteBody): BeforeCreate | undefined {
    if (this.options.allowDuplicates) return undefined;
    const fp = payloadHash(body);
    const made = this.options.memory.takeCreated(keyText(key), fp);
    if (!made) return this.previewUnsure(key, body);
    if (this.options.onExisting !== 'skip') return undefined;
    const { changed, note } = this.judgeKeyed(made, fp, body);
    return { go: false, status: 'skipped', id: made.id, note, keyed: true, at: made.at, changed };
  }

  /**
   * The plan's look at keyless rows no earlier run made from the same values, in order: those
   * the run will skip as made already (an update gave the record their values) and those it
   * will hold back as resembling a record, and (`left`, by index) the others, which it creates
   * unless their ID cell names their record (by-id-cell.ts). Nothing is taken from the run's rows.
   */
  heldBack(bodies: readonly WriteBody[]): { made: number; held: number; left: number[] } {
    const c = { made: 0, held: 0, left: [] as number[] };
    if (this.options.allowDuplicates) return { ...c, left: bodies.map((_, i) => i) };
    this.options.memory.lookAhead(() => {
      bodies.forEach((body, i) => {
        const out = this.resembling(body, 'created');
        if (out?.go === false) c[out.warnings ? 'held' : 'made']++;
        else c.left.push(i);
      });
    });
    return c;
  }

  /** Whether a keyless row may resemble a record an earlier run made: one of its name was made. */
  mayResemble(body: WriteBody): boolean {
    return this.options.memory.hasKeylessNamed(body.name);
  }

  /** What becomes of a keyless row like a record another run made; undefined when it resembles none. */
  private resembling(body: WriteBody, created: string): BeforeCreate | undefined {
    const like = this.options.memory.takeResembling(body, this.reserved);
    if (!like) return undefined;
    if (like.resemblance.differs.length === 0) {
      // An update since gave the record this row's values: it is this row's, as a keyed row's would be.
      const last = this.options.memory.lastSent(like.row.id);
      const since = last?.status === 'updated' ? updatedSince(last) : '';
      return {
        go: false,
        status: 'skipped',
        id: like.row.id,
        note: alreadyCreated(like.row) + since + ALLOW,
      };
    }
    const note = resemblingNote(like.row, this.differences(like.row, body, like.resemblance.differs));
    if (this.options.resembling === 'create')
      return { go: true, note: `${created} as a new record (--create-resembling), though ${note}` };
    const message =
      `not created: no ${this.options.keyName}, and ${note}. ` +
      `If it is that record, \`assetbatch update ${this.options.report}\` (with this run's resource and service options) applies this row's values to it (the report's #id); ` +
      'if it is another one, run this import again with --create-resembling to create it';
    return {
      go: false,
      status: 'skipped',
      id: like.row.id,
      note: message,
      warnings: [
        {
          code: 'W_RESEMBLES',
          message: `not created: it resembles record ${like.row.id} (${like.resemblance.differs.map(this.options.label).join(', ')} differ${like.resemblance.differs.length === 1 ? 's' : ''})`,
        },
      ],
    };
  }

  /** The cells that differ, as labels with the record's value and the row's: `Location "Floor 1" → "Floor 2"`. */
  private differences(made: SentRow, body: WriteBody, fields: readonly string[]): string {
    const last = this.options.memory.lastSent(made.id)?.fields ?? made.fields;
    return fields
      .map((f) => `${this.options.label(f)} ${shownValue(last[f])} → ${shownValue(body[f])}`)
      .join('; ');
  }

  /**
   * A record written (created or updated); `claim`: the one it settles; a create's `cells`,
   * its row cells as read (the journal's fingerprint), by which a later run knows the row
   * unchanged, and `lacks`, the names its lists lacked, which that run says again.
   */
  written(
    status: 'created' | 'updated',
    id: number,
    fields: Record<string, unknown>,
    fp: string,
    key: Key,
    claim?: string,
    made: { readonly cells?: string; readonly lacks?: readonly Lack[] } = {},
  ): void {
    const { file, report } = this.options;
    const { cells } = made;
    const lacks = made.lacks?.length ? made.lacks : undefined;
    this.options.memory.record(
      { key: keyText(key), fp, status, id, fields, file, report, cells, lacks },
      claim,
    );
  }

  /**
   * The sheet's rows (row number, cells as read) whose cells an earlier run created a record
   * from (journal-rows.ts), each a record of its own: skipped as made, nothing looked up. None
   * when rows are sent whatever the memory says (--allow-duplicates) or a record that exists
   * decides (--on-existing update|error). A dry run's are the run's: nothing is written.
   */
  knownByCells(rows: Iterable<readonly [number, string]>): Map<number, SentRow> {
    const { memory, allowDuplicates, onExisting } = this.options;
    if (allowDuplicates || onExisting !== 'skip') return new Map();
    return memory.takeByCells(rows);
  }

  /** Whether the memory knows any of these rows by their cells (knownByCells), nothing taken. */
  knowsAnyByCells(rows: Iterable<readonly [number, string]>): boolean {
    const { memory } = this.options;
    return memory.lookAhead(() => memory.takeByCells(rows).size > 0);
  }

  /**
   * A row skipped as `made` (beforeCreate's), its cells as read `cells`: the memory knows the
   * create by them too, so that a copy of the sheet under another name needs no lookup for
   * it. Lines written before cells were kept gain them this way. Best effort: the row's
   * outcome stands whatever becomes of the line (a memory that cannot be written fails the
   * run's next claim, loudly).
   */
  knownAs(made: SentRow, cells: string): void {
    try {
      this.options.memory.attachCells(made, cells);
    } catch {
      // The next copy then looks the row up, as it would have.
    }
  }

  /**
   * A row an earlier run of this import finished, known by its body (`fp`) and not its cells:
   * the create of record `id` from that body, if this memory has it (else undefined).
   */
  createOf(id: number, fp: string): SentRow | undefined {
    return this.options.memory.lookupByFingerprint(fp).find((s) => s.id === id && s.status === 'created');
  }

  /** The record an earlier run created from a row with these values (in any order), newest first. */
  createdFrom(body: WriteBody): SentRow | undefined {
    const { memory } = this.options;
    const made = (rows: SentRow[]) => rows.find((r) => r.status === 'created');
    return (
      made(memory.lookupByFingerprint(payloadHash(body))) ?? made(memory.lookupByValues(valuesHash(body)))
    );
  }

  /**
   * A keyed row against the record another run created for its key, as this user's runs last
   * wrote it: the body sent then, or, after an update (`assetbatch update`, `--on-existing
   * update`), that body with the updates' fields laid over it. A row that differs has changed
   * since, as a journal says of the same file's row.
   */
  private judgeKeyed(made: SentRow, fp: string, body: WriteBody): { changed: boolean; note: string } {
    const last = this.options.memory.lastSent(made.id);
    const updated = last?.status === 'updated' ? last : undefined;
    // By value, not by fingerprint: a copy with its columns in another order sends the same values.
    if (made.fp === fp && !updated) return { changed: false, note: alreadyCreated(made) + ALLOW };
    if (!sameValues(last?.fields ?? made.fields, body))
      return { changed: true, note: changedSince(made, updated, this.updateAdvice(made.id, body)) };
    return { changed: false, note: alreadyCreated(made) + (updated ? updatedSince(updated) : '') + ALLOW };
  }

  /**
   * The last write to record `id`, when the record as this user's runs wrote it holds `body`'s
   * values: the first body with any updates' fields laid over it (an update's PATCH carries
   * only what changed). A row edited and then applied with `assetbatch update`, or one whose
   * columns were moved, is then no row "changed since".
   */
  holding(id: number, body: WriteBody): LastSent | undefined {
    const last = this.options.memory.lastSent(id);
    return last && sameValues(last.fields, body) ? last : undefined;
  }

  /**
   * The last write to record `id`, when it is an update that left the record with values
   * other than `body`'s: a row the journal knows as done whose record was changed since
   * (`assetbatch update` from another file or report).
   */
  updatedAway(id: number, body: WriteBody): LastSent | undefined {
    const last = this.options.memory.lastSent(id);
    // Only the row's own fields: an update's row carries some fields, and one that set others left
    // these be. A field no run sent is not known to differ: a PATCH sends only the fields it
    // changes (a record made elsewhere, then updated from an export, has no other field here).
    const differs = (f: string) =>
      body[f] !== null &&
      body[f] !== undefined &&
      f in last!.fields &&
      valuesHash(last!.fields[f] ?? null) !== valuesHash(body[f]);
    return last?.status === 'updated' && Object.keys(body).some(differs) ? last : undefined;
  }

  /**
   * updatedAway for a row known by the body it sent (its fingerprint), not made again: the
   * body this memory keeps of the record's create. Unknown to the memory: not known to differ.
   */
  updatedAwayFrom(id: number, fp: string): LastSent | undefined {
    const sent = this.options.memory
      .lookupByFingerprint(fp)
      .find((s) => s.id === id && s.status === 'created');
    return sent && this.updatedAway(id, sent.fields as WriteBody);
  }

  /**
   * How a row changed since its record was written is applied: `assetbatch update`, and
   * --clear-empty for cells the row has emptied (an update leaves an empty cell alone, so
   * without it such a row would stay "changed since" after the update).
   */
  updateAdvice(id: number, body: WriteBody): string {
    const last = this.options.memory.lastSent(id)?.fields ?? {};
    const emptied = Object.keys(last).filter((f) => f !== 'company' && present(last[f]) && !present(body[f]));
    if (emptied.length === 0) return UPDATE_ADVICE;
    const cells = emptied.map(this.options.label).join(', ');
    const others = Object.keys(body).some(
      (f) => present(body[f]) && valuesHash(last[f] ?? null) !== valuesHash(body[f]),
    );
    return others
      ? `use \`assetbatch update --clear-empty\` to change the record (without --clear-empty, an update leaves the cells this row emptied as they are: ${cells})`
      : `the row emptied ${cells}, which \`assetbatch update\` leaves as ${emptied.length === 1 ? 'it is' : 'they are'}: \`assetbatch update --clear-empty\` empties ${emptied.length === 1 ? 'it' : 'them'} in the record`;
  }

  /** What this user's runs last sent to record `id`, field by field (a sync's conflicts are judged against it). */
  lastSent(id: number): Readonly<Record<string, unknown>> | undefined {
    return this.options.memory.lastSent(id)?.fields;
  }

  /** What this user's runs know record `id` to hold: fields sent, and those a sync found it holding. */
  lastKnown(id: number): Readonly<Record<string, unknown>> | undefined {
    return this.options.memory.lastKnown(id);
  }

  /** Fields a sync found record `id` holding as the sheet has them (agreedFields): known from now on. */
  agreed(id: number, fields: Readonly<Record<string, unknown>>): void {
    this.options.memory.agree(id, fields);
  }

  /** The row's claim ended without a record (skipped, refused, not sent): another run may write it. */
  released(claim: string | undefined): void {
    if (claim) this.options.memory.release(claim);
  }

  close(): void {
    this.options.memory.close();
  }
}

/** A row another run sent and stopped before it learnt the outcome: failed, never sent twice. */
function unsureRow(
  taken: { readonly file: string; readonly report: string; readonly at: string },
  key: Key,
): BeforeCreate {
  const message =
    `an import of ${taken.file} (report ${taken.report}) sent this row on ${when(taken.at)} and stopped before it learnt whether the record was made; ` +
    'run that import again to resume it (it looks for the record before sending again), or pass --allow-duplicates to send this row anyway';
  return {
    go: false,
    status: 'failed',
    issues: [{ code: 'E_LOOKUP_AMBIGUOUS', field: key?.field, message }],
  };
}

/** A record a keyless row resembles, as its report says it. */
function resemblingNote(row: SentRow, differences: string): string {
  return `it resembles record ${row.id}, created by an earlier import of ${row.file} on ${when(row.at)} from a row of the same name: ${differences}`;
}

/** A value as the report shows it beside another: text quoted, empty said so. */
function shownValue(v: unknown): string {
  if (v === undefined || v === null || v === '') return '(empty)';
  return typeof v === 'string' ? JSON.stringify(v) : typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** An ISO date as a report shows it. */
export const shownDate = when;

/**
 * A row known by its cells (knownByCells), as its report says it: where its record came from,
 * and `lacked`, what its create left out (the names its lists lacked), said as the journal's is.
 */
export function sameCellsNote(row: SentRow, away: LastSent | undefined, lacked = ''): string {
  return (
    `already created by an earlier import of ${row.file} on ${when(row.at)} (id ${row.id}) from the same cells` +
    (away ? updatedAwaySince(away) : '') +
    lacked +
    ALLOW
  );
}

/**
 * A row an earlier run of this same import created, its cells unchanged, that its journal does
 * not say is done (the run was killed between the two writes): the memory, written first, has it.
 */
export const STOPPED_BEFORE_JOURNAL =
  'already created by an earlier run of this import (the memory of what was sent: that run stopped before its journal said so)';

function alreadyCreated(row: SentRow): string {
  return `already created by an earlier import of ${row.file} on ${when(row.at)} (id ${row.id})`;
}

const ALLOW = '; --allow-duplicates sends it again';

/** The update that gave the record the row's values, as a report says it. */
export function updatedSince(last: LastSent): string {
  return `, then updated to this row's values by a run of ${last.file} on ${when(last.at)}`;
}

/** An update that gave a journal's done row's record other values, as a report says it. */
export function updatedAwaySince(last: LastSent): string {
  return `, but the record was updated since to other values by a run of ${last.file} on ${when(last.at)}; \`assetbatch update\` sets this row's values again`;
}

/**
 * The create `made`, when a row skipped as it sends what it sent: then the row is that
 * create's, as one with its cells would be. A row that differs (changed since, or given its
 * values by an update) is not: by its cells, a later run would say it unchanged. Else undefined.
 */
function sameCreate(made: SentRow, body: WriteBody): SentRow | undefined {
  return sameValues(made.fields, body) ? made : undefined;
}

/** Two write bodies hold the same values, whatever their keys' order; a null field is one left out. */
function sameValues(a: Readonly<Record<string, unknown>>, b: WriteBody): boolean {
  const set = (o: object) =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined));
  return valuesHash(set(a)) === valuesHash(set(b));
}

/** A record made for the row's key from values the row no longer has: worded as the journal's 'changed'. */
function changedSince(row: SentRow, updated: LastSent | undefined, advice: string): string {
  const since = updated ? `, updated by a run of ${updated.file} on ${when(updated.at)},` : '';
  return `created by an earlier import of ${row.file} on ${when(row.at)} (id ${row.id})${since} but the row has changed since; ${advice}`;
}

/** What `update` does with a row changed since: an emptied cell is left alone unless --clear-empty. */
export const UPDATE_ADVICE = 'use `assetbatch update` to change the record';
