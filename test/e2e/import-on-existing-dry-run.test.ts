// A dry run of `import --on-existing update` says what the run will do with each keyed row
// whose record exists: the changes its merge makes, or "no change" (an empty cell kept said
// so) where the run sends nothing. Computed from the record the run has in hand (the list
// read before the run, or the row's filtered call): no request more than the real run's reads.
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { madeByApi, readReport, runCli, useSandbox } from './cli.js';

const env = useSandbox();

/** Each row's status and message, the dry run's "would be" words read as the run's. */
const rowsOf = (report: string): string[][] =>
  readReport(report).map((r) => [r['#row'], r['#status'], r['#message']]);

/** The sheet: a row the record matches, one with an empty cell the record has, one changed, one new, one of two records. */
async function sheet(tag: string): Promise<string> {
  for (const [i, city] of ['Lyon', 'Lyon', 'Lyon'].entries())
    await madeByApi(env.sb, { name: `${tag} laptop ${i}`, serial_number: `${tag}-${i}`, city });
  // Two records of one serial number: which to update is unclear.
  for (const name of ['desk', 'chair'])
    await madeByApi(env.sb, { name: `${tag} ${name}`, serial_number: `${tag}-D` });
  const file = join(env.dir, `${tag}.csv`);
  writeFileSync(
    file,
    stringify([
      ['Name', 'Serial number', 'City'],
      [`${tag} laptop 0`, `${tag}-0`, 'Lyon'],
      [`${tag} laptop 1`, `${tag}-1`, ''],
      [`${tag} laptop 2`, `${tag}-2`, 'Nantes'],
      [`${tag} laptop 3`, `${tag}-3`, 'Paris'],
      [`${tag} desk`, `${tag}-D`, 'Paris'],
    ]),
  );
  return file;
}

const expected = (tag: string, file: string): string[][] => [
  ['2', 'skipped', 'unchanged: the record already has these values'],
  [
    '3',
    'skipped',
    `unchanged: the record already has these values except for an empty cell: the record keeps City "Lyon" (--on-existing update leaves empty cells alone; \`assetbatch update --clear-empty ${file}\` empties it)`,
  ],
  ['4', 'updated', ''],
  ['5', 'created', ''],
  [
    '6',
    'failed',
    expect.stringMatching(
      new RegExp(
        `^serial_number: 2 records have serial_number=${tag}-D \\(ids \\d+, \\d+\\); which to update is unclear — use \`assetbatch update\` with an ID column$`,
      ),
    ),
  ],
];

/**
 * The dry run's words as the run's: a row that would be created or updated is `valid`, and an
 * update's row says so (`already in the service (id 8); would be updated; would change: city: Lyon →
 * Nantes`) where the run says nothing.
 */
const asRun = (rows: string[][]): string[][] =>
  rows.map(([row, status, message]) => {
    const update = /^already in the service \(id \d+\); would be updated(; would change: .*)?$/.test(message);
    const real = status === 'valid' ? (update ? 'updated' : 'created') : status;
    return [row, real, update ? '' : message];
  });

/** `lists`: the dry run's list requests (its pages, or its first page and a filtered call a row). */
async function dryThenReal(
  tag: string,
  lists: number,
): Promise<{ dry: string[][]; real: string[][]; file: string }> {
  const file = await sheet(tag);
  const args = ['import', file, '-r', 'asset', '--on-existing', 'update', ...env.sb.args];
  await env.sb.resetStats();
  const dry = await runCli([...args, '--dry-run', '--report', `${file}.dry.csv`]);
  expect(dry.code, dry.stderr).toBe(1);
  // The changes come from the record the check read (the list, or the row's filtered call): no read of its own.
  const reads = (await env.sb.stats()) as { requests: Record<string, number> };
  expect(reads.requests['GET /api/v2/asset/{id}/'] ?? 0).toBe(0);
  expect(reads.requests['GET /api/v2/asset/']).toBe(lists);
  const real = await runCli([...args, '--report', `${file}.real.csv`]);
  expect(real.code, real.stderr).toBe(1);
  return { dry: rowsOf(`${file}.dry.csv`), real: rowsOf(`${file}.real.csv`), file };
}

describe('a dry run of import --on-existing update says what the run does', () => {
  it('the list read before the run: no change, kept cells, an update, a create', async () => {
    const { dry, real, file } = await dryThenReal('IODR', 1);
    expect(real).toEqual(expected('IODR', file));
    expect(asRun(dry)).toEqual(real);
  });

  it('each row looked up alone (a long list): the same', async () => {
    // 125 more assets: 6 pages of 25, more than the 5 rows, so each row is looked up alone.
    for (let i = 0; i < 125; i++)
      await madeByApi(env.sb, { name: `Filler ${i}`, serial_number: `FILL-${i}` });
    const { dry, real, file } = await dryThenReal('IODF', 6);
    expect(real).toEqual(expected('IODF', file));
    expect(asRun(dry)).toEqual(real);
  });
});
