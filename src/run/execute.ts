// Stage 4 of an import: every row to its outcome, in input order, through the journal and
// the writer: a dry run one row at a time (the one pass: the look-ahead first, then the
// rest as it is read, learning from each row before checking it); writes a few at a time.
// Each outcome goes to the report, the progress line and the caller, as it comes.
import { Turns } from '../util/turns.js';
import pLimit from 'p-limit';
import { resolve as resolvePath } from 'node:path';
import type { Connection } from '../connect.js';
import { fileWriteError, type AssetbatchError } from '../errors.js';
import { cellText, isEmptyCell } from '../map/coerce.js';
import { cellAt } from '../map/values.js';
import { headerMatcher, isKeyColumn } from '../map/headers.js';
import { openSheet } from '../read/index.js';
import type { SheetRow, SheetSource } from '../read/types.js';
import {
  emptyCounts,
  openReport,
  type ReportWriter,
  type RowOutcome,
  type RowStatus,
} from '../report/report.js';
import { Journal } from '../send/journal.js';
import type { JournalLock } from '../send/lock.js';
import type { RunMemory } from '../send/remembered.js';
import { RowWriter } from '../send/writer.js';
import type { RunFile } from './run-file.js';
import type { MappedInput } from './input.js';
import { companySplitOf, runCompanyName, type PlannedRun, type ScannedSheet } from './plan.js';
import { withOtherCompanies } from './recorded-mapping.js';
import { RowReadNotes } from './read-notes.js';
import { keyName, RowOutcomes } from './rows.js';
import { byIdWords, idCellColumn } from './id-cell.js';
import { StopState, interrupted } from './stop.js';
import { lookupColumns, scanDateOrders } from './scan.js';
import { missingCells, settleMissing } from './missing.js';
import type { RunSettings } from './settings.js';
import { rowContext } from './row-context.js';
import { askedNames, type RowContext } from '../validate/validate.js';
import type { CompanySplit } from './types.js';
import { withNotesBelow } from './notes-below.js';

/** The files a run holds open, for the run to close or abort whatever stage it ends in. */
export interface RunFiles {
  report?: ReportWriter;
  journal?: Journal;
  lock?: JournalLock;
  /** The run's progress and outcome for `assetbatch status` (runs that keep a journal). */
  runFile?: RunFile;
  /** The memory of what was sent (a run that writes to a service that outlives it). */
  memory?: RunMemory;
}

export interface Executed {
  readonly counts: Record<RowStatus, number>;
  readonly stop: StopState;
  readonly writer: RowWriter;
  readonly repairedRows: number;
  /** Rows with a name a list lacks, left empty or set to the default (W_UNMATCHED). */
  readonly unmatchedRows: number;
  /** Keyless rows held back as like a record an earlier run made, or the one their ID cell names (W_RESEMBLES). */
  readonly resemblingRows: number;
  /** Of those, the rows their ID cell matched (by-id-cell.ts). */
  readonly resemblingById: number;
  /** Rows whose key an earlier row has, with other values: not sent (W_KEY_CONFLICT). */
  readonly keyConflictRows: number;
  /** Rows with cells kept as the service has them, changed there since the record was exported (W_KEPT_SINCE_EXPORT). */
  readonly keptRows: number;
  /** Rows with a date read day-first from the headers' language alone (W_DATE_ORDER_ASSUMED). */
  readonly assumedDateRows: number;
  /** A register's company column: every row by company (a one-pass dry run's counted as checked). */
  readonly companies?: CompanySplit;
}

export function rowWriter(
  settings: RunSettings,
  input: MappedInput,
  planned: PlannedRun,
  conn: Connection,
  files: RunFiles,
): RowWriter {
  const resolver = input.resolver;
  return new RowWriter({
    client: conn.client,
    def: settings.def,
    company: settings.company,
    mapping: input.mapping,
    journal: files.journal,
    memory: files.memory,
    // A sync keeps a colleague's edit: each field is judged against what the last run sent or found.
    lastKnown: settings.sync && files.memory ? (id) => files.memory!.lastKnown(id) : undefined,
    agreed: settings.sync && files.memory ? (id, fields) => files.memory!.agreed(id, fields) : undefined,
    // An export sent back keeps what changed in the service since it was exported.
    exported: planned.exported,
    preferSheet: settings.sync?.preferSheet,
    prior: planned.prior,
    knownByMemory: [...(planned.memoryDone?.values() ?? [])].map((m) => m.id),
    gone: planned.gone,
    mark: planned.mark,
    uniqueField: settings.uniqueField,
    onExisting: settings.onExisting,
    existing: planned.existing,
    existingComplete: planned.existingComplete,
    existingSince: planned.existingSince,
    records: planned.records,
    countryCode: (name) => {
      const r = resolver.resolve('country', name);
      return r.ok ? r.entry.id : undefined;
    },
    beforeRead: once(() => resolver.load('country', [])),
    nameOf: (kind, id) => resolver.nameOf(kind, id),
    byId:
      idCellColumn(settings, input) === undefined
        ? undefined
        : byIdWords(settings, keyName(settings.keyField)),
    listedIds: planned.listedIds,
    file: settings.file,
    keyField: settings.keyField,
  });
}

