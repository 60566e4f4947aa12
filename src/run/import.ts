// The import run: read → map → coerce → resolve → validate → send → report, as five stages:
//   resolveOptions (settings.ts)  flags, config and mapping file → one frozen RunSettings
//   probeInput, mapInput (input.ts)  the sheet opened, its headers mapped → a MappedInput
//   scanInput, makePlan (plan.ts)  the scan (or a dry run's look-ahead) → the ImportPlan
//   execute (execute.ts, rows.ts)  rows → outcomes, through the journal and the writer
//   finish (finish.ts)  the summary and the report
// An import reads the sheet twice, streaming both times: the scan and the run itself. A dry
// run reads it once, learning from its first rows (scan.ts). A repeat maps the sheet as its
// journal recorded (recorded-mapping.ts), and again with the lists only when the journal did
// not do every row (mapAfresh). Nothing is written before the plan is known; every row ends
// in the report.
import { idCellColumn } from './id-cell.js';
import { checkRememberedRecords } from './remembered-check.js';
import { resolve as resolvePath } from 'node:path';
import { emptyCounts } from '../report/report.js';
import { connect, type Connection } from '../connect.js';
import type { SheetSource } from '../read/types.js';
import { lockJournal } from '../send/lock.js';
import { memoryPath, openMemory, type MemoryScope } from '../send/memory.js';
import { RunMemory } from '../send/remembered.js';
import { fieldByName } from '../resources/fields.js';
import { keyName } from './rows.js';
import { execute, type RunFiles } from './execute.js';
import { finish, reportAllNotSent } from './finish.js';
import { mapInput, probeInput } from './input.js';
import {
  journalDoesEveryRow,
  journalPast,
  makePlan,
  memoryKnowsCells,
  memoryMayAnswer,
  scanInput,
  type PlannedRun,
  type ScannedSheet,
} from './plan.js';
import { sameReading } from './journal-rows.js';
import { mappingChange } from './recorded-mapping.js';
import type { MappedInput } from './input.js';
import { canCompareFirst, compareFirst, keylessMatches, withComparedWrites } from './preview.js';
import { interrupted, isInterruption } from './stop.js';
import { RunFile, runFilePath } from './run-file.js';
import { checkReportPath, resolveOptions, type RunSettings } from './settings.js';
import type { ImportOptions, ImportSummary } from './types.js';

export type * from './types.js';
export { listPresets, loadMappingFile, presetPath } from './mapping-file.js';
export { writableResource } from './settings.js';
export { loadCustomFields } from './input.js';
/** ImportOptions.headerRow for a file without a header row (`--no-header`). */
export { NO_HEADER_ROW } from '../read/types.js';

/** The run's connection; stops end its waits. */
async function openConnection(settings: RunSettings): Promise<Connection> {
  const { hooks } = settings;
  const conn =
    settings.connectionOverride ??
    (await connect(settings.connection, { logger: hooks.logger, sandboxOptions: settings.sandboxOptions }));
  conn.client.limiter.onWait = (ms) => {
    hooks.logger?.info({ waitMs: ms }, "waiting for the account's rate limit");
    hooks.onWait?.(ms);
  };
  return conn;
}

/**
 * The sheet opened and the connection started side by side: an in-process sandbox takes a
 * while to start, as does a large workbook's reading thread before its header comes. No
 * request is sent before the sheet is open, and a bad file's error is the one reported.
 */
async function openInput(settings: RunSettings): Promise<{ probe: SheetSource; conn: Connection }> {
  const probing = probeInput(settings);
  const connecting = openConnection(settings);
  // Settled either way below; until then a failure is not an unhandled rejection.
  connecting.catch(() => undefined);
  let probe: SheetSource;
  try {
    probe = await probing;
  } catch (e) {
    await connecting.then(
      (conn) => (settings.connectionOverride ? undefined : conn.close()),
      () => undefined,
    );
    throw e;
  }
  try {
    return { probe, conn: await connecting };
  } catch (e) {
    await probe.close?.();
    throw e;
  }
}

/** The memory of what was sent to this service, company and resource, for this run's rows. */
/** The memory of what was sent a run asks: its service, company and resource. */
const memoryScope = (settings: RunSettings, conn: Connection): MemoryScope => ({
  service: conn.baseUrl,
  company: settings.company,
  resource: settings.def.name,
});

function runMemory(settings: RunSettings, conn: Connection): RunMemory {
  return new RunMemory({
    memory: openMemory(memoryScope(settings, conn), undefined, (lock, freeAfterMs) => {
      settings.hooks.logger?.warn({ lock }, 'waiting for the lock on the memory of what was sent');
      settings.hooks.onLockWait?.(lock, freeAfterMs);
    }),
    file: settings.file,
    // A dry run says what the run would, whose report it names (`assetbatch update <report>`).
    report: settings.realReportPath,
    allowDuplicates: settings.allowDuplicates,
    onExisting: settings.onExisting,
    stopped: () => (conn.client.isInterrupted ? interrupted() : undefined),
    // A sync retires the record a changed keyless row no longer matches: it is never there twice.
    resembling: settings.createResembling || settings.sync ? 'create' : 'hold',
    keyName: keyName(settings.keyField),
    label: (field) => fieldByName(settings.def, field)?.label ?? field,
  });
}

