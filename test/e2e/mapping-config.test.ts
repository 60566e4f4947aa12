// `mapping suggest` writes a mapping file that imports the same way, and a config file
// (base URL, company, rate limit, the NAME of the token's variable) replaces the flags.
import { describe, expect, it } from 'vitest';
import { copyFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readReport, runCli, useSandbox, ROOT } from './cli.js';

const env = useSandbox();

describe('mapping suggest', () => {
  it('prints a mapping file for the legacy register that import then uses', async () => {
    const res = await runCli([
      'mapping',
      'suggest',
      'samples/legacy-asset-register.xlsx',
      '-r',
      'asset',
      ...env.sb.args,
    ]);
    expect(res.code).toBe(0);
    const mapping = JSON.parse(res.stdout);
    expect(mapping).toMatchObject({
      resource: 'asset',
      sheet: 'Register',
      headerRow: 3,
      columns: {
        'Serial No.': 'serial_number',
        Cat: 'category',
        'Sub Cat': 'category.subcategory',
        'Cost Centre': 'custom:Asset extras/Cost Centre',
      },
      // The register's typos, each with the service's value it most likely means, to review.
      values: {
        Status: { Retird: 'Retired' },
        Country: { Germny: 'Germany' },
        Vendor: { 'Del Technologies': 'Dell Technologies' },
      },
    });
    expect(res.stderr).toContain('note: column "Status": "Retird" → "Retired" (confidence 0.86)');
    // "Hardwear" is as close to "Hardware" as "Devices" is to "Services": listed to check, not written.
    expect(mapping.values.Cat).toBeUndefined();
    expect(res.stderr).toContain(
      'note: column "Cat": "Hardwear" → "Hardware" (confidence 0.75; check: the spelling is only close); not in the value table',
    );
    expect(res.stderr).toContain(
      'missing: column "Cat" has a value the service\'s list lacks and no value table covers ("Hardwear"): those rows would fail. Fix: add it to "values" ({"Cat":{"Hardwear":"Hardware"}}, if that match is right)',
    );
    const file = join(env.dir, 'mapping.json');
    writeFileSync(file, JSON.stringify(mapping));
    const report = join(env.dir, 'suggested.report.csv');
    const imp = await runCli([
      'validate',
      'samples/legacy-asset-register.xlsx',
      '-r',
      'asset',
      '--mapping',
      file,
      '--report',
      report,
      ...env.sb.args,
    ]);
    expect(imp.code).toBe(1);
    // 34 valid as the sheet stands, and the 3 rows the value tables put right; "Hardwear", the too-long serial and the negative cost stay invalid.
    expect(readReport(report).filter((r) => r['#status'] === 'valid')).toHaveLength(37);
  });

  it('a mapping file with an unknown field names the fields there are', async () => {
    const file = join(env.dir, 'bad-mapping.json');
    writeFileSync(file, JSON.stringify({ columns: { 'Serial No.': 'serial_numbr' } }));
    const res = await runCli([
      'validate',
      'samples/legacy-asset-register.xlsx',
      '-r',
      'asset',
      '--mapping',
      file,
      ...env.sb.args,
    ]);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(
      `column "Serial No." is mapped to "serial_numbr", which is not a field of assets (did you mean "serial_number"?)`,
    );
    expect(res.stderr).toMatch(/hint: Fields of assets: name, contract, category\.id/);
  });
});

describe('assetbatch.config.json', () => {
  it('gives the base URL, company and rate limit, and names the variable holding the token', async () => {
    const cwd = env.dir;
    writeFileSync(
      join(cwd, 'assetbatch.config.json'),
      JSON.stringify({ baseUrl: env.sb.sb.url, company: 1, rateLimit: 0, tokenEnv: 'ACME_API_TOKEN' }),
    );
    copyFileSync(resolve(ROOT, 'test/fixtures/import/customers-basic.csv'), join(cwd, 'customers.csv'));
    const res = await runCli(['validate', 'customers.csv', '-r', 'customer', '--json'], {
      cwd,
      env: { ACME_API_TOKEN: env.sb.sb.token, ASSETBATCH_TOKEN: '', ASSETBATCH_BASE_URL: '' },
    });
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout).counts.valid).toBe(3);
  });

  it('a key it does not know is refused with the keys it does', async () => {
    const cwd = join(env.dir, 'badcfg');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(cwd, { recursive: true });
    writeFileSync(
      join(cwd, 'assetbatch.config.json'),
      JSON.stringify({ baseUrl: env.sb.sb.url, token: 'do-not-put-tokens-here' }),
    );
    const res = await runCli(['validate', 'x.csv', '-r', 'customer'], { cwd });
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('config file has problems');
    expect(res.stderr).toContain('tokenEnv (the NAME of the variable holding the token)');
  });
});
