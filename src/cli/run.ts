// The CLI: a thin shell over the library. Commands live one per file (commands.ts lists
// them); program.ts builds the program with the one a command line runs. Started by
// bin.ts (the bundle users run) or main.ts (tsc's modules); importing it runs nothing,
// since the bundle's reading threads load the chunk it sits in.
import { CommanderError } from 'commander';
import { buildProgram } from './program.js';
import { ExitCode, isAssetbatchError } from '../errors.js';
import { endQuietlyOnClosedStdout } from './pipe.js';

/** Run the command line `argv` (node's, script included), setting process.exitCode. */
export async function runCli(argv: readonly string[] = process.argv): Promise<void> {
  endQuietlyOnClosedStdout();
  const program = await buildProgram(argv.slice(2));
  try {
    await program.parseAsync([...argv]);
  } catch (e) {
    // Commander has already printed its message; help and --version end with exitCode 0.
    if (e instanceof CommanderError) process.exitCode = e.exitCode === 0 ? ExitCode.OK : ExitCode.USAGE;
    else if (isAssetbatchError(e)) {
      // An option parser that threw our own error (e.g. --filter): one line, no stack.
      process.stderr.write(`error: ${e.describe()}\n`);
      process.exitCode = ExitCode.USAGE;
    } else throw e;
  }
}
