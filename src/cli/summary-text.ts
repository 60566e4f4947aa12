// The import's summary as the CLI prints it (stdout), the rows' problems as they come
// (stderr), and the exit code a summary gives.
import { AssetbatchError, ExitCode, exitCodeFor } from '../errors.js';
import type { ImportSummary } from '../run/import.js';
import { formatRowIssue } from '../validate/validate.js';
import { formatDuration } from './common.js';
import type { RowOutcome } from '../report/report.js';
import { rowsWord, type CompanySplit } from './plan-text.js';
import { RESUME_ADVICE, isResumableStop, withoutResumeAdvice } from '../run/stop.js';
import { plural } from '../util/plural.js';

/** The summary's word on rows left for other companies: the command that loads each. */
function companySummaryLines(c: CompanySplit | undefined): string[] {
  return (c?.others ?? []).map(
    (o) =>
      `warning: ${rowsWord(o.rows)} of ${o.name} (company ${o.id}) ${o.rows === 1 ? 'was' : 'were'} left for a run of their own: the same command with --company ${o.id} loads them`,
  );
}

/**
 * What a run went through: its rows, and a sync's records the sheet no longer has, which are
 * reported but are not rows ("20 rows and 1 missing record").
 */
function rowsText(summary: ImportSummary): string {
  const missing = summary.counts.missing;
  const rows = plural(summary.rows - missing, 'row');
  return missing ? `${rows} and ${plural(missing, 'missing record')}` : rows;
}

/**
 * A dry run's counts, as its real run counts the rows. An update's valid rows are those it
 * would update ("9 valid" said nothing of that), the unchanged ones skipped as the run skips
 * them; an import --on-existing update's valid rows are those it would create and update.
 */
function dryRunParts(summary: ImportSummary, tally: SyncTally | undefined): string[] {
  const counts = summary.counts;
  // A row the run fails (a key two records share) is counted, as the run counts it.
  const failed = counts.failed ? [`${counts.failed} failed`] : [];
  const notChecked = counts['not sent'] ? [`${counts['not sent']} not checked`] : [];
  if (summary.plan.mode !== 'update' && tally && tally.wouldUpdate > 0)
    // import --on-existing update: its valid rows are created or updated, as the run counts them.
    return [
      `${counts.valid - tally.wouldUpdate} to create`,
      `${tally.wouldUpdate} to update`,
      `${counts.invalid} invalid`,
      skippedText(counts.skipped, tally),
      ...failed,
      ...notChecked,
    ];
  const split = summary.plan.mode === 'update' && tally ? tally.wouldUpdate : undefined;
  return [
    ...(split !== undefined ? [`${split} to update`] : []),
    ...(split === undefined || counts.valid > split ? [`${counts.valid - (split ?? 0)} valid`] : []),
    `${counts.invalid} invalid`,
    skippedText(counts.skipped, tally),
    ...failed,
    ...notChecked,
  ];
}

/** A sync's counts: what it would do (a dry run) or did, unchanged rows and missing records included. */
function syncParts(summary: ImportSummary, tally: SyncTally): string[] {
  const counts = summary.counts;
  const extra = [
    `${counts.unchanged} unchanged`,
    `${counts.missing} missing`,
    ...(counts.conflict ? [plural(counts.conflict, 'conflict')] : []),
    `${counts.invalid} invalid`,
    `${counts.skipped} skipped`,
    `${counts.failed} failed`,
  ];
  const stopped = counts['not sent']
    ? [`${counts['not sent']} ${summary.dryRun ? 'not checked' : 'not sent'}`]
    : [];
  if (summary.dryRun)
    return [
      `${counts.valid - tally.wouldUpdate} to create`,
      `${tally.wouldUpdate} to update`,
      ...extra,
      ...stopped,
    ];
  return [`${counts.created} created`, `${counts.updated} updated`, ...extra, ...stopped];
}

/**
 * "3 skipped (1 unchanged, 1 as exported and 1 done by an earlier run, not read)": the rows the plan called unchanged, an
 * update's rows still as exported and those an earlier run of it did are among the skipped, said so.
 */
