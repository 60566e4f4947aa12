// The import end to end against a sandbox over HTTP, with messy files. Each case asserts the
// report's statuses and messages and the records the sandbox holds. The cases run the
// library's import in-process (library.ts), as the CLI calls it; one case of each kind of
// end (every row created, rows failed, a --json dry run, a stop) runs the built CLI.
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { countWrites, readReport, runCli, useSandbox } from './cli.js';
import { runLibrary } from './library.js';

const FIX = 'test/fixtures/import';
const env = useSandbox();

const bySerial = async (serial: string) =>
  (await env.sb.records('asset')).find((a) => a.serial_number === serial);

describe('import of messy files', () => {
  const cases: {
    name: string;
    file: string;
    resource: string;
    created: number;
    /** Through the built CLI: its exit code and summary line. */
    cli?: boolean;
    check: () => Promise<void>;
  }[] = [
    {
      name: 'semicolon-delimited, day-first dates, decimal commas',
      file: 'assets-semicolon-daymonth.csv',
      resource: 'asset',
      created: 4,
      cli: true,
      check: async () => {
        expect(await bySerial('FX-SEMI-0001')).toMatchObject({
          service_start_date: '2023-01-31',
          original_cost: 1234.5,
          country: 'Germany',
        });
        expect(await bySerial('FX-SEMI-0002')).toMatchObject({
          service_start_date: '2023-03-15',
          original_cost: 12345,
        });
        expect((await bySerial('FX-SEMI-0001'))?.category).toMatchObject({
          name: 'Hardware',
          subcategory: 'Laptop',
        });
      },
    },
    {
      name: 'Excel serial dates',
      file: 'assets-excel-serial-dates.csv',
      resource: 'asset',
      created: 3,
      check: async () => {
        expect(await bySerial('FX-SER-0001')).toMatchObject({
          service_start_date: '2023-01-15',
          warranty_end_date: '2026-01-15',
          original_cost: 1199,
        });
        expect(await bySerial('FX-SER-0002')).toMatchObject({
          service_start_date: '2024-06-03',
          original_cost: 18450.75,
        });
      },
    },
    {
      name: 'Windows-1252 text',
      file: 'assets-windows-1252.csv',
      resource: 'asset',
      created: 3,
      check: async () => {
        expect(await bySerial('FX-1252-0001')).toMatchObject({
          name: 'Café Müller laptop',
          city: 'Köln',
          asset_notes: 'Bought for €1.299 incl. VAT',
        });
        expect((await bySerial('FX-1252-0002'))?.asset_notes).toContain('García’s tablet – on loan');
      },
    },
    {
      name: 'UTF-8 with BOM',
      file: 'assets-utf8-bom.csv',
      resource: 'asset',
      created: 3,
      check: async () => {
        expect((await bySerial('FX-UTF8-0001'))?.name).toBe('Café Müller kiosk PC');
      },
    },
    {
      name: 'title rows above the header, legacy headers, country aliases, owner by email',
      file: 'assets-title-row.csv',
      resource: 'asset',
      created: 3,
      check: async () => {
        const a = await bySerial('FX-TITLE-0001');
        expect(a?.asset_tag).toBe('ACME-9001');
        const countries = (await env.sb.records('asset'))
          .filter((x) => String(x.serial_number).startsWith('FX-TITLE'))
          .map((x) => x.country);
        expect(countries).toEqual(expect.arrayContaining(['United States', 'United Kingdom']));
      },
    },
    {
      name: 'contracts: buy side, blended sell side, child of an existing contract',
      file: 'contracts-basic.csv',
      resource: 'contract',
      created: 3,
      check: async () => {
        const cs = await env.sb.records('contract');
        const child = cs.find((c) => c.number === 'FX-CT-003');
        expect(child?.parent_contract).toMatchObject({ number: 'CT-2023-001' });
        expect(cs.find((c) => c.number === 'FX-CT-002')).toMatchObject({
          contract_type: 'sell_side',
          customer: { name: 'Northwind Traders' },
          expenditure_type: { type: 'blended', capex_actual: 20000, opex_actual: 100000 },
        });
      },
    },
    {
      name: 'customers with booleans and a leap day',
      file: 'customers-basic.csv',
      resource: 'customer',
      created: 3,
      check: async () => {
        const c = (await env.sb.records('customer')).find((x) => x.name === 'Fixture Customer One');
        expect(c).toMatchObject({ country: 'United Kingdom', contact_person: { name: 'Ada Lovelace' } });
      },
    },
  ];

  it.each(cases)(
    '$name: every row created and the records hold the values',
    async ({ file, resource, created, cli, check }) => {
      const report = join(env.dir, `${file}.report.csv`);
      if (cli) {
        const res = await runCli([
          'import',
          join(FIX, file),
          '-r',
          resource,
          '--report',
          report,
          ...env.sb.args,
        ]);
        expect(res.code).toBe(0);
        expect(res.stdout).toContain(`${created} created`);
      } else {
        const res = await runLibrary(env.sb, { file: join(FIX, file), resource, reportPath: report });
        expect(res.code, res.stderr).toBe(0);
        expect(res.summary?.counts.created).toBe(created);
      }
      const rows = readReport(report);
      expect(rows.map((r) => r['#status'])).toEqual(Array(created).fill('created'));
      await check();
    },
  );
});

