// `assetbatch import`, `assetbatch validate` and `assetbatch mapping suggest`: thin
// shells over importSpreadsheet(); they parse flags, print the plan and the summary.
import { Command, Option } from 'commander';
import { connectionConfig, type WriteTarget } from '../config.js';
import { AssetbatchError, ExitCode, exitCodeFor } from '../errors.js';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  importSpreadsheet,
  writableResource,
  listPresets,
  presetPath,
  NO_HEADER_ROW,
  type ImportPlan,
  type ImportSummary,
  type SyncOptions,
} from '../run/import.js';
import { connect } from '../connect.js';
import { importWorkbook } from '../run/workbook.js';
import { suggestMapping } from '../run/suggest.js';
import { formatRowIssue } from '../validate/validate.js';
import {
  addConnectionOptions,
  createLogger,
  formatDuration,
  intOption,
  Progress,
  runAction,
} from './common.js';
import { reportFormat, type RowOutcome } from '../report/report.js';
import { partPath } from '../util/atomic-file.js';
import { RESUME_ADVICE, isResumableStop, withoutResumeAdvice } from '../run/stop.js';
import { plural } from '../util/plural.js';

interface ImportFlags {
  resource: string;
  sheet?: string;
  headerRow?: number;
  /** False with --no-header (commander's negated option). */
  header?: boolean;
  /** mapping suggest: write unsure value matches too. */
  acceptUnsure?: boolean;
  mapping?: string;
  company?: string;
  dateFormat?: string;
  unmatched?: string;
  dryRun?: boolean;
  concurrency?: number;
  rateLimit?: string;
  uniqueField?: 'name' | 'serial_number';
  onExisting?: 'skip' | 'update' | 'error';
  allowDuplicates?: boolean;
  createResembling?: boolean;
  report?: string;
  json?: boolean;
  log?: string;
  baseUrl?: string;
  token?: string;
  sandbox?: boolean;
  config?: string;
  allowInsecureHttp?: boolean;
  resume?: boolean;
  refreshLookups?: boolean;
  debug?: boolean;
  quiet?: boolean;
  clearEmpty?: boolean;
  replace?: boolean;
  yes?: boolean;
  preset?: string;
}

const sheetArg = (v: string | undefined): string | number | undefined =>
  v === undefined ? undefined : /^\d+$/.test(v) ? Number(v) : v;

const ENCODINGS: Record<string, string> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16 LE',
  'utf-16be': 'UTF-16 BE',
  'windows-1252': 'Windows-1252',
};
const DELIMITER_NAMES: Record<string, string> = {
  ',': 'commas',
  ';': 'semicolons',
  '\t': 'tabs',
  '|': 'pipes (|)',
};

/** How a text file was read, in a line: "Read as UTF-8 (its bytes are valid UTF-8), cells separated by semicolons." */
export function describeText(t: NonNullable<ImportPlan['text']>): string {
  const sep = DELIMITER_NAMES[t.delimiter] ?? JSON.stringify(t.delimiter);
  const padding = t.padded ? ' each followed by a space (the spaces are not read)' : '';
  return `Read as ${ENCODINGS[t.encoding] ?? t.encoding}${t.encodingWhy ? ` (${t.encodingWhy})` : ''}, cells separated by ${sep}${padding}.`;
}

/**
 * The pace and the ETA. A first run (no run against the account in the last hour) plans at
 * the whole limit, and says so when that matters: others' use of the account shows only
 * when the service refuses a request.
 */
function paceText(plan: ImportPlan): string {
  const rate = plan.sharedRate
    ? `about ${plan.sharedRate} of the account's ${plan.rateLimit} requests/minute (the share the last run got: others use the account)`
    : `${plan.rateLimit || 'unlimited'} requests/minute`;
  const eta = plan.etaSeconds > 0 ? `about ${formatDuration(plan.etaSeconds)}` : 'well under a minute';
  const unsure =
    plan.share === 'unknown' && plan.rateLimit > 0 && plan.etaSeconds > 60
      ? " if no one else uses the account now (the service shows others' use only by refusing a request: the pace and the ETA follow its first refusal, and the next run starts from the share this one gets)"
      : '';
  return `at ${rate} ${eta}${unsure}`;
}

/**
 * The plan's first line: where the run writes, loud enough that "production, company 2" is
 * never taken for the sandbox.
 */
export function targetLine(t: WriteTarget, dryRun: boolean): string {
  const where =
    t.where === 'in-process sandbox'
      ? 'the in-process sandbox (nothing leaves this machine)'
      : t.where === 'this machine'
        ? `the service on this machine at ${t.baseUrl}`
        : `the LIVE service at ${t.baseUrl}`;
  const profile = t.profile ? ` (profile ${t.profile})` : ' (no profile)';
  return `${dryRun ? 'Dry run, nothing is written; checking against' : 'Writing to'} ${where}, company ${t.company}${profile}.`;
}

/**
 * The plan, on stderr. `missingLines`: each missing record will have its own `missing:` line
 * (a run that prints its rows: not --quiet), so the plan's `Missing:` line counts them and
 * names none.
 */
