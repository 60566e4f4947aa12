// The plan's writes, exactly, for an update or a sync whose records were listed before the
// plan: every row goes through the same checks as the run's (rows.ts) as a dry run, against
// the listed copies, with no request of its own. A row whose record already has its values,
// a duplicate, an invalid row and a keyless row the memory matches to a record it made are
// not writes. Without the list (a lookup a row was cheaper) the writes stay an upper bound.
import type { Connection } from '../connect.js';
import type { RowOutcome } from '../report/report.js';
import { rowWriter, type RunFiles } from './execute.js';
import { rowContext } from './row-context.js';
import { rereadRows, type MappedInput } from './input.js';
import type { PlannedRun, ScannedSheet } from './plan.js';
import { customKeyFieldId, RowOutcomes, rowKey } from './rows.js';
import type { RunSettings } from './settings.js';
import { StopState } from './stop.js';
import type { ImportPlan } from './types.js';
import { prepareRow } from '../validate/validate.js';
import type { RunMemory } from '../send/remembered.js';
import { payloadHash, type JournalState } from '../send/journal.js';
import { PriorRuns } from '../send/prior.js';
import type { WriteBody } from '../resources/fields.js';
import type { KeylessRows } from './unwritten.js';
import { idCellColumn, idCellOf } from './id-cell.js';
import type { ListedRecords } from './listed-record.js';
import { allDoneByJournal, isDone, type DoneRows } from './journal-rows.js';
import { sameName } from '../send/resemblance.js';

type Compared = NonNullable<ImportPlan['compared']>;

/** Whether the plan can count the writes by comparing rows with the listed records. */
export function canCompareFirst(settings: RunSettings, scan: ScannedSheet, planned: PlannedRun): boolean {
  return (
    !settings.dryRun &&
    (settings.mode === 'update' || settings.sync !== undefined) &&
    planned.existingComplete &&
    planned.records !== undefined &&
    !settings.replace &&
    // A child waits for its parent's row, whose dry outcome has no id to look up; a contract
    // sheet whose parent cells name no row of its own (an export synced back by ID) waits for none.
    (!scan.selfRefCol || scan.referenced.size === 0)
  );
}

/** What a row's dry-run outcome says the run will do with it. */
function tally(
  c: { create: number; update: number; unchanged: number; other: number },
  outcome: RowOutcome,
): void {
  if (outcome.status === 'valid' && outcome.changes === undefined) c.create++;
  else if (
    (outcome.status === 'valid' || outcome.status === 'conflict') &&
    (outcome.changes?.length ?? 0) > 0
  )
    c.update++;
  else if (outcome.status === 'unchanged' || outcome.unchanged) c.unchanged++;
  else c.other++;
}

/** Each row compared with its listed record, as the run will compare it: the writes it will send. */
export async function compareFirst(
  settings: RunSettings,
  input: MappedInput,
  scan: ScannedSheet,
  planned: PlannedRun,
  conn: Connection,
  files: RunFiles,
): Promise<Compared> {
  const dry: RunSettings = { ...settings, dryRun: true };
  const writer = rowWriter(dry, input, planned, conn, { memory: files.memory });
  const rows = new RowOutcomes({
    settings: dry,
    input,
    scan,
    planned,
    ctx: rowContext(dry, input, scan, planned),
    writer,
    stop: new StopState(true),
    preview: true,
  });
  const c = { create: 0, update: 0, unchanged: 0, other: 0 };
  const { plan } = planned;
  const total = plan.counted ? plan.rows + plan.totalsRows + plan.noteRows : undefined;
  const onProgress = settings.hooks.onCompareProgress;
  let done = 0;
  await rereadRows(settings, input.probe.headerRow, async (r) => {
    tally(c, await rows.track(r, rows.of(r)));
    onProgress?.({ done: ++done, total });
  });
  return c;
}

/** The plan with its writes counted (missing records' writes kept), and the requests they take. */
export function withComparedWrites(planned: PlannedRun, c: Compared, conn: Connection): PlannedRun {
  const missingWrites = planned.missing?.body ? planned.missing.records.length : 0;
  const writes = c.create + c.update + missingWrites;
  const rowsLeft = Math.max(1, planned.plan.rows - (planned.prior?.doneRows ?? 0));
  const plan: ImportPlan = {
    ...planned.plan,
    writes,
    compared: c,
    etaSeconds: Math.round(conn.client.limiter.estimateMs(writes) / 1000),
  };
  // The progress line's ETA spreads the writes over the rows left, as they are reached.
  return { ...planned, plan, plannedRequests: writes, requestsPerRow: writes / rowsLeft };
}

const NO_KEYLESS: KeylessRows = { ids: new Set(), made: 0, held: 0, idCells: [] };

/**
 * Rows without a key, matched to the records an earlier run made from the same values (the
 * memory), a record to a row: a sync's are the sheet's, not missing, and so are those its
 * rows' ID cells name (id-cell.ts, a listed record of the row's name: an export synced back);
 * an import's are no record a changed keyless row may resemble (remembered.ts), and the plan
 * counts the rows the run will skip or hold back. An import's others with an ID cell name the
 * records the plan's list keeps, for the run to compare them with. Read before the plan, and
 * only when the sheet has such rows and the memory keyless records or the sheet an ID
 * column: the one read of the sheet the plan adds.
 */
