// Value tables and defaults in a mapping file, over the sandbox: a table translates the
// sheet's own values before lookups, a default for a lookup field resolves like a cell,
// and a table or default naming what the service does not have stops the run (exit 2)
// before any row is read. The built CLI runs `mapping suggest` once and one refused table;
// the other runs call the library in-process (library.ts), ended as the CLI ends them.
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { suggestMapping } from '../../src/index.js';
import { countWrites, readReport, runCli, useSandbox } from './cli.js';
import { connectionOf, runLibrary } from './library.js';

const env = useSandbox();
const FILE = 'test/fixtures/mapping/snipe-statuses.csv';
const STATUSES = { 'Deployed (deployed)': 'In Use', 'Ready to Deploy': 'In Stock', Pending: 'In Repair' };

function mappingFile(name: string, content: object): string {
  const path = join(env.dir, name);
  writeFileSync(path, JSON.stringify({ resource: 'asset', ...content }));
  return path;
}

const bySerial = async (serial: string) =>
  (await env.sb.records('asset')).find((a) => a.serial_number === serial);

describe('mapping suggest proposes value tables', () => {
  it('for each lookup column, the values the service does not know, with their likeliest match and a confidence; a match that is not sure is listed to check and left out of the table', async () => {
    const res = await runCli(['mapping', 'suggest', FILE, '-r', 'asset', ...env.sb.args]);
    expect(res.code, res.stderr).toBe(0);
    const suggested = JSON.parse(res.stdout);
    expect(suggested.values).toEqual({
      Category: { NB: 'Hardware / Laptop' },
      Status: { 'Deployed (deployed)': 'In Use', 'Ready to Deploy': 'In Stock' },
    });
    // Country names in German, Spanish … resolve as they are: no table for them.
    expect(suggested.values['Location Country']).toBeUndefined();
    expect(res.stderr).toContain('note: column "Status": "Deployed (deployed)" → "In Use" (confidence 0.95)');
    const pending =
      'column "Status": "Pending" → "In Repair" (confidence 0.60; check: it could also mean "In Stock"); not in the value table: add it if right, or pass --accept-unsure';
    expect(res.stderr).toContain(`note: ${pending}`);
    expect(suggested.review).toContain(pending);
    // What is left would fail: said, with the fix.
    expect(res.stderr).toContain(
      'missing: column "Status" has a value the service\'s list lacks and no value table covers ("Pending"): those rows would fail.',
    );
  });

  it('with --accept-unsure the unsure match is written too, and the file then imports every row (run first: the sandbox has none of these assets yet)', async () => {
    const suggestion = await suggestMapping({
      file: FILE,
      resource: 'asset',
      connection: connectionOf(env.sb),
      acceptUnsure: true,
    });
    const suggested = suggestion.mapping;
    expect(suggested.values?.Status).toEqual({
      'Deployed (deployed)': 'In Use',
      'Ready to Deploy': 'In Stock',
      Pending: 'In Repair',
    });
    // The CLI prints these as its "missing: …" lines (and exits 1 for a missing field).
    expect({ missing: suggestion.missing, fields: suggestion.missingFields }).toEqual({
      missing: [],
      fields: [],
    });
    const file = join(env.dir, 'suggested-values.json');
    writeFileSync(file, JSON.stringify(suggested));
    const report = join(env.dir, 'suggested-values.report.csv');
    const imp = await runLibrary(env.sb, {
      file: FILE,
      resource: 'asset',
      mappingPath: file,
      reportPath: report,
      dryRun: true,
    });
    expect(imp.code, imp.stderr).toBe(0);
    expect(readReport(report).map((r) => r['#status'])).toEqual(['valid', 'valid', 'valid']);
  });
});

