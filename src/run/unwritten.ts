// The plan's rows an import will not write, known before it starts from what the plan reads
// anyway: the journal (rows an earlier run of this import did), the records listed for the
// existing-record check (keyed rows whose key one has), and the memory (keyless rows an
// earlier run made, or that resemble one and are held back), and the records listed again for
// keyless rows whose ID cell names one of their name (an export imported back). The plan's
// writes and its ETA are for the rest. Pure: counts and indexes in, counts out.
import type { PriorRuns } from '../send/prior.js';
import { sameName } from '../send/resemblance.js';
import type { KeyIndex } from '../util/key-index.js';
import type { RunSettings } from './settings.js';
import type { ImportPlan } from './types.js';

export type Unwritten = NonNullable<ImportPlan['unwritten']>;

/** What the memory says of the sheet's keyless rows before the plan. */
export interface KeylessRows {
  /** Records the keyless rows match exactly: theirs, so no changed row resembles them. */
  readonly ids: ReadonlySet<number>;
  /** A sync's: those of `ids` that rows match by their ID cell (a listed record of the row's name). */
  readonly byId?: ReadonlySet<number>;
  /** An import's keyless rows the run will not write (those the journal has done apart): made already. */
  readonly made: number;
  /** An import's keyless rows the run will hold back: like a record an earlier run made. */
  readonly held: number;
  /**
   * An import's other keyless rows with an ID cell (id-cell.ts), those the journal has done
   * apart: the record each names, and the row's name. Skipped or held back when they agree.
   */
  readonly idCells: readonly { readonly id: number; readonly name: unknown }[];
}

/** What the plan knows before counting: the journal, the records listed (when all were), the keyless rows. */
export interface KnownRows {
  /** Rows of this run (other companies' apart). */
  readonly rows: number;
  readonly prior?: PriorRuns;
  /** Of the rows, those the journal finished (the plan's count: doneCounts in plan.ts). */
  readonly doneRows?: number;
  readonly existing?: ReadonlyMap<string, readonly number[]>;
  readonly existingComplete: boolean;
  /** The records listed and kept (an import keeps those its rows' ID cells name). */
  readonly records?: ReadonlyMap<number, Readonly<Record<string, unknown>>>;
  readonly sheetKeys: KeyIndex;
  readonly keyless: KeylessRows;
  /** Rows whose cells another file's or report's run created a record from (the memory), by row number. */
  readonly byMemory?: ReadonlyMap<number, { readonly key?: string }>;
}

/**
 * Keyed rows whose key a listed record has, those the journal has done apart: each is
 * skipped as there already (or refused, with --on-existing error), never written.
 */
function listedRows(
  existing: ReadonlyMap<string, readonly number[]>,
  keyField: string,
  sheetKeys: KeyIndex,
  known: Pick<KnownRows, 'prior' | 'byMemory'>,
): number {
  const prefix = `${keyField}=`;
  const byMemory = [...(known.byMemory?.values() ?? [])].flatMap((m) => (m.key ? [m.key] : []));
  const done = new Set([...(known.prior?.doneKeys() ?? []), ...byMemory]);
  let n = 0;
  for (const k of existing.keys())
    if (k.startsWith(prefix) && !done.has(k) && sheetKeys.has(k.slice(prefix.length))) n++;
  return n;
}

/** The settings that decide what a row already there becomes. */
type CountSettings = Pick<
  RunSettings,
  'mode' | 'sync' | 'dryRun' | 'keyField' | 'onExisting' | 'allowDuplicates' | 'createResembling'
>;

/** Whether an import's plan can count the rows it will not write: not an update's, a sync's or a dry run's. */
const counts = (s: CountSettings): boolean => s.mode === 'create' && !s.sync && !s.dryRun;

/**
 * The rows the import will not write, by what says so; undefined when none is known
 * (the plan's writes are then "up to" the rows left, as the rows are checked as they are sent).
 */
export function unwrittenRows(settings: CountSettings, known: KnownRows): Unwritten | undefined {
  if (!counts(settings)) return undefined;
  // --on-existing update writes to a listed record; --allow-duplicates creates the row again.
  const listed =
    known.existingComplete &&
    known.existing &&
    settings.keyField &&
    settings.onExisting !== 'update' &&
    !settings.allowDuplicates
      ? listedRows(known.existing, settings.keyField, known.sheetKeys, known)
      : 0;
  const journal = Math.min(known.rows, known.doneRows ?? known.prior?.doneRows ?? 0);
  const memory = known.byMemory?.size ? { memory: known.byMemory.size } : {};
  const key = listed ? settings.keyField : undefined;
  const { made, held } = known.keyless;
  const byId = byIdRows(settings, known);
  const refused = byId > 0 && settings.onExisting === 'error' ? { byIdRefused: true as const } : {};
  const u = { journal, ...memory, listed, ...(key ? { key } : {}), made, held, byId, ...refused };
  return u.journal + (u.memory ?? 0) + notWrittenLeft(u) > 0 ? u : undefined;
}

/**
 * Keyless rows whose ID cell names a listed record of their name: each is that record, skipped
 * or held back (refused, with --on-existing error), never written. With --create-resembling
 * those whose cells differ are created, which only their comparison tells: none is counted
 * then; with --on-existing update each is merged into its record, a write as a keyed row's.
 */
function byIdRows(settings: CountSettings, known: KnownRows): number {
  const { records } = known;
  if (settings.onExisting === 'update') return 0;
  if (!known.existingComplete || !records || (settings.createResembling && settings.onExisting === 'skip'))
    return 0;
  return known.keyless.idCells.filter((c) => sameName(records.get(c.id)?.name, c.name)).length;
}

/** The rows left after the journal's that the plan knows will not be written. */
export const notWrittenLeft = (u: Unwritten | undefined): number =>
  u ? u.listed + u.made + u.held + u.byId : 0;
