// Finance exports the assets, edits the file and loads it back with `import`, not `update`.
// A record without a serial number that no run of this user made (here: made through the
// API) is known by its ID cell alone: the row whose ID names a record of the same name is that
// record, skipped when unchanged, held back (W_RESEMBLES, exit 1) when edited, and applied by
// `update` of the same file; --create-resembling creates it. An "ID" column of another tool
// (Snipe-IT's ids, which collide with the service's) names records of other names: created,
// as before. The built CLI, against a sandbox that outlives the runs.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  countWrites,
  readReport,
  runCli,
  testSandbox,
  useSandbox,
  type TestSandbox,
  madeByApi,
} from './cli.js';
import { exportTo } from './library.js';

const env = useSandbox({ rateLimit: 0 });

/** A chair without a serial number in Wien and a keyed laptop; the export of them, as Finance keeps it. */
async function exported(sb: TestSandbox, tag: string): Promise<{ file: string; chair: number }> {
  const chair = await madeByApi(sb, { name: `Chair ${tag}`, city: 'Wien' });
  await madeByApi(sb, { name: `Laptop ${tag}`, serial_number: `SN-${tag}`, city: 'Wien' });
  const all = join(env.dir, `${tag}-all.csv`);
  // Through the library (what `export asset -o FILE` calls), in-process: the cases below that
  // export the file themselves run the CLI's export.
  await exportTo(sb, 'asset', all);
  // Finance keeps the rows of this case only.
  const [header, ...lines] = readFileSync(all, 'utf8').trimEnd().split(/\r?\n/);
  const file = join(env.dir, `${tag}-assets.csv`);
  writeFileSync(file, [header, ...lines.filter((l) => l.includes(tag))].join('\n') + '\n');
  return { file, chair };
}

/** The report's rows by name: status, id, message, warnings. */
const outcomes = (report: string) =>
  new Map(
    readReport(report).map((r) => [
      r.Name,
      { status: r['#status'], id: r['#id'], message: r['#message'], warnings: r['#warnings'] },
    ]),
  );

const chairs = async (sb: TestSandbox, tag: string) =>
  (await sb.records('asset'))
    .filter((r) => r.name === `Chair ${tag}`)
    .map((r) => `${String(r.name)} in ${String(r.city)}`);