export function printPlan(
  plan: ImportPlan,
  out: NodeJS.WritableStream = process.stderr,
  opts: { missingLines?: boolean } = {},
): void {
  const lines: string[] = [targetLine(plan.target, plan.dryRun)];
  const verb = plan.dryRun
    ? 'Checking'
    : plan.sync
      ? 'Syncing'
      : plan.mode === 'update'
        ? 'Updating'
        : 'Importing';
  const target = plan.mode === 'update' ? `${plan.resource}s from` : '';
  const count = (n: number, what: string) => (n ? plural(n, what, what.replace('row', 'rows')) : '');
  const skipped = [
    count(plan.aboveHeader, 'row above the header'),
    count(plan.blankRows, 'blank row'),
    count(plan.totalsRows, 'totals row'),
  ]
    .filter(Boolean)
    .join(', ')
    .replace(/, ([^,]*)$/, ' and $1');
  // A long sheet in a dry run is counted as it is checked: the plan knows its first rows.
  const rows = plan.counted
    ? plural(plan.rows, 'row')
    : `more than ${plan.rows} rows (counted as they are checked)`;
  lines.push(
    `${verb} ${target ? `${target} ` : ''}${plan.file}${plan.sheet ? ` (sheet "${plan.sheet}")` : ''}${target ? '' : ` as ${plan.resource}s`}: ${rows} ${plan.headerRow === NO_HEADER_ROW ? 'from row 1, read without a header row (columns named by their letter: A, B, C …)' : `below the header on row ${plan.headerRow}`}${skipped ? `, ${skipped} skipped${plan.counted ? '' : ' so far'}` : ''}.`,
  );
  if (plan.text) lines.push(describeText(plan.text));
  lines.push(
    `Columns: ${plan.mapped.map((m) => `"${m.header}" → ${m.field}${m.how === 'fuzzy' ? ' (guessed)' : m.how === 'values' ? ' (by its values)' : m.how === 'built' ? ' (built from the row)' : ''}`).join(', ')}`,
  );
  if (plan.built) lines.push(builtLine(plan.built, plan.sync !== undefined));
  if (plan.builtWhenEmpty) lines.push(builtWhenEmptyLine(plan.builtWhenEmpty, plan));
  if (plan.placeholders) lines.push(placeholdersLine(plan.placeholders, plan.counted));
  // A sheet of thousands of columns gets a few lines and a count, not a screenful per column.
  const UNMAPPED_SHOWN = 20;
  for (const u of plan.unmapped.slice(0, UNMAPPED_SHOWN))
    lines.push(
      `warning: column ${/ \(no header\)$/.test(u.header) ? u.header : `"${u.header}"`} is not imported (${u.why ?? `no matching field${u.suggestion ? `; ${u.maybe ? 'maybe' : 'closest:'} ${u.suggestion}` : ''}`}; ${u.fix ?? 'map it with --mapping'})`,
    );
  if (plan.unmapped.length > UNMAPPED_SHOWN)
    lines.push(
      `warning: ${plan.unmapped.length - UNMAPPED_SHOWN} more columns are not imported (${plan.unmapped
        .slice(UNMAPPED_SHOWN, UNMAPPED_SHOWN + 3)
        .map((u) => `"${u.header}"`)
        .join(', ')} …); \`assetbatch mapping suggest\` lists them all`,
    );
  const createOnly = plan.createOnly ?? [];
  if (createOnly.length > 0) {
    const cols = createOnly.map((c) => `"${c.header}" (${c.field})`).join(', ');
    lines.push(
      `note: ${createOnly.length === 1 ? `column ${cols} is` : `columns ${cols} are`} set at creation; an update leaves ${createOnly.length === 1 ? 'it' : 'them'} as ${createOnly.length === 1 ? 'it is' : 'they are'}.`,
    );
  }
  if (plan.companies) lines.push(companyLine(plan.companies, plan.counted));
  for (const w of plan.warnings) lines.push(`warning: ${w}`);
  const lookups = lookupsLine(plan);
  if (lookups) lines.push(lookups);
  if (plan.resumed)
    lines.push(
      `Resuming: the journal shows ${plural(plan.resumed.doneRows, 'row')} already done${plan.resumed.inFlightRows ? ` and ${plan.resumed.inFlightRows} in flight when the last run stopped (they are checked before sending again)` : ''}.`,
    );
  if (plan.sync) lines.push(...syncLines(plan, plan.sync, opts.missingLines === true));
  const check = plan.existingCheck
    ? ` + existing-record check by ${plan.existingCheck.strategy}${plan.existingCheck.strategy === 'full list' ? ` (${plural(plan.existingCheck.requests, 'page')}, read)` : ''}`
    : '';
  if (!plan.dryRun) {
    // Rows are checked as they are sent, so the writes are an upper bound (invalid rows send nothing).
    const listed = plan.existingCheck?.strategy === 'full list';
    const what = plan.compared
      ? comparedWrites(plan, plan.compared)
      : plan.mode === 'update' && !listed
        ? `at most ${plural(plan.writes, 'update')} (${plan.existingCheck ? 'a write each, after the lookup that reads the record' : 'a read and a write each'}; a row whose record already has its values sends nothing)`
        : plan.mode === 'update' || plan.sync
          ? `at most ${plural(plan.writes, 'write')} (a row whose record already has its values sends nothing)`
          : `${plan.unwritten ? unwrittenText(plan.unwritten, plan.writes) : ''}up to ${plural(plan.writes, 'write')}`;
    lines.push(
      `Plan: ${what}${check}${idCellReadsText(plan)}${plan.markRequests ? ` + ${plural(plan.markRequests, 'read')} of the list's newest id (to find any write whose answer is lost)` : ''}; ${paceText(plan)}.`,
    );
  } else if (plan.mode === 'update' || plan.sync) lines.push(`Plan: nothing is written${check}.`);
  if (plan.report && reportFormat(plan.report) === 'csv' && !plan.dryRun)
    lines.push(
      `Report: rows are added to ${partPath(plan.report)} as they finish (follow it with tail -f, or: assetbatch status ${shellWord(plan.file)}); it becomes ${plan.report} at the end.`,
    );
  out.write(lines.join('\n') + '\n');
}

/** A field the run builds because no column gives it: said before any write, with how to choose otherwise. */
/**
 * The lists read and what they cost, and the lists a run whose records were listed did not
 * need, and why, so that a line without the country list is not read as one that forgot it.
 */
