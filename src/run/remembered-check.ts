// Before an import's plan: does the service still have the records the journal and the memory
// of what was sent say earlier runs made? A repeat that would skip rows as made reads the
// newest such record (one request, gone-records.ts); when it is gone, the others are checked,
// and those gone are taken out of the journal's past and the memory, so that their rows are
// created again, as rows no run made (each row's report says which record it replaces). A run
// that reads the resource's list whole anyway (the existing-record check's) compares every
// remembered record with it too, for free (checkAgainstList).
import type { Connection } from '../connect.js';
import type { Attempt, JournalState } from '../send/journal.js';
import { valuesHash } from '../send/journal.js';
import {
  checkRemembered,
  goneFromList,
  GoneRecords,
  goneWarning,
  type GoneCheck,
  type RememberedRecord,
} from '../send/gone-records.js';
import type { RunMemory } from '../send/remembered.js';
import type { SentRow } from '../send/memory.js';
import type { Scanner } from './scan.js';
import type { JournalPast } from './types.js';
import type { RunSettings } from './settings.js';

/** A record the memory keeps, as the check reads it: its name the one last sent (an update since renames it). */
function fromMemory(r: SentRow, last: Readonly<Record<string, unknown>> | undefined): RememberedRecord {
  return {
    id: r.id,
    at: r.at,
    file: r.file,
    key: r.key,
    fp: r.fp,
    values: valuesHash(r.fields),
    name: last && 'name' in last ? last.name : r.fields.name,
  };
}

/** The journal's finished creates. */
const journalCreates = (state: JournalState | undefined): Attempt[] =>
  (state?.attempts ?? []).filter((a) => a.state === 'done' && a.done?.status === 'created');

/** The records earlier runs made here: the memory's, and the journal's it lacks (a journal from before it). */
function remembered(memory: RunMemory | undefined, state: JournalState | undefined): RememberedRecord[] {
  const kept = (memory?.created() ?? []).map((r) => fromMemory(r, memory?.lastSent(r.id)));
  const ids = new Set(kept.map((r) => r.id));
  const journal = journalCreates(state)
    .filter((a) => !ids.has(a.done!.id))
    .map((a): RememberedRecord => ({ id: a.done!.id, key: a.key, fp: a.fp }));
  return [...kept, ...journal];
}

/**
 * Whether a row of this sheet may be skipped as made by an earlier run: the journal finished a
 * create, or the memory has a record for one of the sheet's keys (--on-existing skip: else the
 * existing-record check decides for keyed rows), or (keyless rows) knows one
 * by its cells; a sheet whose rows' cells were not kept, any keyless record. A sheet not read
 * whole: any record the memory has.
 */
function maySkip(ctx: Sheet, rs: readonly RememberedRecord[], journal: number): boolean {
  const { settings, scan } = ctx;
  if (journal > 0) return true;
  if (!scan.counted || !settings.keyField) return rs.length > 0;
  // --on-existing update|error: a keyed row is the service's check's, whatever the memory says.
  const keys = settings.onExisting === 'skip' ? scan.scanner.firstRowOfKey : undefined;
  if (rs.some((r) => r.key !== undefined && keys?.has(r.key.slice(r.key.indexOf('=') + 1)))) return true;
  if (scan.scanner.keyless === 0 || !rs.some((r) => r.key === undefined)) return false;
  // --on-existing update|error with an ID column (an export sent back): the record each ID cell names decides first.
  return ctx.knownByCells?.() ?? !(settings.onExisting !== 'skip' && ctx.idColumn);
}

/** The sheet as the check sees it. `knownByCells`: whether the memory knows a row by its cells (undefined: cells not kept). */
export interface Sheet {
  readonly settings: RunSettings;
  /** What the scan learnt (plan.ts ScannedSheet): whether it read the whole sheet, its keys and keyless rows. */
  readonly scan: { readonly counted: boolean; readonly scanner: Pick<Scanner, 'firstRowOfKey' | 'keyless'> };
  readonly knownByCells?: () => boolean | undefined;
  /** The sheet has an ID column whose cells name records (id-cell.ts). */
  readonly idColumn: boolean;
}

/** The journal's attempts whose records are gone, as attempts the service refused: their rows start afresh in their slots. */
function withoutGone(state: JournalState, gone: ReadonlySet<number>): JournalState {
  const attempts = state.attempts.map((a): Attempt =>
    a.done?.status === 'created' && gone.has(a.done.id)
      ? { ...a, state: 'failed', done: undefined, unsure: false }
      : a,
  );
  return { ...state, attempts };
}

/** An import that may skip rows as made (not a sync's, an update's, or --allow-duplicates', which send rows whatever was made). */
const mayBeChecked = (settings: RunSettings, conn: Connection): boolean =>
  settings.mode === 'create' && !settings.sync && !settings.allowDuplicates && !conn.sandbox;

/** The past without the records the check found gone, said loudly in the plan's warnings; the memory forgets them. */
function withoutGoneRecords(
  past: JournalPast,
  check: GoneCheck,
  memory: RunMemory | undefined,
  dryRun: boolean,
): JournalPast {
  const ids = new Set(check.gone.map((r) => r.id));
  // A dry run forgets them for itself: the real run finds them gone again and says so in the memory.
  memory?.forget(ids, !dryRun);
  return {
    ...past,
    state: past.state && withoutGone(past.state, ids),
    warnings: [...past.warnings, goneWarning(check)],
    gone: new GoneRecords(check),
  };
}

/**
 * The check, for an import that may skip rows as made: the past as it was when the service
 * has the newest record, else without the records gone.
 */
export async function checkRememberedRecords(
  sheet: Sheet,
  conn: Connection,
  past: JournalPast,
  memory: RunMemory | undefined,
): Promise<JournalPast> {
  const { settings } = sheet;
  if (!mayBeChecked(settings, conn)) return past;
  const rs = remembered(memory, past.state);
  if (!maySkip(sheet, rs, journalCreates(past.state).length)) return past;
  const service = { client: conn.client, def: settings.def, company: settings.company };
  const check = await checkRemembered(service, rs);
  return check ? withoutGoneRecords(past, check, memory, settings.dryRun) : past;
}

/** The resource's list this run read whole (the existing-record check's): its ids, and when it began to be read. */
export interface ListRead {
  readonly ids: ReadonlySet<number>;
  readonly since: number;
}

/**
 * The same check against the list this run read anyway, at no request of its own: every
 * remembered record, not the newest alone, so that one deleted while newer ones remain is
 * found too. A record made once the list began to be read (by a run beside this one) may be
 * missing from it and is left alone; so are all when the newest's read found records gone
 * (every one was checked then).
 */
export function checkAgainstList(
  sheet: Sheet,
  conn: Connection,
  past: JournalPast,
  memory: RunMemory | undefined,
  list: ListRead,
): JournalPast {
  const { settings } = sheet;
  if (past.gone || !mayBeChecked(settings, conn)) return past;
  const all = remembered(memory, past.state);
  if (!maySkip(sheet, all, journalCreates(past.state).length)) return past;
  const check = goneFromList(all, list);
  return check ? withoutGoneRecords(past, check, memory, settings.dryRun) : past;
}
