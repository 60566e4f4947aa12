// Send stage: one prepared row → one record in the service, exactly once. The journal
// says what earlier runs did; an ambiguous failure (no answer after the request may
// have arrived) is answered by looking the record up by its natural key before any
// second attempt; a 400 becomes the row's errors, mapped back to the sheet's columns.
import { isAssetbatchError } from '../errors.js';
import { AmbiguousWriteError, ApiError, type ApiClient } from '../api/client.js';
import { listAll } from '../api/paginate.js';
import {
  fieldByName,
  updateValueIssues,
  type LookupKind,
  type ResourceDef,
  type WriteBody,
} from '../resources/fields.js';
import type { Mapping } from '../map/headers.js';
import type { RowIssue } from '../validate/validate.js';
import { Journal, payloadHash, valuesHash, type Lack, type WriteStatus } from './journal.js';
import { goneNote, type GoneRecords } from './gone-records.js';
import type { PriorMatch, PriorRuns } from './prior.js';
import {
  sameCellsNote,
  STOPPED_BEFORE_JOURNAL,
  UPDATE_ADVICE,
  updatedAwaySince,
  updatedSince,
  type RunMemory,
} from './remembered.js';
import type { SentRow } from './memory.js';
import { holdsWhatWasSent, recordsAbove } from './recovery.js';
import {
  agreedFields,
  customFieldIdOf,
  customValueOf,
  diffBodies,
  namedChanges,
  patchBody,
  readNames,
  readToWrite,
  updateOf,
  withoutColleaguesEdits,
  type FieldChange,
  type FieldConflict,
} from './merge.js';
import { UpdateMethod, type ProbeOutcome, type UpdateVerb } from './update-method.js';
import { withoutStaleCells, type CurrentRecord, type ExportedRecord, type KeptField } from './exported.js';
import {
  byIdOnExisting,
  byIdOutcome,
  judgeByIdCell,
  keptByEmptyNote,
  type KeptByEmpty,
  type ByIdOutcome,
  type ByIdWords,
} from './by-id-cell.js';
import { present, sameName } from './resemblance.js';
import {
  duplicateNote,
  RecordTurns,
  sameRecordMessage,
  type RecordTurn,
  type SameRecordVerdict,
} from './same-record.js';
import type { Gate } from '../api/rate-limit.js';
import { KEY_FILTER, recordKey } from './existing-records.js';
import { recordedId } from '../resolve/known-lookups.js';

/**
 * Fields an update never carries (contract_type, approver, signer, signed_date, form_template),
 * and the one the run built because no column gives it: a sheet without names does not rename
 * the records a sync or --on-existing update finds.
 */
function stripCreateOnly(
  def: ResourceDef,
  body: WriteBody,
  built: readonly (string | undefined)[],
): WriteBody {
  const out: WriteBody = { ...body };
  for (const f of def.fields) if (f.createOnly && !f.name.includes('.')) delete out[f.name];
  for (const b of built) if (b !== undefined) delete out[b];
  delete out.form_template;
  return out;
}

type Rec = Record<string, unknown>;
const idOf = (r: Rec): number => Number(r.id);

/** One row's write as the journal knows it. */
interface SendAttempt {
  readonly slot: string;
  readonly row: number;
  readonly fp: string;
  readonly body: WriteBody;
  readonly key?: { field: string; value: string };
  /** Highest id seen before the first send; undefined when an old journal did not keep it. */
  readonly mark?: number;
  /** The row's claim in the memory of what was sent (remembered.ts), settled by the outcome. */
  readonly claim?: string;
  /** Fields the run built for this row (UpdateOptions.built). */
  readonly built?: readonly string[];
  /** Fields whose cells were empty: an update keeps the record's, and says so when nothing else changes. */
  readonly emptied?: readonly string[];
  /** --on-existing update: the row's place in line for the verdict on its record (same-record.ts). */
  readonly turn?: RecordTurn;
  /** The row's cells as read (cellsFingerprint), for the journal: a repeat knows the row unchanged. */
  readonly cells?: string;
  /** The row's names its lists lack (CreateOptions.lacks), for the journal. */
  readonly lacks?: readonly Lack[];
}

/**
 * The id of the record a create answered with. Anything else (a proxy's HTML page, a body
 * without an id) is not proof of a record: the outcome is unsure, and recovery looks.
 */
function recordId(answer: unknown, path: string): number {
  const id = answer && typeof answer === 'object' ? Number((answer as Rec).id) : NaN;
  if (Number.isInteger(id) && id > 0) return id;
  const what =
    typeof answer === 'string'
      ? `text (${answer.replace(/\s+/g, ' ').slice(0, 60)}…)`
      : answer === undefined
        ? 'empty'
        : 'a body without an id';
  throw new AmbiguousWriteError(
    'POST',
    path,
    undefined,
    `the answer to POST ${path} was ${what}, not a record: it may or may not have been done`,
  );
}

export type OnExisting = 'skip' | 'update' | 'error';

/** A journal's attempt that finished: the row's, or its key's. */
type FinishedMatch = Extract<PriorMatch, { kind: 'done' | 'changed' }>;

export interface SendResult {
  readonly status: 'created' | 'updated' | 'skipped' | 'failed';
  readonly id?: number;
  readonly note?: string;
  readonly issues?: readonly RowIssue[];
  /** Said on the row, the outcome stands (W_RESEMBLES: a keyless row held back). */
  readonly warnings?: readonly RowIssue[];
  /** The row's own values stopped it before anything was sent (a value an update cannot set). */
  readonly invalid?: boolean;
  /** Skipped because its record already has its values (--on-existing update): nothing to send. */
  readonly unchanged?: boolean;
}

/** Flatten a DRF error body ({field: [msg]}, nested objects, detail) into field → message pairs. */
function flattenServiceErrors(body: unknown, prefix = ''): { field?: string; message: string }[] {
  if (typeof body === 'string') return [{ field: prefix || undefined, message: body.slice(0, 300) }];
  if (Array.isArray(body)) return body.flatMap((b) => flattenServiceErrors(b, prefix));
  if (body && typeof body === 'object') {
    return Object.entries(body as Record<string, unknown>).flatMap(([k, v]) => {
      if (k === 'detail' || k === 'non_field_errors') return flattenServiceErrors(v, prefix);
      return flattenServiceErrors(v, prefix ? `${prefix}.${k}` : k);
    });
  }
  return [{ field: prefix || undefined, message: String(body) }];
}

function serviceIssues(body: unknown, mapping: Mapping): RowIssue[] {
  return flattenServiceErrors(body).map(({ field, message }) => {
    const col = field
      ? mapping.columns.find(
          (c) =>
            c.target.kind === 'field' &&
            (c.target.field.name === field ||
              c.target.field.name.startsWith(field + '.') ||
              field.startsWith(c.target.field.name + '.')),
        )
      : undefined;
    return {
      code: 'E_SERVICE_REJECTED' as const,
      column: col?.header,
      field,
      message: `the service says: ${message}`,
    };
  });
}

/** A failed create whose record may still exist: cut in flight, tries used up, or several candidates. */
const UNSURE_CODES: ReadonlySet<string> = new Set(['E_INTERRUPTED', 'E_NETWORK', 'E_LOOKUP_AMBIGUOUS']);

const isDuplicateMessage = (issues: readonly RowIssue[]) =>
  issues.some((i) => /already exists|unique/i.test(i.message));