describe('the customers sample: an existing name and a missing contact name', () => {
  it('reports 18 created, row 7 skipped as existing, row 9 invalid with its column', async () => {
    const report = join(env.dir, 'customers.report.csv');
    const res = await runCli([
      'import',
      'samples/customers.csv',
      '-r',
      'customer',
      '--report',
      report,
      ...env.sb.args,
    ]);
    const rows = readReport(report);
    const status = (n: number) => rows.find((r) => r['#row'] === String(n));
    expect(rows.filter((r) => r['#status'] === 'created')).toHaveLength(18);
    expect(status(7)).toMatchObject({ '#status': 'skipped' });
    expect(status(7)?.['#message']).toMatch(/already in the service \(id 2/);
    expect(status(9)?.['#status']).toBe('invalid');
    expect(status(9)?.['#message']).toBe(
      'column "Contact" → contact_person.name: a contact name is required when a contact email is given',
    );
    expect(res.code).toBe(1);
    // Report rows keep the user's cells, so the failed ones can be fixed and imported again.
    expect(status(9)?.['Customer Name']).toBe('Proseware Inc');
  });
});

describe('names that are not found get a suggestion', () => {
  it.each([
    { country: 'Untied States', message: "country 'Untied States' not found; did you mean 'United States'?" },
    { country: 'Germnay', message: "country 'Germnay' not found; did you mean 'Germany'?" },
    { country: 'Deutschlnd', message: "country 'Deutschlnd' not found" },
  ])('country "$country"', async ({ country, message }) => {
    const file = join(env.dir, `country-${country.replace(/\W/g, '')}.csv`);
    writeFileSync(file, `Name,Serial number,Country\nLaptop,SN-C-${country.length},${country}\n`);
    const report = join(env.dir, `country-${country.length}.report.csv`);
    const res = await runLibrary(env.sb, { file, resource: 'asset', dryRun: true, reportPath: report });
    const [row] = readReport(report);
    expect(row['#status']).toBe('invalid');
    expect(row['#message']).toContain(`column "Country" → country: ${message}`);
    expect(res.code).toBe(1);
  });

  it.each([
    {
      header: 'Status',
      value: 'Retird',
      message: "usage status 'Retird' not found; did you mean 'Retired'?",
    },
    {
      header: 'Supplier',
      value: 'Del Technologies',
      message: "supplier 'Del Technologies' not found; did you mean 'Dell Technologies'",
    },
    {
      header: 'Category',
      value: 'Hardwear',
      message: "category 'Hardwear' not found; did you mean 'Hardware'?",
    },
  ])('$header "$value"', async ({ header, value, message }) => {
    const file = join(env.dir, `lookup-${header}.csv`);
    writeFileSync(file, `Name,${header}\nThing,${value}\n`);
    const report = join(env.dir, `lookup-${header}.report.csv`);
    await runLibrary(env.sb, { file, resource: 'asset', dryRun: true, reportPath: report });
    expect(readReport(report)[0]['#message']).toContain(message);
  });
});

describe('a dry run writes nothing', () => {
  it('makes only GET requests, and reports rows as valid', async () => {
    await env.sb.resetStats();
    const report = join(env.dir, 'dry.report.csv');
    const res = await runCli([
      'validate',
      join(FIX, 'contracts-basic.csv'),
      '-r',
      'contract',
      '--report',
      report,
      '--json',
      ...env.sb.args,
    ]);
    const stats = await env.sb.stats();
    expect(countWrites(stats)).toBe(0);
    expect(Object.keys(stats.requests).every((k) => k.startsWith('GET '))).toBe(true);
    const summary = JSON.parse(res.stdout);
    expect(summary.dryRun).toBe(true);
    expect(summary.requests).toBe(stats.total);
  });
});

describe('problems that stop the run before anything is sent', () => {
  const cases = [
    {
      name: 'a required field with no column lists the headers seen',
      csv: 'Serial,Cost\nA1,10\n',
      resource: 'contract',
      cli: true,
      code: 2,
      stderr: /no column for .*Contract type \(contract_type\).*\n.*Headers seen: "Serial", "Cost"/s,
    },
    {
      name: 'a column of ambiguous dates asks for --date-format',
      csv: 'Name,Purchase Date\nA,03/04/2023\nB,05/06/2023\n',
      resource: 'asset',
      code: 2,
      stderr: /column "Purchase Date" has dates such as 03\/04\/2023 \(row 2\).*--date-format/s,
    },
    {
      name: 'an asset-owner import explains that owners are updated, not created',
      csv: 'Name\nX\n',
      resource: 'asset-owner',
      code: 2,
      stderr: /asset owners cannot be created/,
    },
  ];
  it.each(cases)('$name', async ({ csv, resource, cli, code, stderr }) => {
    const file = join(env.dir, `stop-${resource}-${code}-${csv.length}.csv`);
    writeFileSync(file, csv);
    await env.sb.resetStats();
    const res = cli
      ? await runCli(['import', file, '-r', resource, ...env.sb.args])
      : await runLibrary(env.sb, { file, resource });
    expect(res.code).toBe(code);
    expect(res.stderr).toMatch(stderr);
    expect(res.stderr).not.toMatch(/\n\s+at /);
    expect(countWrites(await env.sb.stats())).toBe(0);
  });
});

describe('rows that repeat a natural key within the file', () => {
  it.each([
    {
      name: 'the second is skipped as a duplicate of the first',
      flags: [] as string[],
      statuses: ['created', 'skipped', 'created'],
      records: 1,
    },
    {
      name: '--allow-duplicates sends both',
      flags: ['--allow-duplicates'],
      statuses: ['created', 'created', 'created'],
      records: 2,
    },
  ])('$name', async ({ flags, statuses, records }) => {
    const serial = `DUP-${flags.length}`;
    const file = join(env.dir, `dups-${flags.length}.csv`);
    // The second row repeats the first (same values): a duplicate, not a conflict (key-conflict.test.ts).
    writeFileSync(file, `Name,Serial number\nFirst,${serial}\nFirst,${serial}\nOther,${serial}-X\n`);
    const report = join(env.dir, `dups-${flags.length}.report.csv`);
    await runLibrary(env.sb, {
      file,
      resource: 'asset',
      reportPath: report,
      allowDuplicates: flags.length > 0,
    });
    const rows = readReport(report);
    expect(rows.map((r) => r['#status'])).toEqual(statuses);
    if (!flags.length)
      expect(rows[1]['#message']).toBe(`duplicate of row 2 (same serial number "${serial}")`);
    expect((await env.sb.records('asset')).filter((a) => a.serial_number === serial)).toHaveLength(records);
  });
});
