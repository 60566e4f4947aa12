// --json always answers, usage errors too, with a hint as our own errors have; a file name that starts with a dash works after
// `--`, and the help of every command that takes a file says so.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from './cli.js';

describe('--json on a usage error', () => {
  it.concurrent.each([
    [
      'an unknown option',
      ['validate', 'x.csv', '-r', 'asset', '--sandbox', '--bogus', '--json'],
      "unknown option '--bogus'",
    ],
    [
      'a bad option value',
      ['import', 'x.csv', '-r', 'asset', '--sandbox', '--timeout', 'abc', '--json'],
      '--timeout must be a number of seconds',
    ],
    ['a bad choice', ['export', 'asset', '--format', 'pdf', '--json'], "argument 'pdf' is invalid"],
    [
      'an unknown option of status',
      ['status', 'x.csv', '--json', '--everything'],
      "unknown option '--everything'",
    ],
  ])('%s: {"error": …} on stdout, exit 2', async (_name, args, message) => {
    const res = await runCli(args);
    expect(res.code).toBe(2);
    const out = JSON.parse(res.stdout) as { error: { code: string; message: string } };
    expect(out.error.code).toBe('E_USAGE');
    expect(out.error.message).toContain(message);
  });

  // Commander's refusals carry a hint as our own errors do: its did-you-mean, and the help to read.
  it.concurrent.each([
    [
      'an unknown option',
      ['import', '--json', '--bogus', 'x.csv'],
      "unknown option '--bogus'",
      'Run `assetbatch import --help` for its options.',
    ],
    [
      'an unknown option commander has a guess for',
      ['import', '--json', '--dry-rn', 'x.csv'],
      "unknown option '--dry-rn'",
      'Did you mean --dry-run? Run `assetbatch import --help` for its options.',
    ],
    [
      'a missing argument',
      ['import', '--json'],
      "missing required argument 'file'",
      'Run `assetbatch import --help` for its arguments and options.',
    ],
    [
      'a bad choice',
      ['export', '--json', '--format', 'pdf', 'asset'],
      "option '--format <format>' argument 'pdf' is invalid. Allowed choices are csv, xlsx, json, ndjson.",
      'Run `assetbatch export --help` for its options.',
    ],
    [
      "a subcommand's missing option",
      ['mapping', 'suggest', '--json', 'x.csv'],
      "required option '-r, --resource <name>' not specified",
      'Run `assetbatch mapping suggest --help` for its options.',
    ],
    [
      'a bad --timeout, no service given (refused before the service is looked for)',
      ['import', 'x.csv', '--timeout', 'abc', '--json'],
      "option '--timeout <seconds>' argument 'abc' is invalid. --timeout must be a number of seconds between 0 and 3600, not \"abc\".",
      'Run `assetbatch import --help` for its options.',
    ],
    [
      'an unknown command',
      ['imprt', '--json'],
      "unknown command 'imprt'",
      'Did you mean import? Run `assetbatch --help` for the commands.',
    ],
  ])('%s: the message on one line, and a hint', async (_name, args, message, hint) => {
    const res = await runCli(args);
    expect(res.code).toBe(2);
    expect(JSON.parse(res.stdout)).toEqual({ error: { code: 'E_USAGE', message, hint } });
    // stderr as without --json: commander's lines, then the way to its help.
    expect(res.stderr).toContain(`error: ${message}\n`);
    expect(res.stderr).toContain(`  hint: ${hint.replace(/^Did you mean .*\? /, '')}\n`);
  });

  it('without --json, stdout stays empty', async () => {
    const res = await runCli(['validate', 'x.csv', '--bogus']);
    expect({ code: res.code, stdout: res.stdout }).toEqual({ code: 2, stdout: '' });
  });
});

describe('a file name that starts with a dash', () => {
  const dir = tempDir();
  writeFileSync(join(dir, '-old-register.csv'), 'Name,Category,Sub Cat,Country\nDesk,Hardware,Desktop,USA\n');

  it('works after --', async () => {
    const res = await runCli(['validate', '-r', 'asset', '--sandbox', '--', '-old-register.csv'], {
      cwd: dir,
    });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/1 valid/);
  });

  it('before --, is refused with the way to give it', async () => {
    const res = await runCli(['validate', '-old-register.csv', '-r', 'asset', '--sandbox'], { cwd: dir });
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(
      'hint: a file name that starts with a dash goes after --, e.g. assetbatch <command> [options] -- -old-register.csv',
    );
  });

  it.concurrent.each([
    ['import'],
    ['validate'],
    ['update'],
    ['export'],
    ['status'],
    ['template'],
    ['mapping', 'suggest'],
  ])('%s --help shows it', async (...command) => {
    const res = await runCli([...command, '--help']);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('A file name that starts with a dash goes after -- (options before it):');
  });
});
