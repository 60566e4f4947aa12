#!/usr/bin/env node
// The CLI: a thin shell over the library. Commands live one per file; this wires them.
import { Command } from 'commander';
import { createRequire } from 'node:module';
import { registerSandboxCommand } from './sandbox.js';
import { registerExportCommand } from './export.js';
import { registerTemplateCommand } from './template.js';
import { registerImportCommand } from './import.js';

const require = createRequire(import.meta.url);
const pkg = require('../../package.json') as { version: string };

export function buildProgram(): Command {
  const program = new Command();
  program
    .name('assetbatch')
    .description(
      'Move spreadsheets in and out of the Asset, Contract and Supplier Management Service (API v2).\n' +
        'Import legacy registers, validate them before anything is written, update records safely,\n' +
        'and export every list as CSV or XLSX. Try it on the local sandbox first: --sandbox.',
    )
    .version(pkg.version);
  registerImportCommand(program);
  registerSandboxCommand(program);
  registerExportCommand(program);
  registerTemplateCommand(program);
  return program;
}

const program = buildProgram();
await program.parseAsync(process.argv);
