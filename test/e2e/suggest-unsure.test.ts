// `mapping suggest` knows when it is unsure, through the CLI against the sandbox: model names
// that differ by a number are never matched ("Latitude 5421" is no "Latitude 5540"), a match
// held back is listed to check and left out of the value table unless --accept-unsure,
// subcategories are matched ("Tablet", "HVAC"), and what the mapping still lacks (a required
// field, values no table covers) is said with the fix; a name the row's make and model can
// make is built from them (a template of the file's "fields"). Each suggest runs once and
// its cases read what it printed; the validate and the import of a suggested mapping call the
// library in-process (library.ts), as the CLI calls it.
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readReport, runCli, useSandbox, type CliResult } from './cli.js';
import { runLibrary } from './library.js';
import type { Json } from '../json.js';

const env = useSandbox();
const FILE = 'test/fixtures/mapping/models-near-misses.csv';

// The sheet's names are in "Asset Label", which no synonym names: the mapping written builds the
// name from Make and Model, as the import would, and names "Asset Label" as maybe the name.
// The sandbox's lists do not change under these runs: one run for each command line.
const runs = new Map<string, Promise<CliResult>>();
async function suggest(...extra: string[]): Promise<{ file: Record<string, Json>; stderr: string }> {
  const key = extra.join(' ');
  if (!runs.has(key))
    runs.set(key, runCli(['mapping', 'suggest', FILE, '-r', 'asset', ...extra, ...env.sb.args]));
  const res = await runs.get(key)!;
  expect(res.code, res.stderr).toBe(0);
  return { file: JSON.parse(res.stdout), stderr: res.stderr };
}

describe('mapping suggest on names the service spells otherwise', () => {
  it('writes the sure matches: subcategories by their names, suppliers by their names without legal forms', async () => {
    const { file } = await suggest();
    expect(file.values).toEqual({
      Category: {
        Laptops: 'Hardware / Laptop',
        Laptop: 'Hardware / Laptop',
        Tablet: 'Hardware / Tablet',
        HVAC: 'Facilities / HVAC',
      },
      Supplier: { 'Dell Inc.': 'Dell Technologies', 'Apple Inc.': 'Apple', 'Lenovo Group': 'Lenovo' },
    });
  });

  const said: [string, string][] = [
    [
      'a model whose number differs matches nothing',
      'note: column "Model": "Latitude 5421" matches nothing in the service\'s list',
    ],
    [
      'nor does one of another line with the same size',
      'note: column "Model": "Macbook Pro 13"" matches nothing in the service\'s list',
    ],
    [
      'a model that names fewer numbers is listed to check, with why',
      'note: column "Model": "ThinkPad T14" → "ThinkPad T14 Gen 4" (confidence 0.70; check: "ThinkPad T14" and "ThinkPad T14 Gen 4" do not name the same numbers); not in the value table: add it if right, or pass --accept-unsure',
    ],
    [
      'the name no column gives, built from make and model',
      'note: no column gives Name (name), which is required for assets: built from the row as "{Make} {Model}" ("fields" in the file)',
    ],
    [
      'the column that may be the name instead, with how to use it',
      'note: column "Asset Label" may be the name (its values are distinct texts): to use it, map it ("columns": {"Asset Label": "name"}) and remove "name" from "fields"',
    ],
    [
      'the values no table covers',
      'missing: column "Model" has 4 values the service\'s list lacks and no value table covers ("ThinkPad T14", "Latitude 5421", "Macbook Pro 13"", "Rooftop 48")',
    ],
  ];
  it.each(said)('%s', async (_name, line) => {
    const { stderr } = await suggest();
    expect(stderr).toContain(line);
  });

  it('with --accept-unsure the held match is written, and the rest still said missing', async () => {
    const { file, stderr } = await suggest('--accept-unsure');
    expect(file.values.Model).toEqual({ 'ThinkPad T14': 'ThinkPad T14 Gen 4' });
    expect(stderr).toContain(
      'missing: column "Model" has 3 values the service\'s list lacks and no value table covers ("Latitude 5421", "Macbook Pro 13"", "Rooftop 48")',
    );
  });

  it('with the proposed fix applied, the rows it covers validate and the others fail for their models alone', async () => {
    const { file } = await suggest();
    file.columns['Asset Label'] = 'name';
    delete file.fields;
    const path = join(env.dir, 'fixed.json');
    writeFileSync(path, JSON.stringify(file));
    const report = join(env.dir, 'fixed.report.csv');
    const res = await runLibrary(env.sb, {
      file: FILE,
      resource: 'asset',
      mappingPath: path,
      reportPath: report,
      dryRun: true,
    });
    expect(res.code).toBe(1);
    expect(readReport(report).map((r) => [r.Serial, r['#status']])).toEqual([
      ['SU-0001', 'invalid'],
      ['SU-0002', 'invalid'],
      ['SU-0003', 'valid'],
      ['SU-0004', 'invalid'],
      ['SU-0005', 'invalid'],
    ]);
    expect(
      readReport(report)
        .filter((r) => r['#status'] === 'invalid')
        .every((r) => /hardware model/.test(r['#message'])),
    ).toBe(true);
  });
});

describe('mapping suggest on a sheet with no name column but a make and a model (as Ralph and Lucity export)', () => {
  const SHEET = 'test/fixtures/mapping/make-model-no-name.csv';

  it('builds the name from them, says so, and the file then imports every row named so', async () => {
    const res = await runCli(['mapping', 'suggest', SHEET, '-r', 'asset', ...env.sb.args]);
    expect(res.code, res.stderr).toBe(0);
    const file = JSON.parse(res.stdout);
    expect(file.fields).toEqual({ name: '{Make} {Model}' });
    expect(res.stderr).toContain(
      'note: no column gives Name (name), which is required for assets: built from the row as "{Make} {Model}"',
    );
    expect(res.stderr).not.toContain('missing:');
    const path = join(env.dir, 'make-model.json');
    writeFileSync(path, res.stdout);
    const report = join(env.dir, 'make-model.report.csv');
    const imp = await runLibrary(env.sb, {
      file: SHEET,
      resource: 'asset',
      mappingPath: path,
      reportPath: report,
    });
    expect(imp.code, imp.stderr).toBe(0);
    expect(readReport(report).map((r) => r['#status'])).toEqual(['created', 'created', 'created']);
    const names = (await env.sb.records('asset'))
      .filter((a) => /^MM-/.test(a.serial_number))
      .map((a) => a.name)
      .sort();
    expect(names).toEqual(['Apple iPhone 15', 'Dell Latitude 7440', 'Lenovo ThinkPad T14 Gen 4']);
  });
});
