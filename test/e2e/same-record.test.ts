// Two rows of an update or a sync that name the same record: the first is sent, the second
// is never sent blindly: a duplicate of the first (skipped, same values) or invalid (other
// values). Each case seeds its own assets (its own manufacturer, the sync's --scope). The
// first case of each command runs the built CLI; the others call the library in-process
// (library.ts) with the options of the same flags.
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { syncSpreadsheet, updateSpreadsheet } from '../../src/index.js';
import { readReport, runCli, useSandbox } from './cli.js';
import { runLibrary, syncFlags } from './library.js';
import { seedAssets } from './seed.js';

const env = useSandbox();

const requests = (stats: { requests: Record<string, number> }, key: string): number =>
  stats.requests[key] ?? 0;

interface Case {
  name: string;
  command: 'update' | 'sync';
  /** Row 3's notes (row 2's are "moved"). */
  key: 'Serial number' | 'ID';
  second: string;
  status: string;
  message: (idOrKey: string) => string;
}

const cases: Case[] = [
  {
    name: 'update: the same values twice',
    command: 'update',
    key: 'Serial number',
    second: 'moved',
    status: 'skipped',
    message: (k) => `duplicate of row 2 (same serial number "${k}", same values): sent once`,
  },
  {
    name: 'update: other values',
    command: 'update',
    key: 'Serial number',
    second: 'stayed',
    status: 'invalid',
    message: (k) =>
      `column "Serial number" → serial_number: row 2 sets the same record to other values (same serial number "${k}"; Asset notes differ): keep one of the two rows`,
  },
  {
    name: 'update: the same ID twice',
    command: 'update',
    key: 'ID',
    second: 'moved',
    status: 'skipped',
    message: (id) => `duplicate of row 2 (same ID ${id}, same values): sent once`,
  },
  {
    name: 'update: the same ID, other values',
    command: 'update',
    key: 'ID',
    second: 'stayed',
    status: 'invalid',
    message: (id) =>
      `column "ID" → id: row 2 sets the same record to other values (same ID ${id}; Asset notes differ): keep one of the two rows`,
  },
  {
    name: 'sync: the same values twice',
    command: 'sync',
    key: 'Serial number',
    second: 'moved',
    status: 'skipped',
    message: (k) => `duplicate of row 2 (same serial number "${k}", same values): sent once`,
  },
  {
    name: 'sync: other values',
    command: 'sync',
    key: 'Serial number',
    second: 'stayed',
    status: 'invalid',
    message: (k) =>
      `column "Serial number" → serial_number: row 2 sets the same record to other values (same serial number "${k}"; Asset notes differ): keep one of the two rows`,
  },
];

describe('two rows naming the same record', () => {
  it.each(cases.map((c, i) => ({ ...c, tag: `DUP${i}` })))(
    '$name: one PATCH; row 3 is $status',
    async (c) => {
      const [id] = await seedAssets(env.sb, c.tag, 1);
      const ident = c.key === 'ID' ? String(id) : `${c.tag}-1`;
      const file = join(env.dir, `${c.tag}.csv`);
      const rows = [
        [ident, `${c.tag} laptop 1`, 'moved'],
        [ident, `${c.tag} laptop 1`, c.second],
      ];
      writeFileSync(file, stringify([[c.key, 'Name', 'Asset notes'], ...rows]));
      const report = join(env.dir, `${c.tag}.report.csv`);
      const scope = c.command === 'sync' ? ['--scope', `manufacturer=${c.tag}`] : [];
      await env.sb.resetStats();
      const cli = cases.find((x) => x.command === c.command)!.name === c.name;
      const sync = c.command === 'sync' ? syncFlags({ tag: c.tag }) : undefined;
      const call = c.command === 'sync' ? syncSpreadsheet : updateSpreadsheet;
      const res = cli
        ? await runCli([c.command, file, '-r', 'asset', '--report', report, ...scope, ...env.sb.args])
        : await runLibrary(env.sb, { file, resource: 'asset', reportPath: report, sync }, call);
      expect(res.code, res.stderr).toBe(c.status === 'invalid' ? 1 : 0);
      expect(requests(await env.sb.stats(), 'PATCH /api/v2/asset/{id}/')).toBe(1);
      const out = readReport(report).map((r) => [r['#row'], r['#status'], r['#message']]);
      expect(out).toEqual([
        ['2', 'updated', ''],
        ['3', c.status, c.message(ident)],
      ]);
      expect((await env.sb.records('asset')).find((a) => a.id === id)!.asset_notes).toBe('moved');
    },
  );
});

describe('update: a row by its ID and a row by its key, one record', () => {
  it("the keyed row is the ID row's record: other values invalid, a copy without the key a duplicate", async () => {
    const [id] = await seedAssets(env.sb, 'DUPK', 1);
    const file = join(env.dir, 'DUPK.csv');
    writeFileSync(
      file,
      stringify([
        ['ID', 'Name', 'Serial number', 'Asset notes'],
        [String(id), 'DUPK laptop 1', 'DUPK-1', 'moved'],
        ['', 'DUPK laptop 1', 'DUPK-1', 'stayed'],
        [String(id), 'DUPK laptop 1', '', 'moved'],
      ]),
    );
    const report = join(env.dir, 'DUPK.report.csv');
    await env.sb.resetStats();
    const res = await runCli(['update', file, '-r', 'asset', '--report', report, ...env.sb.args]);
    expect(res.code, res.stderr).toBe(1);
    expect(requests(await env.sb.stats(), 'PATCH /api/v2/asset/{id}/')).toBe(1);
    expect(readReport(report).map((r) => [r['#row'], r['#status'], r['#message']])).toEqual([
      ['2', 'updated', ''],
      [
        '3',
        'invalid',
        `column "Serial number" → serial_number: row 2 sets the same record to other values (same ID ${id}; Asset notes differ): keep one of the two rows`,
      ],
      ['4', 'skipped', `duplicate of row 2 (same ID ${id}, same values): sent once`],
    ]);
    expect((await env.sb.records('asset')).find((a) => a.id === id)!.asset_notes).toBe('moved');
  });
});