export interface WriterOptions {
  readonly client: ApiClient;
  readonly def: ResourceDef;
  readonly company: number;
  readonly mapping: Mapping;
  readonly journal?: Journal;
  readonly prior?: PriorRuns;
  /** Records rows of this run are known to by their cells (the memory's, RowWriter.doneByMemory): no other row adopts them. */
  readonly knownByMemory?: readonly number[];
  /** The memory of what was sent, shared by every run against this service, company and resource. */
  readonly memory?: RunMemory;
  /** Records earlier runs made that the service no longer has (gone-records.ts): a row created again says which. */
  readonly gone?: GoneRecords;
  /** The highest record id in the list before the first write (see recovery.ts). */
  readonly mark?: number;
  readonly uniqueField?: 'name' | 'serial_number';
  readonly onExisting: OnExisting;
  /** Records that existed before the run, by natural key (when the full list was cheaper). */
  readonly existing?: Map<string, number[]>;
  /** True when `existing` holds the whole list; otherwise ask per row. */
  readonly existingComplete: boolean;
  /** When the list in `existing` began to be read (ms since the epoch). */
  readonly existingSince?: number;
  /**
   * The records as the list read them before the run, by id (updates, when the list was
   * cheaper than a read a row): a row is compared with its copy here, and a PATCH needs no
   * read of its own.
   */
  readonly records?: ReadonlyMap<number, Rec>;
  /**
   * What this user's runs know a record to hold (top-level fields, write form), from the
   * memory of what was sent: the fields they sent, and those a sync found it holding already
   * (`agreed`). A field the sheet has not changed since keeps the service's value, and one
   * both changed is a conflict, not written (unless `preferSheet`).
   */
  readonly lastKnown?: (id: number) => Readonly<Record<string, unknown>> | undefined;
  /** A sync's: the sheet's fields a record was found holding already (agreedFields), remembered. */
  readonly agreed?: (id: number, fields: Readonly<Record<string, unknown>>) => void;
  /** --prefer sheet: a conflict is written with the sheet's value. */
  readonly preferSheet?: boolean;
  /**
   * What the latest export of a record showed (export-memory.ts): a cell that still has the
   * exported value where the record's changed since keeps the record's (exported.ts).
   */
  readonly exported?: (id: number) => ExportedRecord | undefined;
  /** Attempts after an ambiguous failure before the row is failed. */
  readonly maxAmbiguousRetries?: number;
  /** Country name → numeric code, to turn a read record back into a write body. */
  readonly countryCode?: (name: string) => number | undefined;
  /** Loads the country list for countryCode; called before a record read back needs its country. */
  readonly beforeRead?: () => Promise<void>;
  /** A lookup id's name in the run's lists, to show changes by name. */
  readonly nameOf?: (kind: LookupKind, id: number) => string | undefined;
  /**
   * An import's keyless rows with an ID cell (an export imported back) are the record it
   * names when that has their name (by-id-cell.ts); how such a row is told. Absent: not looked at.
   */
  readonly byId?: ByIdWords;
  /** The ids of the whole list read before the run: one it lacks names no record of the company. */
  readonly listedIds?: ReadonlySet<number>;
  /** The run's input, as given: a row whose emptied cells the record keeps is told how to empty them. */
  readonly file: string;
  /** The natural key rows are matched by (serial_number, number, name). */
  readonly keyField?: string;
}

/** A row's write options beyond its body and key. */
export interface CreateOptions {
  /** A keyless row's ID cell (an export imported back). */
  readonly idCell?: IdCell;
  readonly built?: readonly string[];
  /** Fields whose cells were empty (SendAttempt.emptied). */
  readonly emptied?: readonly string[];
  /** The row's cells as read (cellsFingerprint), for the journal. */
  readonly cells?: string;
  /** The row's names its lists lack, left empty or set to the default (W_UNMATCHED), for the journal. */
  readonly lacks?: readonly Lack[];
}

/** A keyless row's ID cell, and the fields whose cells were empty (they differ from a record's values). */
export interface IdCell {
  readonly id: number;
  readonly emptied: readonly string[];
}

export interface UpdateOptions {
  /** Fields whose cell was empty, to blank (--clear-empty). */
  readonly clearEmpty?: readonly string[];
  /** Send the sheet's body as the whole record (--replace): no read, no merge. */
  readonly replace?: boolean;
  /** Compute the changes only (dry run). */
  readonly dryRun?: boolean;
  /** Fields the run built for this row (a name from make and model, W_NAME_BUILT): a record the row matches keeps its own. */
  readonly built?: readonly string[];
  /** The row's lookup cells as written, by field: a stale one is told by its name (exported.ts). */
  readonly lookupCells?: ReadonlyMap<string, string>;
  /** Lookup fields whose cells, still as exported, were left out before any list (validate.ts). */
  readonly asExported?: readonly string[];
}

/** The sheet's values as judged against the record: less stale cells and a colleague's edits. */
interface Judged {
  readonly sheet: WriteBody;
  readonly conflicts: FieldConflict[];
  readonly kept: KeptField[];
  /** The fields --clear-empty empties, less those exported empty that the service filled since. */
  readonly emptied: readonly string[];
  /** A sync's: fields a colleague changed since the last run, the sheet's cell not: kept. */
  readonly colleagues: ColleagueValue[];
}

/** A field whose value in the service, a colleague's since the last run, stays; as a person reads it. */
export interface ColleagueValue {
  readonly field: string;
  readonly value: string;
}

/** Records exactly once, with recovery; one instance per run. */
export class RowWriter {
  /** Ids taken by rows of this run, so two rows never adopt the same record. */
  private readonly claimed = new Set<number>();
  /** Records a row's filtered call found (findByKey), by id: its update's copy of the record. */
  private readonly found = new Map<number, Rec>();
  /**
   * Records read alone (not listed) by an update that then had nothing to send, until the row
   * asks what its empty cells left as they are (keptByEmptyCells): the row's words need them.
   */
  private readonly readUnchanged = new Map<number, CurrentRecord>();

  /** Kept for its row's words; the oldest go past a few hundred (a row that asks none, an import's merge, leaves its own). */
  private keepReadUnchanged(id: number, record: CurrentRecord): void {
    this.readUnchanged.set(id, record);
    if (this.readUnchanged.size > 256) this.readUnchanged.delete(this.readUnchanged.keys().next().value!);
  }
  /** --on-existing update: the rows that name a record an earlier row updates, in sheet order. */
  private readonly turns = new RecordTurns();
  /** The highest record id seen: a record created after now has a higher one. */
  private mark: number | undefined;
  /** The last write of each body in progress (see oneAtATime). */
  private readonly byFingerprint = new Map<string, Promise<void>>();
  recovered = 0;
  lookups = 0;
  /** Rows skipped because they changed since an earlier run (of any file) created their record (update changes it). */
  changedSkipped = 0;

  constructor(private readonly options: WriterOptions) {
    // Records the journal gives to rows are theirs, whichever row this run reaches first.
    for (const id of [...(options.prior?.ids() ?? []), ...(options.knownByMemory ?? [])])
      this.claimed.add(id);
    this.mark = options.mark;
  }

  /**
   * Country name → code, for a record read back, where the write needs the record's country:
   * the row sets or (--clear-empty) empties its country, or `whole`: the record goes back
   * whole (a PUT nulls what it leaves out). Otherwise the record's country stays out of its
   * write form, which a PATCH of other fields never sends, and the country list (some 10
   * requests, cached an hour) is not read: a country cell that names the record's country
   * is left out of the row (validate.ts), as an empty one is.
   */
  private async countryCodes(
    whole: boolean,
    sheet?: WriteBody,
    clearEmpty?: readonly string[],
  ): Promise<CountryCodes> {
    const touches = sheet?.country !== undefined || clearEmpty?.includes('country') === true;
    if (!whole && !touches) return noCountry;
    await this.options.beforeRead?.();
    return this.options.countryCode ?? noCountry;
  }

  private keyFilter(field: string): string | undefined {
    return KEY_FILTER[this.options.def.name]?.[field];
  }

  /**
   * Find records with this natural key in the service (filtered call, or the whole list).
   * The records found are kept: the row's update compares with its copy, as with the list
   * read before the run, instead of reading it again (one request a row, not two).
   */
  async findByKey(key: { field: string; value: string }): Promise<Array<{ id: number }>> {
    const found = await this.findRecordsByKey(key);
    for (const r of found) this.found.set(idOf(r), r);
    return found.map((r) => ({ id: idOf(r) }));
  }

  private async findRecordsByKey(key: { field: string; value: string }): Promise<Rec[]> {
    const { client, def, company } = this.options;
    this.lookups++;
    const filter = this.keyFilter(key.field);
    const matches: Rec[] = [];
    for await (const r of listAll<Rec>(client, def, {
      company,
      filters: filter ? { [filter]: key.value } : undefined,
    })) {
      if (recordKey(r, key.field) === key.value) matches.push(r);
    }
    return matches;
  }