describe('an export imported back', () => {
  const cases = [
    {
      name: 'unchanged: the keyless record is already there (exit 0)',
      edit: undefined,
      flags: [] as string[],
      exit: 0,
      done: 'Done: 2 rows — 0 created, 0 updated, 2 skipped, 0 invalid, 0 failed.',
      plan: 'Plan: 2 rows: 1 already in the service (serial number), 1 already in the service by its ID (the same name; held back where cells differ), up to 0 writes',
      chair: (id: number) => ({
        status: 'skipped',
        id: String(id),
        message: `already in the service (ID ${id}, same name)`,
        warnings: '',
      }),
      writes: 0,
      records: ['in Wien'],
    },
    {
      name: 'edited: held back, naming the cells and the update that applies them (exit 1)',
      edit: true,
      flags: [],
      exit: 1,
      done: 'Done: 2 rows — 0 created, 0 updated, 2 skipped, 0 invalid, 0 failed.',
      plan: 'Plan: 2 rows: 1 already in the service (serial number), 1 already in the service by its ID (the same name; held back where cells differ), up to 0 writes',
      chair: (id: number, file: string) => ({
        status: 'skipped',
        id: String(id),
        message: `not created: no serial number, and its ID cell names record ${id}, of the same name: City "Wien" → "Graz". If it is that record, \`assetbatch update ${file}\` (with this run's resource and service options) applies this row's values to it, as does this import again with --on-existing update; if it is another one, run this import again with --create-resembling to create it`,
        warnings: `id: not created: it resembles record ${id}, which its ID cell names (City differs)`,
      }),
      writes: 0,
      records: ['in Wien'],
    },
    {
      name: 'edited, with --create-resembling: created, saying what it resembles (exit 0)',
      edit: true,
      flags: ['--create-resembling'],
      exit: 0,
      done: 'Done: 2 rows — 1 created, 0 updated, 1 skipped, 0 invalid, 0 failed.',
      plan: 'Plan: 2 rows: 1 already in the service (serial number), up to 1 write',
      chair: (id: number) => ({
        status: 'created',
        message: `created as a new record (--create-resembling), though its ID cell names record ${id}, of the same name: City "Wien" → "Graz"`,
        warnings: '',
      }),
      writes: 1,
      records: ['in Wien', 'in Graz'],
    },
  ];
  it.each(cases.map((c, n) => ({ ...c, tag: `EXB${n}` })))('$name', async (c) => {
    const { file, chair } = await exported(env.sb, c.tag);
    if (c.edit)
      writeFileSync(
        file,
        readFileSync(file, 'utf8').replace(/,Wien,(.*)\n/, (m) => m.replace('Wien', 'Graz')),
      );
    const args = (...more: string[]) => ['import', file, '-r', 'asset', ...c.flags, ...more, ...env.sb.args];
    // A dry run (validate, import --dry-run) says what the run will do, row by row, with the same exit code.
    const dry = await runCli(args('--dry-run', '--report', `${file}.dry.csv`));
    expect(dry.code, dry.stderr).toBe(c.exit);
    const dryChair = outcomes(`${file}.dry.csv`).get(`Chair ${c.tag}`);
    expect(dryChair?.message).toBe(c.chair(chair, file).message.replace(/^created/, 'would be created'));
    await env.sb.resetStats();
    const res = await runCli(args());
    expect(res.code, res.stderr).toBe(c.exit);
    expect(res.stderr).toContain(c.plan);
    expect(res.stdout).toContain(c.done);
    // The chair's record is in the list the existing-record check reads: no read of its own.
    const stats = (await env.sb.stats()) as { requests: Record<string, number> };
    expect(countWrites(stats)).toBe(c.writes);
    expect(stats.requests['GET /api/v2/asset/{id}/']).toBeUndefined();
    expect(outcomes(`${file}.report.csv`).get(`Chair ${c.tag}`)).toMatchObject(c.chair(chair, file));
    expect(outcomes(`${file}.report.csv`).get(`Laptop ${c.tag}`)?.status).toBe('skipped');
    expect(await chairs(env.sb, c.tag)).toEqual(c.records.map((r) => `Chair ${c.tag} ${r}`));
    if (c.exit === 1)
      expect(res.stdout).toContain(
        "warning: 1 row without a key is the record its ID cell names (the same name), with cells changed: not created, so no record is there twice; the report's #message says which record and which cells. `assetbatch update` of the file applies the row to that record; --create-resembling creates it as a new record",
      );
  });

  it('held back, then `update` of the file applies the edit, and the import skips it after', async () => {
    const { file, chair } = await exported(env.sb, 'EXBU');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(/,Wien,(.*)\n/, (m) => m.replace('Wien', 'Graz')),
    );
    const run = (...a: string[]) => runCli([...a, file, '-r', 'asset', ...env.sb.args]);
    expect((await run('import')).code).toBe(1);
    const up = await run('update');
    expect(up.code, up.stderr).toBe(0);
    expect(up.stdout).toContain(
      'Done: 2 rows — 0 created, 1 updated, 1 skipped (1 unchanged), 0 invalid, 0 failed.',
    );
    expect(await chairs(env.sb, 'EXBU')).toEqual(['Chair EXBU in Graz']);
    const again = await run('import');
    expect(again.code, again.stderr).toBe(0);
    expect(outcomes(`${file}.report.csv`).get('Chair EXBU')?.message).toBe(
      `already in the service (ID ${chair}, same name)`,
    );
  });

  it("another tool's ID column, colliding with the service's ids under other names: created as before", async () => {
    const { chair } = await exported(env.sb, 'EXBS');
    // Snipe-IT's export: its own ids, one of them the chair's id in the service, on other things.
    const file = join(env.dir, 'snipe-it.csv');
    writeFileSync(file, `ID,Name,Serial number\n${chair},Monitor EXBS,\n1,Dock EXBS,\n`);
    const res = await runCli(['import', file, '-r', 'asset', ...env.sb.args]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toContain(
      'warning: column "ID" is not imported (an import creates records, which get IDs of their own;',
    );
    expect(res.stdout).toContain('Done: 2 rows — 2 created, 0 updated, 0 skipped, 0 invalid, 0 failed.');
    expect([...outcomes(`${file}.report.csv`).values()].map((o) => o.status)).toEqual(['created', 'created']);
  });
});

