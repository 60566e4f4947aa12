// The import's plan as the CLI prints it before anything is written (stderr): where the run
// writes, how the sheet was read and mapped, the lists and the existing-record check, the
// rows not to be written and the writes left, with the pace and the ETA.
import type { WriteTarget } from '../config.js';
import { NO_HEADER_ROW, type ImportPlan } from '../run/import.js';
import { formatDuration } from './common.js';
import { reportFormat } from '../report/report.js';
import { partPath } from '../util/atomic-file.js';
import { plural } from '../util/plural.js';

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
function describeText(t: NonNullable<ImportPlan['text']>): string {
  const sep = DELIMITER_NAMES[t.delimiter] ?? JSON.stringify(t.delimiter);
  const padding = t.padded ? ' each followed by a space (the spaces are not read)' : '';
  return `Read as ${ENCODINGS[t.encoding] ?? t.encoding}${t.encodingWhy ? ` (${t.encodingWhy})` : ''}, cells separated by ${sep}${padding}.`;
}

/**
 * The pace and the ETA. A first run (no run against the account in the last hour) plans at
 * the whole limit, and says so when that matters: others' use of the account shows only
 * when the service refuses a request. Another run of ours going on against the account is
 * no stranger: the two share the limit, and the plan says so. The limit is said per its
 * window: a minute, or the one ASSETBATCH_RATE_WINDOW (config `rateWindow`) sets.
 */
export function paceText(plan: PaceOfPlan): string {
  const window = windowWords(plan.rateWindowSeconds);
  const rate = plan.otherRuns
    ? sharingText(plan, plan.otherRuns)
    : plan.sharedRate
      ? `about ${plan.sharedRate} of the account's ${plan.rateLimit} ${window.short} (the share the last run got: others use the account)`
      : `${plan.rateLimit || 'unlimited'} ${window.short}`;
  const eta = plan.etaSeconds > 0 ? `about ${formatDuration(plan.etaSeconds)}` : 'well under a minute';
  const unsure =
    plan.share === 'unknown' && plan.rateLimit > 0 && plan.etaSeconds > (plan.rateWindowSeconds ?? 60)
      ? ` if ${plan.otherRuns ? 'no other client' : 'no one else'} uses the account now (the service shows others' use only by refusing a request: the pace and the ETA follow its first refusal, and the next run starts from the share this one gets)`
      : '';
  return `at ${rate} ${eta}${unsure}`;
}

/** What paceText reads of the plan. */
export type PaceOfPlan = Pick<
  ImportPlan,
  'rateLimit' | 'rateWindowSeconds' | 'sharedRate' | 'share' | 'otherRuns' | 'etaSeconds'
>;

