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
import { openReport, type ReportWriter, type RowOutcome, type RowStatus } from '../report/report.js';
import { Journal } from '../send/journal.js';
import type { JournalLock } from '../send/lock.js';
import type { RunMemory } from '../send/remembered.js';
import { RowWriter } from '../send/writer.js';
import type { RunFile } from './run-file.js';
import type { RowContext } from '../validate/validate.js';
import type { MappedInput } from './input.js';
import type { PlannedRun, ScannedSheet } from './plan.js';
import { RowReadNotes } from './read-notes.js';
import { RowOutcomes } from './rows.js';
import { StopState, interrupted } from './stop.js';
import { lookupColumns, scanDateOrders } from './scan.js';
import { missingCells, settleMissing } from './missing.js';
import type { RunSettings } from './settings.js';

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

const emptyCounts = (): Record<RowStatus, number> => ({ created: 0, updated: 0, skipped: 0, invalid: 0, failed: 0, valid: 0, 'not sent': 0, unchanged: 0, missing: 0, conflict: 0 });

export interface Executed {
  readonly counts: Record<RowStatus, number>;
  readonly stop: StopState;
  readonly writer: RowWriter;
  readonly repairedRows: number;
  /** Rows with a name a list lacks, left empty or set to the default (W_UNMATCHED). */
  readonly unmatchedRows: number;
}

export function rowContext(s: RunSettings, input: MappedInput, sc: ScannedSheet): RowContext {
  return {
    def: s.def,
    mode: s.mode,
    company: s.company,
    mapping: input.mapping,
    dateOrders: sc.dateOrders,
    defaultDateOrder: s.dateOrder,
    resolver: input.resolver,
    fieldTemplates: input.custom.fieldTemplates,
    formTemplates: input.custom.formTemplates,
    partial: s.mode === 'update' && !s.replace,
    reportedWrites: s.onExisting === 'update' ? 'update' : 'skip',
    unmatched: s.unmatched,
  };
}

export function rowWriter(s: RunSettings, input: MappedInput, planned: PlannedRun, conn: Connection, files: RunFiles): RowWriter {
  const resolver = input.resolver;
  return new RowWriter({
    client: conn.client,
    def: s.def,
    company: s.company,
    mapping: input.mapping,
    journal: files.journal,
    memory: files.memory,
    // A sync keeps a colleague's edit: each field is judged against what the last run sent.
    lastSent: s.sync && files.memory ? (id) => files.memory!.lastSent(id) : undefined,
    preferSheet: s.sync?.preferSheet,
    prior: planned.prior,
    mark: planned.mark,
    uniqueField: s.uniqueField,
    onExisting: s.onExisting,
    existing: planned.existing,
    existingComplete: planned.existingComplete,
    existingSince: planned.existingSince,
    records: planned.records,
    countryCode: (name) => {
      const r = resolver.resolve('country', name);
      return r.ok ? r.entry.id : undefined;
    },
    beforeRead: () => resolver.load('country', []),
    nameOf: (kind, id) => resolver.nameOf(kind, id),
  });
}

/** Each outcome to the report, the counts, the caller and the progress line. */
class Emitter {
  readonly counts = emptyCounts();
  reportFailed?: AssetbatchError;
  unmatchedRows = 0;
  private done = 0;
  private readonly debug: boolean;

  constructor(
    private readonly s: RunSettings,
    private readonly report: ReportWriter,
    readonly readNotes: RowReadNotes,
    private readonly stop: StopState,
    private readonly progress: (done: number) => void,
  ) {
    this.debug = s.hooks.logger?.isLevelEnabled('debug') === true;
  }

  /** A report that cannot be written (a full disk) stops the run: rows in flight finish and are journaled, nothing more is sent. */
  private fail(e: unknown): void {
    this.reportFailed ??= fileWriteError(e, this.s.reportPath);
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
    if (out.warnings.length > 0 && out.warnings.some((w) => w.code === 'W_UNMATCHED')) this.unmatchedRows++;
    if (this.debug) this.s.hooks.logger!.debug({ row: out.row, status: out.status, id: out.id, issues: out.issues.map((i) => i.code) }, 'row');
    const written = this.write(out);
    this.s.hooks.onRow?.(out);
    this.progress(++this.done);
    return written;
  }
}

/** The one pass, after the look-ahead: what a row teaches (its key, dates, names) before it is checked. */
class Learner {
  private readonly lookupCols;
  private readonly settledBySideScan = new Set<number>();

  constructor(
    private readonly s: RunSettings,
    private readonly input: MappedInput,
    private readonly sc: ScannedSheet,
  ) {
    this.lookupCols = lookupColumns(input.mapping);
  }

  /** A promise only when learning needs the file again or the service. */
  learn(r: SheetRow): void | Promise<void> {
    this.sc.scanner.add(r);
    if (this.sc.scanner.dirty) return this.settleDates();
    const { resolver, mapping } = this.input;
    for (const c of this.lookupCols) {
      if (!resolver.index(c.kind).complete && !isEmptyCell(cellAt(mapping, c.index, r.cells))) return this.loadNames(r);
    }
  }