describe('an export imported back, the list longer than the sheet', () => {
  it('reads the records its ID cells name, one request each, and nothing else of the list', async () => {
    const sb = await testSandbox({ rateLimit: 0 });
    try {
      // 60 more assets: three pages, more than the sheet's two rows cost looked up alone.
      for (let i = 0; i < 60; i++) await madeByApi(sb, { name: `Filler ${i}`, serial_number: `FILL-${i}` });
      const { file, chair } = await exported(sb, 'EXBL');
      // Only the chair's row: a keyless row, a read of its record.
      const [header, ...lines] = readFileSync(file, 'utf8').trimEnd().split('\n');
      writeFileSync(file, [header, ...lines.filter((l) => l.includes('Chair'))].join('\n') + '\n');
      await sb.resetStats();
      const res = await runCli(['import', file, '-r', 'asset', ...sb.args]);
      expect(res.code, res.stderr).toBe(0);
      expect(res.stderr).toContain('+ 1 read of the record that rows without a key name in their ID cell');
      expect(outcomes(`${file}.report.csv`).get('Chair EXBL')?.message).toBe(
        `already in the service (ID ${chair}, same name)`,
      );
      const stats = (await sb.stats()) as { requests: Record<string, number> };
      expect(stats.requests['GET /api/v2/asset/{id}/']).toBe(1);
      expect(countWrites(stats)).toBe(0);
    } finally {
      await sb.close();
    }
  });
});