/** The limit's window in words: "requests/minute" and "requests a minute", or "requests per 10 s" for both. */
function windowWords(seconds: number | undefined): { short: string; long: string } {
  if (seconds === undefined) return { short: 'requests/minute', long: 'requests a minute' };
  const per = `requests per ${seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`}`;
  return { short: per, long: per };
}

/** "about 50 of the account's 100 requests/minute (another assetbatch run is using this account: sharing its 100 requests a minute)". */
function sharingText(plan: PaceOfPlan, others: number): string {
  const window = windowWords(plan.rateWindowSeconds);
  const account = plan.sharedRate ?? plan.rateLimit;
  const who = others === 1 ? 'another assetbatch run is' : `${others} other assetbatch runs are`;
  const its = plan.sharedRate
    ? `the about ${plan.sharedRate} ${window.long} the last run got of its ${plan.rateLimit}`
    : `its ${plan.rateLimit} ${window.long}`;
  return `about ${Math.round(account / (others + 1))} of the account's ${plan.rateLimit} ${window.short} (${who} using this account: sharing ${its})`;
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
    count(plan.noteRows, 'note row below the table'),
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
  if (plan.counted && plan.rows === 0) lines.push(noRowsLine(plan));
  if (plan.text) lines.push(describeText(plan.text));
  lines.push(
    `Columns: ${plan.mapped.map((m) => `"${m.header}" → ${m.field}${m.how === 'fuzzy' ? ' (guessed)' : m.how === 'values' ? ' (by its values)' : m.how === 'built' ? ' (built from the row)' : ''}`).join(', ')}`,
  );
  if (plan.mappedAsRecorded)
    lines.push(
      "Mapped as the last run of this import mapped the columns (its journal keeps what the service's lists and custom fields told it): every row is done by the journal, so none was read for the mapping.",
    );
  if (plan.built) lines.push(builtLine(plan.built, plan.sync !== undefined));
  if (plan.builtWhenEmpty) lines.push(builtWhenEmptyLine(plan.builtWhenEmpty, plan));
  if (plan.placeholders) lines.push(placeholdersLine(plan.placeholders, plan.counted));
  if (plan.placeholderNames) lines.push(placeholderNamesLine(plan.placeholderNames, plan.counted));
  for (const d of plan.decimals ?? []) lines.push(decimalLine(d, plan.counted));
  for (const d of plan.datesByExport ?? []) lines.push(exportDateLine(d));
  for (const d of plan.datesInferred ?? []) lines.push(inferredDateLine(d));
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
  if (plan.resumed) lines.push(resumedLine(plan, plan.resumed));
  if (plan.sync) lines.push(...syncLines(plan, plan.sync, opts.missingLines === true));
  // Filtered calls of which none is left to make (every keyed row is done) are not a check.
  const calls = plan.existingCheck?.strategy === 'full list' ? undefined : plan.existingCheck?.calls;
  const check =
    plan.existingCheck && calls !== 0 ? ` + existing-record check by ${checkText(plan.existingCheck)}` : '';
  if (!plan.dryRun) {
    // Rows are checked as they are sent, so the writes are an upper bound (invalid rows send nothing).
    const listed = plan.existingCheck?.strategy === 'full list';
    const what = plan.compared
      ? comparedWrites(plan, plan.compared)
      : plan.mode === 'update' && !listed
        ? `${asExportedText(plan)}${updatesText(plan)}`
        : plan.mode === 'update' || plan.sync
          ? `at most ${plural(plan.writes, 'write')} (a row whose record already has its values sends nothing)`
          : `${plan.unwritten ? unwrittenText(plan.unwritten, plan.writes) : ''}up to ${plural(plan.writes, 'write')}`;
    lines.push(
      `Plan: ${what}${check}${idCellReadsText(plan)}${plan.markRequests ? ` + ${plural(plan.markRequests, 'read')} of the list's newest id (to find any write whose answer is lost)` : ''}; ${paceText(plan)}.`,
    );
  } else if (plan.mode === 'update' || plan.sync)
    lines.push(
      `Plan: nothing is written${plan.asExported ? ` (${asExportedText(plan).slice(0, -2)})` : ''}${check}.`,
    );
  if (plan.report && reportFormat(plan.report) === 'csv' && !plan.dryRun)
    lines.push(
      `Report: rows are added to ${partPath(plan.report)} as they finish (follow it with tail -f, or: assetbatch status ${shellWord(plan.file)}); it becomes ${plan.report} at the end.`,
    );
  out.write(lines.join('\n') + '\n');
}

/**
 * A header with no rows is a run of nothing, not an error: the export of an empty list, edited
 * and loaded back each month, is a normal month. It is said, in case rows were expected.
 */
function noRowsLine(plan: ImportPlan): string {
  const what = plan.sync
    ? 'nothing to create or update, and every record in scope is missing from it'
    : `nothing to ${plan.dryRun ? 'check' : plan.mode === 'update' ? 'update' : 'import'}`;
  const check = plan.sheet ? 'check the file, or choose another sheet with --sheet' : 'check the file';
  return `note: the sheet has a header but no data rows below it: ${what} (as an export of an empty list reads; if rows were expected, ${check}).`;
}

/**
 * How the rows' records are found, and what it costs: the pages read, or an import's filtered
 * calls to come (a row without a key asks none, so a sheet of keyless rows counts fewer).
 */
function checkText(c: NonNullable<ImportPlan['existingCheck']>): string {
  if (c.strategy === 'full list') return `full list (${plural(c.requests, 'page')}, read)`;
  if (c.calls === undefined || c.key === undefined) return c.strategy;
  return `${c.strategy} (up to ${c.calls}, one a row with a ${c.key.replace(/^custom:/, '').replace(/_/g, ' ')})`;
}

/**
 * The lists read and what they cost, and the lists a run whose records were listed did not
 * need, and why, so that a line without the country list is not read as one that forgot it.
 */
function lookupsLine(plan: ImportPlan): string | undefined {
  const word = (kind: string) => kind.replace(/[_-]/g, ' ');
  const read = plan.lookups.map((l) => `${word(l.kind)} ${l.strategy} (${l.requests} req)`);
  const unread = plan.lookupsUnread ?? [];
  if (unread.length > 0)
    read.push(
      `not needed: ${unread.map(word).join(', ')} (${plan.lookupsUnreadWhy ?? 'each such cell names what its record already has'})`,
    );
  return read.length > 0 ? `Lookups: ${read.join(', ')}.` : undefined;
}

