// A rehearsal, then the cutover with the legacy system's newest export: rows without a
// serial number that changed a cell since are like the records the rehearsal created, and
// must not be created a second time. They are held back, loudly (W_RESEMBLES, exit 1), with
// the record, the run and the cells that differ; `update` of the report applies them, and
// --create-resembling creates them. Rows really new are created. The built CLI, against a
// sandbox that outlives the runs, as a user's `assetbatch sandbox` does.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countWrites, readReport, runCli, useSandbox } from './cli.js';

const env = useSandbox({ rateLimit: 0 });

const HEADER = 'Name,Serial number,Category,Subcategory,Usage status,Original cost,Location';

interface Asset {
  name: string;
  serial: string;
  status?: string;
  cost?: string;
  location?: string;
}

const line = (a: Asset) =>
  [
    a.name,
    a.serial,
    'Hardware',
    'Laptop',
    a.status ?? 'In Use',
    a.cost ?? '900.00',
    a.location ?? 'Floor 1',
  ].join(',');

const write = (file: string, rows: readonly Asset[]) =>
  writeFileSync(file, [HEADER, ...rows.map(line)].join('\n') + '\n');

/** The rehearsal's register: `n` rows, every third without a serial number (a chair). */
const rehearsal = (tag: string, n = 9): Asset[] =>
  Array.from({ length: n }, (_, i) =>
    i % 3 === 0
      ? { name: `Chair ${tag} ${i}`, serial: '' }
      : { name: `Laptop ${tag} ${i}`, serial: `${tag}-${i}` },
  );

/** The report's rows by name: status, message, warnings. */
function outcomes(report: string): Map<string, { status: string; message: string; warnings: string }> {
  return new Map(
    readReport(report).map((r) => [
      r.Name,
      { status: r['#status'], message: r['#message'], warnings: r['#warnings'] },
    ]),
  );
}

const named = async (prefix: string) =>
  (await env.sb.records('asset')).filter((r) => String(r.name).includes(prefix)).map((r) => String(r.name));

const RESEMBLE_WARNING =
  /^warning: 3 rows without a key resemble records an earlier run created \(the same name, a few cells changed\): not created, so no record is there twice; the report's #message says which record and which cells/m;