/**
 * The work started once, however many rows ask for it at the same moment: the rows read
 * records side by side, and each loading the country list would read its pages again (10
 * requests each). A failed load is tried again by the next row.
 */
function once(work: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () =>
    (running ??= work().catch((e: unknown) => {
      running = undefined;
      throw e;
    }));
}

/** Each outcome to the report, the counts, the caller and the progress line. */
class Emitter {
  readonly counts = emptyCounts();
  reportFailed?: AssetbatchError;
  unmatchedRows = 0;
  resemblingRows = 0;
  resemblingById = 0;
  keyConflictRows = 0;
  keptRows = 0;
  assumedDateRows = 0;
  private done = 0;
  private readonly debug: boolean;

  constructor(
    private readonly settings: RunSettings,
    private readonly report: ReportWriter,
    readonly readNotes: RowReadNotes,
    private readonly stop: StopState,
    private readonly progress: (done: number) => void,
  ) {
    this.debug = settings.hooks.logger?.isLevelEnabled('debug') === true;
  }

  /** A report that cannot be written (a full disk) stops the run: rows in flight finish and are journaled, nothing more is sent. */
  private fail(e: unknown): void {
    this.reportFailed ??= fileWriteError(e, this.settings.reportPath);
    this.stop.stop(this.reportFailed);
  }

  private write(out: RowOutcome): void | Promise<void> {
    if (this.reportFailed) return;
    try {
      return this.report.write(out)?.catch((e: unknown) => this.fail(e));
    } catch (e) {
      this.fail(e);
    }
  }

  emit(row: RowOutcome): void | Promise<void> {
    const out = this.readNotes.attach(row);
    this.counts[out.status]++;
    this.stop.settled(out);
    // A row that sent nothing (skipped, a sync's unchanged): no field was left empty or replaced by this run.
    const sentNothing = out.status === 'skipped' || out.status === 'unchanged';
    if (!sentNothing && out.warnings.some((w) => w.code === 'W_UNMATCHED')) this.unmatchedRows++;
    const resembles = out.warnings.find((w) => w.code === 'W_RESEMBLES');
    if (resembles) this.resemblingRows++;
    if (resembles?.field === 'id') this.resemblingById++;
    if (out.warnings.some((w) => w.code === 'W_KEY_CONFLICT')) this.keyConflictRows++;
    if (out.warnings.some((w) => w.code === 'W_KEPT_SINCE_EXPORT')) this.keptRows++;
    if (!sentNothing && out.warnings.some((w) => w.code === 'W_DATE_ORDER_ASSUMED')) this.assumedDateRows++;
    if (this.debug)
      this.settings.hooks.logger!.debug(
        { row: out.row, status: out.status, id: out.id, issues: out.issues.map((i) => i.code) },
        'row',
      );
    const written = this.write(out);
    this.settings.hooks.onRow?.(out);
    this.progress(++this.done);
    return written;
  }
}

/** The one pass, after the look-ahead: what a row teaches (its key, dates, names) before it is checked. */
class Learner {
  private readonly lookupCols;
  private readonly settledBySideScan = new Set<number>();

  constructor(
    private readonly settings: RunSettings,
    private readonly input: MappedInput,
    private readonly scan: ScannedSheet,
    private readonly ctx: RowContext,
  ) {
    this.lookupCols = lookupColumns(input.mapping);
  }

