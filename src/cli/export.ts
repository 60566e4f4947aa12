// `assetbatch export <resource>|all`: a thin shell over exportResource/exportAll. It
// parses flags (with the environment for the base URL and token), prints the plan and
// the outcome on stderr (progress only on a TTY), and maps errors to exit codes. The
// token is never printed.
import type { Writable } from 'node:stream';
import { Command, InvalidArgumentError, Option } from 'commander';
import { connect, type Connection } from '../connect.js';
import {
  connectionConfig,
  loadConfigFile,
  savedExport,
  type ConnectionFlags,
  type SavedExport,
} from '../config.js';
import { AssetbatchError, ExitCode } from '../errors.js';
import {
  exportAll,
  exportResource,
  type ExportAllResult,
  type ExportPlan,
  type ExportProgress,
  type ExportResult,
  EXPORT_FORMATS,
  type ExportFormat,
} from '../export/index.js';
import { RESOURCES } from '../resources/index.js';
import { addConnectionOptions, createLogger, reportError } from './common.js';
import { plural } from '../util/plural.js';

export interface CliIO {
  readonly stdout: Writable;
  readonly stderr: Writable & { isTTY?: boolean };
  readonly env: NodeJS.ProcessEnv;
}

/** Connection flags (shared with every command: src/cli/common.ts) and the export's own. */
export interface ExportFlags extends ConnectionFlags {
  /** -r, as import, update and validate take it: the same as the argument. */
  resource?: string;
  format?: ExportFormat;
  output?: string;
  filter?: string[];
  excel?: boolean;
  raw?: boolean;
  finance?: boolean;
  codes?: boolean;
  /** "ID,Name,Book value": the columns, in order. */
  columns?: string;
  /** A saved export of the config file's `exports`. */
  saved?: string;
  asOf?: string;
  concurrency?: number;
  followNext?: boolean;
  json?: boolean;
  debug?: boolean;
  log?: string;
}

const defaultIO: CliIO = { stdout: process.stdout, stderr: process.stderr, env: process.env };

function positiveInt(name: string) {
  return (v: string): number => {
    if (!/^\d+$/.test(v) || Number(v) < 1)
      throw new InvalidArgumentError(`${name} must be a whole number, 1 or more.`);
    return Number(v);
  };
}

function collect(v: string, prev: string[] = []): string[] {
  return [...prev, v];
}

export function parseFilters(items: readonly string[] = []): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of items) {
    const eq = item.indexOf('=');
    if (eq <= 0)
      throw new AssetbatchError('E_USAGE', `--filter "${item}" is not key=value`, {
        hint: 'For example: --filter name=Laptop',
      });
    out[item.slice(0, eq).trim()] = item.slice(eq + 1);
  }
  return out;
}

function duration(ms: number): string {
  if (ms <= 0) return 'no wait for the rate limit';
  const min = Math.ceil(ms / 60_000);
  return min < 60
    ? `about ${min} min at the rate limit`
    : `about ${Math.floor(min / 60)} h ${min % 60} min at the rate limit`;
}

function planLine(plan: ExportPlan): string {
  return `plan: ${plan.resource}: ${plural(plan.count, 'record')}, ${plural(plan.pages, 'page')}, ${plural(plan.requests, 'request')}, ${duration(plan.etaMs)}\n`;
}

/** The list a command line names: the argument, -r, or the saved export's; two different names are a mistake. */
function listNamed(resource: string | undefined, flags: ExportFlags, saved: SavedExport | undefined): string {
  const names = [resource, flags.resource, saved?.resource].filter((n): n is string => n !== undefined);
  const differ = names.find((n) => n !== names[0]);
  if (names.length > 0 && differ === undefined) return names[0];
  const why =
    names.length === 0
      ? 'say which list to export'
      : saved && differ === saved.resource
        ? `the saved export "${flags.saved}" exports ${saved.resource}, and the command line names "${names[0]}"`
        : `two lists named: "${resource}" and -r "${flags.resource}"`;
  throw new AssetbatchError('E_USAGE', why, {
    hint: `For example: assetbatch export asset -o assets.xlsx (lists: ${RESOURCES.map((r) => r.name).join(', ')}, all)`,
  });
}