/** How many placeholder cells in which columns ("4 cells of "Serial Number" and 2 of "Country""), and which words. */
function placeholderCells(p: NonNullable<ImportPlan['placeholders']>): { which: string; words: string } {
  const cols = p.map((c, i) => `${i === 0 ? plural(c.cells, 'cell') : c.cells} of "${c.column}"`);
  const which = cols.length === 1 ? cols[0] : `${cols.slice(0, -1).join(', ')} and ${cols[cols.length - 1]}`;
  const words = [...new Set(p.flatMap((c) => c.spellings))].map((s) => JSON.stringify(s)).join(', ');
  return { which, words };
}

/** In a name only the marks read as no value: the words are names (placeholders.ts). */
const NAME_RULE = 'in a name only signs and abbreviations such as "-", "?" and "N/A" mean none';

/** Placeholder cells ("N/A", "-") read as empty: how many in which columns, and which words, before any write. */
function placeholdersLine(p: NonNullable<ImportPlan['placeholders']>, counted: boolean): string {
  const { which, words } = placeholderCells(p);
  const names = p.some((c) => c.field === 'name') ? `; ${NAME_RULE}, a word such as "Unknown" is a name` : '';
  return (
    `note: ${which}${counted ? '' : ' so far'} read as empty: ${words} ` +
    `(placeholders for no value; W_PLACEHOLDER on the row; a value table that names one keeps it, mapping.md${names}).`
  );
}

/** Placeholder words ("Unknown") a name column kept as names, before any write: the other side of the name rule. */
function placeholderNamesLine(p: NonNullable<ImportPlan['placeholders']>, counted: boolean): string {
  const { which, words } = placeholderCells(p);
  return (
    `note: ${which}${counted ? '' : ' so far'} kept as names: ${words} ` +
    `(${NAME_RULE}; a value table that maps a word to "" leaves the name empty, mapping.md).`
  );
}

/**
 * An amount column's cells that alone read two ways ("12.500": 12500 or 12.5), settled by its
 * other cells' decimal mark, or, when they show both, left invalid (a person must say).
 */
function decimalLine(d: NonNullable<ImportPlan['decimals']>[number], counted: boolean): string {
  const shown = (what: string, c: { text: string; row: number }) =>
    `with a decimal ${what} ("${c.text}", row ${c.row})`;
  const marks = [d.comma && shown('comma', d.comma), d.point && shown('point', d.point)]
    .filter(Boolean)
    .join(' and ');
  const cells = `${plural(d.unclear, 'amount')}${counted ? '' : ' so far'} such as "${d.firstUnclear.text}" (row ${d.firstUnclear.row}), which alone could be read two ways`;
  return d.comma && d.point
    ? `warning: column "${d.column}" has amounts ${marks}: each is read as it is written, and ${cells}, ${d.unclear === 1 ? 'is' : 'are'} invalid.`
    : `note: column "${d.column}" has amounts ${marks}: ${cells}, ${d.unclear === 1 ? 'is' : 'are'} read with it (said on the row).`;
}

/** A date column whose dates all read both ways, read as the export the sheet came from showed them. */
function exportDateLine(d: NonNullable<ImportPlan['datesByExport']>[number]): string {
  const order = d.order === 'DMY' ? 'day-first' : 'month-first';
  return `note: column "${d.column}" has dates that read both ways; read ${order}, as the export of its records showed them (row ${d.row}: ${d.text} is ${d.date}).`;
}

/**
 * A date column whose dates all read both ways, read as the rest of the sheet settles: a note
 * when its other date columns show the order, a warning when only its headers' language does.
 */