function skippedText(skipped: number, tally: SyncTally | undefined): string {
  const same = tally?.skippedUnchanged ?? 0;
  const asExported = tally?.skippedAsExported ?? 0;
  const before = tally?.skippedDoneBefore ?? 0;
  const unread = [
    ...(asExported > 0 ? [`${asExported} as exported`] : []),
    ...(before > 0 ? [`${before} done by an earlier run`] : []),
  ];
  const why = [
    ...(same > 0 ? [`${same} unchanged`] : []),
    ...(unread.length > 0 ? [`${unread.join(' and ')}, not read`] : []),
  ];
  return why.length > 0 ? `${skipped} skipped (${why.join(', ')})` : `${skipped} skipped`;
}

export function printSummary(
  summary: ImportSummary,
  out: NodeJS.WritableStream = process.stdout,
  tally?: SyncTally,
): void {
  const counts = summary.counts;
  const parts =
    tally && summary.plan.sync
      ? syncParts(summary, tally)
      : summary.dryRun
        ? dryRunParts(summary, tally)
        : [
            `${counts.created} created`,
            `${counts.updated} updated`,
            skippedText(counts.skipped, tally),
            `${counts.invalid} invalid`,
            `${counts.failed} failed`,
            ...(counts['not sent'] ? [`${counts['not sent']} not sent`] : []),
          ];
  // A stopped run says so first: "Done" over rows it never sent read as a finished run.
  const done = summary.stopped ? 'Stopped' : summary.dryRun ? 'Checked' : 'Done';
  const lines = [
    `${done}: ${rowsText(summary)} — ${parts.join(', ')}.`,
    `${plural(summary.requests, 'request')}${summary.throttled ? ` (${summary.throttled} throttled)` : ''}${summary.recovered ? `, ${plural(summary.recovered, 'row')} recovered after lost answers` : ''}, ${formatDuration(summary.durationMs / 1000)}, ${summary.rowsPerSecond.toFixed(1)} rows/s.`,
  ];
  // The plan's warnings were shown before the first row; these came up while sending.
  for (const w of summary.runWarnings) lines.push(`warning: ${w}`);
  if (summary.repairedRows > 0) {
    lines.push(
      `warning: the shape of ${summary.repairedRows} ${summary.repairedRows === 1 ? 'row was' : 'rows were'} repaired while reading the file (a quote never closed, cells past the last header); check ${summary.repairedRows === 1 ? 'it' : 'them'}: W_ROW_REPAIRED in the report's #warnings says what was assumed`,
    );
  }
  if (summary.unmatchedRows > 0) {
    const rows = summary.unmatchedRows === 1 ? '1 row names' : `${summary.unmatchedRows} rows name`;
    lines.push(
      `warning: ${rows} something the service's lists lack, left empty or set to the default (--unmatched): W_UNMATCHED in the report's #warnings says which`,
    );
  }
  if (summary.resemblingById > 0) {
    const n = summary.resemblingById;
    lines.push(
      `warning: ${n === 1 ? '1 row' : `${n} rows`} without a key ${n === 1 ? 'is the record its' : 'are the records their'} ID cell names (the same name), with cells changed: not created, so no record is there twice; the report's #message says which record and which cells. \`assetbatch update\` of the file applies ${n === 1 ? 'the row' : 'them'} to ${n === 1 ? 'that record' : 'those records'}; --create-resembling creates ${n === 1 ? 'it as a new record' : 'them as new records'}`,
    );
  }
  if (summary.resemblingRows > summary.resemblingById) {
    const n = summary.resemblingRows - summary.resemblingById;
    lines.push(
      `warning: ${n === 1 ? '1 row' : `${n} rows`} without a key ${n === 1 ? 'resembles a record' : 'resemble records'} an earlier run created (the same name, a few cells changed): not created, so no record is there twice; the report's #message says which record and which cells. \`assetbatch update\` of the report applies ${n === 1 ? 'the row' : 'them'} to ${n === 1 ? 'that record' : 'those records'} (its #id); --create-resembling creates ${n === 1 ? 'it' : 'them'} as new records`,
    );
  }
  if (summary.keyConflictRows > 0) {
    const n = summary.keyConflictRows;
    lines.push(
      `warning: ${n === 1 ? '1 row has' : `${n} rows have`} the key of an earlier row with other values: not sent, since which is right is your call; the report's #message names the cells that differ (W_KEY_CONFLICT). If they are different records, correct one key; if the same, delete one row`,
    );
  }
  if (summary.keptRows > 0) {
    const n = summary.keptRows;
    lines.push(
      `warning: ${n === 1 ? '1 row has' : `${n} rows have`} cells that still had the exported value where the service changed the record since the record was exported: those cells ${summary.dryRun ? 'would be' : 'were'} kept as the service has them, not sent back (W_KEPT_SINCE_EXPORT in the report's #warnings says which); edit a cell to send it`,
    );
  }
  if (summary.assumedDateRows > 0) {
    const n = summary.assumedDateRows;
    lines.push(
      `warning: ${n === 1 ? '1 row has a date' : `${n} rows have dates`} that read both ways, read day-first from the language of the headers alone (W_DATE_ORDER_ASSUMED in the report's #warnings says which, and as what); if they are right, --date-format dd/MM/yyyy says so next time; if not, give --date-format MM/dd/yyyy`,
    );
  }
  if (summary.changedRows > 0) {
    const n = summary.changedRows;
    // Skipped is right (a create must not send a row twice), but the user's edits were not applied.
    lines.push(
      `warning: ${n === 1 ? '1 row has' : `${n} rows have`} changed since an earlier run created ${n === 1 ? 'its record' : 'their records'}: skipped, so the service keeps the earlier values; \`assetbatch update\` with the same file changes them (the report's #message says which rows)`,
    );
  }
  lines.push(...companySummaryLines(summary.companies));
  if (summary.report) lines.push(`Report: ${summary.report}`);
  if (summary.stopped) lines.push(...stopLines(summary, summary.stopped));
  out.write(lines.join('\n') + '\n');
}