  /** A promise only when learning needs the file again or the service. */
  learn(r: SheetRow): void | Promise<void> {
    this.scan.scanner.add(r);
    if (this.scan.scanner.dirty) return this.settleDates();
    // With the records listed, a cell that names what its row's record has asks no list.
    if (this.ctx.listedRecord) return this.loadAsked(r);
    const { resolver, mapping } = this.input;
    for (const c of this.lookupCols) {
      if (!resolver.index(c.kind).complete && !isEmptyCell(cellAt(mapping, c.index, r.cells)))
        return this.loadNames(r);
    }
  }

  private async settleDates(): Promise<void> {
    const { scanner, dateOrders, dateInferences, where } = this.scan;
    scanner.dirty = false;
    // A column that now mixes orders stops the run, as a first pass would have.
    for (const [col, order] of scanner.dateOrders(where, false)) dateOrders.set(col, order);
    if (!scanner.unsettled().some((c) => !this.settledBySideScan.has(c.index))) return;
    const side = await openSheet(this.settings.file, {
      sheet: this.settings.sheet,
      headerRow: this.input.probe.headerRow,
      isKnownHeader: headerMatcher(this.settings.def),
    });
    const sides = await scanDateOrders(side.rows, this.input.mapping, where, scanner.headerLanguage);
    for (const [col, order] of sides.orders) {
      dateOrders.set(col, order);
      this.settledBySideScan.add(col);
    }
    for (const [col, inferred] of sides.inferences) dateInferences.set(col, inferred);
  }

  /** The names a row asks for that a list read part-way (or not at all) has not met: fetched first. */
  private loadAsked(r: SheetRow): void | Promise<void> {
    const { resolver } = this.input;
    const missing = askedNames(this.ctx, r).filter(
      (a) => !resolver.index(a.kind).complete && !resolver.covers(a.kind, a.text),
    );
    if (missing.length === 0) return;
    return (async () => {
      for (const a of missing) await resolver.load(a.kind, [a.text]);
    })();
  }

  /** A name the look-ahead did not meet, in a list read part-way: fetch it first. */
  private async loadNames(r: SheetRow): Promise<void> {
    const { resolver, mapping } = this.input;
    for (const c of this.lookupCols) {
      if (resolver.index(c.kind).complete) continue;
      const cell = cellAt(mapping, c.index, r.cells);
      if (isEmptyCell(cell)) continue;
      const text = cellText(cell);
      if (!resolver.covers(c.kind, text)) await resolver.load(c.kind, [text]);
    }
  }
}

interface Loop {
  readonly rows: RowOutcomes;
  readonly emitter: Emitter;
}

/** A row checked and reported; a promise only when something must wait. */
function checkRow(loop: Loop, r: SheetRow): void | Promise<void> {
  loop.emitter.readNotes.remember(r);
  const out = loop.rows.track(r, loop.rows.of(r));
  return out instanceof Promise ? out.then((o) => loop.emitter.emit(o)) : loop.emitter.emit(out);
}

async function onePass(loop: Loop, scan: ScannedSheet, probe: SheetSource, learner: Learner): Promise<void> {
  for (let i = 0; i < scan.ahead.length; i++) {
    const waited = checkRow(loop, scan.ahead[i]);
    if (waited) await waited;
  }
  scan.ahead.length = 0;
  const turns = new Turns();
  for (;;) {
    // A row at hand is taken without a promise; only an empty hand waits for the reader.
    const r = probe.take?.() ?? (await scan.nextRow());
    const turn = turns.due();
    if (turn) await turn;
    if (!r) return;
    const learnt = learner.learn(r);
    if (learnt) await learnt;
    const waited = checkRow(loop, r);
    if (waited) await waited;
  }
}

/** Writes (and updates' reads) a few at a time, reported in input order. */
async function concurrently(loop: Loop, source: SheetSource, concurrency: number): Promise<void> {
  const limit = pLimit(concurrency);
  const window: Promise<RowOutcome>[] = [];
  const next = async () => {
    const out = await window.shift()!;
    await loop.emitter.emit(out);
  };
  for await (const r of source.rows) {
    loop.emitter.readNotes.remember(r);
    window.push(
      Promise.resolve(
        loop.rows.track(
          r,
          limit(() => loop.rows.of(r)),
        ),
      ),
    );
    while (window.length >= concurrency * 4) await next();
  }
  while (window.length > 0) await next();
}

