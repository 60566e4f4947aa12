// A sync's last-run check on the custom fields: the template's values go as one list, but each
// custom value is judged on its own against what the last run sent. A colleague's value in a
// field the sheet leaves as it was is kept without a conflict (as a plain field's is); one the
// sheet changes too is a conflict on that field alone. The built CLI against a sandbox.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { countWrites, readReport, runCli, tempDir, testSandbox } from './cli.js';

type Sandbox = Awaited<ReturnType<typeof testSandbox>>;

/** Export the assets, set record 1's custom cells as given, and the sync command for the file. */
async function exported(sb: Sandbox, cells: Record<string, string>, clearEmpty: boolean) {
  const dir = tempDir();
  const file = join(dir, 'assets.csv');
  const own = { env: { XDG_CACHE_HOME: tempDir(), XDG_STATE_HOME: tempDir() } };
  expect((await runCli(['export', 'asset', '-o', file, ...sb.args], own)).code).toBe(0);
  const edit = (values: Record<string, string>) => {
    const [header, ...rows] = parse(readFileSync(file)) as string[][];
    const row = rows.find((r) => r[0] === '1')!;
    for (const [column, value] of Object.entries(values)) row[header.indexOf(column)] = value;
    writeFileSync(file, stringify([header, ...rows]));
  };
  edit(cells);
  const report = join(dir, 'report.csv');
  const args = ['sync', file, '-r', 'asset', '--key', 'id', '--report', report, ...sb.args];
  const sync = clearEmpty ? [...args, '--clear-empty'] : args;
  return {
    run: () => runCli(sync, own),
    row1: () => readReport(report).find((r) => r['#id'] === '1')!,
    edit,
  };
}

/** A colleague's write of record 1's custom values (Cost Centre, PO Number) in the service. */
async function colleagueSets(sb: Sandbox, costCentre: string, po: string): Promise<void> {
  const fields = [
    { id: 1, value: costCentre },
    { id: 2, value: po },
  ];
  const patched = await fetch(`${sb.sb.url}/api/v2/asset/1/`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${sb.sb.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ company: 1, template: { id: 1, fields } }),
  });
  expect(patched.status).toBe(200);
}

const customs = async (sb: Sandbox) =>
  ((await sb.records('asset')).find((r) => r.id === 1)!.template as { fields: Record<string, unknown> })
    .fields;