/**
 * Why the run stopped, and what to do: a run stopped before it sent its rows (interrupted, or
 * another run held the memory's lock too long) resumes from its journal, so the rows it never
 * sent are sent by the same command again, and those it sent not twice.
 */
function stopLines(summary: ImportSummary, stopped: NonNullable<ImportSummary['stopped']>): string[] {
  const left = summary.counts['not sent'];
  // Another stop's hint says what to put right first (a refused token, a full disk).
  if (!isResumableStop(stopped.code) || summary.dryRun || !summary.journal || left === 0)
    return [`Stopped: ${stopped.message}`];
  const rows = left === 1 ? 'the 1 row not sent is' : `the ${left} rows not sent are`;
  const why = withoutResumeAdvice(stopped.message);
  const said = `Stopped: ${why}${/[.!?]$/.test(why) ? '' : '.'}`;
  // The memory's lock: its hint says what to wait for, then to run the command again.
  if (stopped.code !== 'E_INTERRUPTED')
    return [said, `${rows[0].toUpperCase()}${rows.slice(1)} sent then, none twice.`];
  const advice = RESUME_ADVICE[0].toUpperCase() + RESUME_ADVICE.slice(1);
  return [said, `${advice}: ${rows} sent then, none twice.`];
}

/**
 * A dry run that a real run would refuse ends with the real run's error, as it prints it
 * (`error: FILE: …` and its hint), on stderr, --json or not (the JSON has it as `wouldStop`).
 */
export function printWouldStop(summary: ImportSummary): void {
  const w = summary.wouldStop;
  if (!w) return;
  const e = new AssetbatchError(w.code, w.message, { location: { file: summary.file }, hint: w.hint });
  process.stderr.write(`error: ${e.describe()}\n`);
}

/** Rows whose problems are listed on stderr; the report has every row, so a long list stops there. */
const LISTED_ROWS = 100;

/** Lists rows' problems on stderr as they come, up to LISTED_ROWS rows, then counts the rest. */
export class RowProblems {
  private listed = 0;
  private unlisted = 0;
  /** Rows with a name a lookup list lacks: `mapping suggest` may match them (value tables). */
  private notFound = 0;

  /** `suggest`: the `mapping suggest` command line for this sheet, said after names not found. */
  constructor(private readonly suggest?: string) {}

  /** Whether the row has problems to show (then call `print`). */
  has(outcome: RowOutcome): boolean {
    return (outcome.status === 'invalid' || outcome.status === 'failed') && outcome.issues.length > 0;
  }

  print(outcome: RowOutcome): void {
    // A company column's miss is no list name a value table or --unmatched can fix.
    if (outcome.issues.some((i) => i.code === 'E_LOOKUP_NOT_FOUND' && i.field !== 'company')) this.notFound++;
    if (this.listed >= LISTED_ROWS) {
      this.unlisted++;
      return;
    }
    this.listed++;
    for (const i of outcome.issues) process.stderr.write(`row ${outcome.row}: ${formatRowIssue(i)}\n`);
  }

