// `assetbatch status`: how far a run is, from its journal alone, whether the run is still
// going or stopped: rows done by outcome, rows left, the rate over the last minutes, the
// ETA, the last error, and whether the run is alive (it holds the journal's lock).
import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { AssetbatchError } from '../errors.js';
import { loadJournal, type JournalHeader, type JournalLine } from '../send/journal.js';
import { lockHolder } from '../send/lock.js';
import type { RowStatus } from '../report/report.js';
import { latestRunFile, readRunFile, runFilePath } from './run-file.js';
import { defaultReportPath, inputOfCheckReport, journalPathFor } from './settings.js';

/** Minutes the rate is measured over. */
export const RATE_MINUTES = 5;

/** running: a run holds the journal; finished: the run ended on its own; stopped: it was stopped (or died) before the end. */
export type RunState = 'running' | 'finished' | 'stopped';

export interface RunStatus {
  readonly journal: string;
  readonly state: RunState;
  /** A run that ended (finished, or stopped and said so): its outcome counts, the report's. */
  readonly outcome?: Readonly<Record<RowStatus, number>>;
  /** Why an ended run stopped. */
  readonly stoppedBecause?: string;
  readonly file: string;
  readonly resource: string;
  readonly mode: string;
  readonly alive: boolean;
  readonly holder?: { pid?: number; host?: string; started?: string };
  /** Runs the journal has seen (a resumed import adds one each time). */
  readonly runs: number;
  readonly rows?: number;
  readonly counts: { created: number; updated: number; failed: number; inFlight: number };
  /** Rows not sent yet: an ended run's "not sent"; else rows the journal has no outcome for (invalid rows are never journaled, so this is at most). */
  readonly left?: number;
  /** Rows finished a minute over the last RATE_MINUTES minutes (of the journal's last entry, when the run is stopped). */
  readonly rowsPerMinute: number;
  readonly etaSeconds?: number;
  readonly lastError?: { row: number; message: string; at: string };
  readonly lastActivity?: string;
  /** A workbook imported sheet by sheet: each sheet's run, in the order they ran (the fields above are the last sheet's). */
  readonly sheets?: readonly (RunStatus & { readonly sheet: string })[];
}

/** The journal for what the user names: the journal itself, a report (or the .part it grows in, or a dry run's), or the input. */
function journalFor(given: string): string {
  // The report as it grows (<report>.<pid>.part) stands for the report.
  const file = given.replace(/\.\d+\.part$/, '');
  if (/\.journal\.ndjson$/i.test(file)) return file;
  if (
    /\.report\.(csv|xlsx|json)$/i.test(file) ||
    (/\.(csv|xlsx|json)$/i.test(file) && existsSync(journalPathFor(file)))
  )
    return journalPathFor(file);
  // A dry run's report (<input>.check.csv) has no journal: the input's real run has.
  return journalPathFor(defaultReportPath(inputOfCheckReport(file) ?? file));
}

/** What the journal's entries say of the run's pace and its last failure, gathered as it is read. */
interface Timeline {
  /** The latest run's header: a resumed run's plan (its rows) is the one that counts. */
  header?: JournalHeader;
  finished: number[];
  lastError?: RunStatus['lastError'];
  last?: string;
}

function timelineCollector(): { timeline: Timeline; onEntry: (line: JournalLine) => void } {
  const timeline: Timeline = { finished: [] };
  const onEntry = (line: JournalLine) => {
    if (line.t === 'run') timeline.header = line;
    const at = line.t === 'run' ? line.started : line.at;
    if (at) timeline.last = at;
    // A row a stop left unsent ("not sent: interrupted") was not worked on: it is no pace, and
    // no error of its own (the stop's reason is the run's; a later run may have sent it).
    if (line.t === 'failed' && line.message.startsWith('not sent')) return;
    // A done line with cells says again an outcome an earlier run had (Journal.knownByCells): no row finished then.
    if ((line.t === 'done' && line.cells === undefined) || line.t === 'failed')
      timeline.finished.push(Date.parse(line.at));
    if (line.t === 'failed') timeline.lastError = { row: line.row, message: line.message, at: line.at };
  };
  return { timeline, onEntry };
}

