// `update` and `sync` read records as list pages, and `sync` makes the service match a
// sheet: new rows created, changed rows updated (only what changed), unchanged rows left
// without a request, records the sheet no longer has reported, refused past --max-missing,
// or changed with --missing. Each test seeds its own assets (its own manufacturer, used as
// --scope) in one sandbox, and counts the requests the sandbox saw. A run whose printed lines
// a test reads goes through the built CLI; the others call the library in-process, with the
// options the CLI's flags give (library.ts).
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { syncSpreadsheet, updateSpreadsheet } from '../../src/index.js';
import {
  countWrites,
  killOutsideMemoryLock,
  memoryLock,
  readReport,
  runCli,
  spawnCli,
  useSandbox,
} from './cli.js';
import { exportTo, runLibrary, syncFlags } from './library.js';
import { seedAssets } from './seed.js';
import type { Json } from '../json.js';

const env = useSandbox();

/** Assets `<tag>-1` … `<tag>-n`, made straight in the service, manufacturer `<tag>`. */
const seed = (tag: string, n: number) => seedAssets(env.sb, tag, n);

/** A sheet of assets: [serial, notes] rows, all with manufacturer `tag`. */
function sheet(tag: string, name: string, rows: readonly (readonly [string, string])[]): string {
  const file = join(env.dir, `${name}.csv`);
  writeFileSync(
    file,
    stringify([
      ['Serial number', 'Name', 'Manufacturer', 'Asset notes'],
      ...rows.map(([serial, notes]) => [serial, serial.replace(`${tag}-`, `${tag} laptop `), tag, notes]),
    ]),
  );
  return file;
}

const serials = (tag: string, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `${tag}-${from + i}`);
const assets = async (tag: string) => (await env.sb.records('asset')).filter((a) => a.manufacturer === tag);
const requests = (stats: Json, key: string): number => stats.requests[key] ?? 0;
const statuses = (report: string) => readReport(report).map((r) => `${r['#status']} ${r['Serial number']}`);

describe('update reads the records as list pages', () => {
  it('an export with 4 rows edited: the dry run reads the pages and no record alone; the update PATCHes 4', async () => {
    await seed('UPC', 60);
    const exported = join(env.dir, 'upc.csv');
    await exportTo(env.sb, 'asset', exported);
    const rows = parse(readFileSync(exported), { columns: true, bom: true }) as Record<string, string>[];
    const edited = ['UPC-3', 'UPC-20', 'UPC-41', 'UPC-60'];
    for (const r of rows)
      if (edited.includes(r['Serial number'])) r['Asset notes'] = `edited ${r['Serial number']}`;
    writeFileSync(exported, stringify(rows, { header: true }));
    const pages = Math.ceil(rows.length / 25);

    await env.sb.resetStats();
    const dry = await runCli([
      'update',
      exported,
      '-r',
      'asset',
      '--dry-run',
      '--report',
      join(env.dir, 'upc-dry.csv'),
      ...env.sb.args,
    ]);
    expect(dry.code, dry.stderr).toBe(0);
    const dryStats = await env.sb.stats();
    expect({
      pages: requests(dryStats, 'GET /api/v2/asset/'),
      records: requests(dryStats, 'GET /api/v2/asset/{id}/'),
      writes: countWrites(dryStats),
    }).toEqual({ pages, records: 0, writes: 0 });
    // What a person sees: the four changes, not a line for each unchanged row.
    expect(dry.stderr.match(/^row \d+: id \d+: asset_notes \(empty\) → edited UPC-\d+$/gm)).toHaveLength(4);
    expect(dry.stderr).not.toContain('no change');

    await env.sb.resetStats();
    const run = await runLibrary(
      env.sb,
      { file: exported, resource: 'asset', reportPath: join(env.dir, 'upc.report.csv') },
      updateSpreadsheet,
    );
    expect(run.code, run.stderr).toBe(0);
    const stats = await env.sb.stats();
    expect({
      pages: requests(stats, 'GET /api/v2/asset/'),
      records: requests(stats, 'GET /api/v2/asset/{id}/'),
      patches: requests(stats, 'PATCH /api/v2/asset/{id}/'),
      writes: countWrites(stats),
    }).toEqual({ pages, records: 0, patches: 4, writes: 4 });
    expect(
      (await assets('UPC'))
        .filter((a) => a.asset_notes?.startsWith('edited'))
        .map((a) => a.serial_number)
        .sort(),
    ).toEqual([...edited].sort());
  });
});