/**
 * The progress line's figures, from the limiter; the costly ones only when asked. The run
 * file gets the same ETA, by the same rule, for `assetbatch status` in another terminal.
 */
function progressOf(
  settings: RunSettings,
  planned: PlannedRun,
  conn: Connection,
  startRequests: number,
  runFile: RunFile | undefined,
): (done: number) => void {
  const onProgress = settings.hooks.onProgress;
  if (!onProgress && !runFile) return () => undefined;
  const { plan, requestsPerRow } = planned;
  const total = plan.counted ? plan.rows + plan.totalsRows + plan.noteRows : undefined;
  const limiter = conn.client.limiter;
  const etaMs = (done: number) =>
    total === undefined ? undefined : limiter.estimateMs(Math.ceil((total - done) * requestsPerRow));
  return (done) => {
    runFile?.progress(done, total, () => etaMs(done));
    onProgress?.({
      done,
      total,
      requests: conn.client.stats.requests - startRequests,
      windowLeft: () => Math.max(0, limiter.limit - limiter.inWindow()),
      etaMs: () => etaMs(done),
    });
  };
}

/**
 * A repeat mapped as its journal recorded, whose journal did not do every row: the sheet is
 * mapped again with the lists, as on a first run. Read alike, the scan stands; else the
 * sheet is scanned again with the new mapping, and the plan says what changed.
 */
async function mapAfresh(
  settings: RunSettings,
  input: MappedInput,
  scan: ScannedSheet,
  conn: Connection,
  memoryKnows: boolean,
): Promise<{ input: MappedInput; scan: ScannedSheet }> {
  const fresh = await mapInput(settings, input.probe, conn, input);
  if (sameReading(settings, input.mapping, fresh.mapping, scan)) return { input: fresh, scan };
  await input.probe.close?.();
  const warnings = [...fresh.mapping.warnings, mappingChange(input.mapping, fresh.mapping)];
  const moved = { ...fresh, probe: await probeInput(settings), mapping: { ...fresh.mapping, warnings } };
  return { input: moved, scan: await scanInput(settings, moved, { memoryKnows, service: conn.baseUrl }) };
}

/**
 * A repeat's register whose rows were all taken as the run's company (companyDeferred), not
 * all done by its journal: scanned again with the company list, its mapping as recorded.
 */
async function withCompanies(
  settings: RunSettings,
  input: MappedInput,
  memoryKnows: boolean,
  service: string,
): Promise<{ input: MappedInput; scan: ScannedSheet }> {
  await input.probe.close?.();
  const again = { ...input, probe: await probeInput(settings) };
  return {
    input: again,
    scan: await scanInput(settings, again, { memoryKnows, companies: 'read', service }),
  };
}