export async function runStatus(file: string, now = Date.now()): Promise<RunStatus> {
  const journal = journalFor(file);
  const sheets = existsSync(journal) ? undefined : await workbookStatus(file, now);
  if (sheets) return { ...sheets[sheets.length - 1], sheets };
  if (!existsSync(journal)) {
    const before = stoppedBeforeJournal(journal);
    if (before) return before;
    throw new AssetbatchError('E_FILE_NOT_FOUND', `no journal for this run (looked for ${journal})`, {
      location: { file },
      hint: 'Give the input, its report or its journal (<report>.journal.ndjson). A dry run, or a run on the in-process --sandbox, keeps no journal.',
    });
  }
  const { timeline: t, onEntry } = timelineCollector();
  const state = loadJournal(journal, onEntry);
  const header = t.header ?? state.header;
  const count = (pred: (a: (typeof state.attempts)[number]) => boolean) => state.attempts.filter(pred).length;
  const counts = {
    created: count((a) => a.state === 'done' && a.done?.status === 'created'),
    updated: count((a) => a.state === 'done' && a.done?.status === 'updated'),
    failed: count((a) => a.state === 'failed'),
    inFlight: count((a) => a.state === 'sent'),
  };
  const holder = await lockHolder(journal);
  const rows = header?.rows;
  const rate = rowsPerMinute(t.finished, holder.alive ? now : (t.finished.at(-1) ?? now));
  const latest = latestRunFile(journal, header?.started);
  const ended = !holder.alive ? latest?.ended : undefined;
  if (ended) {
    // The report's counts: rows the run never sent are "not sent", never "failed".
    counts.failed = ended.counts.failed;
    counts.inFlight = 0;
  }
  const left = ended
    ? ended.counts['not sent']
    : rows === undefined
      ? undefined
      : Math.max(0, rows - counts.created - counts.updated - counts.failed);
  return {
    journal,
    state: holder.alive ? 'running' : ended && !ended.stopped ? 'finished' : 'stopped',
    outcome: ended?.counts,
    stoppedBecause: ended?.stopped,
    file: header?.file ?? file,
    resource: header?.resource ?? '',
    // A sync's journal says create (its rows are created or updated); its run file says sync.
    mode: latest?.mode ?? header?.mode ?? '',
    alive: holder.alive,
    holder: holder.alive ? { pid: holder.pid, host: holder.host, started: holder.started } : undefined,
    runs: state.runs,
    // An ended run's rows are its report's (totals and notes below the table too), as its counts
    // are; a sync's missing records are the service's, not the sheet's rows.
    rows: ended ? reportRows(ended.counts) : rows,
    counts,
    left,
    rowsPerMinute: rate,
    etaSeconds: holder.alive ? runEtaSeconds(latest, now) : undefined,
    lastError: t.lastError,
    lastActivity: t.last,
  };
}

/** The sheet's rows in a report's counts: every status but a sync's records the sheet lacks. */
const reportRows = (counts: Readonly<Record<string, number>>): number =>
  Object.entries(counts).reduce((n, [status, c]) => (status === 'missing' ? n : n + c), 0);

/** A run stopped while it made its plan: no journal, only its run file, and every row not sent. */
function stoppedBeforeJournal(journal: string): RunStatus | undefined {
  const run = readRunFile(runFilePath(journal));
  if (!run?.ended || !run.about) return undefined;
  const left = run.ended.counts['not sent'];
  return {
    journal,
    state: 'stopped',
    outcome: run.ended.counts,
    stoppedBecause: run.ended.stopped,
    file: run.about.file,
    resource: run.about.resource,
    mode: run.mode,
    alive: false,
    runs: 0,
    rows: run.total,
    counts: { created: 0, updated: 0, failed: 0, inFlight: 0 },
    left,
    rowsPerMinute: 0,
    lastActivity: run.at,
  };
}

/**
 * The running run's own ETA (its progress line's, by the rate limiter's rule), less the time
 * since it was written; undefined before the run has written one.
 */
function runEtaSeconds(run: ReturnType<typeof readRunFile>, now: number): number | undefined {
  if (run?.etaMs === undefined || run.ended) return undefined;
  return Math.max(0, Math.round((run.etaMs - (now - Date.parse(run.at))) / 1000));
}

/** A workbook's runs, one a sheet (`<workbook>.<sheet>.report.journal.ndjson`), in the order they started; undefined for no workbook. */
async function workbookStatus(
  file: string,
  now: number,
): Promise<(RunStatus & { sheet: string })[] | undefined> {
  if (existsSync(journalFor(file))) return undefined;
  const base = basename(file);
  const suffix = '.report.journal.ndjson';
  let names: string[];
  try {
    names = readdirSync(dirname(file)).filter(
      (n) => n.startsWith(`${base}.`) && n.endsWith(suffix) && n.length > base.length + 1 + suffix.length,
    );
  } catch {
    return undefined;
  }
  if (names.length === 0) return undefined;
  const sheets = await Promise.all(
    names.map(async (n) => ({
      ...(await runStatus(join(dirname(file), n), now)),
      sheet: n.slice(base.length + 1, -suffix.length),
    })),
  );
  return sheets.sort((a, b) => (a.lastActivity ?? '').localeCompare(b.lastActivity ?? ''));
}

/** Seconds until `left` rows are done at `rate` rows a minute; undefined when either is unknown. */
export function etaSeconds(left: number | undefined, rate: number): number | undefined {
  return left !== undefined && rate > 0 ? Math.round((left / rate) * 60) : undefined;
}

/** Rows finished a minute over the RATE_MINUTES minutes before `end` (less, when the run is younger). */
export function rowsPerMinute(finished: readonly number[], end: number): number {
  const from = end - RATE_MINUTES * 60_000;
  const recent = finished.filter((x) => x > from && x <= end);
  if (recent.length < 2) return 0;
  const span = Math.max(60_000 / 10, end - Math.max(from, recent[0]));
  return Math.round((recent.length / span) * 60_000 * 10) / 10;
}