  /** After the run: how many rows with problems were not listed. */
  finish(report: string | undefined): void {
    if (this.unlisted > 0)
      process.stderr.write(
        `… and ${plural(this.unlisted, 'more row', 'more rows')} with problems, not listed here; every row is in the report${report ? ` (${report})` : ''}\n`,
      );
    // "not found" alone leaves a new user with no way on: another tool's words ("Deployed",
    // "In Betrieb") are what `mapping suggest` translates into value tables.
    if (this.notFound > 0 && this.suggest)
      process.stderr.write(
        `hint: ${this.notFound === 1 ? '1 row names' : `${this.notFound} rows name`} something the service's lists lack. ` +
          `\`${this.suggest}\` (with this run's service options) writes a mapping file with a value table ` +
          'for the names it can match, to pass with --mapping; --unmatched blank imports such rows without them\n',
      );
    this.notFound = 0;
    this.listed = 0;
    this.unlisted = 0;
  }
}

/**
 * A sync's or an update's dry run: the valid rows that would change a record; a run or a dry
 * run of an update: the rows skipped as unchanged (the plan's word for them).
 */
export class SyncTally {
  wouldUpdate = 0;
  skippedUnchanged = 0;
  skippedAsExported = 0;
  skippedDoneBefore = 0;
  add(outcome: RowOutcome): void {
    if (outcome.status === 'skipped' && outcome.doneBefore) this.skippedDoneBefore++;
    if (outcome.status === 'skipped' && outcome.unchanged) this.skippedUnchanged++;
    if (outcome.status === 'skipped' && outcome.asExported) this.skippedAsExported++;
    if (outcome.status === 'valid' && (outcome.changes?.length ?? 0) > 0) this.wouldUpdate++;
  }
}

export function printChanges(outcome: RowOutcome): void {
  if (outcome.status === 'missing')
    return void process.stderr.write(
      `missing: id ${outcome.id}${outcome.key && outcome.key !== String(outcome.id) ? ` "${outcome.key}"` : ''}${outcome.name ? ` (${outcome.name})` : ''}: ${outcome.note ?? ''}\n`,
    );
  if (outcome.status === 'conflict')
    return void process.stderr.write(
      `row ${outcome.row}: id ${outcome.id}: conflict: ${outcome.note ?? ''}\n`,
    );
  if (!outcome.changes) return;
  if (outcome.changes.length === 0)
    return void process.stderr.write(`row ${outcome.row}: id ${outcome.id}: unchanged\n`);
  const show = (v: unknown) =>
    v === null || v === undefined ? '(empty)' : typeof v === 'object' ? JSON.stringify(v) : String(v);
  // A lookup shows its name beside its id: `country United Kingdom (826) → Germany (276)`.
  const side = (v: unknown, name: string | undefined) =>
    name === undefined ? show(v) : `${name} (${show(v)})`;
  process.stderr.write(
    `row ${outcome.row}: id ${outcome.id}: ${outcome.changes.map((c) => `${c.field} ${side(c.from, c.fromName)} → ${side(c.to, c.toName)}`).join('; ')}\n`,
  );
}

export function exitCodeOf(summary: ImportSummary): number {
  if (summary.stopped) return ExitCode.STOPPED;
  // A dry run exits as the real run would: one that would be refused, with the refusal's code.
  if (summary.wouldStop) return exitCodeFor(summary.wouldStop.code);
  // A row the reader repaired may hold shifted cells: the run is not clean, even if it passed.
  // So is a run that left out names the service lacks (--unmatched blank or default), and a
  // conflict: a row the tool would not decide, which someone must look at.
  return summary.counts.invalid + summary.counts.failed + summary.counts.conflict > 0 ||
    summary.repairedRows > 0 ||
    summary.unmatchedRows > 0 ||
    // A keyless row held back as like an earlier run's record: someone must say which it is.
    summary.resemblingRows > 0 ||
    // Two rows giving one key to different values: someone must say which is right.
    summary.keyConflictRows > 0 ||
    // Dates read day-first on the headers' language alone: a guess someone should confirm.
    summary.assumedDateRows > 0 ||
    // Rows left for another company's run: this run did not load the whole file.
    (summary.companies?.others.length ?? 0) > 0
    ? ExitCode.ROWS_FAILED
    : ExitCode.OK;
}