export async function importSpreadsheet(options: ImportOptions): Promise<ImportSummary> {
  const started = Date.now();
  const settings = await resolveOptions(options);
  const { probe, conn } = await openInput(settings);
  // The sheet as now open: a repeat mapped afresh opens it again (mapAfresh).
  let open = probe;
  const startRequests = conn.client.stats.requests;
  // A stop asked for while the plan is made (lists, the existing-record check) ends those waits too.
  const interruptClient = () => conn.client.interrupt(interrupted());
  options.signal?.addEventListener('abort', interruptClient, { once: true });
  if (options.signal?.aborted) interruptClient();
  const files: RunFiles = {};
  try {
    let input = await mapInput(settings, probe, conn);
    // An in-process sandbox is a new account each time: no memory of what was sent to it.
    const memoryFile = conn.sandbox ? undefined : memoryPath(memoryScope(settings, conn));
    const memoryKnows = memoryFile !== undefined && memoryMayAnswer(settings, memoryFile);
    let scan = await scanInput(settings, input, { memoryKnows, service: conn.baseUrl });
    await checkReportPath(options.file, settings.reportPath);
    // An in-process sandbox dies with the process, so there is nothing to resume into: no journal.
    const journaled = !settings.dryRun && !conn.sandbox;
    if (journaled) {
      files.lock = await lockJournal(settings.journalPath, options.file, (e) =>
        options.logger?.warn(
          { err: e.message, lock: settings.journalPath },
          'the lock on the journal was lost (its folder removed by hand?); another run could now start on this file',
        ),
      );
      files.memory = runMemory(settings, conn);
    } else if (!conn.sandbox) {
      // A dry run reads the memory and writes nothing: a sync's shows its conflicts, an
      // import's the keyless rows the real run skips as made already or holds back, an
      // update's the keyless rows it finds as an earlier run made them.
      files.memory = runMemory(settings, conn);
    }
    // A repeat that would skip rows as made checks that the service still has their records.
    const memory = files.memory;
    const knownByCells = memory && (() => memoryKnowsCells(settings, input, scan, memory));
    const sheet = { settings, scan, knownByCells, idColumn: idCellColumn(settings, input) !== undefined };
    const past = await checkRememberedRecords(
      sheet,
      conn,
      await journalPast(settings, conn, journaled),
      memory,
    );
    // A company column's rows taken as the run's: the journal did not do them all, so the list tells them apart.
    if (scan.companyDeferred && !journalDoesEveryRow(settings, input, scan, past)) {
      ({ input, scan } = await withCompanies(settings, input, memoryKnows, conn.baseUrl));
      open = input.probe;
    }
    // Mapped as the last run was, without the lists: that stands only if the journal did every row.
    if (input.replayed && !journalDoesEveryRow(settings, input, scan, past)) {
      ({ input, scan } = await mapAfresh(settings, input, scan, conn, memoryKnows));
      open = input.probe;
    }
    // Keyless rows are matched by their values, lookups resolved: once the lists are read.
    const made = await makePlan(
      settings,
      input,
      scan,
      conn,
      { ...past, memory: files.memory },
      (listed, done, state) => keylessMatches(settings, input, scan, files.memory, { state, done }, listed),
    );
    // The plan's writes, exactly, when the records were listed: each row compared with its copy first.
    const planned = canCompareFirst(settings, scan, made)
      ? withComparedWrites(made, await compareFirst(settings, input, scan, made, conn, files), conn)
      : made;
    options.onPlan?.(planned.plan);
    // The limiter knows the work ahead: a run that fits the window's room goes at once, a longer one is spread evenly.
    if (!settings.dryRun) conn.client.limiter.expect(planned.plannedRequests);
    options.logger?.info({ plan: { ...planned.plan, mapped: planned.plan.mapped.length } }, 'plan');
    const stats0 = { throttled: conn.client.stats.throttled, retries: conn.client.stats.retries };
    if (journaled)
      files.runFile = new RunFile(runFilePath(settings.journalPath), settings.sync ? 'sync' : settings.mode);
    const ran = await execute(
      settings,
      input,
      scan,
      planned,
      conn,
      files,
      progressOf(settings, planned, conn, startRequests, files.runFile),
    );
    return await finish(settings, planned, ran, conn, files, { started, startRequests, stats0 });
  } catch (e) {
    files.journal?.close();
    const hadReport = files.report !== undefined;
    await files.report?.abort();
    // Stopped while the plan was made: nothing was sent, and the report still lists every row.
    if (isInterruption(e) && !hadReport && !settings.dryRun)
      await stoppedInPlan(settings, probe, files, (e as Error).message);
    throw e;
  } finally {
    // A run that stops early must still let go of the file (and a reading thread).
    options.signal?.removeEventListener('abort', interruptClient);
    await open.close?.();
    files.memory?.close();
    await files.lock?.release();
    if (!options.connectionOverride) await conn.close();
  }
}

/**
 * Stopped while the plan was made: nothing was sent, and the report lists every row as not
 * sent (the lines that are not records as skipped). A journaled run also leaves its run
 * file, so `status` can say so (there is no journal).
 */
async function stoppedInPlan(
  settings: RunSettings,
  probe: SheetSource,
  files: RunFiles,
  message: string,
): Promise<void> {
  const rows = await reportAllNotSent(settings, probe.sheet, probe.headerRow, probe.headers, message).catch(
    () => undefined,
  );
  if (rows === undefined || !files.lock) return;
  const counts = { ...emptyCounts(), skipped: rows.skipped, 'not sent': rows.notSent };
  new RunFile(runFilePath(settings.journalPath), settings.sync ? 'sync' : settings.mode, {
    file: resolvePath(settings.file),
    resource: settings.def.name,
  }).end(counts, message);
}

/** A dry run: every check, nothing written. */
export function validateSpreadsheet(options: Omit<ImportOptions, 'dryRun'>): Promise<ImportSummary> {
  return importSpreadsheet({ ...options, dryRun: true });
}

/**
 * Make the service match the sheet for the records it covers: new rows created, changed
 * rows updated (their changed fields only), unchanged rows left alone without a request,
 * and the records the sheet no longer has reported (or archived, or given a value).
 */
export function syncSpreadsheet(options: Omit<ImportOptions, 'mode' | 'onExisting'>): Promise<ImportSummary> {
  return importSpreadsheet({ ...options, mode: 'create', onExisting: 'update', sync: options.sync ?? {} });
}

/** Update records from a sheet: each row's record found by ID or natural key, merged, its changes PATCHed (or PUT). */
export function updateSpreadsheet(options: Omit<ImportOptions, 'mode'>): Promise<ImportSummary> {
  return importSpreadsheet({ ...options, mode: 'update' });
}