  /**
   * A keyless row's record: the one an earlier run created from a row with the same values,
   * as the memory says, when the list read before the run still has it.
   */
  rememberedRecord(body: WriteBody): { id: number; file: string; at: string } | undefined {
    const made = this.options.memory?.createdFrom(body);
    return made && this.options.existingComplete && this.options.records?.has(made.id)
      ? { id: made.id, file: made.file, at: made.at }
      : undefined;
  }

  /** A dry run's keyless row as the memory of what was sent would have the real run treat it. */
  previewKeyless(body: WriteBody): ReturnType<RunMemory['previewKeyless']> {
    return this.options.memory?.previewKeyless(body);
  }

  /**
   * A dry run's keyed row as the memory would have the real run treat it (createOnce): made
   * already, or changed since (counted, as the run counts it), or sent by a run that stopped
   * before it learnt the outcome (failed); undefined when the memory has
   * no record for its key, or the service no longer has it (the run creates it again).
   */
  async previewKeyed(
    key: { field: string; value: string },
    body: WriteBody,
  ): Promise<SendResult | undefined> {
    const mem = this.options.memory?.previewKeyed(key, body);
    if (!mem || mem.go) return undefined;
    if (mem.keyed && (await this.goneFromService(key, mem.at))) return undefined;
    if (mem.changed) this.changedSkipped++;
    return { status: mem.status, id: mem.id, note: mem.note, issues: mem.issues };
  }

  /** A memory of what was sent is at hand: a dry run asks it of a keyed row, as the run does. */
  get mayRemember(): boolean {
    return this.options.memory !== undefined;
  }

  /** True when the records that existed before the run were all read (no per-row calls). */
  get complete(): boolean {
    return this.options.existingComplete;
  }

  /** The existing records with this key, from the list read before the run; none if unknown. */
  knownExistingIds(key: { field: string; value: string } | undefined): readonly number[] {
    if (!key || !this.options.existingComplete) return [];
    return this.options.existing?.get(`${key.field}=${key.value}`) ?? [];
  }

  /**
   * No record has the key now, though the memory says one was made at `at`. The list read
   * before the run answers only for records made before it was read (a run beside this one
   * may have made it since); a filtered call answers for now.
   */
  private async goneFromService(
    key: { field: string; value: string } | undefined,
    at: string | undefined,
  ): Promise<boolean> {
    if (
      this.options.existingComplete &&
      (at === undefined ||
        this.options.existingSince === undefined ||
        Date.parse(at) >= this.options.existingSince)
    )
      return false;
    return (await this.existingIds(key)).length === 0;
  }

  /** Is there already a record with this key (before our run)? */
  async existingId(key: { field: string; value: string } | undefined): Promise<number | undefined> {
    return (await this.existingIds(key))[0];
  }

  /** Every record with this key, from the list read before the run or one filtered call. */
  async existingIds(key: { field: string; value: string } | undefined): Promise<number[]> {
    if (!key) return [];
    if (this.options.existingComplete) return this.options.existing?.get(`${key.field}=${key.value}`) ?? [];
    return (await this.findByKey(key)).map((f) => f.id);
  }

  /**
   * What an unsure write did: the record it made, found by its key, or, without one (or
   * when several records have it), among the records above the mark that hold what was
   * sent. One → adopted as this row's record; none → safe to send again; several → the
   * row fails naming them, and is never sent again.
   */
  private async recover(attempt: SendAttempt, note: string): Promise<SendResult | undefined> {
    const { def, company, client } = this.options;
    const free = (rs: Rec[]) => rs.filter((r) => !this.claimed.has(idOf(r)));
    let candidates: Rec[] | undefined;
    if (attempt.key) {
      candidates = free(await this.recordsWithKey(attempt.key, attempt));
      if (candidates.length <= 1)
        return candidates.length ? this.adoptRecord(attempt, idOf(candidates[0]), note) : undefined;
    }
    if (attempt.mark === undefined) {
      const ids = (candidates ?? []).map(idOf);
      return this.unsure(
        attempt,
        ids.length
          ? `${ids.length} records have ${attempt.key!.field.replace(/_/g, ' ')} "${attempt.key!.value}" (ids ${ids.join(', ')}); which one this row made is unclear`
          : 'the journal of the run that sent it is from an older assetbatch and has no mark to look for the record by; check the service',
      );
    }
    const codes = await this.countryCodes(true);
    const pool =
      candidates ?? free((await recordsAbove(client, def, company, attempt.mark, attempt.body)).records);
    const matches = pool.filter(
      (r) => idOf(r) > attempt.mark! && holdsWhatWasSent(def, r, attempt.body, codes),
    );
    if (matches.length === 1) return this.adoptRecord(attempt, idOf(matches[0]), note);
    if (matches.length === 0 && !candidates) return undefined;
    const ids = (matches.length ? matches : candidates!).map(idOf);
    return this.unsure(
      attempt,
      `${ids.length} records in the service could be this row's (ids ${ids.join(', ')}); it was not sent again — keep one and delete the others, or tell the journal nothing`,
    );
  }

  /**
   * Records with the key: one filtered call where the list has a filter; otherwise only
   * the records above the mark (the last pages), since one below it existed before the write.
   */
  private async recordsWithKey(key: { field: string; value: string }, attempt: SendAttempt): Promise<Rec[]> {
    if (this.keyFilter(key.field) || attempt.mark === undefined) return this.findRecordsByKey(key);
    const { records } = await recordsAbove(
      this.options.client,
      this.options.def,
      this.options.company,
      attempt.mark,
      attempt.body,
    );
    return records.filter((r) => recordKey(r, key.field) === key.value);
  }

  /** A record this row's create made, to the memory of what was sent (with the row's cells). */
  private rememberCreated(attempt: SendAttempt, id: number): void {
    this.options.memory?.written('created', id, attempt.body, attempt.fp, attempt.key, attempt.claim, {
      cells: attempt.cells,
      lacks: attempt.lacks,
    });
  }

  private adoptRecord(attempt: SendAttempt, id: number, note: string): SendResult {
    this.claimed.add(id);
    this.recovered++;
    this.rememberCreated(attempt, id);
    this.options.journal?.tryDone(attempt.slot, attempt.row, attempt.fp, 'created', id, true);
    return { status: 'created', id, note };
  }

  /** A row whose write may have made a record that cannot be told apart: failed, never sent again. */
  private unsure(attempt: SendAttempt, message: string): SendResult {
    this.options.journal?.failed(attempt.slot, attempt.row, attempt.fp, message, true);
    return { status: 'failed', issues: [{ code: 'E_LOOKUP_AMBIGUOUS', field: attempt.key?.field, message }] };
  }

  /**
   * A row the journal says an earlier run created from the same cells (journal-rows.ts): no
   * body, so no lookup. Said as a row the journal knows by its body is, an update since too.
   */
  doneBefore(
    id: number,
    status: WriteStatus,
    fp: string,
    lacks?: readonly Lack[],
  ): { status: 'skipped'; id: number; note: string } {
    this.claimed.add(id);
    const away = this.options.memory?.updatedAwayFrom(id, fp);
    const note = doneByJournal(status) + (away ? updatedAwaySince(away) : '') + lackedThen(lacks);
    return { status: 'skipped', id, note };
  }

