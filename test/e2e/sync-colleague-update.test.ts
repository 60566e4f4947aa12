// A sync keeps a colleague's value (a field changed in the service since the last run, not in
// the sheet) and its row says how to write the sheet's instead: `assetbatch update` with the
// same file, which finds the row's record as the sync did and keeps no colleague's value. The
// hint is given only where that update finds the record: by the update's own key, an ID, or
// (a row without a key) the record an earlier run made from its values. The cases run the
// real CLI: import, sync, a colleague's edit through the API, sync (kept, the hint), update.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { countWrites, readReport, runCli, useSandbox } from './cli.js';

const env = useSandbox();

const KEPT =
  'unchanged: the record keeps Asset notes "Colleague" (the sheet still has "A"): changed in the service since the last run, not in the sheet';

interface Case {
  name: string;
  tag: string;
  /** The sheet's columns besides Name, Manufacturer and Asset notes, and the row's cells for them. */
  columns: Record<string, string>;
  syncArgs: string[];
  /** The kept row's message after the colleague's edit. */
  message: string;
  /** What `assetbatch update` of the file does with the row, when the hint names it. */
  update?: { args: string[]; status: string };
}

const cases: Case[] = [
  {
    name: 'by serial number: the hint names update, which writes the sheet value',
    tag: 'CU1',
    columns: { 'Serial number': 'CU1-1' },
    syncArgs: [],
    message: `${KEPT} (\`assetbatch update\` with this file writes the sheet's value)`,
    update: { args: [], status: 'updated' },
  },
  {
    name: 'without a key, matched by the memory: update matches it the same way',
    tag: 'CU2',
    columns: { 'Serial number': '' },
    syncArgs: [],
    message: `no serial number: matched to the record an earlier run of {file} made from the same values on {date} (id {id}); ${KEPT} (\`assetbatch update\` with this file writes the sheet's value)`,
    update: { args: [], status: 'updated' },
  },
  {
    name: 'by asset tag: no hint, an update finds no record by it',
    tag: 'CU3',
    columns: { 'Asset tag': 'CU3-TAG' },
    syncArgs: ['--key', 'asset_tag'],
    message: KEPT,
  },
];

async function colleagueSets(id: number, body: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${env.sb.sb.url}/api/v2/asset/${id}/`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${env.sb.sb.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ company: 1, ...body }),
  });
  expect(res.status).toBe(200);
}

const notesOf = async (tag: string) =>
  (await env.sb.records('asset')).filter((a) => a.manufacturer === tag).map((a) => [a.id, a.asset_notes]);

describe("a sync's row that keeps a colleague's value says how to write the sheet's", () => {
  it.each(cases)('$name', async (c) => {
    const file = join(env.dir, `${c.tag}.csv`);
    const headers = ['Name', 'Manufacturer', 'Asset notes', ...Object.keys(c.columns)];
    writeFileSync(file, stringify([headers, [`${c.tag} desk`, c.tag, 'A', ...Object.values(c.columns)]]));
    const run = (args: string[], report: string) =>
      runCli([...args, file, '-r', 'asset', '--report', join(env.dir, report), ...env.sb.args]);
    const sync = ['sync', ...c.syncArgs, '--scope', `manufacturer=${c.tag}`];

    const imported = await run(['import'], `${c.tag}-import.csv`);
    expect(imported.code, imported.stderr).toBe(0);
    expect((await run(sync, `${c.tag}-sync.csv`)).code).toBe(0);
    const [[id]] = await notesOf(c.tag);
    await colleagueSets(id as number, { asset_notes: 'Colleague' });

    await env.sb.resetStats();
    const again = await run(sync, `${c.tag}-sync.csv`);
    expect(again.code, again.stderr).toBe(0);
    const [row] = readReport(join(env.dir, `${c.tag}-sync.csv`));
    const message = c.message
      .replace('{file}', file)
      .replace('{id}', String(id))
      .replace('{date}', row['#message'].match(/on (\d{4}-\d\d-\d\d \d\d:\d\d UTC)/)?.[1] ?? '?');
    expect([row['#status'], row['#message']]).toEqual(['unchanged', message]);
    expect(countWrites((await env.sb.stats()) as { requests: Record<string, number> })).toBe(0);
    expect(await notesOf(c.tag)).toEqual([[id, 'Colleague']]);
    if (!c.update) return;

    await env.sb.resetStats();
    const updated = await run(['update', ...c.update.args], `${c.tag}-update.csv`);
    expect(updated.code, updated.stderr).toBe(0);
    expect(readReport(join(env.dir, `${c.tag}-update.csv`)).map((r) => [r['#status'], r['#id']])).toEqual([
      [c.update.status, String(id)],
    ]);
    expect(countWrites((await env.sb.stats()) as { requests: Record<string, number> })).toBe(1);
    expect(await notesOf(c.tag)).toEqual([[id, 'A']]);
  });
});
