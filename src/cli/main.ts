#!/usr/bin/env node
// The CLI: a thin shell over the library. Commands live one per file; this wires them.
import { Command, CommanderError } from 'commander';
import { createRequire } from 'node:module';
import { registerSandboxCommand } from './sandbox.js';
import { registerExportCommand } from './export.js';
import { registerTemplateCommand } from './template.js';
import { registerImportCommand } from './import.js';
import { registerStatusCommand } from './status.js';
import { registerDoctorCommand } from './doctor.js';
import { ExitCode, isAssetbatchError } from '../errors.js';
import { boundHeapGrowth } from '../util/heap.js';
import { endQuietlyOnClosedStdout } from './common.js';

const require = createRequire(import.meta.url);
const pkg = require('../../package.json') as { version: string };

export function buildProgram(): Command {
  const program = new Command();
  program
    .name('assetbatch')
    .description(
      'Move spreadsheets in and out of the Asset, Contract and Supplier Management Service (API v2): ' +
        'import legacy registers, validate them before anything is written, update records safely, ' +
        'and export every list as CSV or XLSX. Rehearse on the local sandbox first with --sandbox.',
    )
    .version(pkg.version)
    // Usage errors exit 2 (issue 3), not commander's 1; subcommands inherit this when created below.
    .exitOverride()
    .addHelpText('after', '\nExamples:\n  $ assetbatch validate samples/legacy-asset-register.xlsx --resource asset --sandbox\n  $ assetbatch export asset -o assets.xlsx --sandbox\n  $ assetbatch <command> --help     # options and examples of one command');
  registerImportCommand(program);
  registerSandboxCommand(program);
  registerExportCommand(program);
  registerTemplateCommand(program);
  registerStatusCommand(program);
  registerDoctorCommand(program);
  return program;
}

boundHeapGrowth();
endQuietlyOnClosedStdout();
const program = buildProgram();
try {
  await program.parseAsync(process.argv);
} catch (e) {
  // Commander has already printed its message; help and --version end with exitCode 0.
  if (e instanceof CommanderError) process.exitCode = e.exitCode === 0 ? ExitCode.OK : ExitCode.USAGE;
  else if (isAssetbatchError(e)) {
    // An option parser that threw our own error (e.g. --filter): one line, no stack.
    process.stderr.write(`error: ${e.describe()}\n`);
    process.exitCode = ExitCode.USAGE;
  } else throw e;
}
