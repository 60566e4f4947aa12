// --json always answers, usage errors too; a file name that starts with a dash works after
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
