// The CLI: a thin shell over the library. Commands live one per file (commands.ts lists
// them); program.ts builds the program with the one a command line runs. Started by
// bin.ts (the bundle users run) or main.ts (tsc's modules); importing it runs nothing,
// since the bundle's reading threads load the chunk it sits in.
import { existsSync } from 'node:fs';
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
    if (e instanceof CommanderError) {
      if (e.exitCode === 0) return void (process.exitCode = ExitCode.OK);
      usageError(
        argv.slice(2),
        e.message.replace(/^error: /, ''),
        e.code === 'commander.unknownOption' ? unknownOption(e.message) : undefined,
      );
    } else if (isAssetbatchError(e)) {
      // An option parser that threw our own error (e.g. --filter): one line, no stack.
      process.stderr.write(`error: ${e.describe()}\n`);
      usageError(argv.slice(2), e.message);
    } else throw e;
  }
}

/** Exit 2; with --json, scripts get `{"error": …}` on stdout as for any other failure. */
function usageError(args: readonly string[], message: string, file?: string): void {
  if (file)
    process.stderr.write(
      `  hint: a file name that starts with a dash goes after --, e.g. assetbatch <command> [options] -- ${file}\n`,
    );
  const end = args.indexOf('--');
  // The same shape as printJsonError's (common.ts, not loaded here: --help starts at once);
  // the message is commander's, which shows no option's value but the one refused.
  if ((end < 0 ? args : args.slice(0, end)).includes('--json'))
    process.stdout.write(JSON.stringify({ error: { code: 'E_USAGE', message } }) + '\n');
  process.exitCode = ExitCode.USAGE;
}

/** The unknown "option" when it is a file that exists (a name starting with a dash). */
function unknownOption(message: string): string | undefined {
  const name = /unknown option '(.+)'/.exec(message)?.[1];
  return name && existsSync(name) ? name : undefined;
}