  /**
   * What the journal says of a row it finished, found by the body the row sends (done), or by
   * its key with another body (changed since). Skipped, not created: the summary counts what
   * this run did, and this run sends nothing for it.
   */
  private journalAnswer(before: FinishedMatch, body: WriteBody): SendResult {
    if (before.kind === 'done') {
      // Done as the journal says; an update since (another report's run) may have moved the record on.
      const away = this.options.memory?.updatedAway(before.id, body);
      return {
        status: 'skipped',
        id: before.id,
        note:
          doneByJournal(before.status) +
          (away ? updatedAwaySince(away) : '') +
          lackedThen(before.attempt.lacks),
      };
    }
    // The record may hold this row's values all the same: an update since (another report's
    // run) gave them, or the row's columns were moved (another fingerprint, the same values).
    const holds = this.options.memory?.holding(before.id, body);
    if (holds?.status === 'updated')
      return {
        status: 'skipped',
        id: before.id,
        note: `${before.status} by an earlier run of this import (id ${before.id})${updatedSince(holds)}`,
      };
    if (holds) return { status: 'skipped', id: before.id, note: doneByJournal(before.status) };
    this.changedSkipped++;
    return {
      status: 'skipped',
      id: before.id,
      note: `${before.status} by an earlier run (id ${before.id}) but the row has changed since; ${this.options.memory?.updateAdvice(before.id, body) ?? UPDATE_ADVICE}`,
    };
  }

  /**
   * A dry run's row that the journal of this import finished, known by the body it would send
   * (or its key: changed since): what the run will say of it, nothing written.
   */
  previewJournal(
    row: number,
    body: WriteBody,
    key: { field: string; value: string } | undefined,
  ): SendResult | undefined {
    const before = this.options.prior?.take(payloadHash(body), row, key && `${key.field}=${key.value}`);
    return before?.kind === 'done' || before?.kind === 'changed'
      ? this.journalAnswer(before, body)
      : undefined;
  }

  /**
   * A row whose cells an earlier run of another file or report created a record from, as the
   * memory says (knownByCells): no body, so no lookup. Said as a row the journal knows by its
   * cells is, an update since that gave the record other values too; the service is not asked.
   */
  doneByMemory(made: SentRow): { status: 'skipped'; id: number; note: string } {
    this.claimed.add(made.id);
    const memory = this.options.memory;
    const away = memory?.updatedAway(made.id, made.fields as WriteBody);
    // This import's own line, its journal's create of those cells left without an outcome: a kill between the two.
    const stopped =
      memory?.isThisImport(made) &&
      made.cells !== undefined &&
      this.options.prior?.leftSent(made.cells) === true;
    const note =
      stopped && !away ? STOPPED_BEFORE_JOURNAL : sameCellsNote(made, away, lackedThen(made.lacks));
    return { status: 'skipped', id: made.id, note };
  }

  /**
   * Create one row's record, exactly once. Under --on-existing update a row that may find a
   * record (by its key, or its ID cell) takes its turn now, in sheet order, and gives it up
   * however it ends.
   */
  async create(
    row: number,
    body: WriteBody,
    key: { field: string; value: string } | undefined,
    opts: CreateOptions = {},
  ): Promise<SendResult> {
    const finds = this.options.onExisting === 'update' && (key !== undefined || opts.idCell !== undefined);
    const turn = finds ? this.turns.take() : undefined;
    try {
      const res = await this.createOnce(row, body, key, { ...opts, turn });
      const again = res.status === 'created' ? this.goneNote(key, body, false) : undefined;
      return again ? { ...res, note: res.note ? `${again}; ${res.note}` : again } : res;
    } finally {
      turn?.pass();
    }
  }

  /**
   * A row whose record, made by an earlier run, the service no longer has: what its report
   * row says of the create that makes it again (`dryRun`: would). Taken: one row each.
   */
  goneNote(
    key: { field: string; value: string } | undefined,
    body: WriteBody,
    dryRun: boolean,
  ): string | undefined {
    const gone = this.options.gone?.take(
      key && `${key.field}=${key.value}`,
      payloadHash(body),
      valuesHash(body),
    );
    return gone && goneNote(gone, dryRun);
  }

  private async createOnce(
    row: number,
    body: WriteBody,
    key: { field: string; value: string } | undefined,
    { idCell, built, emptied, cells, lacks, turn }: CreateOptions & { readonly turn?: RecordTurn },
  ): Promise<SendResult> {
    const { journal } = this.options;
    const fp = payloadHash(body);
    const keyText = key ? `${key.field}=${key.value}` : undefined;
    const before = this.options.prior?.take(fp, row, keyText);
    if (before?.kind === 'done') {
      this.claimed.add(before.id);
      // The record's first row all the same: a later row of this run naming it is not sent again.
      if (turn) await this.sameRecordAgain(turn, row, before.id, body);
      // A journal written before cells were kept learns this row's: the next run needs no list for it.
      const { attempt } = before;
      if (cells && attempt.cells !== cells)
        journal?.knownByCells(attempt.slot, row, fp, { status: before.status, id: before.id }, cells);
      // So does the memory's create, if it has it: a copy under another name needs no list for it either.
      const made =
        cells && before.status === 'created' ? this.options.memory?.createOf(before.id, fp) : undefined;
      if (made) this.options.memory?.knownAs(made, cells!);
      return this.journalAnswer(before, body);
    }
    if (before?.kind === 'changed') return this.journalAnswer(before, body);
    const attempt: SendAttempt = {
      slot: before?.attempt.slot ?? journal?.newSlot(row) ?? String(row),
      row,
      fp,
      body,
      key,
      mark: before?.attempt.mark,
      built,
      emptied,
      turn,
      cells,
      lacks,
    };
    return this.oneAtATime(fp, async () => {
      if (before?.kind === 'unsure') {
        // The last run sent this row and never learnt the outcome: it may exist already.
        const found = await this.recover(
          attempt,
          'recovered: sent by an interrupted run, found in the service',
        );
        if (found) return found;
      }
      // --on-existing update|error: the record a keyless row's ID cell names decides, as a keyed
      // row's key does, before the memory (which would hold a changed row back as resembling).
      const first = this.options.onExisting !== 'skip';
      const named = !key && idCell && first ? await this.byIdCell(idCell, body, 'created') : undefined;
      if (named && named.go !== true)
        return this.onNamedRecord(row, named, body, { built, fp, emptied: idCell?.emptied, turn });
      // Another file's or report's run may have made it, or be making it now.
      const mem = (await this.options.memory?.beforeCreate(key, fp, body)) ?? { go: true };
      // A keyed record the memory knows but the service no longer has (deleted, a sandbox
      // started afresh) is created again: the check costs what the existing-record check does.
      if (!mem.go && mem.keyed && (await this.goneFromService(key, mem.at)))
        return this.createClaimed(attempt, true);
      if (!mem.go) {
        if (mem.changed) this.changedSkipped++;
        // The create the row is, known by the row's cells from now on (a memory written before kept none).
        if (mem.made && cells) this.options.memory?.knownAs(mem.made, cells);
        return { status: mem.status, id: mem.id, note: mem.note, issues: mem.issues, warnings: mem.warnings };
      }
      // An export imported back: the record its ID cell names, when it has the row's name.
      const byId = !key && idCell && !first ? await this.byIdCell(idCell, body, 'created') : undefined;
      if (byId && byId.go !== true) {
        this.options.memory?.released(mem.claim);
        return this.onNamedRecord(row, byId, body, { built, fp, emptied: idCell?.emptied });
      }
      // A resumed row was looked for in the service by its recovery.
      const res = await this.createClaimed({ ...attempt, claim: mem.claim }, before?.kind === 'unsure');
      const note = mem.note ?? byId?.note;
      return note && res.status === 'created' ? { ...res, note } : res;
    });
  }

  /**
   * A keyless row of an import whose ID cell names a record of the same name (by-id-cell.ts):
   * skipped as that record, or held back when cells differ; a note when --create-resembling
   * creates it. Undefined: no such record, or another name (another tool's id): the row is
   * new. `created`: what a create is called ("created", a dry run's "would be created").
   */
  async byIdCell(cell: IdCell, body: WriteBody, created: string): Promise<ByIdOutcome | undefined> {
    const words = this.options.byId;
    if (!words) return undefined;
    const record = await this.recordById(cell.id);
    if (!record) return undefined;
    if (words.existing !== 'skip')
      return sameName(record.name, body.name) ? byIdOnExisting(cell.id, words.existing) : undefined;
    // An emptied country cell changes nothing of a record without one: no country list for it.
    const emptied = present(record.country) ? cell.emptied : cell.emptied?.filter((f) => f !== 'country');
    // A country cell that names the record's took its code from the record (known-lookups.ts):
    // the same code compares equal without the service's list.
    const recorded = body.country !== undefined && body.country === recordedId('country', record.country);
    const countryCode = recorded ? knownCountryCode : await this.countryCodes(false, body, emptied);
    const verdict = judgeByIdCell(
      this.options.def,
      record,
      { body, emptied: cell.emptied },
      { countryCode, nameOf: this.options.nameOf },
    );
    return byIdOutcome(cell.id, verdict, words, created);
  }

