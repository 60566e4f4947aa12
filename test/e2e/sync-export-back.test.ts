// An export synced back. A record without a serial number that no run of this user made
// (here: made through the API) is known by its ID cell alone: a sync's row whose ID names a
// listed record of the same name is that record, compared with it as a keyed row's match is
// (unchanged, or updated with what differs), and the record is not missing. It was created
// again and its original reported missing (archived with --missing). An "ID" column of
// another tool (Snipe-IT's ids, which collide with the service's) names records of other
// names: created, as before. The built CLI, against a sandbox that outlives the runs; each
// case has its own manufacturer (--scope).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countWrites, readReport, runCli, useSandbox, madeByApi } from './cli.js';

const env = useSandbox({ rateLimit: 0 });

/** A chair without a serial number in Wien and a keyed laptop, of manufacturer `tag`; the export of them. */
async function exported(tag: string): Promise<{ file: string; chair: number }> {
  const chair = await madeByApi(env.sb, { name: `Chair ${tag}`, city: 'Wien', manufacturer: tag });
  await madeByApi(env.sb, {
    name: `Laptop ${tag}`,
    serial_number: `SN-${tag}`,
    city: 'Wien',
    manufacturer: tag,
  });
  const all = join(env.dir, `${tag}-all.csv`);
  const out = await runCli(['export', 'asset', '-o', all, ...env.sb.args]);
  expect(out.code, out.stderr).toBe(0);
  const [header, ...lines] = readFileSync(all, 'utf8').trimEnd().split(/\r?\n/);
  const file = join(env.dir, `${tag}-assets.csv`);
  writeFileSync(file, [header, ...lines.filter((l) => l.includes(tag))].join('\n') + '\n');
  return { file, chair };
}

const sync = (file: string, tag: string, ...more: string[]) =>
  runCli(['sync', file, '-r', 'asset', '--scope', `manufacturer=${tag}`, ...more, ...env.sb.args]);

/** The report's rows by name: status, id, message. */
const outcomes = (report: string) =>
  new Map(
    readReport(report).map((r) => [r.Name, { status: r['#status'], id: r['#id'], message: r['#message'] }]),
  );

const requests = (stats: { requests: Record<string, number> }) =>
  Object.values(stats.requests).reduce((a, b) => a + b, 0);

const chairs = async (tag: string) =>
  (await env.sb.records('asset'))
    .filter((r) => r.name === `Chair ${tag}`)
    .map((r) => `${String(r.name)} in ${String(r.city)}`);

const KEYLESS =
  'Rows without a serial number: 1; 1 matches the record its ID cell names (of the same name), 0 records an earlier run made from the same values (the memory of what was sent); the others are created.';