describe('a cutover after a rehearsal: keyless rows changed since', () => {
  const cases = [
    {
      name: 'held back, named, and counted (exit 1)',
      flags: [] as string[],
      exit: 1,
      summary: 'Done: 10 rows — 2 created, 0 updated, 8 skipped, 0 invalid, 0 failed.',
      changedStatus: 'skipped',
      records: 11, // 9 + the 2 new rows
      dryRun: 'Checked: 10 rows — 2 valid, 0 invalid, 8 skipped.',
      dryChair: /^not created: no serial number, and it resembles record \d+/,
    },
    {
      name: '--create-resembling creates them, saying what they resemble (exit 0)',
      flags: ['--create-resembling'],
      exit: 0,
      summary: 'Done: 10 rows — 5 created, 0 updated, 5 skipped, 0 invalid, 0 failed.',
      changedStatus: 'created',
      records: 14,
      dryRun: 'Checked: 10 rows — 5 valid, 0 invalid, 5 skipped.',
      dryChair: /^would be created as a new record \(--create-resembling\), though it resembles record \d+/,
    },
  ];
  it.each(cases.map((c, n) => ({ ...c, tag: `RES${n}` })))(
    '$name',
    async ({ tag, flags, exit, summary, changedStatus, records, dryRun, dryChair }) => {
      const first = join(env.dir, `${tag}-rehearsal.csv`);
      const rows = rehearsal(tag);
      write(first, rows);
      const args = (file: string) => ['import', file, '-r', 'asset', ...env.sb.args];
      expect((await runCli(args(first))).code).toBe(0);

      // The newest export: 3 chairs with a cell changed, a laptop edited, one removed, a laptop
      // and a chair added, in another order, under another name.
      const next: Asset[] = rows.map((r) => ({ ...r }));
      next[0].location = 'Floor 2';
      next[3].cost = '950.00';
      next[6].status = 'Retired';
      next[1].location = 'Floor 3';
      next.splice(8, 1);
      next.push({ name: `Laptop ${tag} 9`, serial: `${tag}-9` }, { name: `Desk ${tag} 10`, serial: '' });
      next.reverse();
      const cutover = join(env.dir, `${tag}-export-2026-12.csv`);
      write(cutover, next);
      // The dry run says what the real run will do, by the same memory: nothing is written.
      const dry = await runCli([...args(cutover), ...flags, '--dry-run', '--report', `${cutover}.dry.csv`]);
      expect(dry.code, dry.stderr).toBe(exit);
      expect(dry.stdout).toContain(dryRun);
      expect(outcomes(`${cutover}.dry.csv`).get(`Chair ${tag} 0`)?.message).toMatch(dryChair);
      await env.sb.resetStats();
      const res = await runCli([...args(cutover), ...flags]);
      expect(res.code, res.stderr).toBe(exit);
      expect(res.stdout).toContain(summary);
      // A list page, 2 lookup lists from the cache, the POSTs of the rows created.
      // Writes only for the rows created; the summary counts every request the sandbox saw.
      const stats = await env.sb.stats();
      expect(countWrites(stats)).toBe(exit === 1 ? 2 : 5);
      const seen = Object.values(stats.requests as Record<string, number>).reduce((a, b) => a + b, 0);
      expect(res.stdout.match(/^(\d+) requests/m)?.[1]).toBe(String(seen));
      if (exit === 1) expect(res.stdout).toMatch(RESEMBLE_WARNING);
      else expect(res.stdout).not.toMatch(/resemble/);

      const out = outcomes(`${cutover}.report.csv`);
      expect(out.get(`Desk ${tag} 10`)?.status).toBe('created');
      expect(out.get(`Laptop ${tag} 9`)?.status).toBe('created');
      expect(out.get(`Chair ${tag} 0`)).toMatchObject({ status: changedStatus });
      const chair0 = out.get(`Chair ${tag} 0`)!;
      expect(chair0.message).toMatch(
        new RegExp(
          `it resembles record \\d+, created by an earlier import of .*${tag}-rehearsal\\.csv on .* UTC from a row of the same name: Location description "Floor 1" → "Floor 2"`,
        ),
      );
      if (exit === 1) {
        expect(chair0.message).toMatch(/^not created: no serial number, and it resembles record/);
        expect(chair0.message).toContain(`\`assetbatch update ${cutover}.report.csv\``);
        expect(chair0.message).toContain('--create-resembling');
        expect(chair0.warnings).toMatch(
          /^not created: it resembles record \d+ \(Location description differs\)/,
        );
        expect(out.get(`Chair ${tag} 3`)?.message).toContain('Original cost 900 → 950');
      } else
        expect(chair0.message).toMatch(
          /^created as a new record \(--create-resembling\), though it resembles/,
        );
      expect(out.get(`Chair ${tag} 6`)?.status).toBe(changedStatus);
      expect((await named(tag)).length).toBe(records);
    },
  );

  it('update of the report applies the changes; the cutover again sends nothing (exit 0)', async () => {
    const tag = 'RESUPD';
    const first = join(env.dir, `${tag}-rehearsal.csv`);
    const rows = rehearsal(tag, 6);
    write(first, rows);
    const args = (file: string) => ['import', file, '-r', 'asset', ...env.sb.args];
    expect((await runCli(args(first))).code).toBe(0);
    const next = rows.map((r) => ({ ...r }));
    next[0].location = 'Floor 2';
    const cutover = join(env.dir, `${tag}-export.csv`);
    write(cutover, next.reverse());

    const held = await runCli(args(cutover));
    expect(held.code).toBe(1);
    expect(held.stdout).toContain('1 row without a key resembles a record an earlier run created');

    const report = `${cutover}.report.csv`;
    const update = await runCli([
      'update',
      report,
      '-r',
      'asset',
      '--report',
      join(env.dir, `${tag}-upd.csv`),
      ...env.sb.args,
    ]);
    expect(update.code, update.stderr).toBe(0);
    expect(update.stdout).toContain(
      'Done: 6 rows — 0 created, 1 updated, 5 skipped (5 unchanged), 0 invalid, 0 failed.',
    );

    await env.sb.resetStats();
    const again = await runCli(args(cutover));
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('Done: 6 rows — 0 created, 0 updated, 6 skipped, 0 invalid, 0 failed.');
    expect(again.stdout).not.toMatch(/resemble/);
    expect(outcomes(report).get(`Chair ${tag} 0`)?.message).toMatch(
      /^already created by an earlier import of .* \(id \d+\), then updated to this row's values by a run of /,
    );
    expect(countWrites(await env.sb.stats())).toBe(0);
    const chairs = (await env.sb.records('asset')).filter((r) => r.name === `Chair ${tag} 0`);
    expect(chairs.map((r) => r.location_description)).toEqual(['Floor 2']);
  });

  it.each([
    {
      name: 'most cells changed: another thing of the same name, created',
      cost: '120.00',
      status: 'Retired',
      location: 'Basement',
    },
    { name: 'another name: created', rename: true },
  ])('$name', async ({ cost, status, location, rename }) => {
    const tag = rename ? 'RESNEW1' : 'RESNEW0';
    const first = join(env.dir, `${tag}.csv`);
    write(first, [{ name: `Chair ${tag}`, serial: '' }]);
    expect((await runCli(['import', first, '-r', 'asset', ...env.sb.args])).code).toBe(0);
    const second = join(env.dir, `${tag}-b.csv`);
    write(second, [{ name: rename ? `Stool ${tag}` : `Chair ${tag}`, serial: '', cost, status, location }]);
    const res = await runCli(['import', second, '-r', 'asset', ...env.sb.args]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain('1 created');
    expect([...outcomes(`${second}.report.csv`).values()][0].warnings).toBe('');
  });
});