/** A sync's records that the sheet no longer has, after its rows: each reported, or changed as --missing says. */
async function reportMissing(
  settings: RunSettings,
  input: MappedInput,
  planned: PlannedRun,
  writer: RowWriter,
  emitter: Emitter,
  stop: StopState,
  headers: readonly string[],
): Promise<void> {
  const { records, body } = planned.missing!;
  const keyColumn = input.mapping.columns.find((c) => isKeyColumn(c, settings.keyField))?.index;
  const nameColumn =
    settings.keyField === 'name'
      ? undefined
      : input.mapping.columns.find((c) => c.target.kind === 'field' && c.target.field.name === 'name')?.index;
  const deps = { settings, writer, body, headers, keyColumn, nameColumn };
  for (const m of records) {
    // A record only reported as missing costs no request: a stopped run still says it is
    // missing, where "not sent" would promise a write that a run again never makes.
    if (stop.stopped && body) {
      await emitter.emit({
        ...stop.notSent({ row: 0, cells: missingCells(deps, m), warnings: [] }),
        id: m.id,
        key: m.key,
      });
      continue;
    }
    try {
      await emitter.emit(await settleMissing(deps, m));
    } catch (e) {
      stop.stop(e);
      await emitter.emit({
        ...stop.notSent({ row: 0, cells: missingCells(deps, m), warnings: [] }),
        id: m.id,
        key: m.key,
      });
    }
  }
}

export async function execute(
  settings: RunSettings,
  input: MappedInput,
  scan: ScannedSheet,
  planned: PlannedRun,
  conn: Connection,
  files: RunFiles,
  progress: (done: number) => void,
): Promise<Executed> {
  // Pass 2, or the rest of the one pass.
  const source = scan.onePass
    ? input.probe
    : withNotesBelow(
        await openSheet(settings.file, {
          sheet: settings.sheet,
          headerRow: input.probe.headerRow,
          isKnownHeader: headerMatcher(settings.def),
        }),
      );
  files.report = await openReport(settings.reportPath, source.headers, { sent: settings.dryRun });
  if (planned.journaled) {
    files.journal = new Journal(settings.journalPath);
    files.journal.open(
      {
        file: resolvePath(settings.file),
        resource: settings.def.name,
        company: settings.company,
        baseUrl: conn.baseUrl,
        mode: settings.mode,
        rows: planned.plan.rows,
        writes: planned.plan.writes,
        rateLimit: settings.connection.rateLimit,
        onExisting: settings.onExisting,
        mapping: withOtherCompanies(
          input.record,
          scan.scanner.otherCompanyCells(),
          runCompanyName(settings, input),
        ),
      },
      planned.state?.runs ?? 0,
    );
  }
  const stop = new StopState(settings.dryRun);
  const writer = rowWriter(settings, input, planned, conn, files);
  const ctx = rowContext(settings, input, scan, planned);
  const rows = new RowOutcomes({ settings, input, scan, planned, ctx, writer, stop });
  // The reader's notes and warnings about a row go on its report line; repaired rows set the exit code.
  const emitter = new Emitter(settings, files.report, new RowReadNotes(source.warnings), stop, progress);
  const onAbort = () => {
    stop.stop(interrupted(settings.dryRun));
    conn.client.interrupt(interrupted(settings.dryRun));
  };
  settings.hooks.signal?.addEventListener('abort', onAbort);
  if (settings.hooks.signal?.aborted) onAbort();
  try {
    const loop = { rows, emitter };
    if (scan.onePass) await onePass(loop, scan, input.probe, new Learner(settings, input, scan, ctx));
    // In order, one at a time: a dry run's rows need the service only for the odd lookup.
    else if (settings.dryRun && settings.mode === 'create') {
      const turns = new Turns();
      for await (const r of source.rows) {
        const turn = turns.due();
        if (turn) await turn;
        const waited = checkRow(loop, r);
        if (waited) await waited;
      }
    } else await concurrently(loop, source, settings.concurrency);
    if (planned.missing) await reportMissing(settings, input, planned, writer, emitter, stop, source.headers);
  } finally {
    settings.hooks.signal?.removeEventListener('abort', onAbort);
  }
  if (emitter.reportFailed) throw emitter.reportFailed;
  return {
    counts: emitter.counts,
    stop,
    writer,
    repairedRows: emitter.readNotes.repaired,
    unmatchedRows: emitter.unmatchedRows,
    resemblingRows: emitter.resemblingRows,
    resemblingById: emitter.resemblingById,
    keyConflictRows: emitter.keyConflictRows,
    keptRows: emitter.keptRows,
    assumedDateRows: emitter.assumedDateRows,
    companies: companySplitOf(settings, input, scan),
  };
}
