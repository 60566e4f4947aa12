// Stage 5 of an import: the summary, the share of the account this run got (for the next
// run's pace), the journal closed and the report put in place. And the report of a run
// stopped before its first row: every row listed as not sent.
import { Turns } from '../util/turns.js';
import type { Connection } from '../connect.js';
import { rememberRate } from '../api/pace-memory.js';
import { fileWriteError } from '../errors.js';
import { openReport } from '../report/report.js';
import { openSheet } from '../read/index.js';
import { notARecord } from '../validate/validate.js';
import type { Executed, RunFiles } from './execute.js';
import type { PlannedRun } from './plan.js';
import { withNotesBelow } from './notes-below.js';
import { checkReportPath, type RunSettings } from './settings.js';
import { stopOf } from './stop.js';
import type { ImportSummary } from './types.js';

/**
 * Remember the share of the account this run got, for the next run's plan and pace: the
 * rate it paced at when it ended, while below the limit (after a 429, or climbing back
 * from a remembered share); the whole limit when a run of more than a window had it.
 */
function notePace(conn: Connection, durationMs: number): void {
  const limiter = conn.client.limiter;
  if (!conn.paceKey || limiter.limit <= 0) return;
  const rate = limiter.currentRate();
  if (limiter.rate.adapted && rate < limiter.limit) rememberRate(conn.paceKey, limiter.limit, rate);
  else if (durationMs > 60_000) rememberRate(conn.paceKey, limiter.limit, limiter.limit);
}

export interface RunCost {
  readonly started: number;
  readonly startRequests: number;
  readonly stats0: { readonly throttled: number; readonly retries: number };
}

export async function finish(
  settings: RunSettings,
  planned: PlannedRun,
  ran: Executed,
  conn: Connection,
  files: RunFiles,
  cost: RunCost,
): Promise<ImportSummary> {
  const durationMs = Date.now() - cost.started;
  const total = Object.values(ran.counts).reduce((a, b) => a + b, 0);
  const { counts, writer } = ran;
  // A journal that took no more lines (deleted, a full disk) after the last row's write stops the run too.
  const broken = files.journal?.failure;
  const stopped = ran.stop.ending ?? (broken ? stopOf(broken) : undefined);
  const summary: ImportSummary = {
    file: settings.file,
    resource: settings.def.name,
    dryRun: settings.dryRun,
    rows: total,
    counts,
    requests: conn.client.stats.requests - cost.startRequests,
    throttled: conn.client.stats.throttled - cost.stats0.throttled,
    retries: conn.client.stats.retries - cost.stats0.retries,
    recovered: writer.recovered,
    durationMs,
    // Rows the run went through: those a stop left unsent are not its pace.
    rowsPerSecond: (total - counts['not sent']) / Math.max(0.001, durationMs / 1000),
    report: settings.reportPath,
    journal: files.journal?.path,
    stopped,
    wouldStop: planned.wouldStop && {
      code: planned.wouldStop.code,
      message: planned.wouldStop.message,
      hint: planned.wouldStop.hint,
    },
    repairedRows: ran.repairedRows,
    unmatchedRows: ran.unmatchedRows,
    resemblingRows: ran.resemblingRows,
    resemblingById: ran.resemblingById,
    keyConflictRows: ran.keyConflictRows,
    keptRows: ran.keptRows,
    assumedDateRows: ran.assumedDateRows,
    changedRows: writer.changedSkipped,
    // Every row is counted by now, a one-pass dry run's too.
    companies: ran.companies,
    warnings: [...planned.plan.warnings, ...writer.warnings],
    runWarnings: [...writer.warnings],
    plan: planned.plan,
  };
  notePace(conn, durationMs);
  for (const w of writer.warnings) settings.hooks.logger?.warn(w);
  settings.hooks.logger?.info(
    {
      counts,
      requests: summary.requests,
      throttled: summary.throttled,
      recovered: summary.recovered,
      durationMs,
      stopped,
    },
    'summary',
  );
  files.journal?.close();
  files.journal = undefined;
  files.runFile?.end(counts, stopped?.message);
  await files.report!.close(summary).catch((e: unknown) => {
    throw fileWriteError(e, settings.reportPath);
  });
  files.report = undefined;
  return summary;
}

/** What a run stopped before it sent anything leaves: each row not sent, or skipped as not a record. */
export interface NothingSent {
  readonly notSent: number;
  readonly skipped: number;
}

/**
 * Every row of the sheet as "not sent" (a run stopped before it sent anything), but for the
 * lines that are not records (totals, notes below the table, the header again): those are
 * skipped with their reason, as a finished run would report them.
 */
export async function reportAllNotSent(
  settings: RunSettings,
  sheet: string | undefined,
  headerRow: number,
  headers: readonly string[],
  message: string,
): Promise<NothingSent> {
  await checkReportPath(settings.file, settings.reportPath);
  const source = withNotesBelow(await openSheet(settings.file, { sheet, headerRow }));
  const report = await openReport(settings.reportPath, headers);
  try {
    const turns = new Turns();
    let notSent = 0;
    let skipped = 0;
    for await (const r of source.rows) {
      const turn = turns.due();
      if (turn) await turn;
      const note = notARecord(r);
      const base = { row: r.row, cells: r.cells, text: r.text, warnings: [] };
      if (note !== undefined) {
        await report.write({ ...base, status: 'skipped', issues: [], note });
        skipped++;
        continue;
      }
      await report.write({
        ...base,
        status: 'not sent',
        issues: [{ code: 'E_INTERRUPTED', message: `not sent: ${message}` }],
      });
      notSent++;
    }
    await report.close();
    return { notSent, skipped };
  } catch (e) {
    await report.abort();
    throw e;
  } finally {
    await source.close?.();
  }
}