describe('sync, custom values a colleague changed since the last run', () => {
  it("a sheet leaving PO Number empty: the colleague's PO Number stays, no conflict, nothing sent", async () => {
    const sb = await testSandbox({ rateLimit: 0 });
    try {
      const sync = await exported(sb, { 'Cost Centre': 'CC-200', 'PO Number': '' }, false);
      expect((await sync.run()).code).toBe(0);
      expect(await customs(sb)).toEqual({ 1: 'CC-200', 2: 'PO-55812' });
      await colleagueSets(sb, 'CC-200', 'PO-77777');
      await sb.resetStats();
      const again = await sync.run();
      expect(sync.row1()['#status']).toBe('unchanged');
      expect(sync.row1()['#message']).toContain('the record keeps PO Number "PO-77777"');
      expect(await customs(sb)).toEqual({ 1: 'CC-200', 2: 'PO-77777' });
      expect(countWrites(await sb.stats())).toBe(0);
      expect(again.code, again.stderr).toBe(0);
    } finally {
      await sb.close();
    }
  });

  it('the sheet and the colleague both changed PO Number: a conflict on PO Number alone', async () => {
    const sb = await testSandbox({ rateLimit: 0 });
    try {
      const sync = await exported(sb, { 'Cost Centre': 'CC-200', 'PO Number': '' }, false);
      expect((await sync.run()).code).toBe(0);
      await colleagueSets(sb, 'CC-200', 'PO-COLL');
      sync.edit({ 'PO Number': 'PO-SHEET' });
      await sb.resetStats();
      const again = await sync.run();
      expect(sync.row1()['#status']).toBe('conflict');
      expect(sync.row1()['#message']).toBe(
        "changed in the sheet and in the service since the last run, not written (--prefer sheet writes the sheet's): PO Number: sheet PO-SHEET, service PO-COLL (last sent PO-55812)",
      );
      expect(await customs(sb)).toEqual({ 1: 'CC-200', 2: 'PO-COLL' });
      expect(countWrites(await sb.stats())).toBe(0);
      expect(again.code, again.stderr).toBe(1);
    } finally {
      await sb.close();
    }
  });

  it('--clear-empty, Cost Centre emptied by the last run and filled by a colleague since: it stays', async () => {
    const sb = await testSandbox({ rateLimit: 0 });
    try {
      const sync = await exported(sb, { 'Cost Centre': '' }, true);
      const first = await sync.run();
      expect(first.code, first.stderr).toBe(0);
      expect(await customs(sb)).toEqual({ 1: null, 2: 'PO-55812' });
      await colleagueSets(sb, 'CC-777', 'PO-55812');
      await sb.resetStats();
      const again = await sync.run();
      // The sheet still has Cost Centre as the last run sent it (empty): the colleague's value
      // stays, and the row says so rather than "the record already has these values".
      expect(sync.row1()['#status']).toBe('unchanged');
      expect(sync.row1()['#message']).toBe(
        'unchanged: the record already has these values except for an empty cell: the record keeps Cost Centre "CC-777" (set in the service since the last run: kept even with --clear-empty)',
      );
      expect(await customs(sb)).toEqual({ 1: 'CC-777', 2: 'PO-55812' });
      expect(countWrites(await sb.stats())).toBe(0);
      expect(again.code, again.stderr).toBe(0);
    } finally {
      await sb.close();
    }
  });

  it('a plain cell the last run emptied, filled by a colleague since: each later sync says it is kept', async () => {
    const sb = await testSandbox({ rateLimit: 0 });
    try {
      const setLocation = async (location: string) => {
        const patched = await fetch(`${sb.sb.url}/api/v2/asset/1/`, {
          method: 'PATCH',
          headers: { authorization: `Bearer ${sb.sb.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ company: 1, location_description: location }),
        });
        expect(patched.status).toBe(200);
      };
      const location = async () => (await sb.records('asset')).find((r) => r.id === 1)!.location_description;
      // A sheet of the user's own (not an export): what protects the cell is the last run's memory.
      const dir = tempDir();
      const file = join(dir, 'own.csv');
      const name = (await sb.records('asset')).find((r) => r.id === 1)!.name as string;
      writeFileSync(
        file,
        stringify([
          ['ID', 'Name', 'Location description'],
          ['1', name, ''],
        ]),
      );
      const own = { env: { XDG_CACHE_HOME: tempDir(), XDG_STATE_HOME: tempDir() } };
      const report = join(dir, 'report.csv');
      // One row of five records: the four others are not this test's, and stay as they are.
      const args = [
        'sync',
        file,
        '-r',
        'asset',
        '--key',
        'id',
        '--max-missing',
        '4',
        '--report',
        report,
        ...sb.args,
      ];
      await setLocation('Floor 1');
      const first = await runCli([...args, '--clear-empty'], own);
      expect(first.code, first.stderr).toBe(0);
      expect(await location()).toBeNull();
      await setLocation('Colleague shelf');
      for (const flags of [[], ['--clear-empty']]) {
        const again = await runCli([...args, ...flags], own);
        expect(readReport(report)[0]['#message'], flags.join(' ')).toBe(
          'unchanged: the record already has these values except for an empty cell: the record keeps Location description "Colleague shelf" (set in the service since the last run: kept even with --clear-empty)',
        );
        expect(again.code, again.stderr).toBe(0);
      }
      expect(await location()).toBe('Colleague shelf');
    } finally {
      await sb.close();
    }
  });
});