/** The flags over the saved export's choices (flags win). */
function withSaved(flags: ExportFlags, saved: SavedExport | undefined): ExportFlags {
  if (!saved) return flags;
  const filter = Object.entries(saved.filter ?? {}).map(([k, v]) => `${k}=${v}`);
  return {
    ...flags,
    columns: flags.columns ?? saved.columns?.join(','),
    finance: flags.finance ?? saved.finance,
    codes: flags.codes ?? saved.codes,
    format: flags.format ?? saved.format,
    output: flags.output ?? saved.output,
    filter: flags.filter ?? (filter.length > 0 ? filter : undefined),
    excel: flags.excel ?? saved.excel,
    profile: flags.profile ?? saved.profile,
  };
}

/** --columns "A,B,C" as names; undefined when not given. */
function columnList(columns: string | undefined): string[] | undefined {
  return columns === undefined ? undefined : columns.split(',');
}

/** Run the export command (the list named as an argument, -r or by --saved); resolves to the process exit code. */
export async function runExport(
  resource: string | undefined,
  given: ExportFlags,
  io: CliIO = defaultIO,
): Promise<number> {
  let flags = given;
  let conn: Connection | undefined;
  const tty = io.stderr.isTTY === true;
  const secrets = [flags.token, io.env.ASSETBATCH_TOKEN];
  let progressShown = false;
  const clearProgress = () => {
    if (progressShown) io.stderr.write('\r\x1b[K');
    progressShown = false;
  };
  // Ctrl-C stops the export cleanly: the temporary file is removed, exit code 3.
  const interrupt = new AbortController();
  // A wait for the rate limit (or a backoff) ends at once too: the export stops within about 2 s.
  const onSigint = () => {
    interrupt.abort();
    conn?.client.interrupt(new AssetbatchError('E_INTERRUPTED', 'interrupted; the export was not finished'));
  };
  process.once('SIGINT', onSigint);
  process.once('SIGTERM', onSigint);
  try {
    const saved = flags.saved ? savedExport(flags.saved, flags.config) : undefined;
    const list = listNamed(resource, flags, saved);
    flags = withSaved(flags, saved);
    const cfg = connectionConfig(flags, io.env);
    conn = await connect(cfg, { logger: await createLogger(flags.log) });
    if (conn.sandbox) io.stderr.write(`sandbox: ${conn.baseUrl}\n`);
    const common = {
      client: conn.client,
      company: cfg.company,
      format: flags.format,
      output: flags.output ?? io.stdout,
      excel: flags.excel,
      raw: flags.raw,
      finance: flags.finance,
      codes: flags.codes,
      asOf: flags.asOf,
      concurrency: flags.concurrency ?? cfg.concurrency,
      mode: flags.followNext ? ('next' as const) : ('pages' as const),
      signal: interrupt.signal,
      onPlan: (plan: ExportPlan) => {
        clearProgress();
        io.stderr.write(planLine(plan));
      },
      onProgress: (progress: ExportProgress) => {
        if (!tty) return;
        io.stderr.write(
          `\r\x1b[K${progress.resource}: page ${progress.page}/${progress.pages}, ${progress.records}/${progress.count} records`,
        );
        progressShown = true;
      },
    };
    let result: ExportResult | ExportAllResult;
    if (list.toLowerCase() === 'all') {
      if (flags.filter && flags.filter.length > 0)
        throw new AssetbatchError('E_USAGE', '--filter applies to one list, not to all');
      if (flags.columns !== undefined)
        throw new AssetbatchError('E_USAGE', '--columns applies to one list, not to all', {
          hint: 'Export the list on its own: assetbatch export asset --columns "ID,Name"',
        });
      result = await exportAll(common);
    } else {
      result = await exportResource({
        ...common,
        resource: list,
        filters: parseFilters(flags.filter),
        columns: columnList(flags.columns),
      });
    }
    clearProgress();
    const where = result.file
      ? ` to ${'files' in result && result.files.length > 1 ? result.files.join(', ') : result.file}`
      : '';
    const what =
      'resource' in result
        ? `${result.records} ${result.resource} records`
        : `${result.records} records from ${result.lists.length} lists`;
    io.stderr.write(
      `exported ${what} (${plural(result.pages, 'page')}, ${plural(result.requests, 'request')})${where}\n`,
    );
    if ('lists' in result)
      for (const l of result.lists.filter((x) => x.skipped))
        io.stderr.write(`  left out ${l.resource}: ${l.skipped}\n`);
    for (const w of result.warnings ?? []) io.stderr.write(`warning: ${w}\n`);
    if (flags.json) (flags.output ? io.stdout : io.stderr).write(JSON.stringify(result) + '\n');
    return ExitCode.OK;
  } catch (e) {
    clearProgress();
    return reportError(e, {
      debug: flags.debug,
      json: flags.json,
      secrets,
      stderr: io.stderr,
      jsonOut: flags.output ? io.stdout : io.stderr,
    });
  } finally {
    process.removeListener('SIGINT', onSigint);
    process.removeListener('SIGTERM', onSigint);
    await conn?.close();
  }
}

