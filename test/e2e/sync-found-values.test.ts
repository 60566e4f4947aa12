// A sync of records made elsewhere (a legacy register loaded into the service before this
// tool): the first run sends only what differs, and remembers the fields it found the record
// holding as the sheet has them. A colleague then edits one of those fields in the service;
// the next run of the same sheet keeps the colleague's value, says so on the row, and sends
// nothing for it, as it would for a field it had sent (docs/sync.md, "Never revert a
// colleague's edit"). Before, the sheet's value went back over the colleague's, reported
// `updated` with no word.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { syncSpreadsheet } from '../../src/index.js';
import { countWrites, madeByApi, readReport, runCli, useSandbox } from './cli.js';
import { runLibrary, syncFlags } from './library.js';

const env = useSandbox();

const sheet = (rows: string[]) => {
  const file = join(env.dir, 'register.csv');
  writeFileSync(file, ['Name,Serial Number,Notes,Manufacturer', ...rows].join('\n') + '\n');
  return file;
};

async function asset(id: number): Promise<Record<string, unknown>> {
  const res = await env.sb.sb.admin(`/__sandbox/records/asset?company=1`);
  return ((await res.json()) as Record<string, unknown>[]).find((r) => r.id === id)!;
}

/** A record made elsewhere, as a legacy register loaded before this tool: notes "A", manufacturer `tag`. */
const madeElsewhere = (name: string, tag: string) =>
  madeByApi(env.sb, { name, serial_number: `${tag}-1`, asset_notes: 'A', manufacturer: tag });

async function colleagueSets(id: number, body: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${env.sb.sb.url}/api/v2/asset/${id}/`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${env.sb.sb.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ company: 1, ...body }),
  });
  expect(res.status).toBe(200);
}

it('a field the first sync found as the sheet has it, edited by a colleague since: kept, and said', async () => {
  const id = await madeElsewhere('Desk', 'FV');
  const report = join(env.dir, 'register.report.csv');
  const sync = { resource: 'asset', reportPath: report, sync: syncFlags({ tag: 'FV' }) };
  // The first run: the name differs and is sent; the notes are as the sheet has them.
  const first = await runLibrary(env.sb, { file: sheet(['Desk 2,FV-1,A,FV']), ...sync }, syncSpreadsheet);
  expect(first.code, first.stderr).toBe(0);
  expect(readReport(report).map((r) => r['#status'])).toEqual(['updated']);

  await colleagueSets(id, { asset_notes: 'Colleague' });
  await env.sb.resetStats();
  const args = [
    'sync',
    sheet(['Desk 2,FV-1,A,FV']),
    '-r',
    'asset',
    '--scope',
    'manufacturer=FV',
    '--report',
    report,
  ];
  const again = await runCli([...args, ...env.sb.args]);
  expect(again.code, again.stderr).toBe(0);
  const row = readReport(report)[0];
  expect([row['#status'], row['#message']]).toEqual([
    'unchanged',
    `unchanged: the record keeps Notes "Colleague" (the sheet still has "A"): changed in the service since the last run, not in the sheet (\`assetbatch update\` with this file writes the sheet's value)`,
  ]);
  expect(countWrites((await env.sb.stats()) as { requests: Record<string, number> })).toBe(0);
  expect((await asset(id)).asset_notes).toBe('Colleague');

  // The sheet's name edited: the name goes, the colleague's notes stay, and the row says so.
  const edited = await runLibrary(env.sb, { file: sheet(['Desk 3,FV-1,A,FV']), ...sync }, syncSpreadsheet);
  expect(edited.code, edited.stderr).toBe(0);
  expect(readReport(report).map((r) => [r['#status'], r['#message']])).toEqual([
    [
      'updated',
      `the record keeps Notes "Colleague" (the sheet still has "A"): changed in the service since the last run, not in the sheet (\`assetbatch update\` with this file writes the sheet's value)`,
    ],
  ]);
  expect(await asset(id)).toMatchObject({ name: 'Desk 3', asset_notes: 'Colleague' });

  // The sheet's notes edited too: both changed since, a conflict, not written (exit 1).
  const both = await runLibrary(env.sb, { file: sheet(['Desk 3,FV-1,B,FV']), ...sync }, syncSpreadsheet);
  expect(both.code).toBe(1);
  expect(readReport(report).map((r) => [r['#status'], r['#message']])).toEqual([
    [
      'conflict',
      "changed in the sheet and in the service since the last run, not written (--prefer sheet writes the sheet's): asset_notes: sheet B, service Colleague (last sent A)",
    ],
  ]);
  expect((await asset(id)).asset_notes).toBe('Colleague');
});

it('a dry run says the same and remembers nothing', async () => {
  const id = await madeElsewhere('Lamp', 'FW');
  const report = join(env.dir, 'dry.report.csv');
  const file = sheet(['Lamp,FW-1,A,FW']);
  const sync = { file, resource: 'asset', reportPath: report, sync: syncFlags({ tag: 'FW' }) };
  // A dry run first: it finds the notes as the sheet has them, but writes no memory of it.
  expect((await runLibrary(env.sb, { ...sync, dryRun: true }, syncSpreadsheet)).code).toBe(0);
  await colleagueSets(id, { asset_notes: 'Colleague' });
  const dry = await runLibrary(env.sb, { ...sync, dryRun: true }, syncSpreadsheet);
  expect(dry.code, dry.stderr).toBe(0);
  // Nothing known of the record: the sheet's value would go, as on a first run.
  expect(readReport(report).map((r) => r['#status'])).toEqual(['valid']);
  expect((await asset(id)).asset_notes).toBe('Colleague');
});