  /** A keyless row that is the record its ID cell names: skipped, held back, refused, or merged into it. */
  private async onNamedRecord(
    row: number,
    named: Exclude<ByIdOutcome, { go: true }>,
    body: WriteBody,
    opts: Pick<SendAttempt, 'built' | 'fp' | 'emptied' | 'turn'>,
  ): Promise<SendResult> {
    if (named.go === 'update') return this.updateById(row, named, body, opts, opts.fp);
    if (named.status === 'failed') return { status: 'failed', id: named.id, issues: named.issues };
    return { status: named.status, id: named.id, note: named.note, warnings: named.warnings };
  }

  /**
   * --on-existing update of a keyless row into the record its ID cell names: merged as a keyed
   * row's is (the sheet's cells; an empty cell leaves its field as it is, and says so when the
   * row changes nothing else). A dry run computes the changes only.
   */
  async updateById(
    row: number,
    named: { readonly id: number; readonly note: string },
    body: WriteBody,
    opts: Pick<UpdateOptions, 'built' | 'dryRun'> & Pick<SendAttempt, 'emptied' | 'turn'>,
    fp = payloadHash(body),
  ): Promise<UpdateResult> {
    const again = await this.sameRecordAgain(opts.turn, row, named.id, body);
    if (again) return again;
    const res = await this.updateMerged(row, named.id, body, { built: opts.built, dryRun: opts.dryRun }, fp);
    if (res.status === 'failed') return res;
    const kept = this.keptNote(res, named.id, opts.emptied);
    const what = res.note ?? (opts.dryRun ? 'would be updated' : undefined);
    return { ...res, note: what ? `${named.note}; ${what}${kept}` : named.note };
  }

  /**
   * A row of this import whose record (`id`) an earlier row updates: sent once (same-record.ts).
   * Its turn: the verdict waits for the rows before it; none (a dry run's rows come in order):
   * at once. `keyed`: the row found the record by its key (else by its ID cell). Undefined for
   * the record's first row.
   */
  private async sameRecordAgain(
    turn: RecordTurn | undefined,
    row: number,
    id: number,
    body: WriteBody,
    keyed = false,
  ): Promise<UpdateResult | undefined> {
    const identity = `id=${id}`;
    const { keyField } = this.options;
    const v = turn
      ? await turn.judge(identity, row, body, keyField)
      : this.turns.judgeNow(identity, row, body, keyField);
    return this.againOf(v, id, keyed ? keyField : undefined);
  }

  /**
   * A dry run's keyed row whose record exists, under --on-existing update: what the run's
   * merge will change, or its "no change" (and the cells an empty cell keeps), as the run
   * will say. No request: the record is the list's copy, or the row's filtered call's.
   */
  async previewOnExisting(
    row: number,
    id: number,
    body: WriteBody,
    opts: Pick<UpdateOptions, 'built'> & { readonly emptied?: readonly string[] },
  ): Promise<UpdateResult> {
    const res = await this.updateMerged(row, id, body, { built: opts.built, dryRun: true });
    const none = res.status === 'skipped' && (res.changes?.length ?? 0) === 0 && !res.conflicts?.length;
    return withKept(none ? { ...res, note: NO_CHANGE } : res, this.keptNote(res, id, opts.emptied));
  }

  /** A dry run's keyed row whose record exists: undefined for the record's first row, else as the run will say. */
  sameRecordNow(row: number, id: number, body: WriteBody): UpdateResult | undefined {
    return this.againOf(
      this.turns.judgeNow(`id=${id}`, row, body, this.options.keyField),
      id,
      this.options.keyField,
    );
  }

  /** The verdict's outcome: a copy skipped, other values refused (invalid: nothing sent) on `field`, which named the record. */
  private againOf(v: SameRecordVerdict, id: number, field = 'id'): UpdateResult | undefined {
    if (v.kind === 'first') return undefined;
    const same = `same ID ${id}`;
    if (v.kind === 'duplicate') return { status: 'skipped', id, note: duplicateNote(v.row, same) };
    const message = sameRecordMessage(v, { same, label: this.labelOf });
    return { status: 'failed', invalid: true, id, issues: [{ code: 'E_DUPLICATE_ROW', field, message }] };
  }