describe('sync', () => {
  it('creates new rows, updates changed ones, leaves unchanged ones without a request and reports missing records', async () => {
    await seed('SY', 20);
    // SY-20 is gone from the sheet, SY-3 has new notes, SY-NEW-1 is new.
    const file = sheet('SY', 'sy', [
      ...serials('SY', 1, 19).map((s): [string, string] => [s, s === 'SY-3' ? 'moved to Lyon' : '']),
      ['SY-NEW-1', ''],
    ]);
    const scope = ['--scope', 'manufacturer=SY', '--max-missing', '1'];

    await env.sb.resetStats();
    const dryReport = join(env.dir, 'sy-dry.report.csv');
    const dry = await runCli([
      'sync',
      file,
      '-r',
      'asset',
      '--dry-run',
      '--report',
      dryReport,
      ...scope,
      ...env.sb.args,
    ]);
    expect(dry.code, dry.stderr).toBe(0);
    expect(countWrites(await env.sb.stats())).toBe(0);
    expect(dry.stderr).toContain(
      'Missing: 1 of 20 assets in the service are not in the sheet (--max-missing 1): each on a "missing:" line below;',
    );
    expect(dry.stderr).toMatch(/^row 4: id \d+: asset_notes \(empty\) → moved to Lyon$/m);
    expect(dry.stdout).toContain(
      'Checked: 20 rows and 1 missing record — 1 to create, 1 to update, 18 unchanged, 1 missing, 0 invalid, 0 skipped, 0 failed.',
    );
    const dryRows = readReport(dryReport);
    expect(dryRows.find((r) => r['Serial number'] === 'SY-3')!['#message']).toBe(
      'would change: asset_notes: (empty) → moved to Lyon',
    );
    expect(statuses(dryReport).filter((s) => !s.startsWith('unchanged'))).toEqual([
      'valid SY-3',
      'valid SY-NEW-1',
      'missing SY-20',
    ]);

    await env.sb.resetStats();
    const report = join(env.dir, 'sy.report.csv');
    const run = await runLibrary(
      env.sb,
      { file, resource: 'asset', reportPath: report, sync: syncFlags({ tag: 'SY', max: '1' }) },
      syncSpreadsheet,
    );
    expect(run.code, run.stderr).toBe(0);
    const stats = await env.sb.stats();
    expect({
      posts: requests(stats, 'POST /api/v2/asset/'),
      patches: requests(stats, 'PATCH /api/v2/asset/{id}/'),
      records: requests(stats, 'GET /api/v2/asset/{id}/'),
    }).toEqual({ posts: 1, patches: 1, records: 0 });
    expect(statuses(report).filter((s) => !s.startsWith('unchanged'))).toEqual([
      'updated SY-3',
      'created SY-NEW-1',
      'missing SY-20',
    ]);
    expect(readReport(report).filter((r) => r['#status'] === 'unchanged')).toHaveLength(18);
    const after = await assets('SY');
    expect(after.filter((a) => a.serial_number === 'SY-NEW-1')).toHaveLength(1);
    expect(after.find((a) => a.serial_number === 'SY-3')!.asset_notes).toBe('moved to Lyon');
    expect(after.find((a) => a.serial_number === 'SY-20')).toBeDefined();

    // The same sheet again: nothing to send.
    await env.sb.resetStats();
    const again = await runCli([
      'sync',
      file,
      '-r',
      'asset',
      '--report',
      join(env.dir, 'sy-again.report.csv'),
      ...scope,
      ...env.sb.args,
    ]);
    expect(again.code, again.stderr).toBe(0);
    expect(countWrites(await env.sb.stats())).toBe(0);
    expect(again.stdout).toContain(
      'Done: 20 rows and 1 missing record — 0 created, 0 updated, 20 unchanged, 1 missing',
    );
  });

  it('--max-missing: more records missing than it allows stops the run before any write, naming them', async () => {
    await seed('MX', 12);
    const file = sheet('MX', 'mx', [
      ...serials('MX', 1, 8).map((s): [string, string] => [s, 'changed']),
      ['MX-NEW-1', ''],
    ]);
    await env.sb.resetStats();
    const res = await runCli(['sync', file, '-r', 'asset', '--scope', 'manufacturer=MX', ...env.sb.args]);
    expect(res.code).toBe(2);
    expect(countWrites(await env.sb.stats())).toBe(0);
    expect(res.stderr).toContain(
      '4 of 12 assets in the service are not in the sheet, more than --max-missing allows (5% of 12 = 0); nothing was sent. Missing: id',
    );
    expect(res.stderr).toContain('(serial number "MX-12", MX laptop 12)');
    expect((await assets('MX')).map((a) => a.asset_notes ?? '')).toEqual(Array(12).fill(''));
  });

  it.each([
    {
      flag: 'set:asset_usage_status=Retired',
      tag: 'RT',
      field: (a: Record<string, Json>) => a.asset_usage_status?.name,
      want: 'Retired',
    },
    {
      flag: 'set:lifecycle_stage=Retired',
      tag: 'LC',
      field: (a: Record<string, Json>) => a.lifecycle_stage,
      want: 'Retired',
    },
  ])(
    '--missing $flag changes the missing records, by name, and only them',
    async ({ flag, tag, field, want }) => {
      await seed(tag, 6);
      const file = sheet(
        tag,
        tag.toLowerCase(),
        serials(tag, 1, 4).map((s): [string, string] => [s, '']),
      );
      const report = join(env.dir, `${tag}.report.csv`);
      const sync = syncFlags({ tag, max: '2', missing: flag });
      const res = await runLibrary(
        env.sb,
        { file, resource: 'asset', reportPath: report, sync },
        syncSpreadsheet,
      );
      expect(res.code, res.stderr).toBe(0);
      const after = await assets(tag);
      expect(
        after
          .filter((a) => field(a) === want)
          .map((a) => a.serial_number)
          .sort(),
      ).toEqual([`${tag}-5`, `${tag}-6`]);
      const missing = readReport(report).filter((r) => r['#status'] === 'missing');
      expect(missing.map((r) => r['#message'])).toEqual(
        Array(2).fill(`in the service but not in the sheet; ${flag.slice(4).replace('=', ' set to ')}`),
      );
    },
  );

  it("--missing archive sets a missing contract's status to archived", async () => {
    const exported = join(env.dir, 'contracts.csv');
    await exportTo(env.sb, 'contract', exported);
    const rows = parse(readFileSync(exported), { columns: true, bom: true }) as Record<string, string>[];
    const gone = rows.find((r) => /active/i.test(r['Status']))!;
    writeFileSync(
      exported,
      stringify(
        rows.filter((r) => r !== gone),
        { header: true },
      ),
    );
    const report = join(env.dir, 'contracts.report.csv');
    const sync = syncFlags({ max: '1', missing: 'archive' });
    const res = await runLibrary(
      env.sb,
      { file: exported, resource: 'contract', reportPath: report, sync },
      syncSpreadsheet,
    );
    expect(res.code, res.stderr).toBe(0);
    const after = await env.sb.records('contract');
    expect(after.find((c) => c.number === gone['Contract number'])!.status).toBe('archived');
    expect(
      readReport(report)
        .filter((r) => r['#status'] === 'missing')
        .map((r) => r['Contract number']),
    ).toEqual([gone['Contract number']]);
    // Run again: the sync's rows are unchanged and its archived record still reported; the
    // journal's archive of it is no row of the sheet, so the plan counts none done.
    const again = await runLibrary(
      env.sb,
      { file: exported, resource: 'contract', reportPath: report, sync },
      syncSpreadsheet,
    );
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).not.toMatch(/^(Run again|Resuming):/m);
    expect(readReport(report).find((r) => r['#status'] === 'missing')!['#message']).toBe(
      'in the service but not in the sheet; it already has status archived',
    );
  });

  it.each([
    {
      prefer: [] as string[],
      notes: ['first', 'colleague 2', 'colleague 3', 'sheet 4'],
      statuses: ['unchanged CF-1', 'unchanged CF-2', 'conflict CF-3', 'updated CF-4'],
      code: 1,
    },
    {
      prefer: ['--prefer', 'sheet'],
      notes: ['first', 'colleague 2', 'sheet 3', 'sheet 4'],
      statuses: ['unchanged CF-1', 'unchanged CF-2', 'updated CF-3', 'updated CF-4'],
      code: 0,
    },
  ])(
    "a colleague's edit is kept; both changed is a conflict, not written ($prefer)",
    async ({ prefer, notes, statuses: want, code }) => {
      const tag = `CF${prefer.length}`;
      const rows = (n: (i: number) => string) =>
        [1, 2, 3, 4].map((i): [string, string] => [`${tag}-${i}`, n(i)]);
      // The first run: what it sent is remembered.
      const first = await runLibrary(env.sb, {
        file: sheet(
          tag,
          `${tag}-first`,
          rows(() => 'first'),
        ),
        resource: 'asset',
        reportPath: join(env.dir, `${tag}-first.report.csv`),
      });
      expect(first.code, first.stderr).toBe(0);
      // A colleague edits rows 2 and 3 in the service; the sheet changes rows 3 and 4.
      for (const a of (await assets(tag)).filter((x) => /-[23]$/.test(x.serial_number))) {
        const res = await fetch(`${env.sb.sb.url}/api/v2/asset/${a.id}`, {
          method: 'PATCH',
          headers: { authorization: `Bearer ${env.sb.sb.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ company: 1, asset_notes: `colleague ${a.serial_number.slice(-1)}` }),
        });
        expect(res.status).toBe(200);
      }
      const file = sheet(
        tag,
        `${tag}-second`,
        rows((i) => (i >= 3 ? `sheet ${i}` : 'first')),
      );
      const report = join(env.dir, `${tag}.report.csv`);
      // The conflict's line on stderr is the CLI's: that case runs it; --prefer sheet runs in-process.
      const res =
        code === 1
          ? await runCli([
              'sync',
              file,
              '-r',
              'asset',
              '--scope',
              `manufacturer=${tag}`,
              '--report',
              report,
              ...env.sb.args,
            ])
          : await runLibrary(
              env.sb,
              {
                file,
                resource: 'asset',
                reportPath: report,
                sync: syncFlags({ tag, prefer: prefer.length ? 'sheet' : undefined }),
              },
              syncSpreadsheet,
            );
      expect(res.code, res.stderr).toBe(code);
      const after = await assets(tag);
      expect(
        [1, 2, 3, 4].map((i) => after.find((a) => a.serial_number === `${tag}-${i}`)!.asset_notes),
      ).toEqual(notes);
      expect(statuses(report)).toEqual(want.map((w) => w.replace(/CF-/, `${tag}-`)));
      if (code === 1) {
        const note =
          "changed in the sheet and in the service since the last run, not written (--prefer sheet writes the sheet's): asset_notes: sheet sheet 3, service colleague 3 (last sent first)";
        expect(readReport(report).find((r) => r['#status'] === 'conflict')!['#message']).toBe(note);
        expect(res.stderr).toMatch(new RegExp(`^row 4: id \\d+: conflict: `, 'm'));
      }
    },
  );

  it('a sync killed mid-run and run again creates each new row once and misses none', async () => {
    await seed('KR', 10);
    const fresh = serials('KR-NEW', 1, 40);
    const file = sheet('KR', 'kr', [
      ...serials('KR', 1, 10).map((s): [string, string] => [s, 'audited']),
      ...fresh.map((s): [string, string] => [s, '']),
    ]);
    const report = join(env.dir, 'kr.report.csv');
    const journal = join(env.dir, 'kr.report.journal.ndjson');
    // Paced, so the kill lands mid-run; the run again is not (the journal, not the pace, keeps it exact).
    const args = [
      'sync',
      file,
      '-r',
      'asset',
      '--scope',
      'manufacturer=KR',
      '--report',
      report,
      '--base-url',
      env.sb.sb.url,
      '--token',
      env.sb.sb.token,
      '--rate-limit',
      '600',
    ];
    const lock = memoryLock(env.sb, 'asset');
    const child = spawnCli(args);
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        const done = existsSync(journal)
          ? readFileSync(journal, 'utf8')
              .split('\n')
              .filter((l) => l.includes('"t":"done"')).length
          : 0;
        if (done >= 15) {
          clearInterval(timer);
          void killOutsideMemoryLock(child, lock);
        }
      }, 5);
      child.once('exit', () => {
        clearInterval(timer);
        resolve();
      });
    });
    expect(child.signalCode, 'the kill landed mid-run').toBe('SIGKILL');
    const res = await runCli([...args.slice(0, -1), '0']);
    expect(res.code, res.stderr).toBe(0);
    const after = await assets('KR');
    const count = (serial: string) => after.filter((a) => a.serial_number === serial).length;
    expect({
      duplicates: [...fresh, ...serials('KR', 1, 10)].filter((s) => count(s) > 1),
      missing: fresh.filter((s) => count(s) === 0),
    }).toEqual({ duplicates: [], missing: [] });
    expect(
      after
        .filter((a) => a.serial_number.startsWith('KR-') && !a.serial_number.startsWith('KR-NEW'))
        .every((a) => a.asset_notes === 'audited'),
    ).toBe(true);
    expect(readReport(report).every((r) => ['created', 'updated', 'unchanged'].includes(r['#status']))).toBe(
      true,
    );
  });
});
