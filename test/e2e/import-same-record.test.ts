// Two rows of one import that name the same record: a keyed row (its serial number) and a
// copy of it with the serial number cleared, whose ID cell names the record (an export
// imported back). With --on-existing update the record is written once, by the sheet's first
// row of it: a copy with the same values is skipped as a duplicate (exit 0), one with other
// values is invalid, naming the first row and the fields that differ (exit 1), whichever row
// answers first. A repeated serial number beside it is still a W_KEY_CONFLICT. --on-existing
// skip (the default) and error write neither row, so no record can be written twice there.
// The built CLI, against a sandbox that outlives the runs.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import {
  countWrites,
  madeByApi,
  readReport,
  runCli,
  testSandbox,
  useSandbox,
  type TestSandbox,
} from './cli.js';

const env = useSandbox({ rateLimit: 0 });

type Stats = { requests: Record<string, number> };

/**
 * A laptop (serial number `SN-tag`, in Wien) exported, its row's city set to `city`, and a copy
 * of the row with its serial number cleared and its city set to `copyCity`, below or above it.
 */
async function sheet(
  sb: TestSandbox,
  dir: string,
  tag: string,
  c: { city: string; copyCity: string; copyFirst?: boolean },
): Promise<{ file: string; laptop: number }> {
  const laptop = await madeByApi(sb, { name: `Laptop ${tag}`, serial_number: `SN-${tag}`, city: 'Wien' });
  const all = join(dir, `${tag}-all.csv`);
  const out = await runCli(['export', 'asset', '-o', all, ...sb.args]);
  expect(out.code, out.stderr).toBe(0);
  const [header, ...rows] = parse(readFileSync(all, 'utf8'), { bom: true }) as string[][];
  const col = (name: string) => header.indexOf(name);
  const row = rows.find((r) => r[col('Name')] === `Laptop ${tag}`)!;
  const edited = row.map((v, i) => (i === col('City') ? c.city : v));
  const copy = edited.map((v, i) => (i === col('Serial number') ? '' : i === col('City') ? c.copyCity : v));
  const file = join(dir, `${tag}.csv`);
  writeFileSync(file, stringify([header, ...(c.copyFirst ? [copy, edited] : [edited, copy])]));
  return { file, laptop };
}

/** The report's rows, in sheet order: status, message. */
const rows = (report: string) => readReport(report).map((r) => [r['#status'], r['#message']]);

const cityOf = async (sb: TestSandbox, id: number) =>
  (await sb.records('asset')).find((r) => r.id === id)?.city;

const requests = (stats: Stats) => Object.values(stats.requests).reduce((a, b) => a + b, 0);

describe('import --on-existing update: a keyed row and its copy without a serial number', () => {
  const cases = [
    {
      name: 'the same values: the copy is a duplicate, the record written once (exit 0)',
      city: 'Graz',
      copyCity: 'Graz',
      copyFirst: false,
      exit: 0,
      done: 'Done: 2 rows — 0 created, 1 updated, 1 skipped, 0 invalid, 0 failed.',
      rows: (id: number) => [
        ['updated', ''],
        ['skipped', `duplicate of row 2 (same ID ${id}, same values): sent once`],
      ],
      dry: (id: number) => [
        ['valid', `already in the service (id ${id}); would be updated; would change: city: Wien → Graz`],
        ['skipped', `duplicate of row 2 (same ID ${id}, same values): sent once`],
      ],
      city_after: 'Graz',
    },
    {
      name: 'other values: the copy is invalid, naming row 2 and the city (exit 1)',
      city: 'Graz',
      copyCity: 'Linz',
      copyFirst: false,
      exit: 1,
      done: 'Done: 2 rows — 0 created, 1 updated, 0 skipped, 1 invalid, 0 failed.',
      rows: (id: number) => [
        ['updated', ''],
        [
          'invalid',
          `id: row 2 sets the same record to other values (same ID ${id}; City differ): keep one of the two rows`,
        ],
      ],
      dry: (id: number) => [
        ['valid', `already in the service (id ${id}); would be updated; would change: city: Wien → Graz`],
        [
          'invalid',
          `id: row 2 sets the same record to other values (same ID ${id}; City differ): keep one of the two rows`,
        ],
      ],
      city_after: 'Graz',
    },
    {
      name: 'the copy above the keyed row: the copy is written, the keyed row is its duplicate (exit 0)',
      city: 'Graz',
      copyCity: 'Graz',
      copyFirst: true,
      exit: 0,
      done: 'Done: 2 rows — 0 created, 1 updated, 1 skipped, 0 invalid, 0 failed.',
      rows: (id: number) => [
        ['updated', `its ID cell names record ${id}, of the same name`],
        ['skipped', `duplicate of row 2 (same ID ${id}, same values): sent once`],
      ],
      dry: (id: number) => [
        [
          'valid',
          `its ID cell names record ${id}, of the same name; would be updated; would change: city: Wien → Graz`,
        ],
        ['skipped', `duplicate of row 2 (same ID ${id}, same values): sent once`],
      ],
      city_after: 'Graz',
    },
  ];
  it.each(cases.map((c, n) => ({ ...c, tag: `ISR${n}` })))('$name', async (c) => {
    const { file, laptop } = await sheet(env.sb, env.dir, c.tag, c);
    const run = (...more: string[]) =>
      runCli(['import', file, '-r', 'asset', '--on-existing', 'update', ...more, ...env.sb.args]);
    // The dry run says what the run will do, row by row, with the same exit code.
    const dry = await run('--dry-run', '--report', `${file}.dry.csv`);
    expect(dry.code, dry.stderr).toBe(c.exit);
    expect(rows(`${file}.dry.csv`)).toEqual(c.dry(laptop));
    await env.sb.resetStats();
    const res = await run();
    expect(res.code, res.stderr).toBe(c.exit);
    expect(res.stdout).toContain(c.done);
    expect(rows(`${file}.report.csv`)).toEqual(c.rows(laptop));
    // The list (1 page) and one PATCH (the dry run read the custom field and form templates,
    // cached for an hour): the copy costs nothing.
    const stats = (await env.sb.stats()) as Stats;
    expect(stats.requests['PATCH /api/v2/asset/{id}/']).toBe(1);
    expect(countWrites(stats)).toBe(1);
    expect(requests(stats)).toBe(2);
    expect(await cityOf(env.sb, laptop)).toBe(c.city_after);
  });

  it('the list longer than the sheet: each row looked up alone, judged in sheet order', async () => {
    const sb = await testSandbox({ rateLimit: 0 });
    try {
      // 60 more assets: three pages, more than the sheet's two rows cost looked up alone.
      for (let i = 0; i < 60; i++) await madeByApi(sb, { name: `Filler ${i}`, serial_number: `FILL-${i}` });
      const { file, laptop } = await sheet(sb, env.dir, 'ISRL', {
        city: 'Graz',
        copyCity: 'Linz',
        copyFirst: true,
      });
      await sb.resetStats();
      const res = await runCli(['import', file, '-r', 'asset', '--on-existing', 'update', ...sb.args]);
      expect(res.code, res.stderr).toBe(1);
      // The copy's record is read (1 request), the keyed row's found by a filtered call: the
      // copy answers first or last, row 2 is the record's first row either way.
      expect(rows(`${file}.report.csv`)).toEqual([
        ['updated', `its ID cell names record ${laptop}, of the same name`],
        [
          'invalid',
          `serial_number: row 2 sets the same record to other values (same ID ${laptop}; City differ): keep one of the two rows`,
        ],
      ]);
      expect(countWrites((await sb.stats()) as Stats)).toBe(1);
      expect(await cityOf(sb, laptop)).toBe('Linz');
    } finally {
      await sb.close();
    }
  });
});

