// `assetbatch status`: how far a run is, from its journal alone, whether the run is still
// going or stopped: rows done by outcome, rows left, the rate over the last minutes, the
// ETA, the last error, and whether the run is alive (it holds the journal's lock).
import { existsSync } from 'node:fs';
import { AssetbatchError } from '../errors.js';
import { loadJournal, type JournalHeader, type JournalLine } from '../send/journal.js';
import { lockHolder } from '../send/lock.js';
import { defaultReportPath, journalPathFor } from './settings.js';

/** Minutes the rate is measured over. */
export const RATE_MINUTES = 5;

export interface RunStatus {
  readonly journal: string;
  readonly file: string;
  readonly resource: string;
  readonly mode: string;
  readonly alive: boolean;
  readonly holder?: { pid?: number; host?: string; started?: string };
  /** Runs the journal has seen (a resumed import adds one each time). */
  readonly runs: number;
  readonly rows?: number;
  readonly counts: { created: number; updated: number; failed: number; inFlight: number };
  /** Rows the journal has not seen an outcome for (rows found invalid are never journaled, so this is at most). */
  readonly left?: number;
  /** Rows finished a minute over the last RATE_MINUTES minutes (of the journal's last entry, when the run is stopped). */
  readonly rowsPerMinute: number;
  readonly etaSeconds?: number;
  readonly lastError?: { row: number; message: string; at: string };
  readonly lastActivity?: string;
}

/** The journal for what the user names: the journal itself, a report (or the .part it grows in), or the input. */
function journalFor(given: string): string {
  // The report as it grows (<report>.<pid>.part) stands for the report.
  const file = given.replace(/\.\d+\.part$/, '');
  if (/\.journal\.ndjson$/i.test(file)) return file;
  if (/\.report\.(csv|xlsx|json)$/i.test(file) || (/\.(csv|xlsx|json)$/i.test(file) && existsSync(journalPathFor(file)))) return journalPathFor(file);
  return journalPathFor(defaultReportPath(file));
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
  const onEntry = (l: JournalLine) => {
    if (l.t === 'run') timeline.header = l;
    const at = l.t === 'run' ? l.started : l.at;
    if (at) timeline.last = at;
    if (l.t === 'done' || l.t === 'failed') timeline.finished.push(Date.parse(l.at));
    if (l.t === 'failed') timeline.lastError = { row: l.row, message: l.message, at: l.at };
  };
  return { timeline, onEntry };
}

export async function runStatus(file: string, now = Date.now()): Promise<RunStatus> {
  const journal = journalFor(file);
  if (!existsSync(journal)) {
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
  const left = rows === undefined ? undefined : Math.max(0, rows - counts.created - counts.updated - counts.failed);
  const rate = rowsPerMinute(t.finished, holder.alive ? now : (t.finished.at(-1) ?? now));
  return {
    journal,
    file: header?.file ?? file,
    resource: header?.resource ?? '',
    mode: header?.mode ?? '',
    alive: holder.alive,
    holder: holder.alive ? { pid: holder.pid, host: holder.host, started: holder.started } : undefined,
    runs: state.runs,
    rows,
    counts,
    left,
    rowsPerMinute: rate,
    etaSeconds: holder.alive ? etaSeconds(left, rate) : undefined,
    lastError: t.lastError,
    lastActivity: t.last,
  };
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
