// A sync's rows without a key: the first run creates them; a later run (another report, the
// same rows) matches each to the record the earlier run made from the same values (the memory
// of what was sent), so nothing is created twice and those records are not missing; a row
// whose values are new has nothing to match and is created. The report says which way.
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { countWrites, readReport, runCli, useSandbox } from './cli.js';

const env = useSandbox();

const assets = async (tag: string) => (await env.sb.records('asset')).filter((a) => a.manufacturer === tag);

/** [serial, name] rows, manufacturer `tag`. */
function sheet(tag: string, name: string, rows: readonly (readonly [string, string])[]): string {
  const file = join(env.dir, `${name}.csv`);
  writeFileSync(file, stringify([['Serial number', 'Name', 'Manufacturer'], ...rows.map(([serial, n]) => [serial, n, tag])]));
  return file;
}

describe('sync: rows without a key', () => {
  it('are created once, then matched by the memory of that run; a new keyless row is created', async () => {
    const tag = 'KL';
    const rows: [string, string][] = [
      ['KL-1', 'keyed laptop'],
      ['', 'spare monitor'],
      ['', 'spare dock'],
    ];
    const file = sheet(tag, 'kl', rows);
    const sync = (report: string, f = file) => runCli(['sync', f, '-r', 'asset', '--scope', `manufacturer=${tag}`, '--report', join(env.dir, report), ...env.sb.args]);
    const first = await sync('kl-1.report.csv');
    expect(first.code, first.stderr).toBe(0);
    expect(readReport(join(env.dir, 'kl-1.report.csv')).map((r) => [r['#status'], r['#message']])).toEqual([
      ['created', ''],
      ['created', 'no serial number, and no earlier run made a record from these values: created'],
      ['created', 'no serial number, and no earlier run made a record from these values: created'],
    ]);
    const made = await assets(tag);
    const idOf = (name: string) => made.find((a) => a.name === name)!.id;

    // The same rows under another report, one keyless row added: only it is sent.
    const file2 = sheet(tag, 'kl-2', [...rows, ['', 'spare keyboard']]);
    await env.sb.resetStats();
    const again = await sync('kl-2.report.csv', file2);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('Rows without a serial number: 3; 2 records that an earlier run made from the same values match them (the memory of what was sent); the others are created.');
    expect(again.stderr).toContain('Missing: none of the 3 assets in scope is absent from the sheet.');
    expect(again.stderr).toMatch(/^Plan: 1 write \(1 to create, 0 to update; every row compared with its record as listed: 3 unchanged, nothing sent for them\)/m);
    expect(countWrites(await env.sb.stats())).toBe(1);
    const matched = (name: string) => `no serial number: matched to the record an earlier run of ${file} made from the same values on `;
    const report = readReport(join(env.dir, 'kl-2.report.csv'));
    expect(report.map((r) => [r['#status'], r['#id']])).toEqual([
      ['unchanged', String(idOf('keyed laptop'))],
      ['unchanged', String(idOf('spare monitor'))],
      ['unchanged', String(idOf('spare dock'))],
      ['created', expect.stringMatching(/^\d+$/)],
    ]);
    expect(report[1]['#message']).toContain(matched('spare monitor'));
    expect(report[1]['#message']).toContain(`(id ${idOf('spare monitor')})`);
    expect(report[3]['#message']).toBe('no serial number, and no earlier run made a record from these values: created');
    expect((await assets(tag)).map((a) => a.name).sort()).toEqual(['keyed laptop', 'spare dock', 'spare keyboard', 'spare monitor']);
  });
});
