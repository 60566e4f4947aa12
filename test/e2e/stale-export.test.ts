// Finance exports the assets, edits a cell a week later and sends the file back; meanwhile a
// colleague changed other fields of another record in the service. The export remembered what
// it showed, so the colleague's change is kept (the sheet's cell still had the exported value)
// and said on the row, and only the edited cell is sent. The built CLI against a sandbox.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { countWrites, madeByApi, readReport, runCli, tempDir, testSandbox, type TestSandbox } from './cli.js';
import { exportTo } from './library.js';

const KEPT = (file: string) =>
  `column "City" → city: city kept as the service has it (Portland): changed in the service since the record was exported (<date>, ${file}); the sheet still has the exported value (Seattle); ` +
  `column "Usage status" → asset_usage_status: usage status kept as the service has it (Retired): changed in the service since the record was exported (<date>, ${file}); the sheet still has the exported value (In Use)`;
const NOTHING_SENT =
  "nothing sent: city, usage status kept as the service has them, changed there since the record was exported (see #warnings); the record has the row's other values";
/** A row still as exported whose record was not listed: skipped unread (as-exported.ts). */
const AS_EXPORTED =
  "as exported (<date>, assets.csv): no cell edited since, so nothing to send; its record was not read (a cell the service changed since keeps the service's value)";
const SUMMARY =
  "warning: 1 row has cells that still had the exported value where the service changed the record since the record was exported: those cells were kept as the service has them, not sent back (W_KEPT_SINCE_EXPORT in the report's #warnings says which); edit a cell to send it";