describe('an export synced back', () => {
  const cases = [
    {
      name: 'unchanged: the keyless row is its record, unchanged, and nothing is missing',
      edit: false,
      checked:
        'Checked: 2 rows — 0 to create, 0 to update, 2 unchanged, 0 missing, 0 invalid, 0 skipped, 0 failed.',
      dry: { status: 'unchanged', note: '; unchanged: the record already has these values' },
      done: 'Done: 2 rows — 0 created, 0 updated, 2 unchanged, 0 missing, 0 invalid, 0 skipped, 0 failed.',
      chair: { status: 'unchanged', note: '; unchanged: the record already has these values' },
      // The list (1 page); the custom field and form templates come from the cache the dry run
      // filled (they were 2 requests more).
      requests: 1,
      writes: 0,
      city: 'Wien',
    },
    {
      name: 'its city edited: the record is updated, not created again',
      edit: true,
      checked:
        'Checked: 2 rows — 0 to create, 1 to update, 1 unchanged, 0 missing, 0 invalid, 0 skipped, 0 failed.',
      dry: { status: 'valid', note: '; would change: city: Wien → Graz' },
      done: 'Done: 2 rows — 0 created, 1 updated, 1 unchanged, 0 missing, 0 invalid, 0 skipped, 0 failed.',
      chair: { status: 'updated', note: '' },
      // And the chair's PATCH.
      requests: 2,
      writes: 1,
      city: 'Graz',
    },
  ];
  it.each(cases.map((c, n) => ({ ...c, tag: `SXB${n}` })))('$name', async (c) => {
    const { file, chair } = await exported(c.tag);
    if (c.edit)
      writeFileSync(
        file,
        readFileSync(file, 'utf8').replace(/^(.*Chair.*),Wien,/m, (m) => m.replace(',Wien,', ',Graz,')),
      );
    const matched = `no serial number: its ID cell names record ${chair}, of the same name`;
    const dry = await sync(file, c.tag, '--dry-run', '--report', `${file}.dry.csv`);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stderr).toContain(KEYLESS);
    expect(dry.stderr).toContain('Missing: none of the 2 assets in scope is absent from the sheet.');
    expect(dry.stdout).toContain(c.checked);
    expect(outcomes(`${file}.dry.csv`).get(`Chair ${c.tag}`)).toEqual({
      status: c.dry.status,
      id: String(chair),
      message: matched + c.dry.note,
    });
    await env.sb.resetStats();
    const res = await sync(file, c.tag);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain(c.done);
    expect(outcomes(`${file}.report.csv`).get(`Chair ${c.tag}`)).toEqual({
      status: c.chair.status,
      id: String(chair),
      message: matched + c.chair.note,
    });
    const stats = (await env.sb.stats()) as { requests: Record<string, number> };
    expect(countWrites(stats)).toBe(c.writes);
    expect(stats.requests['GET /api/v2/asset/{id}/']).toBeUndefined();
    expect(requests(stats)).toBe(c.requests);
    expect(await chairs(c.tag)).toEqual([`Chair ${c.tag} in ${c.city}`]);
  });

  it("another tool's ID column, colliding with the service's ids under other names: created as before", async () => {
    const tag = 'SXBS';
    const { chair } = await exported(tag);
    // Snipe-IT's export: its own ids, one of them the chair's id in the service, on other things.
    const file = join(env.dir, 'snipe-it.csv');
    writeFileSync(
      file,
      `ID,Name,Serial number,Manufacturer\n${chair},Monitor ${tag},,${tag}\n1,Dock ${tag},,${tag}\n`,
    );
    const res = await sync(file, tag, '--max-missing', '2');
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toContain(
      'Rows without a serial number: 2; 0 records that an earlier run made from the same values match them (the memory of what was sent); the others are created.',
    );
    expect(res.stdout).toContain(
      'Done: 2 rows and 2 missing records — 2 created, 0 updated, 0 unchanged, 2 missing, 0 invalid, 0 skipped, 0 failed.',
    );
    expect(
      [...outcomes(`${file}.report.csv`).values()].map((o) => [o.status, o.id === String(chair)]),
    ).toEqual([
      ['created', false],
      ['created', false],
      ['missing', true],
      ['missing', false],
    ]);
    expect(await chairs(tag)).toEqual([`Chair ${tag} in Wien`]);
  });
});

describe('an export synced back with a keyed row copied, its serial number cleared', () => {
  it.each([
    {
      name: 'the same values: the copy is a duplicate of the keyed row, sent once (exit 0)',
      tag: 'SXBD',
      copyCity: 'Graz',
      exit: 0,
      copy: (id: number) => ['skipped', `duplicate of row 3 (same ID ${id}, same values): sent once`],
    },
    {
      name: 'other values: the copy is invalid, naming the keyed row and the city (exit 1)',
      tag: 'SXBO',
      copyCity: 'Linz',
      exit: 1,
      copy: (id: number) => [
        'invalid',
        `id: row 3 sets the same record to other values (same ID ${id}; City differ): keep one of the two rows`,
      ],
    },
  ])('$name', async (c) => {
    const { file } = await exported(c.tag);
    const laptop = (await env.sb.records('asset')).find((r) => r.name === `Laptop ${c.tag}`)!;
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    const keyed = lines.find((l) => l.includes(`SN-${c.tag}`))!.replace(',Wien,', ',Graz,');
    const copy = keyed.replace(`,SN-${c.tag},`, ',,').replace(',Graz,', `,${c.copyCity},`);
    writeFileSync(
      file,
      [...lines.map((l) => (l.includes(`SN-${c.tag}`) ? keyed : l)), copy].join('\n') + '\n',
    );
    const rows = (report: string) =>
      readReport(report)
        .filter((r) => r.Name === `Laptop ${c.tag}`)
        .map((r) => [r['#status'], r['#message']]);
    const dry = await sync(file, c.tag, '--dry-run', '--report', `${file}.dry.csv`);
    expect(dry.code, dry.stderr).toBe(c.exit);
    expect(rows(`${file}.dry.csv`)[1]).toEqual(c.copy(Number(laptop.id)));
    await env.sb.resetStats();
    const res = await sync(file, c.tag);
    expect(res.code, res.stderr).toBe(c.exit);
    expect(rows(`${file}.report.csv`)).toEqual([['updated', ''], c.copy(Number(laptop.id))]);
    expect(countWrites((await env.sb.stats()) as { requests: Record<string, number> })).toBe(1);
    const after = (await env.sb.records('asset')).find((r) => r.id === laptop.id);
    expect(after?.city).toBe('Graz');
  });
});
