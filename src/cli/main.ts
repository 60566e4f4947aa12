#!/usr/bin/env node
// The CLI: a thin shell over the library. Commands live one per file (commands.ts lists
// them); program.ts builds the program with the one a command line runs.
import { CommanderError } from 'commander';
import { buildProgram } from './program.js';
import { ExitCode, isAssetbatchError } from '../errors.js';
import { boundHeapGrowth, exposeGcToWorkers, skipWasmTierUp } from '../util/heap.js';
import { endQuietlyOnClosedStdout } from './pipe.js';

boundHeapGrowth();
exposeGcToWorkers();
skipWasmTierUp();
endQuietlyOnClosedStdout();
const program = await buildProgram(process.argv.slice(2));
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