/** A colleague's change through the API (the web app, another script): no memory of ours has it. */
async function colleague(sb: TestSandbox, id: number, body: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${sb.sb.url}/api/v2/asset/${id}/`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${sb.sb.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ company: 1, ...body }),
  });
  expect(res.status).toBe(200);
}

/** The exported sheet with the cells of `edits` (record id → header → value) changed. */
async function edit(
  file: string,
  edits: Record<number, Record<string, string>>,
  only?: readonly number[],
  sheet?: string,
): Promise<void> {
  if (file.endsWith('.csv')) {
    const [header, ...rows] = parse(readFileSync(file)) as string[][];
    for (const row of rows)
      for (const [h, v] of Object.entries(edits[Number(row[0])] ?? {})) row[header.indexOf(h)] = v;
    const kept = only ? rows.filter((r) => only.includes(Number(r[0]))) : rows;
    writeFileSync(file, stringify([header, ...kept]));
    return;
  }
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const ws = sheet ? wb.getWorksheet(sheet)! : wb.worksheets[0];
  const header = new Map<string, number>();
  ws.getRow(1).eachCell((cell, col) => void header.set(cell.text, col));
  ws.eachRow((row, n) => {
    if (n === 1) return;
    for (const [h, v] of Object.entries(edits[Number(row.getCell(1).text)] ?? {}))
      row.getCell(header.get(h)!).value = v;
  });
  await wb.xlsx.writeFile(file);
}

interface Case {
  format: 'csv' | 'xlsx';
  /** The user's edits, besides record 2's city (Denver). */
  alsoEdits?: Record<number, Record<string, string>>;
  /** A run on another machine: no export remembered. */
  elsewhere?: boolean;
  command?: string[];
  /** The rows kept of the export, by record id (all by default). */
  only?: number[];
  /** Assets made before the export besides the seed's 5 (a list longer than the sheet). */
  more?: number;
  /** The colleague's change to record 1 (default: city Portland, usage status Retired). */
  colleague?: Record<string, unknown>;
}

/** Export, a colleague's change to record 1, the user's edit of record 2, the file sent back. */
async function sentBack(c: Case) {
  const sb = await testSandbox({ rateLimit: 0 });
  const dir = tempDir();
  try {
    for (let i = 0; i < (c.more ?? 0); i++) await madeByApi(sb, { name: `Chair ${i}` });
    const file = join(dir, `assets.${c.format}`);
    // The export through the library (what `export asset -o FILE` calls): it remembers what it
    // showed as the CLI's does; the cases below that export all, or filtered, run the CLI's.
    await exportTo(sb, 'asset', file);
    await colleague(sb, 1, c.colleague ?? { city: 'Portland', asset_usage_status: 4 });
    await edit(file, { 2: { City: 'Denver' }, ...c.alsoEdits }, c.only);
    await sb.resetStats();
    const report = join(dir, 'report.csv');
    // Lists cached by no earlier run: each run's requests are its own.
    const env: Record<string, string> = { XDG_CACHE_HOME: tempDir() };
    if (c.elsewhere) env.XDG_STATE_HOME = tempDir();
    const command = c.command ?? ['update', '-r', 'asset'];
    const res = await runCli([...command, file, '--report', report, ...sb.args], { env });
    const stats = (await sb.stats()) as { total: number; requests: Record<string, number> };
    const byId = new Map(
      readReport(report).map((r) => [
        r['#id'],
        {
          status: r['#status'],
          message: r['#message'].replace(/\d{4}-\d\d-\d\d \d\d:\d\d UTC/g, '<date>'),
          warnings: r['#warnings'].replace(/\d{4}-\d\d-\d\d \d\d:\d\d UTC/g, '<date>'),
        },
      ]),
    );
    const one = (await sb.records('asset')).find((r) => r.id === 1)!;
    return {
      res,
      row1: byId.get('1'),
      row2: byId.get('2'),
      requests: stats.total,
      writes: countWrites(stats),
      record1: { city: one.city, usage: (one.asset_usage_status as { name: string }).name, floor: one.floor },
      custom1: (one.template as { fields: Record<string, unknown> }).fields,
    };
  } finally {
    await sb.close();
  }
}

describe('an export sent back after a colleague changed a record', () => {
  it.each([
    ['CSV', 'csv' as const],
    ['XLSX', 'xlsx' as const],
  ])(
    "%s: record 1 keeps the colleague's values, said on its row; record 2 is updated (exit 0)",
    async (_n, format) => {
      const out = await sentBack({ format });
      expect(out.res.code, out.res.stderr).toBe(0);
      expect(out.row1).toEqual({
        status: 'skipped',
        message: NOTHING_SENT,
        warnings: KEPT(`assets.${format}`),
      });
      expect(out.row2).toEqual({ status: 'updated', message: '', warnings: '' });
      expect(out.record1).toEqual({ city: 'Portland', usage: 'Retired', floor: null });
      expect(out.res.stdout).toContain(
        'Done: 5 rows — 0 created, 1 updated, 4 skipped (4 unchanged), 0 invalid, 0 failed.',
      );
      expect(out.res.stdout).toContain(SUMMARY);
      // The asset list, the two template lists, one PATCH: the stale "In Use" reads no usage status list.
      expect({ requests: out.requests, writes: out.writes }).toEqual({ requests: 4, writes: 1 });
    },
  );

  it("the colleague's field edited by the user too: the user's value is sent (last write wins)", async () => {
    const out = await sentBack({ format: 'csv', alsoEdits: { 1: { City: 'Boston' } } });
    expect(out.res.code, out.res.stderr).toBe(0);
    expect(out.row1).toEqual({
      status: 'updated',
      message: '',
      warnings:
        'column "Usage status" → asset_usage_status: usage status kept as the service has it (Retired): changed in the service since the record was exported (<date>, assets.csv); the sheet still has the exported value (In Use)',
    });
    expect(out.record1).toEqual({ city: 'Boston', usage: 'Retired', floor: null });
    expect({ requests: out.requests, writes: out.writes }).toEqual({ requests: 5, writes: 2 });
  });

  it("no export remembered (another machine): as before, the stale cells are sent and revert the colleague's change", async () => {
    const out = await sentBack({ format: 'csv', elsewhere: true });
    expect(out.res.code, out.res.stderr).toBe(0);
    expect(out.row1).toEqual({ status: 'updated', message: '', warnings: '' });
    expect(out.record1).toEqual({ city: 'Seattle', usage: 'In Use', floor: null });
    expect(out.res.stdout).not.toContain('W_KEPT_SINCE_EXPORT');
    // The asset list, the two template lists, the usage status list ("In Use" is not the record's), two PATCHes.
    expect({ requests: out.requests, writes: out.writes }).toEqual({ requests: 6, writes: 2 });
  });

  it("sync --key id of the export: record 1 unchanged with the colleague's values kept, record 2 updated", async () => {
    const out = await sentBack({ format: 'csv', command: ['sync', '-r', 'asset', '--key', 'id'] });
    expect(out.res.code, out.res.stderr).toBe(0);
    expect(out.row1).toEqual({ status: 'unchanged', message: NOTHING_SENT, warnings: KEPT('assets.csv') });
    expect(out.row2).toEqual({ status: 'updated', message: '', warnings: '' });
    expect(out.record1).toEqual({ city: 'Portland', usage: 'Retired', floor: null });
    expect(out.res.stdout).toContain(SUMMARY);
    expect({ requests: out.requests, writes: out.writes }).toEqual({ requests: 4, writes: 1 });
  });
  const noSerial = { 'Serial number': '' };
  it.each([
    ['by serial number (the key)', {}],
    ['by ID cell (record 1 without its serial number)', { 1: noSerial }],
  ])(
    "import --on-existing update of the export, rows found %s: record 1 keeps the colleague's values",
    async (_n, alsoEdits) => {
      const command = ['import', '-r', 'asset', '--on-existing', 'update'];
      const out = await sentBack({ format: 'csv', command, alsoEdits });
      expect(out.res.code, out.res.stderr).toBe(0);
      expect(out.row1).toEqual({ status: 'skipped', message: NOTHING_SENT, warnings: KEPT('assets.csv') });
      expect(out.row2).toEqual({ status: 'updated', message: '', warnings: '' });
      expect(out.record1).toEqual({ city: 'Portland', usage: 'Retired', floor: null });
      expect(out.res.stdout).toContain(SUMMARY);
      expect({ requests: out.requests, writes: out.writes }).toEqual({ requests: 4, writes: 1 });
    },
  );

  it('import --on-existing update --dry-run of the export: the same words, nothing sent', async () => {
    const command = ['import', '-r', 'asset', '--on-existing', 'update', '--dry-run'];
    const out = await sentBack({ format: 'csv', command });
    expect(out.res.code, out.res.stderr).toBe(0);
    expect(out.row1).toEqual({
      status: 'skipped',
      message: NOTHING_SENT,
      warnings: KEPT('assets.csv'),
    });
    expect(out.row2?.status).toBe('valid');
    expect(out.res.stdout).toContain(SUMMARY.replace('were kept', 'would be kept'));
    expect(out.writes).toBe(0);
  });

  // Record 1's custom fields as exported: Cost Centre (field 1) CC-100, PO Number (field 2) PO-55812.
  const costCentre = (value: string) => ({
    template: {
      id: 1,
      fields: [
        { id: 1, value },
        { id: 2, value: 'PO-55812' },
      ],
    },
  });
  const CC_KEPT =
    'column "Cost Centre" → custom:Asset extras/Cost Centre: Cost Centre kept as the service has it (CC-200): changed in the service since the record was exported (<date>, assets.csv); the sheet still has the exported value (CC-100)';

  it.each([
    ['update', ['update', '-r', 'asset']],
    ['sync --key id', ['sync', '-r', 'asset', '--key', 'id']],
    ['import --on-existing update', ['import', '-r', 'asset', '--on-existing', 'update']],
  ])(
    "%s: a custom field the colleague changed keeps their value; the row's other custom field edited is sent",
    async (_n, command) => {
      const out = await sentBack({
        format: 'csv',
        command,
        colleague: costCentre('CC-200'),
        alsoEdits: { 1: { 'PO Number': 'PO-99999' } },
      });
      expect(out.res.code, out.res.stderr).toBe(0);
      expect(out.row1).toEqual({ status: 'updated', message: '', warnings: CC_KEPT });
      expect(out.custom1).toEqual({ 1: 'CC-200', 2: 'PO-99999' });
      expect(out.res.stdout).toContain(SUMMARY);
      // The asset list, the two template lists, record 1 read fresh (its custom values go whole),
      // two PATCHes (records 1 and 2).
      expect({ requests: out.requests, writes: out.writes }).toEqual({ requests: 6, writes: 2 });
    },
  );

  it.each([
    ['exported on this machine', false, 'skipped', 'CC-200', 4],
    // Record 1 read fresh before its custom values are sent whole, and its PATCH.
    ['no export remembered (another machine): reverted, as before', true, 'updated', 'CC-100', 6],
  ])(
    "only the colleague's custom field changed, %s",
    async (_n, elsewhere, status, costCentreAfter, requests) => {
      const out = await sentBack({ format: 'csv', colleague: costCentre('CC-200'), elsewhere });
      expect(out.res.code, out.res.stderr).toBe(0);
      expect(out.row1).toEqual(
        elsewhere
          ? { status, message: '', warnings: '' }
          : {
              status,
              message:
                "nothing sent: Cost Centre kept as the service has it, changed there since the record was exported (see #warnings); the record has the row's other values",
              warnings: CC_KEPT,
            },
      );
      expect(out.custom1).toEqual({ 1: costCentreAfter, 2: 'PO-55812' });
      expect(out.requests).toBe(requests);
    },
  );

  it('a sheet of record 1 alone, of a list of 2 pages, unedited: skipped as exported, its record not read', async () => {
    const out = await sentBack({ format: 'csv', only: [1], more: 25 });
    expect(out.res.code, out.res.stderr).toBe(0);
    // It sends nothing whatever the record has now: the colleague's values stay, and are not looked up.
    expect(out.row1).toEqual({ status: 'skipped', message: AS_EXPORTED, warnings: '' });
    expect(out.record1).toEqual({ city: 'Portland', usage: 'Retired', floor: null });
    expect(out.res.stdout).toContain(
      'Done: 1 row — 0 created, 0 updated, 1 skipped (1 as exported, not read), 0 invalid, 0 failed.',
    );
    // The two template lists alone (before: 5, the list's first page, the category list and
    // the record's GET; and 25 before that, every list).
    expect({ requests: out.requests, writes: out.writes }).toEqual({ requests: 2, writes: 0 });
  });

  it('import --on-existing update of record 1 alone, of a list of 2 pages: the same words, nothing sent', async () => {
    const command = ['import', '-r', 'asset', '--on-existing', 'update'];
    const out = await sentBack({ format: 'csv', only: [1], more: 25, command });
    expect(out.res.code, out.res.stderr).toBe(0);
    expect(out.row1).toEqual({ status: 'skipped', message: NOTHING_SENT, warnings: KEPT('assets.csv') });
    expect(out.record1).toEqual({ city: 'Portland', usage: 'Retired', floor: null });
    // The two template lists, two asset list calls (the row found by its serial number): no lookup list.
    expect({ requests: out.requests, writes: out.writes }).toEqual({ requests: 4, writes: 0 });
  });

  it('--dry-run of record 1 alone, of a list of 2 pages, unedited: the same words, nothing read or sent', async () => {
    const command = ['update', '-r', 'asset', '--dry-run'];
    const out = await sentBack({ format: 'csv', only: [1], more: 25, command });
    expect(out.res.code, out.res.stderr).toBe(0);
    expect(out.row1).toEqual({ status: 'skipped', message: AS_EXPORTED, warnings: '' });
    expect({ requests: out.requests, writes: out.writes }).toEqual({ requests: 2, writes: 0 });
  });

  it('a sheet of record 1 alone, its usage status edited: that list is read and the edit sent', async () => {
    const out = await sentBack({
      format: 'csv',
      only: [1],
      more: 25,
      alsoEdits: { 1: { 'Usage status': 'In Repair' } },
    });
    expect(out.res.code, out.res.stderr).toBe(0);
    expect(out.row1).toEqual({
      status: 'updated',
      message: '',
      warnings:
        'column "City" → city: city kept as the service has it (Portland): changed in the service since the record was exported (<date>, assets.csv); the sheet still has the exported value (Seattle)',
    });
    expect(out.record1).toEqual({ city: 'Portland', usage: 'In Repair', floor: null });
    // The list's first page, the two template lists, the record's GET, the usage status list and
    // the PATCH: its category cells are as exported, so the category list is not read (it was 7).
    expect({ requests: out.requests, writes: out.writes }).toEqual({ requests: 6, writes: 1 });
  });

  it('a sheet of record 1 alone, no export remembered: every lookup list read, as before, and the stale cells sent', async () => {
    const out = await sentBack({ format: 'csv', only: [1], more: 25, elsewhere: true });
    expect(out.res.code, out.res.stderr).toBe(0);
    expect(out.row1).toEqual({ status: 'updated', message: '', warnings: '' });
    expect(out.record1).toEqual({ city: 'Seattle', usage: 'In Use', floor: null });
    expect({ requests: out.requests, writes: out.writes }).toEqual({ requests: 26, writes: 1 });
  });

  it('--clear-empty: a cell exported empty that the colleague filled since is not emptied', async () => {
    const out = await sentBack({
      format: 'csv',
      colleague: { floor: '3' },
      command: ['update', '-r', 'asset', '--clear-empty'],
    });
    expect(out.res.code, out.res.stderr).toBe(0);
    expect(out.row1).toEqual({
      status: 'skipped',
      message:
        "nothing sent: floor kept as the service has it, changed there since the record was exported (see #warnings); the record has the row's other values",
      warnings:
        'column "Floor" → floor: floor kept as the service has it (3): changed in the service since the record was exported (<date>, assets.csv); the sheet still has the exported value (empty)',
    });
    expect(out.record1).toEqual({ city: 'Seattle', usage: 'In Use', floor: '3' });
    expect(out.writes).toBe(1);
  });

  // As Floor above: the colleague's Rack Units is kept, and said, not emptied by the stale cell.
  it('--clear-empty: a custom field exported empty that the colleague filled since is kept, and said', async () => {
    const out = await sentBack({
      format: 'csv',
      colleague: {
        template: {
          id: 1,
          fields: [
            { id: 1, value: 'CC-100' },
            { id: 2, value: 'PO-55812' },
            { id: 4, value: 2 },
          ],
        },
      },
      command: ['update', '-r', 'asset', '--clear-empty'],
    });
    expect(out.res.code, out.res.stderr).toBe(0);
    expect(out.custom1).toEqual({ 1: 'CC-100', 2: 'PO-55812', 4: 2 });
    expect(out.row1).toEqual({
      status: 'skipped',
      message:
        "nothing sent: Rack Units kept as the service has it, changed there since the record was exported (see #warnings); the record has the row's other values",
      warnings:
        'column "Rack Units" → custom:Asset extras/Rack Units: Rack Units kept as the service has it (2): changed in the service since the record was exported (<date>, assets.csv); the sheet still has the exported value (empty)',
    });
    expect(out.writes).toBe(1);
  });

  it("export all to one workbook, its Assets sheet sent back: record 1 keeps the colleague's values", async () => {
    const sb = await testSandbox({ rateLimit: 0 });
    const dir = tempDir();
    try {
      const file = join(dir, 'all.xlsx');
      const exported = await runCli(['export', 'all', '-o', file, ...sb.args]);
      expect(exported.code, exported.stderr).toBe(0);
      await colleague(sb, 1, { city: 'Portland', asset_usage_status: 4 });
      await edit(file, { 2: { City: 'Denver' } }, undefined, 'Assets');
      const report = join(dir, 'report.csv');
      const args = ['update', file, '-r', 'asset', '--sheet', 'Assets', '--report', report, ...sb.args];
      const res = await runCli(args);
      expect(res.code, res.stderr).toBe(0);
      const rows = new Map(readReport(report).map((r) => [r['#id'], r['#status']]));
      expect([rows.get('1'), rows.get('2')]).toEqual(['skipped', 'updated']);
      const one = (await sb.records('asset')).find((r) => r.id === 1)!;
      expect([one.city, (one.asset_usage_status as { name: string }).name]).toEqual(['Portland', 'Retired']);
    } finally {
      await sb.close();
    }
  });

  it('--dry-run: the same words, nothing sent', async () => {
    const out = await sentBack({ format: 'csv', command: ['update', '-r', 'asset', '--dry-run'] });
    expect(out.res.code, out.res.stderr).toBe(0);
    expect(out.row1).toEqual({
      status: 'skipped',
      message: NOTHING_SENT,
      warnings: KEPT('assets.csv'),
    });
    expect(out.row2?.status).toBe('valid');
    expect(out.res.stdout).toContain(SUMMARY.replace('were kept', 'would be kept'));
    expect(out.record1).toEqual({ city: 'Portland', usage: 'Retired', floor: null });
    expect(out.writes).toBe(0);
  });

  it("a filtered export replaces only its records' entries: the full export still answers for the others", async () => {
    const sb = await testSandbox({ rateLimit: 0 });
    const dir = tempDir();
    try {
      const all = join(dir, 'all.csv');
      expect((await runCli(['export', 'asset', '-o', all, ...sb.args])).code).toBe(0);
      await colleague(sb, 2, { asset_tag: 'ACME-0202' });
      const two = join(dir, 'two.csv');
      const filtered = ['export', 'asset', '-o', two, '--filter', 'name=Engineering workstation 07'];
      expect((await runCli([...filtered, ...sb.args])).code).toBe(0);
      expect(readFileSync(two, 'utf8')).toContain('ACME-0202');
      await colleague(sb, 1, { city: 'Portland' });
      const report = join(dir, 'report.csv');
      const res = await runCli(['update', all, '-r', 'asset', '--report', report, ...sb.args]);
      expect(res.code, res.stderr).toBe(0);
      const rows = new Map(readReport(report).map((r) => [r['#id'], r]));
      // Record 1: its entry is the full export's, and its city cell is stale.
      expect(rows.get('1')?.['#warnings']).toMatch(
        /^column "City" → city: city kept as the service has it \(Portland\)/,
      );
      // Record 2: the filtered export is its latest; this sheet's asset tag is not what that one showed.
      expect(rows.get('2')?.['#status']).toBe('updated');
      const records = await sb.records('asset');
      expect(records.filter((r) => r.id === 1 || r.id === 2).map((r) => [r.city, r.asset_tag])).toEqual([
        ['Portland', 'ACME-0001'],
        [null, 'ACME-0002'],
      ]);
    } finally {
      await sb.close();
    }
  });
});
