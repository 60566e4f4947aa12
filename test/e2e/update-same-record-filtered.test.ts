// An update of a short sheet against a long list looks each row's record up alone (a filtered
// call a keyed row). A row naming a record by its ID and a later row naming it by its key are
// the same record all the same: the later one is judged against the first, in sheet order, and
// never sent as a second write (same-record.ts), as with the whole list.
import { beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { madeByApi, readReport, runCli, useSandbox, type TestSandbox } from './cli.js';

const env = useSandbox();
/** A sandbox of the seed's few assets: one page, read whole before the run. */
const short = useSandbox();

const PATCH = 'PATCH /api/v2/asset/{id}/';

beforeAll(async () => {
  // 100 assets: 4 pages of 25, more than the 2 rows of each sheet, so each row is looked up alone.
  for (let i = 0; i < 100; i++) await madeByApi(env.sb, { name: `Filler ${i}`, serial_number: `FILL-${i}` });
});

interface Case {
  name: string;
  /** Row 3's city (row 2's is "Lyon"). */
  city: string;
  /** Which row names the record by its key: the later (row 3) or the first (row 2). */
  keyed: 'later' | 'first';
  status: string;
  message: (id: number) => string;
  code: number;
}

const cases: Case[] = [
  {
    name: 'other values',
    city: 'Nantes',
    keyed: 'later',
    status: 'invalid',
    message: (id) =>
      `column "Serial number" → serial_number: row 2 sets the same record to other values (same ID ${id}; City differ): keep one of the two rows`,
    code: 1,
  },
  {
    name: 'the same values',
    city: 'Lyon',
    keyed: 'later',
    status: 'skipped',
    message: (id) => `duplicate of row 2 (same ID ${id}, same values): sent once`,
    code: 0,
  },
  {
    name: 'the key first, then the ID, other values',
    city: 'Nantes',
    keyed: 'first',
    status: 'invalid',
    message: (id) =>
      `column "ID" → id: row 2 sets the same record to other values (same ID ${id}; City differ): keep one of the two rows`,
    code: 1,
  },
];

describe('update by filtered calls: a row by its ID, a later row by its key, one record', () => {
  it.each(cases.map((c, i) => ({ ...c, tag: `SRF${i}` })))(
    '$name: one PATCH; row 3 is $status',
    async (c) => {
      const { tag } = c;
      const id = await madeByApi(env.sb, { name: `${tag} laptop`, serial_number: `${tag}-1`, city: 'Paris' });
      const file = join(env.dir, `${tag}.csv`);
      writeFileSync(
        file,
        stringify([
          ['ID', 'Name', 'Serial number', 'City'],
          ...(c.keyed === 'later'
            ? [
                [String(id), `${tag} laptop`, '', 'Lyon'],
                ['', `${tag} laptop`, `${tag}-1`, c.city],
              ]
            : [
                ['', `${tag} laptop`, `${tag}-1`, 'Lyon'],
                [String(id), `${tag} laptop`, '', c.city],
              ]),
        ]),
      );
      const report = join(env.dir, `${tag}.report.csv`);
      // The dry run first: row 3 as the run will have it, row 2 to be updated.
      const dry = await runCli([
        'update',
        file,
        '-r',
        'asset',
        '--dry-run',
        '--report',
        `${report}.dry`,
        ...env.sb.args,
      ]);
      expect(dry.code, dry.stderr).toBe(c.code);
      expect(readReport(`${report}.dry`).map((r) => [r['#row'], r['#status'], r['#message']])).toEqual([
        ['2', 'valid', expect.stringMatching(/^would change: city: Paris → Lyon/)],
        ['3', c.status, c.message(id)],
      ]);
      await env.sb.resetStats();
      const res = await runCli(['update', file, '-r', 'asset', '--report', report, ...env.sb.args]);
      expect(res.code, res.stderr).toBe(c.code);
      expect(res.stderr).toMatch(/existing-record check by filtered calls/);
      const stats = (await env.sb.stats()) as { requests: Record<string, number> };
      expect(stats.requests[PATCH] ?? 0).toBe(1);
      // The list's first page (the plan's), the keyed row's filtered call, one PATCH, and the ID
      // row's read when that row is sent: 4 or 3 requests (5 when both rows were sent).
      expect(res.stdout).toContain(`\n${c.keyed === 'later' ? 4 : 3} requests`);
      expect(readReport(report).map((r) => [r['#row'], r['#status'], r['#message']])).toEqual([
        ['2', 'updated', ''],
        ['3', c.status, c.message(id)],
      ]);
      expect((await env.sb.records('asset')).find((a) => a.id === id)!.city).toBe('Lyon');

      // Run again: row 2 is its journal's, skipped unread, and still the record's first row, so
      // row 3 is judged against it as before; nothing is written.
      await env.sb.resetStats();
      const again = await runCli(['update', file, '-r', 'asset', '--report', report, ...env.sb.args]);
      expect(again.code, again.stderr).toBe(c.code);
      expect(readReport(report).map((r) => [r['#row'], r['#status'], r['#message']])).toEqual([
        ['2', 'skipped', 'updated by an earlier run of this update, the row unchanged since: not read again'],
        ['3', c.status, c.message(id)],
      ]);
      const statsAgain = (await env.sb.stats()) as { requests: Record<string, number> };
      expect(statsAgain.requests[PATCH] ?? 0).toBe(0);
      expect((await env.sb.records('asset')).find((a) => a.id === id)!.city).toBe('Lyon');
    },
  );
});

describe('update by filtered calls: an invalid row by its ID, a later row by its key', () => {
  it('the keyed row is invalid too: nothing sent, exit 1', async () => {
    const id = await madeByApi(env.sb, { name: 'SRFI laptop', serial_number: 'SRFI-1', city: 'Paris' });
    const file = join(env.dir, 'SRFI.csv');
    writeFileSync(
      file,
      stringify([
        ['ID', 'Name', 'Serial number', 'City', 'Original cost'],
        [String(id), 'SRFI laptop', '', 'Lyon', 'lots'],
        ['', 'SRFI laptop', 'SRFI-1', 'Nantes', ''],
      ]),
    );
    const report = join(env.dir, 'SRFI.report.csv');
    await env.sb.resetStats();
    const res = await runCli(['update', file, '-r', 'asset', '--report', report, ...env.sb.args]);
    expect(res.code, res.stderr).toBe(1);
    const stats = (await env.sb.stats()) as { requests: Record<string, number> };
    expect(stats.requests[PATCH] ?? 0).toBe(0);
    // The list's first page (the plan's) and the keyed row's filtered call.
    expect(res.stdout).toContain('\n2 requests');
    expect(readReport(report).map((r) => [r['#row'], r['#status'], r['#message']])).toEqual([
      ['2', 'invalid', expect.stringContaining('column "Original cost" → original_cost:')],
      [
        '3',
        'invalid',
        `column "Serial number" → serial_number: row 2 names the same record (same ID ${id}) and is invalid: fix row 2 or remove one of the two rows`,
      ],
    ]);
    expect((await env.sb.records('asset')).find((a) => a.id === id)!.city).toBe('Paris');
  });
});

describe('an invalid row by its key, a later row by its ID: as with the whole list, both invalid', () => {
  interface InvalidFirst {
    name: string;
    sb: () => TestSandbox;
    /** Whether the sheet has an ID column, and row 3 names the record by it. */
    idColumn: boolean;
    check: RegExp;
    requests: number;
    rows: (id: number) => string[][];
  }
  const rowOf2 = [
    '2',
    'invalid',
    expect.stringContaining('column "Original cost" → original_cost:') as string,
  ];
  const cases: InvalidFirst[] = [
    {
      name: 'looked up alone: row 2 spends its filtered call to learn its record',
      sb: () => env.sb,
      idColumn: true,
      check: /existing-record check by filtered calls/,
      // The list's first page (the plan's) and the invalid row's filtered call; row 3 sends nothing.
      requests: 2,
      rows: (id) => [
        rowOf2,
        [
          '3',
          'invalid',
          `column "ID" → id: row 2 names the same record (same ID ${id}) and is invalid: fix row 2 or remove one of the two rows`,
        ],
      ],
    },
    {
      name: 'the whole list read before the run',
      sb: () => short.sb,
      idColumn: true,
      check: /existing-record check by full list/,
      requests: 1,
      rows: (id) => [
        rowOf2,
        [
          '3',
          'invalid',
          `column "ID" → id: row 2 names the same record (same ID ${id}) and is invalid: fix row 2 or remove one of the two rows`,
        ],
      ],
    },
    {
      name: 'looked up alone, no ID column: no row can name the record by ID, the invalid row costs nothing',
      sb: () => env.sb,
      idColumn: false,
      check: /existing-record check by filtered calls/,
      requests: 1,
      rows: () => [rowOf2],
    },
  ];
  it.each(cases.map((c, i) => ({ ...c, tag: `SRFK${i}` })))('$name: nothing sent, exit 1', async (c) => {
    const sb = c.sb();
    const { tag } = c;
    const id = await madeByApi(sb, { name: `${tag} laptop`, serial_number: `${tag}-1`, city: 'Paris' });
    const file = join(env.dir, `${tag}.csv`);
    const rows = [
      ['', `${tag} laptop`, `${tag}-1`, 'Lyon', 'lots'],
      [String(id), `${tag} laptop`, '', 'Nantes', ''],
    ];
    const header = ['ID', 'Name', 'Serial number', 'City', 'Original cost'];
    writeFileSync(file, stringify(c.idColumn ? [header, ...rows] : [header.slice(1), rows[0].slice(1)]));
    const report = join(env.dir, `${tag}.report.csv`);
    await sb.resetStats();
    const res = await runCli(['update', file, '-r', 'asset', '--report', report, ...sb.args]);
    expect(res.code, res.stderr).toBe(1);
    expect(res.stderr).toMatch(c.check);
    const stats = (await sb.stats()) as { requests: Record<string, number> };
    expect(stats.requests[PATCH] ?? 0).toBe(0);
    expect(res.stdout).toContain(`\n${c.requests} request${c.requests === 1 ? '' : 's'}`);
    expect(readReport(report).map((r) => [r['#row'], r['#status'], r['#message']])).toEqual(c.rows(id));
    expect((await sb.records('asset')).find((a) => a.id === id)!.city).toBe('Paris');
  });
});
