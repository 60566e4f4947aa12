// The CLI's commands and the module that defines each. main.ts loads only the module of the
// command it runs, so `--help` or one command does not load the others (the export
// writers, the sandbox, the HTTP client …). The top-level help is drawn from this table;
// test/cli/help.test.ts checks that it says what the commands' own definitions say.
import type { Command } from 'commander';

type Register = (program: Command) => void;

export interface CommandEntry {
  readonly name: string;
  /** As the top-level help lists it: the name, `[options]` and the arguments. */
  readonly term: string;
  readonly summary: string;
  readonly load: () => Promise<Register>;
}

const importCommands = async (): Promise<Register> => (await import('./import.js')).registerImportCommand;

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'import',
    term: 'import [options] <file>',
    summary:
      'Load a spreadsheet (CSV, TSV or XLSX) into the service: one record per row, with a report for every row.',
    load: importCommands,
  },
  {
    name: 'validate',
    term: 'validate [options] <file>',
    summary:
      'Check a spreadsheet against every rule of the service without writing anything (a dry run of import).',
    load: importCommands,
  },
  {
    name: 'update',
    term: 'update [options] <file>',
    summary:
      "Change existing records from a spreadsheet. Each row's record is found by an ID column or its natural key (serial number, contract number, customer or owner name); only the sheet's non-empty cells change.",
    load: importCommands,
  },
  {
    name: 'mapping',
    term: 'mapping',
    summary: 'Work with mapping files (which column is which field).',
    load: importCommands,
  },
  {
    name: 'sync',
    term: 'sync [options] <file>',
    summary:
      'Make the service match a spreadsheet for the records it covers: new rows created, changed fields updated, unchanged rows left alone, records no longer in the sheet reported (or archived).',
    load: async () => (await import('./sync.js')).registerSyncCommand,
  },
  {
    name: 'sandbox',
    term: 'sandbox [options]',
    summary:
      'Run a local sandbox of the service (API v2) with realistic seed data, to rehearse imports and exports safely.',
    load: async () => (await import('./sandbox.js')).registerSandboxCommand,
  },
  {
    name: 'export',
    term: 'export [options] [resource]',
    summary:
      'Export a list of the service (or all of them) as CSV, XLSX, JSON or NDJSON, with stable columns the import maps back.',
    load: async () => (await import('./export.js')).registerExportCommand,
  },
  {
    name: 'template',
    term: 'template [options] <resource>',
    summary:
      'Write a spreadsheet template ready to fill: one column per field, rules in the header notes, drop-downs for the lists.',
    load: async () => (await import('./template.js')).registerTemplateCommand,
  },
  {
    name: 'status',
    term: 'status [options] <file>',
    summary:
      'How far an import or update is, running or stopped: rows done by outcome, rows left, the rate, the ETA, the last error (read from its journal).',
    load: async () => (await import('./status.js')).registerStatusCommand,
  },
  {
    name: 'doctor',
    term: 'doctor [options]',
    summary:
      'Check, before a migration, that the service answers as assetbatch expects: token, companies, list shape and pages, rate limit, proxy, time a request takes. Read-only: it never writes.',
    load: async () => (await import('./doctor.js')).registerDoctorCommand,
  },
];

/**
 * The command a command line runs: its first word that is not an option (`help X` runs X's
 * help). Undefined for none or a word that is no command (commander then says so).
 */
export function commandOf(args: readonly string[]): CommandEntry | undefined {
  const words = args.filter((a) => !a.startsWith('-'));
  const name = words[0] === 'help' ? words[1] : words[0];
  return COMMANDS.find((c) => c.name === name);
}

/** Every command's module, in the table's order, each once. */
export async function loadAll(): Promise<Register[]> {
  const loaders = [...new Set(COMMANDS.map((c) => c.load))];
  return Promise.all(loaders.map((load) => load()));
}