function lookupsLine(plan: ImportPlan): string | undefined {
  const word = (kind: string) => kind.replace(/_/g, ' ');
  const read = plan.lookups.map((l) => `${word(l.kind)} ${l.strategy} (${l.requests} req)`);
  const unread = plan.lookupsUnread ?? [];
  if (unread.length > 0)
    read.push(
      `not needed: ${unread.map(word).join(', ')} (${plan.lookupsUnreadWhy ?? 'each such cell names what its record already has'})`,
    );
  return read.length > 0 ? `Lookups: ${read.join(', ')}.` : undefined;
}

/** Placeholder cells ("N/A", "-") read as empty: how many in which columns, and which words, before any write. */
function placeholdersLine(p: NonNullable<ImportPlan['placeholders']>, counted: boolean): string {
  const cols = p.map((c, i) => `${i === 0 ? plural(c.cells, 'cell') : c.cells} of "${c.column}"`);
  const which = cols.length === 1 ? cols[0] : `${cols.slice(0, -1).join(', ')} and ${cols[cols.length - 1]}`;
  const words = [...new Set(p.flatMap((c) => c.spellings))].map((s) => JSON.stringify(s)).join(', ');
  return (
    `note: ${which}${counted ? '' : ' so far'} read as empty: ${words} ` +
    `(placeholders for no value; W_PLACEHOLDER on the row; a value table that names one keeps it, mapping.md).`
  );
}

/** Rows whose name cell is empty, built from the row: how many, and how, before any write. */
function builtWhenEmptyLine(b: NonNullable<ImportPlan['builtWhenEmpty']>, plan: ImportPlan): string {
  const cols = b.columns.map((c) => `"${c}"`).join(' and ');
  const both = b.columns.length === 1 ? 'it' : b.columns.length === 2 ? 'both' : 'all of them';
  const kept = plan.sync !== undefined ? '; records the sheet matches keep theirs' : '';
  return (
    `note: ${b.rows === 1 ? '1 row has' : `${b.rows} rows have`} no ${b.field} in "${b.column}"${plan.counted ? '' : ' so far'}; ` +
    `${b.rows === 1 ? 'its' : 'their'} ${b.field} is built as "${b.template}" from column${b.columns.length === 1 ? '' : 's'} ${cols} ` +
    `(W_NAME_BUILT on the row; a row with ${both} empty too is invalid)${kept}.`
  );
}

function builtLine(b: NonNullable<ImportPlan['built']>, sync: boolean): string {
  const cols = b.columns.map((c) => `"${c}"`).join(' and ');
  const maybe = b.maybe ? ` Column "${b.maybe}" is not imported and may be the ${b.field}.` : '';
  const kept = sync ? `; records the sheet matches keep theirs` : '';
  return (
    `note: no column gives the ${b.field}: each ${sync ? `new record's` : `row's`} is built as "${b.template}" from column${b.columns.length === 1 ? '' : 's'} ${cols} ` +
    `(a row with ${b.columns.length === 1 ? 'it' : b.columns.length === 2 ? 'both' : 'all of them'} empty is invalid)${kept}. To choose otherwise, a mapping file (--mapping) maps a column to it ` +
    `("columns": {"<header>": "${b.field}"}) or builds it ("fields": {"${b.field}": "…"}).${maybe}`
  );
}

type CompanySplit = NonNullable<ImportPlan['companies']>;

const rowsWord = (n: number) => plural(n, 'row');

/**
 * A register's company column, before any write: the rows this run loads and those left for
 * another company's run, with the --company that loads them.
 */
function companyLine(c: CompanySplit, counted: boolean): string {
  const run = `${c.run.name ?? `company ${c.run.id}`} (this run)`;
  const others = c.others.map((o) => `${rowsWord(o.rows)} for ${o.name} (--company ${o.id})`);
  const parts = [
    others.length || c.unknown
      ? `${rowsWord(c.run.rows)} for ${run}`
      : `all ${rowsWord(c.run.rows)} for ${run}`,
    ...(others.length
      ? [
          `${others.join(', ')} ${others.length === 1 && c.others[0].rows === 1 ? 'is' : 'are'} left for a run of their own`,
        ]
      : []),
    ...(c.unknown
      ? [
          `${rowsWord(c.unknown)} ${c.unknown === 1 ? 'names' : 'name'} no company of the account (invalid; ` +
            `a mapping file with {"columns": {${JSON.stringify(c.column)}: null}} leaves the column out and sends every row to this run's)`,
        ]
      : []),
  ];
  const line = `Company (column "${c.column}"): ${parts.join('; ')}${counted ? '' : ' so far'}.`;
  if (c.run.empty === 0 || c.others.length === 0) return line;
  // An empty cell is the run's company: the other companies' runs would load the row again.
  const n = c.run.empty;
  return (
    `${line}\nwarning: ${n === 1 ? '1 row has' : `${n} rows have`} no company in column "${c.column}" and ` +
    `${n === 1 ? 'goes' : 'go'} to this run's; a run with ${c.others.map((o) => `--company ${o.id}`).join(' or ')} ` +
    `would load ${n === 1 ? 'it' : 'them'} too: write the company in the cell to load ${n === 1 ? 'it' : 'each'} once`
  );
}

/** The summary's word on rows left for other companies: the command that loads each. */
function companySummaryLines(c: CompanySplit | undefined): string[] {
  return (c?.others ?? []).map(
    (o) =>
      `warning: ${rowsWord(o.rows)} of ${o.name} (company ${o.id}) ${o.rows === 1 ? 'was' : 'were'} left for a run of their own: the same command with --company ${o.id} loads them`,
  );
}

/**
 * An import's rows the plan knows will not be written, by what says so, before "up to N
 * writes" (the rest, checked as they are sent): "30 rows: 30 already in the service (serial
 * number), ".
 */
