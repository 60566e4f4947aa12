// Named profiles of the config file, chosen with --profile or ASSETBATCH_PROFILE (else its
// defaultProfile), against a sandbox over HTTP: the plan's first line says where a run
// writes, the --json summary carries it, the rows land in that company, and an unknown
// profile names the ones there are. A flag still wins over the profile. The built CLI runs
// one case of each kind (the config file found in its folder, --json, an unknown profile);
// the others make the CLI's connectionConfig from their flags and environment and run the
// library in-process (library.ts), printing the plan as the CLI does.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionConfig, writeTarget, type ConnectionFlags } from '../../src/config.js';
import { targetLine } from '../../src/cli/plan-text.js';
import { updateSpreadsheet } from '../../src/index.js';
import { runCli, tempDir, testSandbox, type CliResult, type TestSandbox } from './cli.js';
import { runLibrary } from './library.js';

let sb: TestSandbox;
let cwd: string;
beforeAll(async () => {
  sb = await testSandbox();
  cwd = tempDir('ab-profiles-');
  const config = {
    defaultProfile: 'local',
    rateLimit: 0,
    profiles: {
      local: { baseUrl: sb.sb.url, tokenEnv: 'SANDBOX_TOKEN' },
      second: { baseUrl: sb.sb.url, tokenEnv: 'SANDBOX_TOKEN', company: 2 },
      inproc: { sandbox: true },
    },
  };
  writeFileSync(join(cwd, 'assetbatch.config.json'), JSON.stringify(config, null, 2));
});
afterAll(async () => {
  await sb?.close();
});

/**
 * `assetbatch COMMAND FILE -r customer` with these connection flags and environment, run
 * in-process: the flags, the config file (given by its path, as the CLI finds it in its
 * folder) and the environment made into the connection as the CLI makes them.
 */
async function inProcess(
  command: string,
  file: string,
  flags: ConnectionFlags & { dryRun?: boolean },
  env: Record<string, string>,
): Promise<CliResult> {
  const { dryRun, ...connectionFlags } = flags;
  const connection = () =>
    connectionConfig(
      { config: join(cwd, 'assetbatch.config.json'), ...connectionFlags },
      { ...process.env, SANDBOX_TOKEN: sb.sb.token, ...env },
    );
  const options = { file, resource: 'customer', connection, dryRun: dryRun || command === 'validate' };
  const res = await runLibrary(sb, options, command === 'update' ? updateSpreadsheet : undefined);
  return { code: res.code, stdout: '', stderr: res.stderr };
}

/** A customer sheet whose names are the case's own, so that no run skips another's rows. */
function customers(tag: string): string {
  const file = join(cwd, `${tag}.csv`);
  writeFileSync(
    file,
    `Name,City,Country\nProfile ${tag} One,London,United Kingdom\nProfile ${tag} Two,Lyon,France\n`,
  );
  return file;
}

describe('import with a profile: the plan says where it writes, and it writes there', () => {
  // `flags` are the CLI's flags of `args`; the first case runs the built CLI.
  const cases: {
    name: string;
    args: string[];
    flags: ConnectionFlags;
    env: Record<string, string>;
    company: number;
    profile: string;
  }[] = [
    { name: 'no --profile: the defaultProfile', args: [], flags: {}, env: {}, company: 1, profile: 'local' },
    {
      name: '--profile second',
      args: ['--profile', 'second'],
      flags: { profile: 'second' },
      env: {},
      company: 2,
      profile: 'second',
    },
    {
      name: 'ASSETBATCH_PROFILE=second',
      args: [],
      flags: {},
      env: { ASSETBATCH_PROFILE: 'second' },
      company: 2,
      profile: 'second',
    },
    {
      name: '--profile wins over ASSETBATCH_PROFILE',
      args: ['--profile', 'local'],
      flags: { profile: 'local' },
      env: { ASSETBATCH_PROFILE: 'second' },
      company: 1,
      profile: 'local',
    },
    {
      name: '--company wins over the profile',
      args: ['--profile', 'second', '--company', '1'],
      flags: { profile: 'second', company: '1' },
      env: {},
      company: 1,
      profile: 'second',
    },
  ];
  it.each(cases)(
    '$name → company $company (profile $profile)',
    async ({ name, args, flags, env, company, profile }) => {
      const tag = name.replace(/\W+/g, '-');
      const res =
        name === cases[0].name
          ? await runCli(['import', customers(tag), '-r', 'customer', ...args], {
              cwd,
              env: { SANDBOX_TOKEN: sb.sb.token, ...env },
            })
          : await inProcess('import', customers(tag), flags, env);
      expect(res.code, res.stderr).toBe(0);
      expect(res.stderr.split('\n')[0]).toBe(
        `Writing to the service on this machine at ${sb.sb.url}, company ${company} (profile ${profile}).`,
      );
      const names = (await sb.records('customer', company)).map((c) => c.name);
      expect(names).toEqual(expect.arrayContaining([`Profile ${tag} One`, `Profile ${tag} Two`]));
      const other = (await sb.records('customer', company === 1 ? 2 : 1)).map((c) => c.name);
      expect(other).not.toContain(`Profile ${tag} One`);
      expect(res.stdout + res.stderr).not.toContain(sb.sb.token);
    },
  );
});