  /**
   * A record by its id: the copy the list read before the run kept (no request; an id it
   * was kept for and lacks is no record), else one read (a request), 404 being none.
   */
  private async recordById(id: number): Promise<Rec | undefined> {
    const listed = this.options.records?.get(id) ?? this.found.get(id);
    const { listedIds } = this.options;
    if (listed || (listedIds && !listedIds.has(id))) return listed;
    const { client, def, company } = this.options;
    try {
      const rec = await client.get<Rec>(client.path(def.path, id), { company });
      this.found.set(id, rec);
      return rec;
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) return undefined;
      throw e;
    }
  }

  /** A row this run writes (its claim taken): merged or refused if its record exists (unless `checked`), else sent. */
  private async createClaimed(attempt: SendAttempt, checked: boolean): Promise<SendResult> {
    // A write whose outcome is unknown keeps its claim: the memory marks it unsure when the
    // run ends, so no other run sends the row meanwhile. Any other outcome settles it.
    let unsure = false;
    try {
      if (!checked) {
        const existing = await this.onExistingRecord(attempt);
        if (existing) return existing;
      }
      // A new record: no later row can name it by its key (key-conflict.ts has those) or ID.
      attempt.turn?.pass();
      const res = await this.send({ ...attempt, mark: this.mark });
      unsure = res.status === 'failed' && !!res.issues?.some((i) => UNSURE_CODES.has(i.code));
      return res;
    } finally {
      if (!unsure) this.options.memory?.released(attempt.claim);
    }
  }

  /**
   * Identical rows are written one after another. Recovery tells records apart by what
   * they hold, so while one identical row's answer is on its way, another's recovery could
   * take that record for its own.
   */
  private oneAtATime<T>(fp: string, work: () => Promise<T>): Promise<T> {
    const run = (this.byFingerprint.get(fp) ?? Promise.resolve()).then(work);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.byFingerprint.set(fp, settled);
    void settled.then(() => {
      if (this.byFingerprint.get(fp) === settled) this.byFingerprint.delete(fp);
    });
    return run;
  }

  /** A fresh row whose key a record already has: skipped, failed or merged, as --on-existing says. */
  private async onExistingRecord({
    row,
    body,
    key,
    fp,
    built,
    emptied,
    turn,
  }: SendAttempt): Promise<SendResult | undefined> {
    const ids = await this.existingIds(key);
    if (ids.length === 0) return undefined;
    if (this.options.onExisting === 'skip')
      return { status: 'skipped', id: ids[0], note: alreadyInService(ids, key!) };
    if (this.options.onExisting === 'error') return refusedExisting(ids, key!);
    if (ids.length > 1) return { status: 'failed', issues: [ambiguousKey(ids, key!)] };
    const again = await this.sameRecordAgain(turn, row, ids[0], body, true);
    if (again) return again;
    const res = await this.updateMerged(row, ids[0], body, { built }, fp);
    return withKept(res, this.keptNote(res, ids[0], emptied));
  }

  /** POST, journaled; an unsure outcome is looked for in the service before any second attempt. */
  private async send(attempt: SendAttempt): Promise<SendResult> {
    const { client, def, journal, mapping } = this.options;
    await journal?.intent(attempt.slot, attempt.row, attempt.fp, {
      key: attempt.key ? `${attempt.key.field}=${attempt.key.value}` : undefined,
      mark: attempt.mark,
      cells: attempt.cells,
      lacks: attempt.lacks,
    });
    const path = client.path(def.path, undefined, false);
    const query =
      def.name === 'asset' && this.options.uniqueField
        ? { unique_field: this.options.uniqueField }
        : undefined;
    let ambiguous = 0;
    for (;;) {
      try {
        const id = recordId(await client.write<unknown>('POST', path, attempt.body, query), path);
        this.claimed.add(id);
        this.mark = Math.max(this.mark ?? 0, id);
        // The memory first: should the journal be gone, a later run still knows the record.
        this.rememberCreated(attempt, id);
        // The record is made whatever the journal says now: a journal that cannot take the line
        // (deleted, a full disk) stops the run at the next row's intent, or at its end.
        this.options.journal?.tryDone(attempt.slot, attempt.row, attempt.fp, 'created', id);
        return { status: 'created', id };
      } catch (e) {
        // Stopped before this attempt went out: nothing was sent, and the journal says so.
        if (isAssetbatchError(e) && e.code === 'E_INTERRUPTED' && ambiguous === 0) {
          journal?.failed(attempt.slot, attempt.row, attempt.fp, 'not sent: interrupted');
          throw e;
        }
        if (e instanceof AmbiguousWriteError && client.isInterrupted) {
          // Cut in flight by a stop: the intent stays in the journal, so the next run looks first.
          return {
            status: 'failed',
            issues: [
              {
                code: 'E_INTERRUPTED',
                message:
                  'interrupted while its answer was awaited: it may have been created; the next run looks for it before sending it again',
              },
            ],
          };
        }
        if (e instanceof AmbiguousWriteError) {
          ambiguous++;
          const found = await this.recover(
            attempt,
            'recovered: the answer was lost, the record was found in the service',
          );
          if (found) return found;
          if (ambiguous > (this.options.maxAmbiguousRetries ?? 5)) {
            journal?.failed(attempt.slot, attempt.row, attempt.fp, e.message, true);
            return {
              status: 'failed',
              issues: [
                {
                  code: 'E_NETWORK',
                  message: `${e.message}; tried ${ambiguous} times (the next run looks for the record before sending it again)`,
                },
              ],
            };
          }
          continue;
        }
        if (e instanceof ApiError && e.status === 400) {
          const issues = serviceIssues(e.body, mapping);
          if (ambiguous > 0 && isDuplicateMessage(issues)) {
            const found = await this.recover(attempt, 'recovered after a lost answer');
            if (found) return found;
          }
          journal?.failed(attempt.slot, attempt.row, attempt.fp, issues.map((i) => i.message).join('; '));
          return { status: 'failed', issues };
        }
        throw e;
      }
    }
  }

  // Updates. PUT replaces the whole record, so a field someone else changed between our read
  // and our write would be reverted; PATCH sends only the fields the sheet changes. Where
  // the service refuses PATCH (405), the record is read just before its PUT instead.

  /** PATCH or PUT for this run's updates: the first update finds out, every row shares it. */
  private readonly updateMethod = new UpdateMethod();
  /** What the user must hear once about this run, not once per row (shown with the summary). */
  readonly warnings: string[] = [];

  /**
   * Read a record in write form (for merges and dry-run diffs); `gate`: the lease of a
   * read-then-write. The country codes are had first: loading the country list makes requests
   * of its own, which a held lease would block.
   */
  private async current(
    id: number,
    codes: CountryCodes,
    gate?: Gate,
  ): Promise<{ body: WriteBody; names: Map<string, string> }> {
    const { client, def, company } = this.options;
    const rec = await client.get<Record<string, unknown>>(client.path(def.path, id), { company }, { gate });
    return { body: readToWrite(def, rec, codes), names: readNames(def, rec) };
  }

  /** What a merge changes, lookups named (`country United Kingdom (826) → Germany (276)`). */
  private changesOf(cur: WriteBody, next: WriteBody, names: ReadonlyMap<string, string>): FieldChange[] {
    return namedChanges(
      this.options.def,
      diffBodies(this.options.def, cur, next),
      names,
      this.options.nameOf,
    );
  }

  /** The record's copy from the list read before the run (or the row's filtered call), in write form. */
  private listed(
    id: number,
    codes: CountryCodes,
  ): { body: WriteBody; names: Map<string, string> } | undefined {
    const rec = this.options.records?.get(id) ?? this.found.get(id);
    if (!rec) return undefined;
    return { body: readToWrite(this.options.def, rec, codes), names: readNames(this.options.def, rec) };
  }

  /**
   * The words after an update's "no change" for a row some of whose cells are empty where the
   * record has a value (by-id-cell.ts's keptByEmptyNote); none when the update changed anything.
   */
  private keptNote(res: UpdateResult, id: number, emptied: readonly string[] | undefined): string {
    const none = res.status === 'skipped' && (res.changes?.length ?? 0) === 0;
    if (!none || !emptied?.length) return '';
    return keptByEmptyNote(this.keptByEmptyCells(id, emptied), {
      label: this.labelOf,
      file: this.options.file,
    });
  }

  /** A field's label, as a row's note names it (custom fields together; one by its column). */
  private readonly labelOf = (f: string): string =>
    f === 'template' || f === 'form_template'
      ? 'custom fields'
      : (fieldByName(this.options.def, f)?.label ?? customColumn(this.options.mapping, f) ?? f);

  /**
   * The fields a row's empty cells leave as they are although the record has a value (from
   * the list's copy, no request), with that value as a person reads it: an update that sends
   * nothing for such a row must not say the record has the row's values.
   */
  keptByEmptyCells(id: number, emptied: readonly string[]): KeptByEmpty[] {
    const read = this.readUnchanged.get(id);
    this.readUnchanged.delete(id);
    const copy = emptied.length > 0 ? (this.listed(id, noCountry) ?? read) : undefined;
    if (!copy) return [];
    // What --clear-empty would do with them: a cell exported empty and filled in the service
    // since, or one the last run sent empty and a colleague filled since, keeps its value.
    const judged = this.keepColleaguesEdits(id, {}, copy, { clearEmpty: emptied });
    const afterExport = new Set(judged.kept.map((k) => k.field));
    const held = new Set([...judged.emptied, ...judged.conflicts.map((c) => c.field)]);
    return emptied.flatMap((field): KeptByEmpty[] => {
      const value = shownValueOf(copy, field);
      if (value === undefined) return [];
      if (afterExport.has(field)) return [{ field, value, afterExport: true }];
      return [{ field, value, ...(held.has(field) ? {} : { sinceLastRun: true }) }];
    });
  }

  /**
   * Update a record with the sheet's values without wiping the rest: read, merge, then PATCH
   * the fields that change (or PUT the merged record where PATCH is refused).
   * contract_type and create-only fields are never sent on update.
   */
  async updateMerged(
    row: number,
    id: number,
    sheet: WriteBody,
    opts: UpdateOptions = {},
    sheetHash = payloadHash(sheet),
  ): Promise<UpdateResult> {
    const { def, company } = this.options;
    const clean = stripCreateOnly(def, sheet, [this.options.mapping.fallback?.field, ...(opts.built ?? [])]);
    try {
      if (opts.dryRun) return await this.previewUpdate(id, clean, opts);
      // --replace means the sheet is the whole record: a PUT, with nothing to read first.
      if (opts.replace)
        return (
          this.refusedValues(id, {}, clean, true) ??
          (await this.update(row, id, { ...clean, company }, sheetHash))
        );
      return await this.updateChanged(row, id, clean, opts, sheetHash);
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) {
        return {
          status: 'failed',
          id,
          issues: [
            {
              code: 'E_HTTP_NOT_FOUND',
              field: 'id',
              message: `record ${id} not found in company ${company}`,
            },
          ],
        };
      }
      throw e;
    }
  }

  /**
   * An update's row that an earlier run of this update left with its record holding the row's
   * values, known by its cells as read (and its ID, when it has one): skipped unread.
   */
  updatedBefore(row: number, cells: string, id?: number): { id: number; wrote: boolean } | undefined {
    return this.options.prior?.takeUpdated(cells, row, id);
  }

  /** An update's row whose record has its values now (found so, or `wrote`): journaled by its cells, for a run again. */
  unchangedSeen(row: number, id: number, cells: string, wrote: boolean): void {
    this.options.journal?.tryUnchanged(row, cells, id, wrote);
  }

  /** A dry run: what an update would change, field by field; nothing is sent (nor read, when the list has the record). */
  private async previewUpdate(id: number, clean: WriteBody, opts: UpdateOptions): Promise<UpdateResult> {
    const { def, company } = this.options;
    const whole = opts.replace === true || this.updateMethod.known === 'PUT';
    const codes = await this.countryCodes(whole, clean, opts.clearEmpty);
    const copy = this.listed(id, codes);
    const { body: cur, names } = copy ?? (await this.current(id, codes));
    const kept = opts.replace
      ? { sheet: clean, conflicts: [], kept: [], emptied: [], colleagues: [] }
      : this.keepColleaguesEdits(id, clean, { body: cur, names }, opts);
    const next = opts.replace
      ? { ...clean, company }
      : updateOf(def, cur, kept.sheet, company, kept.emptied).next;
    const changes = this.changesOf(cur, next, names);
    if (!copy && changes.length === 0) this.keepReadUnchanged(id, { body: cur, names });
    const refused = this.refusedValues(id, cur, next, whole);
    if (refused) return refused;
    // What a real run would send: the changed fields (PATCH), or the whole record where only PUT is taken.
    const sent = changes.length === 0 ? undefined : whole ? next : patchBody(def, cur, next);
    return {
      status: 'skipped',
      id,
      changes,
      sent,
      note: changes.length === 0 ? NO_CHANGE : undefined,
      ...this.unchangedOr(changes, kept),
    };
  }

  /**
   * The sheet's values less its cells the service changed since they were exported
   * (withoutStaleCells) and the fields a colleague changed since the last run (withoutColleaguesEdits).
   */
  private keepColleaguesEdits(
    id: number,
    clean: WriteBody,
    cur: CurrentRecord,
    opts: Pick<UpdateOptions, 'clearEmpty' | 'lookupCells' | 'asExported'>,
  ): Judged {
    const exported = this.options.exported?.(id);
    const { def } = this.options;
    const fresh = withoutStaleCells(
      def,
      clean,
      cur,
      exported,
      opts.lookupCells,
      opts.clearEmpty,
      opts.asExported,
    );
    const rest = withoutColleaguesEdits(
      fresh.sheet,
      cur.body,
      this.options.lastKnown?.(id),
      this.options.preferSheet,
      fresh.emptied,
    );
    // A part left out as a conflict is not written at all: not emptied either (a custom value
    // --clear-empty would empty goes in the template's list, which a conflict on it keeps).
    const held = new Set(rest.conflicts.map((c) => c.field));
    const emptied = rest.emptied.filter(
      (f) => !held.has(f) && !held.has(customFieldIdOf(f) === undefined ? f.split('.')[0] : 'template'),
    );
    const colleagues = rest.colleagues.map((field) => ({ field, value: shownValueOf(cur, field) ?? '' }));
    return { ...rest, kept: fresh.kept, emptied, colleagues };
  }

  /** A result's flags: nothing to send (unchanged), or conflicts left unwritten; and the cells kept as the service has them. */
  private unchangedOr(
    changes: readonly FieldChange[],
    judged: Pick<Judged, 'conflicts' | 'kept' | 'colleagues'>,
  ): Pick<UpdateResult, 'unchanged' | 'conflicts' | 'kept' | 'colleagues'> {
    const kept = {
      ...(judged.kept.length > 0 ? { kept: judged.kept } : {}),
      ...(judged.colleagues.length > 0 ? { colleagues: judged.colleagues } : {}),
    };
    if (judged.conflicts.length > 0) return { conflicts: judged.conflicts, ...kept };
    return changes.length === 0 ? { unchanged: true, ...kept } : kept;
  }

  /** A row whose values an update cannot carry (a contract's draft status): invalid, nothing sent. */
  private refusedValues(
    id: number,
    cur: WriteBody,
    next: WriteBody,
    whole: boolean,
  ): UpdateResult | undefined {
    const found = updateValueIssues(this.options.def, cur, next, whole);
    if (found.length === 0) return undefined;
    const column = (field: string) =>
      this.options.mapping.columns.find((c) => c.target.kind === 'field' && c.target.field.name === field)
        ?.header;
    return {
      status: 'failed',
      invalid: true,
      id,
      issues: found.map((i) => ({
        code: 'E_VALUE_INVALID' as const,
        column: column(i.field),
        field: i.field,
        message: i.message,
      })),
    };
  }

  /**
   * Read, merge and write one record with the run's verb. A PATCH refused with 405 turns the
   * run to PUT (said once) and the row is read again and PUT: no row fails for the probe.
   */
  private async updateChanged(
    row: number,
    id: number,
    clean: WriteBody,
    opts: Pick<UpdateOptions, 'clearEmpty' | 'lookupCells' | 'asExported'>,
    hash: string,
  ): Promise<UpdateResult> {
    const { def, company } = this.options;
    const { clearEmpty } = opts;
    // The list's copy serves a PATCH; a PUT reads the record again (readAndWrite).
    const copy = this.listed(id, await this.countryCodes(false, clean, clearEmpty));
    const listed = copy?.body;
    // The list's copy tells whether the row changes anything: an unchanged row costs no request.
    const kept = copy ? this.keepColleaguesEdits(id, clean, copy, opts) : undefined;
    const fromList = copy && kept ? updateOf(def, copy.body, kept.sheet, company, kept.emptied) : undefined;
    if (fromList && fromList.changes.length === 0) {
      this.agree(id, clean, copy!.body, clearEmpty);
      return { status: 'skipped', id, note: NO_CHANGE, ...this.unchangedOr([], kept!) };
    }
    if (fromList && copy) fromList.changes = this.changesOf(copy.body, fromList.next, copy.names);
    // A PATCH from the list's copy carries only the changed fields. Custom values go whole
    // (by template), so they are read fresh: one changed since the list was read stays.
    const patch =
      listed && fromList && !fromList.changes.some((c) => c.field === 'template')
        ? { listed, ...fromList, judged: kept!, sheet: clean, emptied: clearEmpty }
        : undefined;
    for (;;) {
      const ticket = await this.updateMethod.take();
      let outcome: ProbeOutcome = 'unknown';
      try {
        const { result, answered } =
          ticket.verb === 'PATCH' && patch
            ? await this.patchFromList(row, id, patch, hash)
            : await this.readAndWrite(row, id, clean, opts, hash, ticket.verb);
        if (answered) outcome = 'accepted';
        return result;
      } catch (e) {
        if (!(ticket.verb === 'PATCH' && e instanceof ApiError && e.status === 405)) throw e;
        outcome = 'refused';
        if (this.updateMethod.refused()) this.warnings.push(putOnlyWarning(this.options.def));
      } finally {
        ticket.settle(outcome);
      }
    }
  }

  /**
   * A sync's: remember the sheet's fields record `id` holds already (`current`, before any
   * write), so that a later sync keeps a colleague's edit of them. Judged after what is known
   * (keepColleaguesEdits), so a field kept for a colleague is not taken as the sheet's.
   */
  private agree(id: number, sheet: WriteBody, current: WriteBody, emptied: readonly string[] = []): void {
    const { agreed, lastKnown } = this.options;
    if (agreed) agreed(id, agreedFields(sheet, current, lastKnown?.(id), emptied));
  }

  /** PATCH the fields the sheet changes in the list's copy of the record: no read of its own. */
  private async patchFromList(
    row: number,
    id: number,
    p: {
      listed: WriteBody;
      next: WriteBody;
      changes: FieldChange[];
      judged: Judged;
      sheet: WriteBody;
      emptied?: readonly string[];
    },
    hash: string,
  ): Promise<{ result: UpdateResult; answered: boolean }> {
    const refused = this.refusedValues(id, p.listed, p.next, false);
    if (refused) return { result: refused, answered: false };
    this.agree(id, p.sheet, p.listed, p.emptied);
    const res = await this.update(row, id, patchBody(this.options.def, p.listed, p.next), hash, 'PATCH');
    return {
      result: { ...res, changes: p.changes, ...this.unchangedOr(p.changes, p.judged) },
      answered: true,
    };
  }

  /**
   * The read and the write of one update, through one lease of the rate limiter: the write
   * takes the slot right after the read's, so the window in which someone else's change can
   * be overwritten is the read's round trip, not a wait behind other rows for the budget.
   */
  private async readAndWrite(
    row: number,
    id: number,
    clean: WriteBody,
    opts: Pick<UpdateOptions, 'clearEmpty' | 'lookupCells' | 'asExported'>,
    hash: string,
    verb: UpdateVerb,
  ): Promise<{ result: UpdateResult; answered: boolean }> {
    const { client, def, company } = this.options;
    const { clearEmpty } = opts;
    const codes = await this.countryCodes(verb === 'PUT', clean, clearEmpty);
    // Two requests: the first waits until both fit the window, so the write never waits.
    const lease = await client.limiter.lease(2);
    try {
      const { body: cur, names } = await this.current(id, codes, lease);
      const kept = this.keepColleaguesEdits(id, clean, { body: cur, names }, opts);
      this.agree(id, clean, cur, clearEmpty);
      const next = updateOf(def, cur, kept.sheet, company, kept.emptied).next;
      const changes = this.changesOf(cur, next, names);
      if (changes.length === 0) {
        this.keepReadUnchanged(id, { body: cur, names });
        return {
          result: { status: 'skipped', id, note: NO_CHANGE, ...this.unchangedOr(changes, kept) },
          answered: false,
        };
      }
      const refused = this.refusedValues(id, cur, next, verb === 'PUT');
      if (refused) return { result: refused, answered: false };
      const body = verb === 'PATCH' ? patchBody(def, cur, next) : next;
      // The journal keeps the sheet's hash: a rerun of the same row is then recognised as done.
      const res = await this.update(row, id, body, hash, verb, lease.last);
      return { result: { ...res, changes, ...this.unchangedOr(changes, kept) }, answered: true };
    } finally {
      lease.release();
    }
  }

  /** PATCH some fields of a record, or PUT a whole body (the caller merged it first when it must not wipe fields). */
  async update(
    row: number,
    id: number,
    body: WriteBody,
    hash = payloadHash(body),
    verb: UpdateVerb = 'PUT',
    gate?: Gate,
  ): Promise<SendResult> {
    const { client, def, journal, mapping } = this.options;
    const slot = journal?.newSlot(row) ?? String(row);
    await journal?.intent(slot, row, hash);
    try {
      await client.write(verb, client.path(def.path, id, false), body, undefined, { gate });
      this.claimed.add(id);
      this.options.memory?.written('updated', id, body, hash, undefined);
      journal?.tryDone(slot, row, hash, 'updated', id);
      return { status: 'updated', id };
    } catch (e) {
      // Stopped before the write went out (waiting for the rate limit): nothing was sent, and the
      // journal says so, or the next run would take the row for one cut in flight.
      if (isAssetbatchError(e) && e.code === 'E_INTERRUPTED') {
        journal?.failed(slot, row, hash, 'not sent: interrupted');
        throw e;
      }
      if (e instanceof ApiError && (e.status === 400 || e.status === 404)) {
        const issues =
          e.status === 404
            ? [
                {
                  code: 'E_HTTP_NOT_FOUND' as const,
                  field: 'id',
                  message: `record ${id} not found in company ${this.options.company}`,
                },
              ]
            : serviceIssues(e.body, mapping);
        journal?.failed(slot, row, hash, issues.map((i) => i.message).join('; '));
        return { status: 'failed', id, issues };
      }
      throw e;
    }
  }
}