export async function keylessMatches(
  settings: RunSettings,
  input: MappedInput,
  scan: ScannedSheet,
  memory: RunMemory | undefined,
  journal: { readonly state?: JournalState; readonly done?: DoneRows },
  listed?: ListedRecords,
): Promise<KeylessRows> {
  const creates = settings.mode === 'create' && !settings.allowDuplicates;
  const remembered = memory?.hasKeyless ? memory : undefined;
  const idColumn = idCellColumn(settings, input);
  // No keyless record in the memory, nor an ID column: nothing to match, and the sheet is not read again for it.
  if (!(settings.sync || creates) || (!remembered && idColumn === undefined) || scan.scanner.keyless === 0)
    return NO_KEYLESS;
  const prior = journal.state && new PriorRuns(journal.state);
  const done: DoneRows = journal.done ?? {};
  // The rows the journal finished, their cells unchanged, have their attempts and records: no other row takes them.
  for (const d of done.journal?.values() ?? []) prior?.reserve(d.slot);
  const found = await matchKeyless(
    settings,
    input,
    scan,
    { memory: remembered, idColumn, done },
    prior,
    listed,
  );
  remembered?.reserve(found.ids);
  const byId = found.byId.size > 0 ? { byId: found.byId } : {};
  const bodies = found.unmatched.map((u) => u.body);
  // A sync creates a changed keyless row (and retires the record it no longer matches).
  const later =
    settings.sync || !remembered
      ? { made: 0, held: 0, left: bodies.map((_, i) => i) }
      : remembered.heldBack(bodies);
  const idCells = [...found.idCells, ...later.left.flatMap((i) => found.unmatched[i].idCell ?? [])];
  return { ids: found.ids, ...byId, made: found.made + later.made, held: later.held, idCells };
}

type IdCellRow = KeylessRows['idCells'][number];

/**
 * Each keyless row of the run's, in order: the record it matches, if any. `journal` (a copy
 * of the run's, taken from as the run will) tells the rows an earlier run of this import
 * has done, which the plan counts as the journal's; `unmatched`: the others that may resemble
 * a record; `idCells`: an import's others with an ID cell; `byId`: the records a sync's rows
 * are by their ID cell (a listed record of the row's name), before the memory, as in the run.
 */
async function matchKeyless(
  settings: RunSettings,
  input: MappedInput,
  scan: ScannedSheet,
  by: {
    readonly memory?: RunMemory;
    readonly idColumn?: number;
    readonly done: DoneRows;
  },
  journal: PriorRuns | undefined,
  listed: ListedRecords | undefined,
): Promise<{
  ids: Set<number>;
  byId: Set<number>;
  made: number;
  unmatched: { body: WriteBody; idCell?: IdCellRow }[];
  idCells: IdCellRow[];
}> {
  const { memory } = by;
  // The keyless records of the rows known by their cells (the journal's, the memory's) are theirs.
  const known = [...(by.done.journal?.values() ?? []), ...(by.done.memory?.values() ?? [])];
  const ids = new Set<number>(known.flatMap((d) => (d.key ? [] : [d.id])));
  const found = {
    ids,
    byId: new Set<number>(),
    made: 0,
    unmatched: [] as { body: WriteBody; idCell?: IdCellRow }[],
    idCells: [] as IdCellRow[],
  };
  // A keyed row's cells that name what its record has are asked of no list, and not resolved here.
  const ctx = rowContext(settings, input, scan, listed);
  const keyFieldId = customKeyFieldId(input.mapping, settings.keyField);
  // Every row done by the journal, as the scan's fingerprints tell: none to match, and the sheet is not read again.
  if (allDoneByJournal(by.done, scan.scanner)) return found;
  await rereadRows(settings, input.probe.headerRow, (r) => {
    // Another company's row is not this run's to match; one the journal or the memory knows by its cells is done.
    if ((scan.scanner.rowCompany(r)?.kind ?? 'run') !== 'run' || isDone(by.done, r.row)) return;
    const prepared = prepareRow(ctx, r);
    if (
      prepared.skip ||
      prepared.issues.length > 0 ||
      prepared.id !== undefined ||
      rowKey(settings.def, prepared.body, settings.keyField, keyFieldId)
    )
      return;
    const done = journal?.take(payloadHash(prepared.body), r.row)?.kind === 'done';
    const id = idCellOf(input, by.idColumn, r);
    const idCell = id === undefined ? undefined : { id, name: prepared.body.name };
    // A sync's row is the listed record its ID cell names, of its name; another name: as any row.
    if (settings.sync && idCell && sameName(listed?.records?.get(idCell.id)?.name, idCell.name)) {
      ids.add(idCell.id);
      found.byId.add(idCell.id);
      return;
    }
    // --on-existing update|error: the record an ID cell names decides before the memory, as in the run.
    if (idCell && !done && !settings.sync && settings.onExisting !== 'skip')
      return void found.idCells.push(idCell);
    // Identical rows take a record each (three "Chair" rows, three chairs).
    const made = memory?.keylessCreated(prepared.body).find((m) => !ids.has(m.id));
    if (made) ids.add(made.id);
    // A row at a place an earlier run finished is counted by the journal already, even when the
    // body it sent differs (an --on-existing update leaves out cells its record names).
    if (made && !done && !journal?.finished(r.row)) found.made++;
    if (made || done) return;
    if (memory?.mayResemble(prepared.body)) found.unmatched.push({ body: prepared.body, idCell });
    else if (idCell) found.idCells.push(idCell);
  });
  return found;
}