function unwrittenText(u: NonNullable<ImportPlan['unwritten']>, writes: number): string {
  const parts = [
    ...(u.journal ? [`${u.journal} done by an earlier run of this import (the journal)`] : []),
    ...(u.listed ? [`${u.listed} already in the service (${(u.key ?? 'key').replace(/_/g, ' ')})`] : []),
    ...(u.made
      ? [`${u.made} made by an earlier run from the same values (the memory of what was sent)`]
      : []),
    ...(u.held
      ? [
          `${u.held} held back as like ${u.held === 1 ? 'a record' : 'records'} an earlier run created (--create-resembling creates ${u.held === 1 ? 'it' : 'them'})`,
        ]
      : []),
    ...(u.byId
      ? [
          `${u.byId} already in the service by ${u.byId === 1 ? 'its' : 'their'} ID (the same name; ${u.byIdRefused ? 'refused: --on-existing error' : 'held back where cells differ'})`,
        ]
      : []),
  ];
  return `${plural(u.journal + u.listed + u.made + u.held + u.byId + writes, 'row')}: ${parts.join(', ')}, `;
}

/** The reads of the records keyless rows' ID cells name, when the list was not read whole: a request each. */
function idCellReadsText(plan: ImportPlan): string {
  const n = plan.idCellReads ?? 0;
  return n > 0
    ? ` + ${plural(n, 'read')} of the record${n === 1 ? '' : 's'} that rows without a key name in their ID cell`
    : '';
}

