// The CLI: a thin shell over the library. Commands live one per file (commands.ts lists
// them); program.ts builds the program with the one a command line runs. Started by
// bin.ts (the bundle users run) or main.ts (tsc's modules); importing it runs nothing,
// since the bundle's reading threads load the chunk it sits in.
import { existsSync } from 'node:fs';
import { CommanderError, type Command } from 'commander';
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
      const file = e.code === 'commander.unknownOption' ? unknownOption(e.message) : undefined;
      const usage = commanderUsage(e.message, commandPath(program, argv.slice(2)));
      if (!file) process.stderr.write(`  hint: ${usage.helpHint}\n`);
      usageError(argv.slice(2), {
        code: 'E_USAGE',
        message: usage.message,
        hint: file ? dashFileHint(file) : usage.hint,
      });
    } else if (isAssetbatchError(e)) {
      // An option parser that threw our own error (e.g. --filter): one line, no stack.
      process.stderr.write(`error: ${e.describe()}\n`);
      const hint = e.hint ?? commanderUsage(e.message, commandPath(program, argv.slice(2))).helpHint;
      usageError(argv.slice(2), { code: e.code, message: e.message, hint });
    } else throw e;
  }
}

/** What --json says of a usage error: the shape of common.ts's JsonError, with a hint. */
interface UsageJson {
  readonly code: string;
  readonly message: string;
  readonly hint: string;
}

const dashFileHint = (file: string) =>
  `a file name that starts with a dash goes after --, e.g. assetbatch <command> [options] -- ${file}`;

/** Exit 2; with --json, scripts get `{"error": …}` on stdout as for any other failure. */
function usageError(args: readonly string[], error: UsageJson): void {
  if (error.hint.startsWith('a file name that starts with a dash'))
    process.stderr.write(`  hint: ${error.hint}\n`);
  const end = args.indexOf('--');
  // The same shape as printJsonError's (common.ts, not loaded here: --help starts at once);
  // the message is commander's, which shows no option's value but the one refused.
  if ((end < 0 ? args : args.slice(0, end)).includes('--json'))
    process.stdout.write(JSON.stringify({ error }) + '\n');
  process.exitCode = ExitCode.USAGE;
}

/**
 * Commander's message as one line, and the hint our own errors would give: its did-you-mean
 * (which it prints on a line of its own) and the help that lists what the command takes.
 */
function commanderUsage(text: string, command: string): { message: string; hint: string; helpHint: string } {
  const [first, ...rest] = text.replace(/^error: /, '').split('\n');
  const guess = /^\(Did you mean (.+)\?\)$/.exec(rest.join(' ').trim())?.[1];
  const what = !command
    ? 'the commands'
    : /missing required argument|too many arguments/.test(first)
      ? 'its arguments and options'
      : 'its options';
  const helpHint = `Run \`assetbatch${command ? ` ${command}` : ''} --help\` for ${what}.`;
  return { message: first, hint: guess ? `Did you mean ${guess}? ${helpHint}` : helpHint, helpHint };
}

/** The command a command line runs, as `--help` takes it: "import", "mapping suggest"; "" for none. */
function commandPath(program: Command, args: readonly string[]): string {
  const path: string[] = [];
  let at = program;
  for (const word of args.filter((a) => !a.startsWith('-'))) {
    const next = at.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (!next) break;
    path.push(next.name());
    at = next;
  }
  return path.join(' ');
}

/** The unknown "option" when it is a file that exists (a name starting with a dash). */
function unknownOption(message: string): string | undefined {
  const name = /unknown option '(.+)'/.exec(message)?.[1];
  return name && existsSync(name) ? name : undefined;
}
