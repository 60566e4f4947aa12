// Value tables for a column the mapping file sends to several fields ("Status":
// ["asset_usage_status", "asset_notes"]), over the sandbox: a table keyed by the column could
// be meant for either field, so it stops the run (exit 2) before any row is sent; a table per
// field ("fields.<field>") translates each field's copy of the cell on its own, and
// `mapping suggest` writes its tables so. The refusal runs the built CLI; the others the
// library in-process (library.ts).
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { suggestMapping } from '../../src/index.js';
import { countWrites, readReport, runCli, useSandbox } from './cli.js';
import { connectionOf, runLibrary } from './library.js';

const env = useSandbox();

const STATUSES = { 'Deployed (deployed)': 'In Use', 'Ready to Deploy': 'In Stock', Pending: 'In Repair' };
const LISTED = { Status: ['asset_usage_status', 'asset_notes'] };

function sheet(name: string, prefix: string): string {
  const path = join(env.dir, name);
  writeFileSync(
    path,
    'Asset Name,Serial,Category,Status\n' +
      `Finance laptop,${prefix}-1,Hardware,Deployed (deployed)\n` +
      `Spare laptop,${prefix}-2,Hardware,Ready to Deploy\n` +
      `Broken laptop,${prefix}-3,Hardware,Pending\n`,
  );
  return path;
}

function mappingFile(name: string, content: object): string {
  const path = join(env.dir, name);
  writeFileSync(path, JSON.stringify({ resource: 'asset', ...content }));
  return path;
}

describe('a column sent to several fields', () => {
  it('with a table keyed by the column: refused before any row is sent (exit 2), naming the key, the fields and the keys to write', async () => {
    const map = mappingFile('by-column.json', { columns: LISTED, values: { Status: STATUSES } });
    await env.sb.resetStats();
    const res = await runCli([
      'import',
      sheet('by-column.csv', 'LV-C'),
      '-r',
      'asset',
      '--mapping',
      map,
      ...env.sb.args,
    ]);
    expect(res.code, res.stderr).toBe(2);
    expect(res.stderr).toContain(
      'values."Status": column "Status" feeds several fields (asset_usage_status, asset_notes), and a table keyed by the column does not say which of them it is for',
    );
    expect(res.stderr).toContain(
      'hint: Key the table by the field it is for: "fields.asset_usage_status" or "fields.asset_notes"',
    );
    expect(countWrites(await env.sb.stats())).toBe(0);
  });

  it('with a table per field: each field reads the cell through its own table, or as it is without one', async () => {
    const cases: { name: string; values: object; want: [string, string, string][] }[] = [
      {
        name: 'both fields',
        values: {
          'fields.asset_usage_status': STATUSES,
          'fields.asset_notes': { Pending: 'Waiting for a part' },
        },
        want: [
          ['In Use', 'Deployed (deployed)', '-1'],
          ['In Stock', 'Ready to Deploy', '-2'],
          ['In Repair', 'Waiting for a part', '-3'],
        ],
      },
      {
        name: 'the first field only',
        values: { 'fields.asset_usage_status': STATUSES },
        want: [
          ['In Use', 'Deployed (deployed)', '-1'],
          ['In Stock', 'Ready to Deploy', '-2'],
          ['In Repair', 'Pending', '-3'],
        ],
      },
    ];
    for (const [n, c] of cases.entries()) {
      const prefix = `LV-T${n}`;
      const map = mappingFile(`per-field-${n}.json`, { columns: LISTED, values: c.values });
      const res = await runLibrary(env.sb, {
        file: sheet(`per-field-${n}.csv`, prefix),
        resource: 'asset',
        mappingPath: map,
      });
      expect(res.code, `${c.name}: ${res.stderr}`).toBe(0);
      const assets = await env.sb.records('asset');
      const got = c.want.map(([, , n2]) => assets.find((a) => a.serial_number === `${prefix}${n2}`));
      expect(
        got.map((a) => [a?.asset_usage_status?.name, a?.asset_notes]),
        c.name,
      ).toEqual(c.want.map(([status, notes]) => [status, notes]));
    }
  });
});

describe('mapping suggest from a file that sends a column to several fields', () => {
  it('writes the proposed table under "fields.<first field>", and the file it writes imports', async () => {
    const csv = sheet('suggest.csv', 'LV-S');
    const start = mappingFile('suggest-start.json', { columns: LISTED });
    const suggestion = await suggestMapping({
      file: csv,
      resource: 'asset',
      mappingPath: start,
      connection: connectionOf(env.sb),
      acceptUnsure: true,
    });
    expect(suggestion.mapping.columns?.Status).toEqual(LISTED.Status);
    expect(suggestion.mapping.values).toEqual({ 'fields.asset_usage_status': STATUSES });
    const file = join(env.dir, 'suggested.json');
    writeFileSync(file, JSON.stringify(suggestion.mapping));
    const report = join(env.dir, 'suggested.report.csv');
    const res = await runLibrary(env.sb, {
      file: csv,
      resource: 'asset',
      mappingPath: file,
      reportPath: report,
      dryRun: true,
    });
    expect(res.code, res.stderr).toBe(0);
    expect(readReport(report).map((r) => r['#status'])).toEqual(['valid', 'valid', 'valid']);
  });
});