describe('a value table', () => {
  it('translates each value before the lookup: Snipe-IT statuses become the service\'s, "NB" a category', async () => {
    const map = mappingFile('values.json', { values: { Status: STATUSES, Category: { NB: 'Hardware' } } });
    const report = join(env.dir, 'values.report.csv');
    const res = await runLibrary(env.sb, {
      file: FILE,
      resource: 'asset',
      mappingPath: map,
      reportPath: report,
    });
    expect(res.code, res.stderr).toBe(0);
    expect(readReport(report).map((r) => r['#status'])).toEqual(['created', 'created', 'created']);
    const want: [string, string, string, string][] = [
      ['VT-SN-0001', 'In Use', 'Hardware', 'Germany'],
      ['VT-SN-0002', 'In Stock', 'Hardware', 'Spain'],
      ['VT-SN-0003', 'In Repair', 'Hardware', 'Austria'],
    ];
    for (const [serial, status, category, country] of want) {
      expect(await bySerial(serial), serial).toMatchObject({
        asset_usage_status: { name: status },
        category: { name: category },
        country,
      });
    }
    // The report keeps the sheet's own values.
    expect(readReport(report)[0].Status).toBe('Deployed (deployed)');
  });

  it('without it, the same sheet fails on every status', async () => {
    const report = join(env.dir, 'novalues.report.csv');
    const res = await runLibrary(env.sb, { file: FILE, resource: 'asset', reportPath: report, dryRun: true });
    expect(res.code).toBe(1);
    expect(readReport(report)[0]['#message']).toContain("usage status 'Deployed (deployed)' not found");
  });

  it('mapping a value to a status that does not exist is refused before any row is read (exit 2)', async () => {
    const map = mappingFile('bad-values.json', {
      values: { Status: { ...STATUSES, Pending: 'In Repairs' } },
    });
    await env.sb.resetStats();
    const res = await runCli(['import', FILE, '-r', 'asset', '--mapping', map, ...env.sb.args]);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(
      `the value table of column "Status" maps a value to "In Repairs": usage status 'In Repairs' not found; did you mean 'In Repair'?`,
    );
    expect(countWrites(await env.sb.stats())).toBe(0);
  });

  it('mapping a value to an enum value that does not exist is refused too', async () => {
    const csv = join(env.dir, 'warranty.csv');
    writeFileSync(csv, 'Name,Serial,Warranty Status\nA,VT-W-1,Yes\n');
    const map = mappingFile('bad-enum.json', { values: { 'Warranty Status': { Yes: 'covered' } } });
    const res = await runLibrary(env.sb, { file: csv, resource: 'asset', mappingPath: map, dryRun: true });
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('the value table of column "Warranty Status" maps a value to "covered"');
  });
});

describe('defaults', () => {
  it('a default for a lookup field (the example in docs/mapping.md) resolves like a cell', async () => {
    const csv = join(env.dir, 'nocountry.csv');
    writeFileSync(csv, 'Name,Serial\nDefaulted laptop,VT-D-0001\n');
    const map = mappingFile('defaults.json', {
      defaults: { country: 'US', asset_usage_status: 'In Use', category: 'Hardware / Laptop' },
    });
    const res = await runLibrary(env.sb, { file: csv, resource: 'asset', mappingPath: map });
    expect(res.code, res.stderr).toBe(0);
    expect(await bySerial('VT-D-0001')).toMatchObject({
      country: 'United States',
      asset_usage_status: { name: 'In Use' },
      category: { name: 'Hardware', subcategory: 'Laptop' },
    });
  });

  const refused: [string, object, string][] = [
    [
      'an unknown key',
      { countri: 'US' },
      'the default for "countri" is not for a field of assets (did you mean "country"?)',
    ],
    [
      'a lookup default the service does not have',
      { asset_usage_status: 'Deployed' },
      'the default for asset_usage_status is "Deployed": usage status \'Deployed\' not found',
    ],
    [
      'an enum default that is not a value',
      { warranty_status: 'maybe' },
      'the default for warranty_status is "maybe"',
    ],
  ];
  it.each(refused)('%s is a mapping error (exit 2)', async (_name, defaults, message) => {
    const map = mappingFile('bad-defaults.json', { defaults });
    const res = await runLibrary(env.sb, { file: FILE, resource: 'asset', mappingPath: map, dryRun: true });
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(message);
  });
});