describe('the first line of the plan, by command and target', () => {
  const cases = [
    {
      name: 'validate (a dry run)',
      args: ['validate', '--profile', 'second'],
      flags: { profile: 'second' },
      code: 0,
      line: () =>
        `Dry run, nothing is written; checking against the service on this machine at ${sb.sb.url}, company 2 (profile second).`,
    },
    // No such customers to update: the rows are invalid (exit 1), the plan is shown all the same.
    {
      name: 'update --dry-run',
      args: ['update', '--dry-run', '--profile', 'local'],
      flags: { dryRun: true, profile: 'local' },
      code: 1,
      line: () =>
        `Dry run, nothing is written; checking against the service on this machine at ${sb.sb.url}, company 1 (profile local).`,
    },
    {
      name: 'the in-process sandbox profile',
      args: ['import', '--profile', 'inproc'],
      flags: { profile: 'inproc' },
      code: 0,
      line: () =>
        'Writing to the in-process sandbox (nothing leaves this machine), company 1 (profile inproc).',
    },
    {
      name: '--sandbox wins over the profile',
      args: ['import', '--profile', 'second', '--sandbox'],
      flags: { profile: 'second', sandbox: true },
      code: 0,
      line: () =>
        'Writing to the in-process sandbox (nothing leaves this machine), company 2 (profile second).',
    },
  ];
  // In-process: the CLI's flags of `args`, and the plan printed as the CLI prints it.
  it.each(cases)('$name', async ({ name, args, flags, code, line }) => {
    const res = await inProcess(args[0], customers(name.replace(/\W+/g, '-')), flags, {});
    expect(res.code, res.stderr).toBe(code);
    expect(res.stderr.split('\n')[0]).toBe(line());
  });

  it("--json: the summary's plan carries the target", async () => {
    const res = await runCli(
      ['import', customers('json'), '-r', 'customer', '--profile', 'second', '--json'],
      { cwd, env: { SANDBOX_TOKEN: sb.sb.token } },
    );
    expect(res.code, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout).plan.target).toEqual({
      where: 'this machine',
      baseUrl: sb.sb.url,
      company: 2,
      profile: 'second',
    });
  });
});

describe('a profile that is not there', () => {
  // The built CLI finds the config file in its folder; in-process it is given by its path.
  const cases: { name: string; args: string[]; env: Record<string, string>; message: () => string }[] = [
    {
      name: '--profile prod',
      args: ['--profile', 'prod'],
      env: {},
      message: () => 'error: assetbatch.config.json: there is no profile "prod"',
    },
    {
      name: 'ASSETBATCH_PROFILE=prod (in-process)',
      args: [],
      env: { ASSETBATCH_PROFILE: 'prod' },
      message: () => `error: ${join(cwd, 'assetbatch.config.json')}: there is no profile "prod"`,
    },
  ];
  it.each(cases)(
    '$name: usage error naming the profiles there, nothing sent',
    async ({ name, args, env, message }) => {
      await sb.resetStats();
      const res =
        name === cases[0].name
          ? await runCli(['import', customers('unknown'), '-r', 'customer', ...args], {
              cwd,
              env: { SANDBOX_TOKEN: sb.sb.token, ...env },
            })
          : await inProcess('import', customers('unknown'), {}, env);
      expect(res.code).toBe(2);
      expect(res.stderr).toContain(message());
      expect(res.stderr).toContain('Profiles there: local, second, inproc.');
      expect((await sb.stats()).total).toBe(0);
    },
  );
});

describe('the words for a service elsewhere', () => {
  // No live service in a test: the target of a profile that names one, as the plan words it.
  it.each([
    {
      profile: 'prod2',
      dryRun: false,
      line: 'Writing to the LIVE service at https://dashboard-api.revnue.com, company 2 (profile prod2).',
    },
    {
      profile: 'prod2',
      dryRun: true,
      line: 'Dry run, nothing is written; checking against the LIVE service at https://dashboard-api.revnue.com, company 2 (profile prod2).',
    },
  ])('$profile, dry run $dryRun', ({ profile, dryRun, line }) => {
    const dir = tempDir('ab-profiles-live-');
    const file = join(dir, 'c.json');
    writeFileSync(
      file,
      JSON.stringify({
        profiles: {
          [profile]: {
            baseUrl: 'https://dashboard-api.revnue.com/api/v2',
            company: 2,
            tokenEnv: 'PROD_TOKEN',
          },
        },
      }),
    );
    const cfg = connectionConfig({ config: file, profile }, { PROD_TOKEN: 'not-a-real-token' });
    expect(targetLine(writeTarget(cfg), dryRun)).toBe(line);
  });
});
