// `assetbatch sync`: a thin shell over syncSpreadsheet() (through runImport, which prints the
// plan and the summary). Here only --key, --scope, --missing and --max-missing are parsed.
import { Option, type Command } from 'commander';
import { AssetbatchError } from '../errors.js';
import type { MissingAction, SyncOptions } from '../run/import.js';
import { addImportOptions, runImport } from './import.js';
import { runAction } from './common.js';

interface SyncFlags {
  key?: string;
  scope?: string;
  missing?: string;
  maxMissing?: string;
  prefer?: 'sheet' | 'service';
  dryRun?: boolean;
  token?: string;
  debug?: boolean;
  json?: boolean;
}

/** FIELD=VALUE, as --scope and --missing set: take it. */
function fieldValue(text: string, flag: string): { field: string; value: string } {
  const at = text.indexOf('=');
  if (at <= 0 || at === text.length - 1)
    throw new AssetbatchError('E_USAGE', `${flag} ${text}: expected FIELD=VALUE`, {
      hint: `e.g. ${flag === '--scope' ? '--scope business_unit=Finance' : '--missing set:asset_usage_status=Retired'}`,
    });
  return { field: text.slice(0, at).trim(), value: text.slice(at + 1).trim() };
}

export function missingAction(text: string | undefined): MissingAction {
  if (text === undefined || text === 'report') return { kind: 'report' };
  if (text === 'archive') return { kind: 'archive' };
  if (text.startsWith('set:')) return { kind: 'set', ...fieldValue(text.slice(4), '--missing set:') };
  throw new AssetbatchError('E_USAGE', `--missing ${text}: expected report, archive or set:FIELD=VALUE`, {
    hint: 'e.g. --missing set:asset_usage_status=Retired',
  });
}

export function maxMissing(text: string | undefined): SyncOptions['maxMissing'] {
  if (text === undefined) return undefined;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(%?)\s*$/.exec(text);
  if (!m || (!m[2] && !Number.isInteger(Number(m[1]))))
    throw new AssetbatchError(
      'E_USAGE',
      `--max-missing ${text}: expected a number of records or a percentage`,
      { hint: 'e.g. --max-missing 20 or --max-missing 2%' },
    );
  return m[2] ? { percent: Number(m[1]) } : { count: Number(m[1]) };
}

function syncOptions(f: SyncFlags): SyncOptions {
  return {
    key: f.key,
    scope: f.scope ? fieldValue(f.scope, '--scope') : undefined,
    missing: missingAction(f.missing),
    maxMissing: maxMissing(f.maxMissing),
    prefer: f.prefer,
  };
}

const HELP = `
Rows are matched to records by --key (default: serial number for assets, contract number,
customer name). A row whose key no record has is created; a matched row sends only the fields
it changes (PATCH; where the service refuses PATCH, the record is read just before a PUT); a
row whose record already has its values is "unchanged" and costs no request. A field the
sheet has not changed since the last run keeps the service's value (a colleague's edit stays);
one both changed is a "conflict", not written unless --prefer sheet. The records are
read once, as list pages (25 a request). Records in the service that the sheet no longer has
(within --scope) are "missing": reported, or archived / given a value with --missing. Past
--max-missing (default 5%) nothing is written and the run exits 2; a dry run checks every row,
then exits 2 with the same error.

Examples:
  $ assetbatch sync register.xlsx -r asset --dry-run --sandbox
  $ assetbatch sync register.xlsx -r asset --key asset_tag --missing set:asset_usage_status=Retired --sandbox
  $ assetbatch sync contracts.csv -r contract --missing archive --max-missing 20 --sandbox
See docs/sync.md for a cutover, step by step.`;

export function registerSyncCommand(program: Command): void {
  addImportOptions(
    program
      .command('sync <file>')
      .description(
        'Make the service match a spreadsheet for the records it covers: new rows created, changed fields updated, unchanged rows left alone, records no longer in the sheet reported (or archived).',
      )
      .option(
        '--key <field>',
        "the field rows are matched on: serial_number, name, asset_tag, number …, a custom field by its label, or id (an export's ID column); default: the resource's key",
      )
      .option(
        '--scope <field=value>',
        "only records with this value are the sheet's (others are never missing), e.g. business_unit=Finance",
      )
      .option(
        '--missing <what>',
        'records the sheet no longer has: report (default), archive (contracts), or set:FIELD=VALUE',
      )
      .option(
        '--max-missing <n|n%>',
        'stop before any write when more records than this are missing (default 5%)',
      )
      .addOption(
        new Option(
          '--prefer <side>',
          "a field both the sheet and someone in the service changed since the last run: leave it and report the conflict (service, default) or write the sheet's value (sheet)",
        ).choices(['service', 'sheet']),
      ),
    false,
    'sync',
  )
    .addHelpText('after', HELP)
    .action(async (file: string, f: SyncFlags) =>
      runAction(
        f.debug,
        [f.token, process.env.ASSETBATCH_TOKEN],
        () => runImport(file, f as Parameters<typeof runImport>[1], false, 'create', syncOptions(f)),
        f.json,
      ),
    );
}