function inferredDateLine(d: NonNullable<ImportPlan['datesInferred']>[number]): string {
  const order = d.order === 'DMY' ? 'day-first' : 'month-first';
  const format = d.order === 'DMY' ? 'dd/MM/yyyy' : 'MM/dd/yyyy';
  const other = d.order === 'DMY' ? 'MM/dd/yyyy' : 'dd/MM/yyyy';
  return d.by === 'sheet'
    ? `note: column "${d.column}" has only dates that read both ways; read ${order}, as ${d.reason} (W_DATE_ORDER_INFERRED on each row; --date-format ${other} reads it otherwise).`
    : `warning: column "${d.column}" has only dates that read both ways; read ${order}, as ${d.reason}: a guess, said on each row (W_DATE_ORDER_ASSUMED, exit 1); --date-format ${format} confirms it, --date-format ${other} reads it otherwise.`;
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

export type CompanySplit = NonNullable<ImportPlan['companies']>;

export const rowsWord = (n: number) => plural(n, 'row');

/**
 * A register's company column, before any write: the rows this run loads and those left for
 * another company's run, with the --company that loads them.
 */
function companyLine(c: CompanySplit, counted: boolean): string {
  const { name, id, nameUnknown } = c.run;
  const run = name
    ? `${name} (this run)`
    : `company ${id} (this run${nameUnknown ? `; by its id alone: ${nameUnknown}` : ''})`;
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

/**
 * An import's rows the plan knows will not be written, by what says so, before "up to N
 * writes" (the rest, checked as they are sent): "30 rows: 30 already in the service (serial
 * number), ".
 */
function unwrittenText(u: NonNullable<ImportPlan['unwritten']>, writes: number): string {
  const parts = [
    ...(u.journal ? [`${u.journal} done by an earlier run of this import (the journal)`] : []),
    ...(u.memory
      ? [`${u.memory} made from the same cells by an earlier import (the memory of what was sent)`]
      : []),
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
  const rows = u.journal + (u.memory ?? 0) + u.listed + u.made + u.held + u.byId + writes;
  return `${plural(rows, 'row')}: ${parts.join(', ')}, `;
}

/** An update's writes when its records were not listed: an upper bound, each row compared as it is reached. */
function updatesText(plan: ImportPlan): string {
  if (plan.writes === 0) return 'no row left to update';
  const each =
    plan.existingCheck && !byId(plan)
      ? 'a write each, after the lookup that reads the record'
      : 'a read and a write each';
  return `at most ${plural(plan.writes, 'update')} (${each}; a row whose record already has its values sends nothing)`;
}

/** A sheet with an ID column: an update reads each row's record by its id, not by a lookup of its key. */
const byId = (plan: ImportPlan): boolean => plan.mapped.some((m) => m.field === 'id');

/** An update's rows still as exported, before its "at most N updates": "303 rows as exported, nothing to send (their records not read); ". */
function asExportedText(plan: ImportPlan): string {
  const n = plan.asExported ?? 0;
  return n > 0
    ? `${plural(n, 'row')} as exported, no cell edited: nothing to send, ${n === 1 ? 'its record' : 'their records'} not read; `
    : '';
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

/** A sync's rows without a key: the records their ID cells and the memory match them to; the rest are created. */
function keylessLine(key: string, k: NonNullable<ImportPlan['sync']>['keyless']): string {
  const start = `Rows without ${/^[aeiou]|^ID\b/i.test(key) ? 'an' : 'a'} ${key}: ${k.rows}; `;
  const m = k.matched - k.byId;
  if (k.byId === 0)
    return `${start}${plural(m, 'record')} that an earlier run made from the same values match them (the memory of what was sent); the others are created.`;
  const named =
    k.byId === 1 ? 'matches the record its ID cell names' : 'match the records their ID cells name';
  return `${start}${k.byId} ${named} (of the same name), ${m} ${m === 1 ? 'the record' : 'records'} an earlier run made from the same values (the memory of what was sent); the others are created.`;
}

/** A sync's plan: what the sheet matches, what is new, and what it no longer has. */
function syncLines(plan: ImportPlan, y: NonNullable<ImportPlan['sync']>, missingLines: boolean): string[] {
  const key = y.key === 'id' ? 'ID' : y.key.replace(/^custom:/, '').replace(/_/g, ' ');
  const byKey = y.matched - y.keyless.matched;
  const lines = [
    `Sync by ${key}: ${byKey} ${byKey === 1 ? 'row matches a record' : 'rows match records'} in the service (each compared field by field; only changes are sent), ${plural(y.new, 'new key')} (created).`,
  ];
  if (y.keyless.rows > 0) lines.push(keylessLine(key, y.keyless));
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

/** A word as a shell reads it: quoted when it holds anything but plain characters. */
export function shellWord(s: string): string {
  return /^[\w./@%+=:,-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * What the journal says of earlier runs: a resume of one stopped part-way, or a run again of
 * one that ended (its done rows are not sent again; nothing is resumed).
 */
function resumedLine(plan: ImportPlan, resumed: NonNullable<ImportPlan['resumed']>): string {
  const done = plural(resumed.doneRows, 'row');
  const verb = plan.sync ? 'sync' : plan.mode === 'update' ? 'update' : 'import';
  if (resumed.lastFinished && !resumed.inFlightRows)
    return `Run again: the journal shows ${done} done by earlier runs of this ${verb}; a row unchanged since is not sent again.`;
  const inFlight = resumed.inFlightRows
    ? ` and ${resumed.inFlightRows} in flight when the last run stopped (they are checked before sending again)`
    : '';
  return `${plan.dryRun ? 'A run now would resume' : 'Resuming'}: the journal shows ${done} already done${inFlight}.`;
}
