// The names `--profile` takes live in a config file the user may not have written (issue
// 26): the --help of every command that takes --profile ends with the file's profiles, and
// export's with its saved exports; a file that cannot be read is said, not thrown.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from './cli.js';

const CONFIG = {
  defaultProfile: 'sandbox',
  profiles: {
    sandbox: { sandbox: true },
    prod2: { baseUrl: 'https://dashboard-api.example.com', company: 2, tokenEnv: 'ACME_TOKEN' },
  },
  exports: { 'monthly-assets': { resource: 'asset', finance: true } },
};

/** A folder holding the config files of the cases. */
function folder(): string {
  const dir = tempDir('ab-help-');
  writeFileSync(join(dir, 'assetbatch.config.json'), JSON.stringify(CONFIG));
  writeFileSync(join(dir, 'other.json'), JSON.stringify({ profiles: { staging: {} } }));
  writeFileSync(join(dir, 'broken.json'), '{"profiles": ');
  mkdirSync(join(dir, 'empty'));
  return dir;
}

describe("--help lists the config file's profiles", () => {
  const dir = folder();
  const PROFILES = 'Profiles in assetbatch.config.json: sandbox, prod2 (default: sandbox).';

  it.each([
    ['import'],
    ['validate'],
    ['update'],
    ['sync'],
    ['export'],
    ['doctor'],
    ['mapping', 'suggest'],
    ['template'],
  ])('%s %s', async (...command) => {
    const res = await runCli([...command.filter((c) => c !== undefined), '--help'], { cwd: dir });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain(PROFILES);
  });

  it.each([
    { what: 'no config file: no line', args: ['import', '--help'], cwd: 'empty', says: undefined },
    {
      what: '--config names another file',
      args: ['import', '--config', 'other.json', '--help'],
      cwd: '',
      says: 'Profiles in other.json: staging.',
    },
    {
      what: '--config after --help',
      args: ['doctor', '--help', '--config', 'other.json'],
      cwd: '',
      says: 'Profiles in other.json: staging.',
    },
    {
      what: 'a file that is not JSON: said',
      args: ['import', '--config', 'broken.json', '--help'],
      cwd: '',
      says: 'Profiles: broken.json cannot be read (config file is not valid JSON); run the command to see why.',
    },
    {
      what: 'export: the saved exports too',
      args: ['export', '--help'],
      cwd: '',
      says: 'Saved exports in assetbatch.config.json (--saved): monthly-assets (asset).',
    },
  ])('$what', async ({ args, cwd, says }) => {
    const res = await runCli(args, { cwd: join(dir, cwd) });
    expect(res.code, res.stderr).toBe(0);
    if (says) expect(res.stdout).toContain(says);
    else expect(res.stdout).not.toContain('Profiles');
  });
});