export type UpdateResult = SendResult & {
  changes?: FieldChange[];
  /** Dry runs: the body a real run would send. */
  sent?: WriteBody;
  /** Fields both the sheet and someone in the service changed since the last run: not written. */
  conflicts?: FieldConflict[];
  /** Cells that still had the exported value, the record's changed since: kept as the service has them. */
  kept?: KeptField[];
  /** A sync's: fields a colleague changed since the last run, the sheet's cell not: kept. */
  colleagues?: ColleagueValue[];
};

/**
 * A field's value in a record as a person reads it: a lookup by its name (`category` or
 * `category.id`), a custom value (`custom.<id>`) by itself; undefined when the record has none.
 */
function shownValueOf(cur: CurrentRecord, field: string): string | undefined {
  const custom = customFieldIdOf(field);
  const v =
    custom !== undefined
      ? customValueOf(cur.body, custom)
      : field.split('.').reduce<unknown>((o, k) => (isRecord(o) ? o[k] : undefined), cur.body);
  if (v === undefined || v === null || v === '') return undefined;
  return (
    cur.names.get(field) ??
    cur.names.get(`${field}.id`) ??
    (typeof v === 'object' ? JSON.stringify(v) : String(v))
  );
}

type CountryCodes = (name: string) => number | undefined;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const noCountry: CountryCodes = () => undefined;
const knownCountryCode: CountryCodes = (name) => recordedId('country', name);