  private async settleDates(): Promise<void> {
    const { scanner, dateOrders, where } = this.sc;
    scanner.dirty = false;
    // A column that now mixes orders stops the run, as a first pass would have.
    for (const [col, order] of scanner.dateOrders(where, false)) dateOrders.set(col, order);
    if (!scanner.unsettled().some((c) => !this.settledBySideScan.has(c.index))) return;
    const side = await openSheet(this.s.file, { sheet: this.s.sheet, headerRow: this.input.probe.headerRow, isKnownHeader: headerMatcher(this.s.def) });
    for (const [col, order] of await scanDateOrders(side.rows, this.input.mapping, where)) {
      dateOrders.set(col, order);
      this.settledBySideScan.add(col);
    }
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
function checkRow(l: Loop, r: SheetRow): void | Promise<void> {
  l.emitter.readNotes.remember(r);
  const out = l.rows.track(r, l.rows.of(r));
  return out instanceof Promise ? out.then((o) => l.emitter.emit(o)) : l.emitter.emit(out);
}

async function onePass(l: Loop, sc: ScannedSheet, probe: SheetSource, learner: Learner): Promise<void> {
  for (let i = 0; i < sc.ahead.length; i++) {
    const waited = checkRow(l, sc.ahead[i]);
    if (waited) await waited;
  }
  sc.ahead.length = 0;
  const turns = new Turns();
  for (;;) {
    // A row at hand is taken without a promise; only an empty hand waits for the reader.
    const r = probe.take?.() ?? (await sc.nextRow());
    const turn = turns.due();
    if (turn) await turn;
    if (!r) return;
    const learnt = learner.learn(r);
    if (learnt) await learnt;
    const waited = checkRow(l, r);
    if (waited) await waited;
  }
}

/** Writes (and updates' reads) a few at a time, reported in input order. */
async function concurrently(l: Loop, source: SheetSource, concurrency: number): Promise<void> {
  const limit = pLimit(concurrency);
  const window: Promise<RowOutcome>[] = [];
  const next = async () => {
    const out = await window.shift()!;
    await l.emitter.emit(out);
  };
  for await (const r of source.rows) {
    l.emitter.readNotes.remember(r);
    window.push(Promise.resolve(l.rows.track(r, limit(() => l.rows.of(r)))));
    while (window.length >= concurrency * 4) await next();
  }
  while (window.length > 0) await next();
}

/** A sync's records that the sheet no longer has, after its rows: each reported, or changed as --missing says. */
async function reportMissing(s: RunSettings, input: MappedInput, planned: PlannedRun, writer: RowWriter, emitter: Emitter, stop: StopState, headers: readonly string[]): Promise<void> {
  const { records, body } = planned.missing!;
  const keyColumn = input.mapping.columns.find((c) => isKeyColumn(c, s.keyField))?.index;
  const nameColumn = s.keyField === 'name' ? undefined : input.mapping.columns.find((c) => c.target.kind === 'field' && c.target.field.name === 'name')?.index;
  const deps = { s, writer, body, headers, keyColumn, nameColumn };
  for (const m of records) {
    if (stop.stopped) {
      await emitter.emit({ ...stop.notSent({ row: 0, cells: missingCells(deps, m), warnings: [] }), id: m.id, key: m.key });
      continue;
    }
    try {
      await emitter.emit(await settleMissing(deps, m));
    } catch (e) {
      stop.stop(e);
      await emitter.emit({ ...stop.notSent({ row: 0, cells: missingCells(deps, m), warnings: [] }), id: m.id, key: m.key });
    }
  }
}

export async function execute(s: RunSettings, input: MappedInput, sc: ScannedSheet, planned: PlannedRun, conn: Connection, files: RunFiles, progress: (done: number) => void): Promise<Executed> {
  // Pass 2, or the rest of the one pass.
  const source = sc.onePass ? input.probe : await openSheet(s.file, { sheet: s.sheet, headerRow: input.probe.headerRow, isKnownHeader: headerMatcher(s.def) });
  files.report = await openReport(s.reportPath, source.headers, { sent: s.dryRun });
  if (planned.journaled) {
    files.journal = new Journal(s.journalPath);
    files.journal.open({ file: resolvePath(s.file), resource: s.def.name, company: s.company, baseUrl: conn.baseUrl, mode: s.mode, rows: planned.plan.rows, writes: planned.plan.writes, rateLimit: s.connection.rateLimit }, planned.state?.runs ?? 0);
  }
  const stop = new StopState(s.dryRun);
  const writer = rowWriter(s, input, planned, conn, files);
  const rows = new RowOutcomes({ s, input, sc, planned, ctx: rowContext(s, input, sc), writer, stop });
  // The reader's notes and warnings about a row go on its report line; repaired rows set the exit code.
  const emitter = new Emitter(s, files.report, new RowReadNotes(source.warnings), stop, progress);
  const onAbort = () => {
    stop.stop(interrupted(s.dryRun));
    conn.client.interrupt(interrupted(s.dryRun));
  };
  s.hooks.signal?.addEventListener('abort', onAbort);
  if (s.hooks.signal?.aborted) onAbort();
  try {
    const l = { rows, emitter };
    if (sc.onePass) await onePass(l, sc, input.probe, new Learner(s, input, sc));
    // In order, one at a time: a dry run's rows need the service only for the odd lookup.
    else if (s.dryRun && s.mode === 'create') {
      const turns = new Turns();
      for await (const r of source.rows) {
        const turn = turns.due();
        if (turn) await turn;
        const waited = checkRow(l, r);
        if (waited) await waited;
      }
    }
    else await concurrently(l, source, s.concurrency);
    if (planned.missing) await reportMissing(s, input, planned, writer, emitter, stop, source.headers);
  } finally {
    s.hooks.signal?.removeEventListener('abort', onAbort);
  }
  if (emitter.reportFailed) throw emitter.reportFailed;
  return { counts: emitter.counts, stop, writer, repairedRows: emitter.readNotes.repaired, unmatchedRows: emitter.unmatchedRows };
}
