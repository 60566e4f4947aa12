// `assetbatch template <resource>`: write a spreadsheet ready to fill. A thin shell over
// writeTemplate(); with --live the lookup drop-downs are filled from the service.
import { Command, Option } from 'commander';
import { connect } from '../connect.js';
import {
  chooseProfile,
  connectionConfig,
  loadConfigFile,
  positiveInt,
  type ConnectionFlags,
} from '../config.js';
import { WRITABLE } from '../resources/index.js';
import { fetchTemplateLookups } from '../template/live.js';
import { loadCustomFields } from '../run/import.js';
import {
  templateResource,
  writeTemplate,
  type TemplateFormat,
  type TemplateOptions,
} from '../template/template.js';
import { addConnectionOptions, createLogger, runAction } from './common.js';

interface TemplateFlags extends ConnectionFlags {
  output?: string;
  format?: TemplateFormat;
  live?: boolean;
  debug?: boolean;
  log?: string;
}

async function runTemplate(resource: string, f: TemplateFlags): Promise<void> {
  const def = templateResource(resource);
  const format = f.format ?? (f.output?.toLowerCase().endsWith('.csv') ? 'csv' : 'xlsx');
  const file = f.output ?? `${def.name}-template.${format}`;
  let opts: TemplateOptions;
  if (f.live) {
    const cfg = connectionConfig(f);
    const logger = await createLogger(f.log);
    const conn = await connect(cfg, { logger });
    try {
      opts = {
        company: cfg.company,
        ...(await fetchTemplateLookups(conn.client, def, cfg.company)),
        custom: await loadCustomFields(conn, def, cfg.company),
      };
    } finally {
      await conn.close();
      logger?.flush();
    }
  } else {
    // No service needed: the company only names the template's target in its instructions.
    opts = {
      company:
        positiveInt(f.company, '--company') ??
        chooseProfile(
          loadConfigFile(f.config),
          f.profile ?? (process.env.ASSETBATCH_PROFILE || undefined),
          f.config,
        ).settings.company ??
        1,
    };
  }
  await writeTemplate(def.name, file, { ...opts, format });
  process.stdout.write(`${file}\n`);
}

export function registerTemplateCommand(program: Command): void {
  const cmd = program
    .command('template')
    .description(
      'Write a spreadsheet template ready to fill: one column per field, rules in the header notes, drop-downs for the lists.',
    )
    .argument('<resource>', WRITABLE.join(' | '))
    .option('-o, --output <file>', 'file to write (default: <resource>-template.xlsx or .csv)')
    .addOption(
      new Option('--format <format>', 'xlsx or csv (default: from the file extension, else xlsx)').choices([
        'xlsx',
        'csv',
      ]),
    )
    .option(
      '--live',
      'fill the lookup drop-downs (countries, categories, suppliers, owners …) from the service for the company, and add a column for each of its active custom fields and custom form fields',
    );
  addConnectionOptions(cmd)
    .addHelpText(
      'after',
      `
Examples:
  $ assetbatch template asset -o assets.xlsx
  $ assetbatch template contract --format csv
  $ assetbatch template asset --live --sandbox -o assets.xlsx
      drop-downs with the sandbox's suppliers, owners, models …
  $ assetbatch template asset-owner -o owners.xlsx
      asset owners are updated, not created: the template starts with an ID column
`,
    )
    .action(async (resource: string, f: TemplateFlags) =>
      runAction(f.debug, [f.token, process.env.ASSETBATCH_TOKEN], () => runTemplate(resource, f)),
    );
}