export const NO_CHANGE = 'unchanged: the record already has these values';

/**
 * A row done by an earlier run whose create lacked names its lists did not have (left empty
 * or set to the default, --unmatched): said again in its note, so that the run again does not
 * read as complete. Adding the name to the service does not change the record: an update
 * does. Not a warning: this run left nothing empty, and its exit code says so.
 */
function lackedThen(lacks: readonly Lack[] | undefined): string {
  if (!lacks?.length) return '';
  const said = lacks.map((l) => (l.column ? `column "${l.column}": ${l.message}` : l.message)).join('; ');
  const them = lacks.length === 1 ? 'it' : 'them';
  return `; its create then: ${said} (once the service's list has ${them}, \`assetbatch update\` with this file sets ${them})`;
}
/** A row the journal shows done: its record is there, made by an earlier run, not this one. */
const doneByJournal = (status: 'created' | 'updated') =>
  `already ${status} by an earlier run of this import (journal)`;

/** The run's one warning when the service takes only PUT for a resource. */
function putOnlyWarning(def: ResourceDef): string {
  return (
    `the service refused PATCH for ${def.plural} (405), so updates were sent as whole-record PUTs, each record read just before its write; ` +
    'a change someone else makes to the same record in the moment between that read and the write is overwritten (see docs/update.md)'
  );
}

/** --on-existing update of a key several records have: which to update is unclear, so none is. */
export function ambiguousKey(ids: readonly number[], key: { field: string; value: string }): RowIssue {
  return {
    code: 'E_LOOKUP_AMBIGUOUS',
    field: key.field,
    message: `${ids.length} records have ${key.field}=${key.value} (ids ${ids.join(', ')}); which to update is unclear — use \`assetbatch update\` with an ID column`,
  };
}

/** An update's result with the words on the cells it kept after its note ("unchanged…"). */
function withKept(res: UpdateResult, kept: string): UpdateResult {
  return kept ? { ...res, note: `${res.note ?? 'unchanged'}${kept}` } : res;
}

/** A keyed row whose key records of the service have, as the report says it (a dry run adds "; would be skipped"). */
export function alreadyInService(ids: readonly number[], key: { field: string; value: string }): string {
  return `already in the service (id ${ids.join(', ')}, ${key.field}=${key.value})`;
}

/** --on-existing error: a keyed row whose record exists, refused (`failed`), in a dry run as in the run. */
export function refusedExisting(
  ids: readonly number[],
  key: { field: string; value: string },
): { status: 'failed'; id: number; issues: RowIssue[] } {
  const message = alreadyInService(ids, key);
  return { status: 'failed', id: ids[0], issues: [{ code: 'E_DUPLICATE_ROW', field: key.field, message }] };
}

/** A custom field's column header (`custom.<id>`, an emptied cell), as a row names it; undefined for another field. */
function customColumn(mapping: Mapping, field: string): string | undefined {
  const id = customFieldIdOf(field);
  if (id === undefined) return undefined;
  return mapping.columns.find(
    (c) => c.target.kind === 'custom' && c.target.source === 'template' && c.target.fieldId === id,
  )?.header;
}
