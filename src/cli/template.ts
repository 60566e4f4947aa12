// `assetbatch template <resource>`: write a spreadsheet ready to fill. A thin shell over
// writeTemplate(); `--live` (lookup drop-downs from the service) plugs in through
// TemplateOptions.lookups once the lookup fetcher exists.
import { Command, InvalidArgumentError, Option } from 'commander';
import { AssetbatchError, exitCodeFor, isAssetbatchError } from '../errors.js';
import { WRITABLE } from '../resources/index.js';
import { templateResource, writeTemplate, type TemplateFormat } from '../template/template.js';

function positiveInt(v: string): number {
  if (!/^\d+$/.test(v) || Number(v) < 1) throw new InvalidArgumentError('--company must be a whole number (1 or more).');
  return Number(v);
}

export function registerTemplateCommand(program: Command): void {
  program
    .command('template')
    .description('Write a spreadsheet template ready to fill: one column per field, rules in the header notes, drop-downs for the lists.')
    .argument('<resource>', WRITABLE.join(' | '))
    .option('-o, --output <file>', 'file to write (default: <resource>-template.xlsx or .csv)')
    .addOption(new Option('--format <format>', 'xlsx or csv (default: from the file extension, else xlsx)').choices(['xlsx', 'csv']))
    .option('--company <n>', 'company the template is for', positiveInt, 1)
    .option('--live', 'fill the lookup drop-downs from the service (countries, categories, suppliers …)')
    .addHelpText(
      'after',
      `
Examples:
  $ assetbatch template asset -o assets.xlsx
  $ assetbatch template contract --format csv
  $ assetbatch template asset-owner -o owners.xlsx
      asset owners are updated, not created: the template starts with an ID column
`,
    )
    .action(async (resource: string, opts: { output?: string; format?: TemplateFormat; company: number; live?: boolean }) => {
      try {
        const def = templateResource(resource);
        if (opts.live) {
          throw new AssetbatchError('E_USAGE', '--live is not available yet', { hint: 'leave it out: the template then offers drop-downs for the fixed lists only' });
        }
        const format = opts.format ?? (opts.output?.toLowerCase().endsWith('.csv') ? 'csv' : 'xlsx');
        const file = opts.output ?? `${def.name}-template.${format}`;
        await writeTemplate(def.name, file, { format, company: opts.company });
        process.stdout.write(`${file}\n`);
      } catch (e) {
        if (!isAssetbatchError(e)) throw e;
        process.stderr.write(`assetbatch: ${e.describe()}\n`);
        process.exitCode = exitCodeFor(e.code);
      }
    });
}