/** The config file's saved exports, for the end of --help (nothing when there are none or the file cannot be read: the profiles' line says so). */
function savedExportsHelp(configPath: string | undefined): string {
  try {
    const saved = Object.entries(loadConfigFile(configPath).exports ?? {});
    if (saved.length === 0) return '';
    return `Saved exports in ${configPath ?? 'assetbatch.config.json'} (--saved): ${saved.map(([name, e]) => `${name} (${e.resource})`).join(', ')}.\n`;
  } catch {
    return '';
  }
}

export function registerExportCommand(program: Command, io: CliIO = defaultIO): void {
  const cmd = program
    .command('export')
    .argument(
      '[resource]',
      `the list to export: ${RESOURCES.map((r) => r.name).join(', ')}, or all (or give it as -r)`,
    )
    .option(
      '-r, --resource <name>',
      'the list to export, as import, update and validate take it (the same as the argument)',
    )
    .description(
      'Export a list of the service (or all of them) as CSV, XLSX, JSON or NDJSON, with stable columns the import maps back.',
    )
    .addOption(
      new Option('--format <format>', 'file format (default: from the -o extension; csv on stdout)').choices(
        EXPORT_FORMATS as string[],
      ),
    )
    .option(
      '-o, --output <file>',
      'file to write; {date} (yyyy-MM-dd: the --as-of day, else today), {company} and {resource} are filled in; stdout when absent',
    )
    .option('--filter <key=value>', 'a filter the list documents, e.g. name=Laptop (repeatable)', collect)
    .option('--excel', 'CSV for Excel: add a BOM and CRLF line ends')
    .option('--raw', 'do not neutralise text starting with = + - @ (formula injection protection off)')
    .option(
      '--finance',
      'add finance columns: book value (assets); months remaining, notice deadline, annualised spend, auto-renews (contracts)',
    )
    .option(
      '--codes',
      "enumerations as the service's codes (net_30, buy_side) instead of their labels (Net 30, Buy side)",
    )
    .option(
      '--columns <list>',
      'the columns to write, in this order, by header or key: "ID,Name,Book value" (one list only)',
    )
    .option(
      '--saved <name>',
      'a saved export of the config file\'s "exports" (list, columns, finance, format, output …); flags win',
    )
    .option('--as-of <date>', 'the day finance figures are worked out for (yyyy-MM-dd; default today)')
    .option('--concurrency <n>', 'pages fetched at once (default 4)', positiveInt('--concurrency'))
    .option(
      '--follow-next',
      "follow each page's `next` link one at a time instead of fetching pages by number",
    )
    .option('--json', 'print the outcome as JSON (on stdout when -o is given, else on stderr)')
    .addHelpText(
      'after',
      `
Examples:
  $ assetbatch export supplier --sandbox -o suppliers.xlsx
  $ assetbatch export asset --finance --as-of 2025-12-31 -o "exports/assets-{date}.xlsx"
  $ assetbatch export contract --company 2 --excel -o contracts.csv
  $ assetbatch export category --filter name=Hardware --format json
  $ assetbatch export all -o "snapshot-{company}-{date}.xlsx"
  $ assetbatch export asset --finance --columns "ID,Name,Original cost,Book value" -o assets.xlsx
  $ assetbatch export --saved monthly-assets --as-of 2025-12-31
`,
    )
    .action(async (resource: string | undefined, flags: ExportFlags) => {
      process.exitCode = await runExport(resource, flags, io);
    });
  addConnectionOptions(cmd);
  cmd.addHelpText('afterAll', ({ command }) =>
    savedExportsHelp((command.opts() as { config?: string }).config),
  );
}
