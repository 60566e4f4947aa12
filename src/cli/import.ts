// `assetbatch import`, `assetbatch validate` and `assetbatch mapping suggest`: thin
// shells over importSpreadsheet(); they parse flags, and print the plan (plan-text.ts) and
// the summary (summary-text.ts).
import { Command, InvalidArgumentError, Option } from 'commander';
import { connectionConfig } from '../config.js';
import { AssetbatchError, ExitCode } from '../errors.js';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  importSpreadsheet,
  writableResource,
  listPresets,
  presetPath,
  NO_HEADER_ROW,
  type ImportSummary,
  type SyncOptions,
} from '../run/import.js';
import { connect } from '../connect.js';
import { headersLookLike } from '../run/resource-hint.js';
import type { WritableName } from '../resources/index.js';
import { importWorkbook } from '../run/workbook.js';
import { suggestMapping } from '../run/suggest.js';
import { addConnectionOptions, createLogger, intOption, Progress, runAction } from './common.js';
import { plural } from '../util/plural.js';
import { printPlan, shellWord } from './plan-text.js';
import {
  exitCodeOf,
  printChanges,
  printSummary,
  printWouldStop,
  RowProblems,
  SyncTally,
} from './summary-text.js';

interface ImportFlags {
  resource: string;
  sheet?: string;
  headerRow?: number;
  /** False with --no-header (commander's negated option). */
  header?: boolean;
  /** mapping suggest: write unsure value matches too. */
  acceptUnsure?: boolean;
  mapping?: string;
  /** --default FIELD=VALUE, as given (repeatable). */
  default?: Record<string, string>;
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

/** A word of a command line we print, quoted for a shell when it needs to be ("GLPI export (2).csv"). */

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

const NO_HEADER_HELP =
  'the file has no header row: every row is data, numbered from 1, and the columns are named by their letter (A, B, C …); a mapping file names them so: {"columns": {"B": "serial_number"}} (or "headerRow": 0 in it)';

const DEFAULT_HELP =
  'a value for a field where a row leaves it empty or no column gives it, e.g. --default country=US (repeatable; as a mapping file\'s "defaults")';

/** One --default FIELD=VALUE added to those before it. */
function defaultOption(v: string, prev: Record<string, string>): Record<string, string> {
  const eq = v.indexOf('=');
  if (eq <= 0)
    throw new InvalidArgumentError(`--default "${v}" is not FIELD=VALUE (for example --default country=US).`);
  return { ...prev, [v.slice(0, eq).trim()]: v.slice(eq + 1).trim() };
}

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
    .option('--default <field=value>', DEFAULT_HELP, defaultOption, {})
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
      dry
        ? 'where to write the per-row report: .csv, .xlsx or .json (default: <input>.check.csv, so the report of a real run, <input>.report.csv, is never replaced)'
        : 'where to write the per-row report: .csv, .xlsx or .json (default: <input>.report.csv; with --dry-run <input>.check.csv, so the report of a real run is never replaced)',
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
async function runWithoutResource(
  file: string,
  f: ImportFlags,
  dry: boolean,
  mode: 'create' | 'update',
  connection: ReturnType<typeof connectionConfig>,
): Promise<number> {
  if (Object.keys(f.default ?? {}).length > 0)
    throw new AssetbatchError('E_USAGE', '--default is for the fields of one resource: give --resource too', {
      hint: 'For example: --resource asset --default country=US',
    });
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
  const names: readonly WritableName[] =
    mode === 'create' ? ['asset', 'contract', 'customer'] : ['asset', 'contract', 'customer', 'asset-owner'];
  const looks = await headersLookLike(file, { sheet: sheetArg(f.sheet), headerRow: headerRowArg(f) }, names);
  throw new AssetbatchError('E_USAGE', `say what the rows are: --resource ${orList(names)}`, {
    hint: looks
      ? `The headers look like ${looks.resource.plural} (${looks.evidence.slice(0, 3).join(', ')}): if they are, give --resource ${looks.resource.name}.`
      : mode === 'create' && /\.xlsx$/i.test(file)
        ? 'A workbook (.xlsx) with sheets named Customers, Contracts and Assets imports without --resource.'
        : undefined,
  });
}

const orList = (xs: readonly string[]) => `${xs.slice(0, -1).join(', ')} or ${xs[xs.length - 1]}`;

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
      defaults: f.default,
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
    if (f.json) process.stdout.write(JSON.stringify(jsonSummary(summary, tally, sync), null, 2) + '\n');
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
 * The --json summary: the library's, and what the text summary counts besides. A sync's
 * `wouldUpdate`; otherwise `skippedUnchanged`, the skipped rows whose record already had their
 * values ("4 skipped (4 unchanged)"), among `counts.skipped` (`counts.unchanged` is a sync's
 * status), `skippedAsExported`, an update's rows still as exported, and `skippedDoneBefore`,
 * those an earlier run of the update did, neither read.
 */
function jsonSummary(summary: ImportSummary, tally: SyncTally, sync: SyncOptions | undefined): object {
  return sync
    ? { ...summary, wouldUpdate: tally.wouldUpdate }
    : {
        ...summary,
        skippedUnchanged: tally.skippedUnchanged,
        skippedAsExported: tally.skippedAsExported,
        skippedDoneBefore: tally.skippedDoneBefore,
      };
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
      '\nStopping: requests in flight finish, the rest are reported as not sent… (Ctrl-C again to quit at once; the same command run again goes on where this one stopped)\n',
    );
    controller.abort();
    // A request to a service that stopped answering, or a read that never ends, must not keep
    // the process: after a grace period it stops anyway (unref: a run that ends sooner exits).
    setTimeout(() => {
      process.stderr.write(
        `Stopped without waiting longer (${STOP_GRACE_MS / 1000} s after the signal); the same command run again goes on where this one stopped\n`,
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
An export (assetbatch export asset -o assets.xlsx) can be edited and fed straight back: only
the rows you edited are read and sent (a row still as exported sends nothing, and its record
is not read), and a cell you did not touch keeps what the service has now.

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
  // Each sheet's rows skipped as unchanged, counted as a one-sheet run's are (skippedUnchanged).
  const tallies = new Map<string, SyncTally>();
  let tally = new SyncTally();
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
        tallies.set(sheet, (tally = new SyncTally()));
        problems.finish(undefined);
        if (!f.json) process.stderr.write(`\n== sheet "${sheet}" → ${resource}s\n`);
      },
      onPlan: (plan) => {
        if (!f.json) printPlan(plan);
      },
      onRow: (outcome) => {
        tally.add(outcome);
        if (!f.quiet && !f.json && problems.has(outcome)) problems.print(outcome);
      },
      signal: stopper.signal,
      onWait: announceWait,
      onLockWait: announceLockWait,
    });
    problems.finish(undefined);
    const tallyOf = (sheet: string) => tallies.get(sheet) ?? new SyncTally();
    const sheets = result.sheets.map((s) => jsonSummary(s, tallyOf(s.sheet), undefined));
    if (f.json) process.stdout.write(JSON.stringify({ ...result, sheets }, null, 2) + '\n');
    else
      for (const s of result.sheets) {
        process.stdout.write(`Sheet "${s.sheet}" (${s.resource}): `);
        printSummary(s, process.stdout, tallyOf(s.sheet));
      }
    return Math.max(...result.sheets.map(exitCodeOf));
  } finally {
    stopper.dispose();
    await conn.close();
    logger?.flush();
  }
}