/** The writes of an update or a sync that compared every row with its listed record first: exact. */
function comparedWrites(plan: ImportPlan, c: NonNullable<ImportPlan['compared']>): string {
  const missing = plan.writes - c.create - c.update;
  const parts = [
    ...(c.create ? [`${c.create} to create`] : []),
    `${c.update} to update`,
    ...(missing ? [`${missing} missing to change`] : []),
  ];
  const rest = [
    `${c.unchanged} unchanged`,
    ...(c.other ? [`${c.other} not to send (invalid, duplicate, not found or in conflict)`] : []),
  ];
  return `${plural(plan.writes, 'write')} (${parts.join(', ')}; every row compared with its record as listed: ${rest.join(', ')}, nothing sent for them)`;
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
 * A dry run's counts. An update's valid rows are split into those that would change and those
 * that would not, as its real run counts them (updated, skipped): "9 valid" said neither.
 */
function dryRunParts(summary: ImportSummary, tally: SyncTally | undefined): string[] {
  const counts = summary.counts;
  const split = summary.plan.mode === 'update' && tally ? tally.wouldUpdate + tally.unchanged : 0;
  return [
    ...(split > 0 ? [`${tally!.wouldUpdate} to update`, `${tally!.unchanged} unchanged`] : []),
    ...(split === 0 || counts.valid > split ? [`${counts.valid - split} valid`] : []),
    `${counts.invalid} invalid`,
    `${counts.skipped} skipped`,
    ...(counts['not sent'] ? [`${counts['not sent']} not checked`] : []),
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

/** A sync's plan: what the sheet matches, what is new, and what it no longer has. */
function syncLines(plan: ImportPlan, y: NonNullable<ImportPlan['sync']>, missingLines: boolean): string[] {
  const key = y.key === 'id' ? 'ID' : y.key.replace(/^custom:/, '').replace(/_/g, ' ');
  const byKey = y.matched - y.keyless.matched;
  const lines = [
    `Sync by ${key}: ${byKey} ${byKey === 1 ? 'row matches a record' : 'rows match records'} in the service (each compared field by field; only changes are sent), ${plural(y.new, 'new key')} (created).`,
  ];
  if (y.keyless.rows > 0) {
    const m = y.keyless.matched;
    lines.push(
      `Rows without a ${key}: ${y.keyless.rows}; ${plural(m, 'record')} that an earlier run made from the same values match them (the memory of what was sent); the others are created.`,
    );
  }
  if (y.missing === 0)
    return [
      ...lines,
      `Missing: none of the ${y.inScope} ${plan.resource}s in scope is absent from the sheet.`,
    ];
  const action =
    y.action.kind === 'archive'
      ? 'archived'
      : y.action.kind === 'set'
        ? `given ${y.action.field} = ${y.action.value}`
        : 'reported as missing, nothing written (--missing archive or set:FIELD=VALUE to change them)';
  // Each record is said once: on its own `missing:` line when the run prints them, else here.
  const shown = missingLines
    ? `each on a "missing:" line below`
    : y.firstMissing
        .map((m) => `id ${m.id}${y.key === 'id' ? '' : ` "${m.key}"`}${m.name ? ` (${m.name})` : ''}`)
        .join(', ') + (y.missing > y.firstMissing.length ? ' …' : '');
  lines.push(
    `Missing: ${y.missing} of ${y.inScope} ${plan.resource}s in the service are not in the sheet (--max-missing ${y.maxMissingText}): ${shown}; ${action}.`,
  );
  // The dry run goes on to check every row; it ends with the real run's error and exit code.
  if (plan.dryRun && y.missing > y.maxMissing)
    lines.push(
      `warning: ${y.missing} missing is more than --max-missing allows (${y.maxMissingText}): ` +
        'a real run would stop here, before any write; this dry run checks every row, then exits 2',
    );
  return lines;
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
            `${counts.skipped} skipped`,
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
      `warning: ${n === 1 ? '1 row has' : `${n} rows have`} the key of an earlier row with other values: not created, since which is right is your call; the report's #message names the cells that differ (W_KEY_CONFLICT). If they are different records, correct one key; if the same, delete one row`,
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
function printWouldStop(summary: ImportSummary): void {
  const w = summary.wouldStop;
  if (!w) return;
  const e = new AssetbatchError(w.code, w.message, { location: { file: summary.file }, hint: w.hint });
  process.stderr.write(`error: ${e.describe()}\n`);
}

/** A word of a command line we print, quoted for a shell when it needs to be ("GLPI export (2).csv"). */
function shellWord(s: string): string {
  return /^[\w./@%+=:,-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The `mapping suggest` line for this run's sheet and mapping, words quoted for a shell. */
function suggestCommand(file: string, f: ImportFlags): string | undefined {
  if (!f.resource) return undefined;
  const extra = [...(f.sheet ? ['--sheet', f.sheet] : []), ...(f.mapping ? ['--mapping', f.mapping] : [])];
  // `> FILE` empties FILE before suggest reads it: never the mapping file it starts from.
  const out =
    f.mapping && resolve(f.mapping) === resolve('mapping.json') ? 'mapping-suggested.json' : 'mapping.json';
  return [
    `assetbatch mapping suggest`,
    shellWord(file),
    '-r',
    f.resource,
    ...extra.map(shellWord),
    '>',
    out,
  ].join(' ');
}

/** After Ctrl-C or SIGTERM, how long requests in flight may take before the process stops anyway. */
const STOP_GRACE_MS = 10_000;

/** Rows whose problems are listed on stderr; the report has every row, so a long list stops there. */
const LISTED_ROWS = 100;

/** Lists rows' problems on stderr as they come, up to LISTED_ROWS rows, then counts the rest. */
class RowProblems {
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

/** A sync's or an update's dry run: valid rows that would change a record, and those that would not. */
class SyncTally {
  wouldUpdate = 0;
  unchanged = 0;
  add(outcome: RowOutcome): void {
    if (outcome.status !== 'valid' || !outcome.changes) return;
    if (outcome.changes.length > 0) this.wouldUpdate++;
    else this.unchanged++;
  }
}

function printChanges(outcome: RowOutcome): void {
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
    return void process.stderr.write(`row ${outcome.row}: id ${outcome.id}: no change\n`);
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
    // Rows left for another company's run: this run did not load the whole file.
    (summary.companies?.others.length ?? 0) > 0
    ? ExitCode.ROWS_FAILED
    : ExitCode.OK;
}

const NO_HEADER_HELP =
  'the file has no header row: every row is data, numbered from 1, and the columns are named by their letter (A, B, C …); a mapping file names them so: {"columns": {"B": "serial_number"}} (or "headerRow": 0 in it)';

/** --header-row n, or --no-header: the file has no header row (NO_HEADER_ROW). */
function headerRowArg(f: ImportFlags): number | undefined {
  if (f.header !== false) return f.headerRow;
  if (f.headerRow !== undefined)
    throw new AssetbatchError('E_USAGE', 'give --header-row or --no-header, not both');
  return NO_HEADER_ROW;
}

export function addImportOptions(
  cmd: Command,
  dry: boolean,
  mode: 'create' | 'update' | 'sync' = 'create',
): Command {
  cmd
    .option(
      '-r, --resource <name>',
      mode === 'sync'
        ? 'what each row is: asset, contract or customer'
        : mode === 'create'
          ? 'what each row is: asset, contract or customer (leave out for a workbook with Customers, Contracts and Assets sheets: all are imported, in that order)'
          : 'what each row updates: asset, contract, customer or asset-owner',
    )
    .option('--sheet <name|n>', 'XLSX sheet by name or number (default: the first visible sheet)')
    .option(
      '--header-row <n>',
      'row number of the header (default: found automatically)',
      intOption('--header-row', 1),
    )
    .option('--no-header', NO_HEADER_HELP)
    .option(
      '--mapping <file>',
      'mapping file (JSON) fixing which column is which field; see `assetbatch mapping suggest`',
    )
    .option(
      '--preset <name>',
      "a shipped mapping for another tool's export: see `assetbatch mapping presets`",
    )
    .option(
      '--unmatched <what>',
      'a name a lookup list (supplier, category, model, status …) lacks: fail (the row is invalid; default), blank (the field is left empty) or default:NAME; the row gets a warning and the exit code is 1',
    )
    .option(
      '--date-format <format>',
      'how text dates are written: dd/MM/yyyy, MM/dd/yyyy or yyyy-MM-dd (default: worked out per column)',
    )
    .addOption(
      new Option(
        '--unique-field <field>',
        mode === 'create'
          ? 'assets: ask the service to refuse a second asset with the same value'
          : 'assets: ask the service to refuse an update that would give the asset the same value as another asset',
      ).choices(['name', 'serial_number']),
    )
    .option(
      '--allow-duplicates',
      "send rows that repeat another row's key (serial number, contract number, customer name)",
    )
    .option(
      '--report <file>',
      'where to write the per-row report: .csv, .xlsx or .json (default: <input>.report.csv)',
    )
    .option('--json', 'print the summary as JSON on stdout (for scripts)')
    .option(
      '-q, --quiet',
      'do not list row problems on stderr (else the first 100 rows with problems are listed; the report has them all)',
    )
    .option('--refresh-lookups', 'ignore cached lookup lists and fetch them again');
  if (!dry) {
    cmd
      .option(
        '--dry-run',
        mode === 'sync'
          ? 'show what would be created, updated (old → new), left unchanged and missing; write nothing'
          : mode === 'create'
            ? 'check everything, write nothing (same as `assetbatch validate`)'
            : 'show, row by row, the fields that would change (old → new); write nothing',
      )
      .option(
        '--concurrency <n>',
        'requests in flight at once; the rate limit still applies (default 4, or "concurrency" in the config file)',
        intOption('--concurrency', 1),
      )
      .option(
        '--resume',
        'continue an interrupted run from its journal (the default whenever the journal of this same run exists)',
      )
      .option(
        '--no-resume',
        'ignore the journal of an earlier run of this command (rows may be sent twice!)',
      );
    if (mode === 'create')
      cmd
        .addOption(
          new Option('--on-existing <what>', 'rows whose record already exists in the service')
            .choices(['skip', 'update', 'error'])
            .default('skip'),
        )
        .option(
          '--create-resembling',
          'create rows without a key that resemble a record an earlier run created (the same name, a few cells changed), or whose ID cell names a record of the same name with cells changed; normally they are held back (W_RESEMBLES)',
        );
    else if (mode === 'sync')
      cmd.option(
        '--clear-empty',
        'blank the fields whose cell is empty (default: an empty cell leaves the field as it is)',
      );
    else {
      cmd
        .option(
          '--clear-empty',
          'blank the fields whose cell is empty (default: an empty cell leaves the field as it is)',
        )
        .option(
          '--replace',
          'send each row as the whole record: fields not in the sheet become empty (asks first)',
        )
        .option('-y, --yes', 'do not ask before --replace');
    }
  }
  return addConnectionOptions(cmd);
}

/** No --resource: a workbook imports every sheet by its name; anything else is told what to give. */
function runWithoutResource(
  file: string,
  f: ImportFlags,
  dry: boolean,
  mode: 'create' | 'update',
  connection: ReturnType<typeof connectionConfig>,
): Promise<number> {
  if (mode === 'create' && /\.xlsx$/i.test(file) && !f.sheet) {
    if (f.preset || headerRowArg(f) !== undefined) {
      throw new AssetbatchError(
        'E_USAGE',
        `${f.preset ? '--preset' : f.header === false ? '--no-header' : '--header-row'} applies to one sheet, and a workbook without --resource imports every sheet`,
        {
          hint: 'Import that sheet alone: --resource asset --sheet Register …',
        },
      );
    }
    return runWorkbook(file, f, dry, connection);
  }
  throw new AssetbatchError(
    'E_USAGE',
    `say what the rows are: --resource ${mode === 'create' ? 'asset, contract or customer' : 'asset, contract, customer or asset-owner'}`,
    {
      hint:
        mode === 'create'
          ? 'A workbook (.xlsx) with sheets named Customers, Contracts and Assets imports without --resource.'
          : undefined,
    },
  );
}

export async function runImport(
  file: string,
  f: ImportFlags,
  dry: boolean,
  mode: 'create' | 'update' = 'create',
  sync?: SyncOptions,
): Promise<number> {
  const connection = connectionConfig(f);
  if (!f.resource) return runWithoutResource(file, f, dry, mode, connection);
  writableResource(f.resource, mode);
  const logger = await createLogger(f.log);
  // --json is for scripts: no line is drawn, on a terminal or not.
  const drawn = process.stderr.isTTY === true && !f.json;
  const label =
    dry || f.dryRun ? 'checking' : sync ? 'syncing' : mode === 'update' ? 'updating' : 'importing';
  const progress = new Progress(label, drawn);
  // The compare pass of an update or a sync reads the sheet once more before the plan.
  const comparing = new Progress('comparing', drawn);
  const tally = new SyncTally();
  const problems = new RowProblems(suggestCommand(file, f));
  const stopper = stopOnSignals();
  try {
    const summary = await importSpreadsheet({
      file,
      resource: f.resource,
      connection,
      dryRun: dry || f.dryRun,
      sheet: sheetArg(f.sheet),
      headerRow: headerRowArg(f),
      mappingPath: f.mapping,
      preset: f.preset,
      dateFormat: f.dateFormat,
      unmatched: f.unmatched,
      concurrency: f.concurrency ?? connection.concurrency,
      uniqueField: f.uniqueField,
      onExisting: sync ? 'update' : f.onExisting,
      allowDuplicates: f.allowDuplicates,
      createResembling: f.createResembling,
      reportPath: f.report,
      resume: f.resume,
      refreshLookups: f.refreshLookups,
      mode,
      sync,
      clearEmpty: f.clearEmpty,
      replace: f.replace,
      logger,
      signal: stopper.signal,
      onWait: (ms) => {
        progress.done();
        announceWait(ms);
      },
      onLockWait: (lock, freeAfterMs) => {
        progress.done();
        announceLockWait(lock, freeAfterMs);
      },
      onCompareProgress: (p) =>
        comparing.update(p.done, p.total, 'rows compared with their records, nothing sent'),
      onPlan: (plan) => {
        comparing.done();
        if (!f.json) printPlan(plan, process.stderr, { missingLines: !f.quiet });
      },
      onRow: (outcome) => {
        tally.add(outcome);
        if (f.quiet || f.json) return;
        // The progress line is cleared only for a row that prints (a clear for every row is a write for every row).
        const problem = problems.has(outcome);
        // A row with no change says nothing: the summary counts them.
        if (
          !problem &&
          !outcome.changes?.length &&
          outcome.status !== 'missing' &&
          outcome.status !== 'conflict'
        )
          return;
        progress.done();
        if (problem) problems.print(outcome);
        if (outcome.changes?.length || outcome.status === 'missing' || outcome.status === 'conflict')
          printChanges(outcome);
      },
      onProgress: (p) =>
        dry || f.dryRun ? progress.update(p.done, p.total, plural(p.requests, 'request')) : progress.run(p),
    });
    progress.done();
    problems.finish(summary.report);
    if (f.json)
      process.stdout.write(
        JSON.stringify(sync ? { ...summary, wouldUpdate: tally.wouldUpdate } : summary, null, 2) + '\n',
      );
    else printSummary(summary, process.stdout, tally);
    printWouldStop(summary);
    return exitCodeOf(summary);
  } finally {
    // A run stopped while it compares: its error starts a line of its own.
    comparing.done();
    stopper.dispose();
    logger?.flush();
  }
}

/**
 * Said once a run, on stderr (never in --json's stdout), when a create has waited a second
 * for the memory's lock: held a millisecond a claim, so a longer wait is most likely a lock
 * a killed run left, which would otherwise look like a hang of 10 s.
 */
function announceLockWait(lock: string, freeAfterMs: number): void {
  process.stderr.write(
    `waiting for the lock on the memory of what was sent: ${lock}\n` +
      '  Another assetbatch run holds it, or a run stopped while it held it (killed) left it behind: ' +
      `a left lock is free ${Math.ceil(freeAfterMs / 1000)} s after it was last touched, and the run then goes on. ` +
      'If it never frees, an assetbatch run on this machine is stuck holding it: end that run ' +
      '(if none is running, delete that folder) and run the command again.\n',
  );
}

/** Said once per wait, on stderr: a run of hours must not go silent for a minute. */
function announceWait(ms: number): void {
  process.stderr.write(`waiting for the account's rate limit: resumes in ${Math.ceil(ms / 1000)} s\n`);
}

/**
 * Ctrl-C or SIGTERM stop the run within about two seconds: waits end at once, requests in
 * flight finish (or are cut, and stay "in flight" in the journal), every row is reported.
 * A second Ctrl-C quits at once.
 */
function stopOnSignals(): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const onSignal = () => {
    if (controller.signal.aborted) process.exit(ExitCode.STOPPED);
    process.stderr.write(
      '\nStopping: requests in flight finish, the rest are reported as not sent… (Ctrl-C again to quit at once; the journal lets you resume)\n',
    );
    controller.abort();
    // A request to a service that stopped answering, or a read that never ends, must not keep
    // the process: after a grace period it stops anyway (unref: a run that ends sooner exits).
    setTimeout(() => {
      process.stderr.write(
        `Stopped without waiting longer (${STOP_GRACE_MS / 1000} s after the signal); the journal lets you resume\n`,
      );
      process.exit(ExitCode.STOPPED);
    }, STOP_GRACE_MS).unref();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    signal: controller.signal,
    dispose() {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}

const EXAMPLES = `
Examples:
  $ assetbatch validate samples/legacy-asset-register.xlsx --resource asset --sandbox
  $ assetbatch import samples/related-workbook.xlsx --sandbox     # Customers, Contracts, Assets sheets
  $ assetbatch import samples/legacy-asset-register.xlsx --resource asset --sandbox
  $ assetbatch import register.csv -r asset --date-format dd/MM/yyyy --report out.xlsx
  $ ASSETBATCH_TOKEN=… assetbatch import contracts.xlsx -r contract --base-url https://dashboard-api.revnue.com --company 2

Every data row ends in the report as created, skipped, invalid or failed (valid in a
dry run; not sent when the run was stopped first), with the reason. Running the same command again resumes from the journal
beside the report: rows already created are not sent again.
Exit codes: 0 all rows ok, 1 some rows invalid or failed, 2 usage/file/mapping error,
3 stopped (authentication, service unreachable, interrupted).`;

/** `import`, `validate`, `update` and `mapping …`: the commands that read a spreadsheet. */
export function registerImportCommand(program: Command): void {
  registerImport(program);
  registerUpdate(program);
  registerMapping(program);
}

function registerImport(program: Command): void {
  addImportOptions(
    program
      .command('import <file>')
      .description(
        'Load a spreadsheet (CSV, TSV or XLSX) into the service: one record per row, with a report for every row.',
      ),
    false,
  )
    .addHelpText('after', EXAMPLES)
    .action(async (file: string, f: ImportFlags) =>
      runAction(f.debug, [f.token, process.env.ASSETBATCH_TOKEN], () => runImport(file, f, false), f.json),
    );

  addImportOptions(
    program
      .command('validate <file>')
      .description(
        'Check a spreadsheet against every rule of the service without writing anything (a dry run of import).',
      ),
    true,
  )
    .addHelpText('after', EXAMPLES)
    .action(async (file: string, f: ImportFlags) =>
      runAction(f.debug, [f.token, process.env.ASSETBATCH_TOKEN], () => runImport(file, f, true), f.json),
    );
}

function registerUpdate(program: Command): void {
  addImportOptions(
    program
      .command('update <file>')
      .description(
        "Change existing records from a spreadsheet. Each row's record is found by an ID column or its natural key (serial number, contract number, customer or owner name); only the sheet's non-empty cells change.",
      ),
    false,
    'update',
  )
    .addHelpText(
      'after',
      `
Update reads each record, lays the sheet's values over it, and sends only the fields that
change (PATCH), so fields the sheet does not mention stay as they are, even if someone changes
them meanwhile. Where the service refuses PATCH it says so once and PUTs the whole record,
read just before (see docs/update.md for what that leaves open).
An export (assetbatch export asset -o assets.xlsx) can be edited and fed straight back.

Examples:
  $ assetbatch update assets.xlsx -r asset --dry-run --sandbox      # shows old → new per row
  $ assetbatch update owners.csv -r asset-owner --sandbox
  $ assetbatch update contracts.xlsx -r contract --clear-empty --sandbox`,
    )
    .action(async (file: string, f: ImportFlags) =>
      runAction(
        f.debug,
        [f.token, process.env.ASSETBATCH_TOKEN],
        async () => {
          if (f.replace && !f.yes && !f.dryRun) await confirmReplace();
          return runImport(file, f, false, 'update');
        },
        f.json,
      ),
    );
}

/** --replace empties what the sheet lacks: a person types "yes", or a script passes --yes. */
async function confirmReplace(): Promise<void> {
  if (!process.stdin.isTTY)
    throw new AssetbatchError(
      'E_USAGE',
      '--replace overwrites every field the sheet does not have; add --yes to confirm',
    );
  const { createInterface } = await import('node:readline/promises');
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  const answer = await rl.question(
    '--replace will empty every field the sheet does not have, in every record it names. Type "yes" to go on: ',
  );
  rl.close();
  if (answer.trim().toLowerCase() !== 'yes')
    throw new AssetbatchError('E_USAGE', 'not confirmed; nothing was sent');
}

function registerMapping(program: Command): void {
  const mapping = program
    .command('mapping')
    .description('Work with mapping files (which column is which field).')
    .addHelpText(
      'after',
      `
Examples:
  $ assetbatch mapping suggest register.xlsx -r asset --sandbox > mapping.json   # edit, then --mapping mapping.json
  $ assetbatch mapping presets                                                  # the shipped presets
  $ assetbatch mapping presets snipe-it > my-mapping.json                       # start from one`,
    );
  mapping
    .command('presets')
    .description(
      'List the mapping presets shipped with assetbatch (for --preset), or print one to start your own mapping file.',
    )
    .argument('[name]', 'print this preset')
    .action(async (name: string | undefined) =>
      runAction(false, [], async () => {
        if (name) process.stdout.write(readFileSync(presetPath(name), 'utf8'));
        else for (const p of listPresets()) process.stdout.write(`${p}\n`);
      }),
    );
  addConnectionOptions(
    mapping
      .command('suggest <file>')
      .description(
        'Print the mapping the import would use for a sheet, as a mapping file to edit and pass with --mapping.',
      )
      .requiredOption('-r, --resource <name>', 'asset, contract or customer')
      .option('--sheet <name|n>', 'XLSX sheet by name or number')
      .option('--header-row <n>', 'row number of the header', intOption('--header-row', 1))
      .option('--no-header', NO_HEADER_HELP)
      .option('--mapping <file>', 'start from this mapping file')
      .option(
        '--accept-unsure',
        'write value matches that are not sure into the value tables too (they are listed to check otherwise)',
      ),
  )
    .addHelpText(
      'after',
      `
Exit codes:
  0  every required field has a column, a default or a template: the mapping is complete (lookup values no
     table covers are still listed as "missing: …" lines, with the fix; --unmatched at import may settle them)
  1  the mapping is written, but a required field has nothing to give it: every row would fail; the
     "missing: …" line on stderr names the field and the fix
  2  usage or configuration (no such file, sheet or resource; a bad mapping file)
  3  the service stopped the run (token refused, unreachable)

Example:
  $ assetbatch mapping suggest register.xlsx -r asset --sandbox > mapping.json
  $ assetbatch import register.xlsx -r asset --mapping mapping.json --sandbox`,
    )
    .action(async (file: string, f: ImportFlags) =>
      runAction(f.debug, [f.token, process.env.ASSETBATCH_TOKEN], async () => {
        // Custom fields and value tables need the service; without one the suggestion covers standard fields only.
        const online = f.sandbox || f.baseUrl || process.env.ASSETBATCH_BASE_URL;
        const suggestion = await suggestMapping({
          file,
          resource: f.resource,
          mappingPath: f.mapping,
          sheet: sheetArg(f.sheet),
          headerRow: headerRowArg(f),
          connection: online ? connectionConfig(f) : undefined,
          acceptUnsure: f.acceptUnsure === true,
        });
        process.stdout.write(JSON.stringify(suggestion.mapping, null, 2) + '\n');
        for (const w of suggestion.warnings) process.stderr.write(`warning: ${w}\n`);
        for (const n of suggestion.notes) process.stderr.write(`note: ${n}\n`);
        // Each starts "missing: …", with the fix we would make. A required field nothing gives
        // fails every row: not a mapping to use as it is. Values no table covers fail only their
        // rows, and `--unmatched` at import may settle them: said, not an exit code.
        for (const m of suggestion.missing) process.stderr.write(`${m}\n`);
        return suggestion.missingFields.length > 0 ? ExitCode.ROWS_FAILED : ExitCode.OK;
      }),
    );
}

/** A workbook of related sheets: customers, then contracts, then assets, in one run. */
async function runWorkbook(
  file: string,
  f: ImportFlags,
  dry: boolean,
  connection: ReturnType<typeof connectionConfig>,
): Promise<number> {
  const logger = await createLogger(f.log);
  const problems = new RowProblems();
  // One sandbox for the whole workbook, so later sheets see what earlier ones created.
  const conn = await connect(connection, { logger });
  const stopper = stopOnSignals();
  try {
    const result = await importWorkbook({
      file,
      connection,
      connectionOverride: conn,
      dryRun: dry || f.dryRun,
      mappingPath: f.mapping,
      dateFormat: f.dateFormat,
      unmatched: f.unmatched,
      concurrency: f.concurrency ?? connection.concurrency,
      uniqueField: f.uniqueField,
      onExisting: f.onExisting,
      allowDuplicates: f.allowDuplicates,
      createResembling: f.createResembling,
      reportBase: f.report,
      resume: f.resume,
      refreshLookups: f.refreshLookups,
      logger,
      onSheet: ({ sheet, resource }) => {
        problems.finish(undefined);
        if (!f.json) process.stderr.write(`\n== sheet "${sheet}" → ${resource}s\n`);
      },
      onPlan: (plan) => {
        if (!f.json) printPlan(plan);
      },
      onRow: (outcome) => {
        if (!f.quiet && !f.json && problems.has(outcome)) problems.print(outcome);
      },
      signal: stopper.signal,
      onWait: announceWait,
      onLockWait: announceLockWait,
    });
    problems.finish(undefined);
    if (f.json) process.stdout.write(JSON.stringify(result, null, 2) + '\n');
    else
      for (const s of result.sheets) {
        process.stdout.write(`Sheet "${s.sheet}" (${s.resource}): `);
        printSummary(s);
      }
    return Math.max(...result.sheets.map(exitCodeOf));
  } finally {
    stopper.dispose();
    await conn.close();
    logger?.flush();
  }
}
