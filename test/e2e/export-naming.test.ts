// Small consistencies of `export` (issue 26): the list named as an argument or with -r, as
// import, update and validate take it, either spelling of hardware models, and `{date}` in
// -o as the --as-of day when one is given.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, useSandbox } from './cli.js';

const env = useSandbox();

describe('export: the list as an argument or as -r', () => {
  it.each([
    { what: 'argument', args: ['asset'] },
    { what: '-r', args: ['-r', 'asset'] },
    { what: '--resource', args: ['--resource', 'asset'] },
    { what: 'argument and -r alike', args: ['asset', '-r', 'asset'] },
    { what: 'hardware-model', args: ['hardware-model'], header: 'ID,Hardware model' },
    { what: 'hardware_model', args: ['-r', 'hardware_model'], header: 'ID,Hardware model' },
  ])('$what', async ({ args, header }) => {
    const res = await runCli(['export', ...args, ...env.sb.args]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout.split('\n')[0]).toMatch(new RegExp(`^${header ?? 'ID,Name,Contract,Category'}`));
  });

  it.each([
    { what: 'no list', args: [], message: 'say which list to export' },
    {
      what: 'two lists',
      args: ['asset', '-r', 'contract'],
      message: 'two lists named: "asset" and -r "contract"',
    },
  ])('$what: a usage error, exit 2, nothing exported', async ({ args, message }) => {
    const res = await runCli(['export', ...args, ...env.sb.args]);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(message);
    expect(res.stdout).toBe('');
  });
});

describe('export: {date} in -o', () => {
  it('is the --as-of day when one is given', async () => {
    const res = await runCli([
      'export',
      'asset',
      '--finance',
      '--as-of',
      '2025-12-31',
      '-o',
      join(env.dir, 'assets-{date}.csv'),
      ...env.sb.args,
    ]);
    expect(res.code, res.stderr).toBe(0);
    expect(readFileSync(join(env.dir, 'assets-2025-12-31.csv'), 'utf8')).toMatch(/^ID,Name/);
  });

  it('is today without --as-of', async () => {
    const today = (d = new Date()) =>
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    const began = today();
    const res = await runCli([
      'export',
      'contract',
      '-o',
      join(env.dir, 'contracts-{date}.csv'),
      ...env.sb.args,
    ]);
    expect(res.code, res.stderr).toBe(0);
    // The day the run began or the one it ended on: a run across midnight may name either.
    const written = readdirSync(env.dir).filter((f) => f.startsWith('contracts-'));
    expect(written).toHaveLength(1);
    expect([began, today()].map((d) => `contracts-${d}.csv`)).toContain(written[0]);
  });
});

describe('update --unique-field: its help speaks of updates', () => {
  it.each([
    { command: 'import', says: 'assets: ask the service to refuse a second asset with the same value' },
    {
      command: 'update',
      says: 'assets: ask the service to refuse an update that would give the asset the same value as another asset',
    },
  ])('$command', async ({ command, says }) => {
    const res = await runCli([command, '--help']);
    expect(res.stdout.replace(/\s+/g, ' ')).toContain(says);
  });
});