describe('an export imported back with --on-existing update', () => {
  /** The export with the chair's city changed to Graz, as Finance edits it. */
  const edited = (file: string) =>
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(/,Wien,(.*)\n/, (m) => m.replace('Wien', 'Graz')),
    );
  const requests = (stats: { requests: Record<string, number> }) =>
    Object.values(stats.requests).reduce((a, b) => a + b, 0);

  it('updates the keyless record its ID cell names, then skips it as done; a dry run says the same', async () => {
    const { file, chair } = await exported(env.sb, 'EXBO');
    edited(file);
    const run = (...more: string[]) =>
      runCli(['import', file, '-r', 'asset', '--on-existing', 'update', ...more, ...env.sb.args]);
    const dry = await run('--dry-run', '--report', `${file}.dry.csv`);
    expect(dry.code, dry.stderr).toBe(0);
    expect(outcomes(`${file}.dry.csv`).get('Chair EXBO')).toMatchObject({
      status: 'valid',
      id: String(chair),
      message: `its ID cell names record ${chair}, of the same name; would be updated; would change: city: Wien → Graz`,
    });
    await env.sb.resetStats();
    const res = await run();
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain(
      'Done: 2 rows — 0 created, 1 updated, 1 skipped (1 unchanged), 0 invalid, 0 failed.',
    );
    // Both rows are writes (merged into their records), the chair's as the laptop's.
    expect(res.stderr).toContain('Plan: up to 2 writes + existing-record check by full list (1 page, read)');
    expect(outcomes(`${file}.report.csv`).get('Chair EXBO')).toMatchObject({
      status: 'updated',
      id: String(chair),
      message: `its ID cell names record ${chair}, of the same name`,
      warnings: '',
    });
    expect(await chairs(env.sb, 'EXBO')).toEqual(['Chair EXBO in Graz']);
    // The list (1 page), the chair's PATCH: no read of its own. The custom field and form
    // templates come from the cache the dry run filled (they were 2 requests more).
    const stats = (await env.sb.stats()) as { requests: Record<string, number> };
    expect(countWrites(stats)).toBe(1);
    expect(stats.requests['PATCH /api/v2/asset/{id}/']).toBe(1);
    expect(stats.requests['GET /api/v2/asset/{id}/']).toBeUndefined();
    expect(requests(stats)).toBe(2);
    expect(res.stdout).toContain('2 requests');
    // The same import again: the journal has the row done; nothing is sent.
    const again = await run();
    expect(again.code, again.stderr).toBe(0);
    // The chair done by the journal, the laptop unchanged: only the laptop is counted unchanged.
    expect(again.stdout).toContain(
      'Done: 2 rows — 0 created, 0 updated, 2 skipped (1 unchanged), 0 invalid, 0 failed.',
    );
    expect(outcomes(`${file}.report.csv`).get('Chair EXBO')?.message).toBe(
      'already updated by an earlier run of this import (journal)',
    );
  });

  it('a record an earlier import made, which the memory has: updated, not held back as like it', async () => {
    const first = join(env.dir, 'EXBM-first.csv');
    writeFileSync(first, 'Name,City,Country\nChair EXBM,Wien,Austria\n');
    const made = await runCli(['import', first, '-r', 'asset', ...env.sb.args]);
    expect(made.code, made.stderr).toBe(0);
    const all = join(env.dir, 'EXBM-all.csv');
    expect((await runCli(['export', 'asset', '-o', all, ...env.sb.args])).code).toBe(0);
    const [header, ...lines] = readFileSync(all, 'utf8').trimEnd().split(/\r?\n/);
    const file = join(env.dir, 'EXBM-assets.csv');
    writeFileSync(file, [header, ...lines.filter((l) => l.includes('EXBM'))].join('\n') + '\n');
    edited(file);
    const res = await runCli(['import', file, '-r', 'asset', '--on-existing', 'update', ...env.sb.args]);
    expect(res.code, res.stderr).toBe(0);
    expect(outcomes(`${file}.report.csv`).get('Chair EXBM')).toMatchObject({
      status: 'updated',
      warnings: '',
    });
    expect(await chairs(env.sb, 'EXBM')).toEqual(['Chair EXBM in Graz']);
    // Then as a plain import: the row the journal has done is counted once, not also as the memory's.
    const plain = await runCli(['import', file, '-r', 'asset', ...env.sb.args]);
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stdout).toContain('Done: 1 row — 0 created, 0 updated, 1 skipped, 0 invalid, 0 failed.');
    expect(plain.stderr).toContain(
      'Plan: 1 row: 1 done by an earlier run of this import (the journal), up to 0 writes',
    );
  });

  it.each([
    { name: 'unchanged, skipped as there', flags: [], edit: false, status: 'skipped', requests: 1 },
    {
      name: 'its city edited, updated',
      flags: ['--on-existing', 'update'],
      edit: true,
      status: 'updated',
      requests: 2,
    },
  ])('a record with a country: its country cell asks no list ($name)', async (c) => {
    const tag = `EXBC${c.edit ? 'U' : 'S'}`;
    const chair = await madeByApi(env.sb, { name: `Chair ${tag}`, city: 'Wien', country: 40 });
    const all = join(env.dir, `${tag}-all.csv`);
    expect((await runCli(['export', 'asset', '-o', all, ...env.sb.args])).code).toBe(0);
    const [header, ...lines] = readFileSync(all, 'utf8').trimEnd().split(/\r?\n/);
    const file = join(env.dir, `${tag}-assets.csv`);
    writeFileSync(file, [header, ...lines.filter((l) => l.includes(tag))].join('\n') + '\n');
    expect(readFileSync(file, 'utf8')).toContain(',Austria,');
    if (c.edit) edited(file);
    // Checked first, as a person does: that reads (and caches) the custom field and form templates.
    const checked = await runCli(['import', file, '-r', 'asset', '--dry-run', ...c.flags, ...env.sb.args]);
    expect(checked.code, checked.stderr).toBe(0);
    await env.sb.resetStats();
    // The list (and the PATCH); the country list was 10 more.
    const res = await runCli(['import', file, '-r', 'asset', ...c.flags, ...env.sb.args]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toContain(
      'Lookups: custom field template cache (0 req), custom form template cache (0 req), not needed: country',
    );
    expect(outcomes(`${file}.report.csv`).get(`Chair ${tag}`)).toMatchObject({
      status: c.status,
      id: String(chair),
    });
    expect(requests((await env.sb.stats()) as { requests: Record<string, number> })).toBe(c.requests);
    expect(await chairs(env.sb, tag)).toEqual([`Chair ${tag} in ${c.edit ? 'Graz' : 'Wien'}`]);
  });

  it('a fresh export of the updated record imported back: skipped, unchanged, nothing sent', async () => {
    const { file, chair } = await exported(env.sb, 'EXBN');
    await env.sb.resetStats();
    const res = await runCli(['import', file, '-r', 'asset', '--on-existing', 'update', ...env.sb.args]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain(
      'Done: 2 rows — 0 created, 0 updated, 2 skipped (2 unchanged), 0 invalid, 0 failed.',
    );
    expect(outcomes(`${file}.report.csv`).get('Chair EXBN')).toMatchObject({
      status: 'skipped',
      id: String(chair),
      message: `its ID cell names record ${chair}, of the same name; unchanged: the record already has these values`,
    });
    expect(countWrites((await env.sb.stats()) as { requests: Record<string, number> })).toBe(0);
  });

  it('an emptied cell: the record keeps its value, and the row says so and how to empty it', async () => {
    const { file, chair } = await exported(env.sb, 'EXBE');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(/,Wien,(.*)\n/, (m) => m.replace('Wien', '')),
    );
    const res = await runCli(['import', file, '-r', 'asset', '--on-existing', 'update', ...env.sb.args]);
    expect(res.code, res.stderr).toBe(0);
    expect(outcomes(`${file}.report.csv`).get('Chair EXBE')?.message).toBe(
      `its ID cell names record ${chair}, of the same name; unchanged: the record already has these values except for an empty cell: the record keeps City "Wien" (--on-existing update leaves empty cells alone; \`assetbatch update --clear-empty ${file}\` empties it)`,
    );
    expect(await chairs(env.sb, 'EXBE')).toEqual(['Chair EXBE in Wien']);
  });

  it('rows whose ID cells name one record: sent once, a copy skipped, other values invalid (exit 1)', async () => {
    const { file, chair } = await exported(env.sb, 'EXBD');
    edited(file);
    const text = readFileSync(file, 'utf8');
    const line = text.split('\n').find((l) => l.includes('Chair EXBD'))!;
    writeFileSync(file, `${text}${line}\n${line.replace('Graz', 'Linz')}\n`);
    const run = (...more: string[]) =>
      runCli(['import', file, '-r', 'asset', '--on-existing', 'update', ...more, ...env.sb.args]);
    const chairRows = (report: string) =>
      readReport(report)
        .filter((r) => r.Name === 'Chair EXBD')
        .map((r) => [r['#status'], r['#message']]);
    const copy = `duplicate of row 2 (same ID ${chair}, same values): sent once`;
    const other = `id: row 2 sets the same record to other values (same ID ${chair}; City differ): keep one of the two rows`;
    const dry = await run('--dry-run', '--report', `${file}.dry.csv`);
    expect(dry.code, dry.stderr).toBe(1);
    expect(chairRows(`${file}.dry.csv`)).toEqual([
      [
        'valid',
        `its ID cell names record ${chair}, of the same name; would be updated; would change: city: Wien → Graz`,
      ],
      ['skipped', copy],
      ['invalid', other],
    ]);
    await env.sb.resetStats();
    const res = await run();
    expect(res.code, res.stderr).toBe(1);
    expect(chairRows(`${file}.report.csv`)).toEqual([
      ['updated', `its ID cell names record ${chair}, of the same name`],
      ['skipped', copy],
      ['invalid', other],
    ]);
    expect(countWrites((await env.sb.stats()) as { requests: Record<string, number> })).toBe(1);
    expect(await chairs(env.sb, 'EXBD')).toEqual(['Chair EXBD in Graz']);
  });

  it('--on-existing error refuses the row as a keyed row whose record exists (exit 1)', async () => {
    const { file, chair } = await exported(env.sb, 'EXBR');
    edited(file);
    const run = (...more: string[]) =>
      runCli(['import', file, '-r', 'asset', '--on-existing', 'error', ...more, ...env.sb.args]);
    const dry = await run('--dry-run', '--report', `${file}.dry.csv`);
    expect(dry.code, dry.stderr).toBe(1);
    const refused = `id: already in the service (ID ${chair}, which its ID cell names, same name)`;
    // As the run says it: refused, `failed`.
    expect(outcomes(`${file}.dry.csv`).get('Chair EXBR')).toMatchObject({
      status: 'failed',
      message: refused,
    });
    await env.sb.resetStats();
    const res = await run();
    expect(res.code, res.stderr).toBe(1);
    expect(res.stderr).toContain(
      'Plan: 2 rows: 1 already in the service (serial number), 1 already in the service by its ID (the same name; refused: --on-existing error), up to 0 writes',
    );
    expect(res.stdout).toContain('Done: 2 rows — 0 created, 0 updated, 0 skipped, 0 invalid, 2 failed.');
    expect(outcomes(`${file}.report.csv`).get('Chair EXBR')).toMatchObject({
      status: 'failed',
      id: String(chair),
      message: refused,
    });
    expect(countWrites((await env.sb.stats()) as { requests: Record<string, number> })).toBe(0);
    expect(await chairs(env.sb, 'EXBR')).toEqual(['Chair EXBR in Wien']);
  });
});
