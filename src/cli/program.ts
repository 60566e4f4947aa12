// The program: its name, help and version, and the commands a command line needs.
import { Command, Help } from 'commander';
import { createRequire } from 'node:module';
import { COMMANDS, commandOf, loadAll } from './commands.js';

const require = createRequire(import.meta.url);
const pkg = require('../../package.json') as { version: string };

/**
 * The program with the commands a command line needs: the module of the command it runs,
 * or (for the top-level help, a version or a word that is no command) a one-line stand-in
 * for each command, which is all the top-level help shows. `all` loads every command.
 */
export async function buildProgram(args: readonly string[], all = false): Promise<Command> {
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
    .addHelpText(
      'after',
      '\nExamples:\n  $ assetbatch validate samples/legacy-asset-register.xlsx --resource asset --sandbox\n  $ assetbatch export asset -o assets.xlsx --sandbox\n  $ assetbatch <command> --help     # options and examples of one command',
    );
  const wanted = commandOf(args);
  if (all) for (const register of await loadAll()) register(program);
  else if (wanted) (await wanted.load())(program);
  else addStandIns(program);
  withDashNamesHelp(program);
  return program;
}

/** Every command that takes a file name (mapping's subcommands too) says how to give one that starts with a dash. */
function withDashNamesHelp(parent: Command): void {
  for (const command of parent.commands) {
    if (command.registeredArguments.length > 0) command.addHelpText('after', DASH_NAMES);
    withDashNamesHelp(command);
  }
}

const DASH_NAMES =
  '\nA file name that starts with a dash goes after -- (options before it):\n  $ assetbatch <command> [options] -- -old-register.csv';

function addStandIns(program: Command): void {
  for (const c of COMMANDS)
    program.command(c.name).description(c.summary).allowUnknownOption().allowExcessArguments();
  const terms = new Map(COMMANDS.map((c) => [c.name, c.term]));
  const standard = new Help();
  program.configureHelp({ subcommandTerm: (cmd) => terms.get(cmd.name()) ?? standard.subcommandTerm(cmd) });
}
