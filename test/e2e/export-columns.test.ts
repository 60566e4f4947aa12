// Choosing an export's columns (issue 26): `--columns` picks and orders them by header or
// key, ignoring case and spaces; a name the list lacks is a usage error with the nearest
// name; the About sheet says which were chosen; a saved export in the config file keeps the
// choice for the monthly run (`export --saved NAME`), flags winning over it. One case of
// each kind runs the built CLI; the other --columns cases call the library's export
// in-process (library.ts), --columns split at its commas as the CLI splits it.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readXlsx } from '../export/readback.js';
import { runCli, useSandbox } from './cli.js';
import { exportLibrary } from './library.js';

const env = useSandbox();

const headerOf = (file: string) =>
  readFileSync(file, 'utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)[0];

describe('export --columns', () => {
  it.each([
    { what: 'by header, in the order given', columns: 'Book value,Name,ID', header: 'Book value,Name,ID' },
    {
      what: 'by key, any case and spacing',
      columns: 'asset_tag, original COST ,book_value,category',
      header: 'Asset tag,Original cost,Book value,Category',
    },
    {
      what: 'a lookup by its field',
      columns: 'attached_supplier,business unit',
      header: 'Supplier,Business unit',
    },
  ])('$what', async ({ what, columns, header }) => {
    const file = join(env.dir, `cols-${columns.length}.csv`);
    const res = what.startsWith('by header')
      ? await runCli(['export', 'asset', '--finance', '--columns', columns, '-o', file, ...env.sb.args])
      : await exportLibrary(env.sb, {
          resource: 'asset',
          finance: true,
          columns: columns.split(','),
          output: file,
        });
    expect(res.code, res.stderr).toBe(0);
    expect(headerOf(file)).toBe(header);
  });

  it.each([
    // In-process: `columns` is what the CLI makes of `args`.
    {
      what: 'a misspelt column',
      args: ['asset', '--finance', '--columns', 'Name,Boook value'],
      columns: ['Name', 'Boook value'],
      message: 'the asset export has no column "Boook value"; did you mean \'Book value\'?',
    },
    {
      what: 'a finance column without --finance',
      args: ['asset', '--columns', 'Name,book_value'],
      message: '--columns: "Book value" is a finance column\n  hint: Add --finance',
    },
    {
      what: 'a column named twice',
      args: ['asset', '--columns', 'Name,name'],
      columns: ['Name', 'name'],
      message: '--columns names "Name" twice',
    },
    {
      what: 'columns for every list',
      args: ['all', '--columns', 'Name'],
      message: '--columns applies to one list, not to all',
    },
  ])('$what: exit 2, nothing written', async ({ args, columns, message }) => {
    const file = join(env.dir, 'refused.csv');
    const finance = args.includes('--finance');
    const res = columns
      ? await exportLibrary(env.sb, { resource: args[0], finance, columns, output: file })
      : await runCli(['export', ...args, '-o', file, ...env.sb.args]);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(message);
    expect(existsSync(file)).toBe(false);
  });

  it('the About sheet lists the chosen columns', async () => {
    const file = join(env.dir, 'chosen.xlsx');
    const res = await exportLibrary(env.sb, {
      resource: 'asset',
      finance: true,
      columns: ['Name', 'Book value'],
      output: file,
    });
    expect(res.code, res.stderr).toBe(0);
    expect((await readXlsx(file)).header).toEqual(['Name', 'Book value']);
    const about = await readXlsx(file, 'About');
    expect(about.rows.find((r) => r[0] === 'Columns')?.[1]).toMatch(
      /^Name; Book value \(2 of \d+, chosen\)$/,
    );
  });
});

/** Every request the sandbox has answered since its stats were reset. */
async function requestsSince(): Promise<number> {
  const { requests } = (await env.sb.stats()) as { requests: Record<string, number> };
  return Object.values(requests).reduce((a, n) => a + n, 0);
}

describe('export --columns: what a name costs before its refusal', () => {
  it.each([
    {
      what: 'a misspelling of a column of the list: refused before any request',
      args: ['asset', '--finance', '--columns', 'Name,Boook value'],
      message:
        'error: --columns: the asset export has no column "Boook value"; did you mean \'Book value\'?\n  hint: Columns: ID, Name,',
      requests: 0,
    },
    {
      what: 'a finance column without --finance: refused before any request',
      args: ['asset', '--columns', 'Name,book_value'],
      message: '--columns: "Book value" is a finance column\n  hint: Add --finance',
      requests: 0,
    },
    {
      what: 'a name that may be a custom field: refused once the templates are read (one request)',
      args: ['contract', '--columns', 'Name,Budgett Code'],
      message:
        'error: --columns: the contract export has no column "Budgett Code"; did you mean \'Budget Code\'?',
      requests: 1,
    },
    {
      what: "a name written as a custom field's: refused once the templates are read (one request)",
      args: ['asset', '--columns', 'Name,custom:Boook value'],
      message: 'error: --columns: the asset export has no column "custom:Boook value"',
      requests: 1,
    },
  ])('$what', async ({ args, message, requests }) => {
    const file = join(env.dir, 'refused-early.csv');
    await env.sb.resetStats();
    const res = await runCli(['export', ...args, '-o', file, ...env.sb.args]);
    expect(res.code, res.stderr).toBe(2);
    expect(res.stderr).toContain(message);
    expect(await requestsSince()).toBe(requests);
    expect(existsSync(file)).toBe(false);
  });

  it('a custom field named by its header or its key is still exported', async () => {
    const file = join(env.dir, 'custom-column.csv');
    const columns = ['Name', 'Cost Centre', 'custom:Insurance value', 'custom.2'];
    const res = await exportLibrary(env.sb, { resource: 'asset', columns, output: file });
    expect(res.code, res.stderr).toBe(0);
    expect(headerOf(file)).toBe('Name,Cost Centre,Insurance Value,PO Number');
  });
});

describe('export --saved: a choice kept in the config file', () => {
  const config = () => {
    const path = join(env.dir, 'assetbatch.config.json');
    const exports = {
      'monthly-assets': {
        resource: 'asset',
        columns: ['ID', 'Name', 'Depreciation schedule', 'Book value'],
        finance: true,
        format: 'xlsx',
        output: join(env.dir, 'assets-{date}.xlsx'),
      },
      'contract-terms': {
        resource: 'contract',
        columns: ['Contract number', 'Payment terms'],
        codes: true,
        filter: { contract_no: 'CT-2023-001' },
      },
    };
    writeFileSync(path, JSON.stringify({ exports }));
    return path;
  };

  it('the monthly run: its list, columns, finance, format and file name', async () => {
    const res = await runCli([
      'export',
      '--saved',
      'monthly-assets',
      '--as-of',
      '2025-12-31',
      '--config',
      config(),
      ...env.sb.args,
    ]);
    expect(res.code, res.stderr).toBe(0);
    const { header, rows } = await readXlsx(join(env.dir, 'assets-2025-12-31.xlsx'));
    expect(header).toEqual(['ID', 'Name', 'Depreciation schedule', 'Book value']);
    // Finance laptop 01: 1849.00 from 2023-02-01 over 3 years, no salvage; on 2025-12-31,
    // 2 + 333/365 years in: 1849 × (3 − 2.912329) / 3 = 1849 × 32/1095 = 54.03.
    expect(rows.find((r) => r[1] === 'Finance laptop 01')?.slice(2)).toEqual(['3 years, 33%', 54.03]);
  });

  it('flags win over it, and its filter and --codes apply', async () => {
    const res = await runCli([
      'export',
      '--saved',
      'contract-terms',
      '--columns',
      'Payment terms,Contract number',
      '--config',
      config(),
      ...env.sb.args,
    ]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout.trim().split(/\r?\n/)).toEqual(['Payment terms,Contract number', 'net_30,CT-2023-001']);
  });

  it.each([
    {
      what: 'a name not in the file',
      args: ['--saved', 'monthly'],
      message: 'there is no saved export "monthly"',
      hint: 'Saved exports there: monthly-assets, contract-terms.',
    },
    {
      what: 'another list on the command line',
      args: ['contract', '--saved', 'monthly-assets'],
      message: 'the saved export "monthly-assets" exports asset, and the command line names "contract"',
      hint: '',
    },
  ])('$what: exit 2', async ({ args, message, hint }) => {
    const res = await runCli(['export', ...args, '--config', config(), ...env.sb.args]);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(message);
    expect(res.stderr).toContain(hint);
  });
});