describe('import --on-existing update: a repeated key beside a copy without one', () => {
  it('the repeated key is a W_KEY_CONFLICT, the copy a duplicate: one write, exit 1', async () => {
    const { file, laptop } = await sheet(env.sb, env.dir, 'ISRK', { city: 'Graz', copyCity: 'Graz' });
    // Row 3: the keyed row again, its city Linz; row 4: the copy without a serial number.
    const [header, keyed, copy] = parse(readFileSync(file, 'utf8')) as string[][];
    const linz = keyed.map((v, i) => (i === header.indexOf('City') ? 'Linz' : v));
    writeFileSync(file, stringify([header, keyed, linz, copy]));
    await env.sb.resetStats();
    const res = await runCli(['import', file, '-r', 'asset', '--on-existing', 'update', ...env.sb.args]);
    expect(res.code, res.stderr).toBe(1);
    expect(
      readReport(`${file}.report.csv`).map((r) => [r['#status'], r['#message'], r['#warnings']]),
    ).toEqual([
      ['updated', '', ''],
      [
        'skipped',
        'not sent: same serial number "SN-ISRK" as row 2, but City "Graz" → "Linz": if they are different assets, correct one serial number; if the same, delete one row',
        'column "Serial number" → serial_number: row 2 has the same serial number with other values (City differs)',
      ],
      ['skipped', `duplicate of row 2 (same ID ${laptop}, same values): sent once`, ''],
    ]);
    expect(res.stdout).toContain('Done: 3 rows — 0 created, 1 updated, 2 skipped, 0 invalid, 0 failed.');
    expect(countWrites((await env.sb.stats()) as Stats)).toBe(1);
    expect(await cityOf(env.sb, laptop)).toBe('Graz');
  });
});

describe('import of the same sheet without --on-existing update: neither row is written', () => {
  it.each([
    {
      name: 'the default (skip): the keyed row skipped, the copy held back for its emptied serial number, exit 1',
      flags: [] as string[],
      exit: 1,
      rows: (id: number, file: string) => [
        ['skipped', `already in the service (id ${id}, serial_number=SN-ISRS)`],
        [
          'skipped',
          `not created: no serial number, and its ID cell names record ${id}, of the same name: Serial number "SN-ISRS" → (empty). If it is that record, \`assetbatch update --clear-empty ${file}\` (with this run's resource and service options) applies this row's values to it; if it is another one, run this import again with --create-resembling to create it`,
        ],
      ],
    },
    {
      name: '--on-existing error: both refused, exit 1',
      flags: ['--on-existing', 'error'],
      exit: 1,
      rows: (id: number, _file: string) => [
        ['failed', `serial_number: already in the service (id ${id}, serial_number=SN-ISRE)`],
        ['failed', `id: already in the service (ID ${id}, which its ID cell names, same name)`],
      ],
    },
  ])('$name', async (c) => {
    const tag = c.flags.length ? 'ISRE' : 'ISRS';
    const { file, laptop } = await sheet(env.sb, env.dir, tag, { city: 'Wien', copyCity: 'Wien' });
    await env.sb.resetStats();
    const res = await runCli(['import', file, '-r', 'asset', ...c.flags, ...env.sb.args]);
    expect(res.code, res.stderr).toBe(c.exit);
    expect(rows(`${file}.report.csv`)).toEqual(c.rows(laptop, file));
    expect(countWrites((await env.sb.stats()) as Stats)).toBe(0);
    expect(await cityOf(env.sb, laptop)).toBe('Wien');
  });
});
