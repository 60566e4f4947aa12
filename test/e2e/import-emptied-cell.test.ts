// A keyed row of `import --on-existing update` whose emptied cells are all it differs in: an
// update leaves empty cells alone, so the record keeps those values, and the row must name
// them (as a row known by its ID cell does) rather than say the record has the row's values.
// A note on a skipped row, exit 0: nothing was guessed, and nothing was sent. The built CLI,
// against a sandbox that outlives the runs.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countWrites, madeByApi, readReport, runCli, useSandbox } from './cli.js';

const env = useSandbox({ rateLimit: 0 });

describe('import --on-existing update of a keyed row with emptied cells', () => {
  it.each([
    {
      name: 'one emptied cell, nothing else changed: skipped, naming the value kept',
      tag: 'IEC1',
      header: 'Name,Serial number,Location,City',
      row: (tag: string) => `Laptop ${tag},SN-${tag},,Wien`,
      status: 'skipped',
      message: (file: string) =>
        `unchanged: the record already has these values except for an empty cell: the record keeps Location description "Floor 1" (--on-existing update leaves empty cells alone; \`assetbatch update --clear-empty ${file}\` empties it)`,
      writes: 0,
    },
    {
      name: 'two emptied cells: both named',
      tag: 'IEC2',
      header: 'Name,Serial number,Location,City',
      row: (tag: string) => `Laptop ${tag},SN-${tag},,`,
      status: 'skipped',
      message: (file: string) =>
        `unchanged: the record already has these values except for empty cells: the record keeps Location description "Floor 1", City "Wien" (--on-existing update leaves empty cells alone; \`assetbatch update --clear-empty ${file}\` empties them)`,
      writes: 0,
    },
    {
      name: 'an emptied cell beside a change: updated, as before',
      tag: 'IEC3',
      header: 'Name,Serial number,Location,City',
      row: (tag: string) => `Laptop ${tag},SN-${tag},,Graz`,
      status: 'updated',
      message: () => '',
      writes: 1,
    },
  ])('$name (exit 0)', async (c) => {
    await madeByApi(env.sb, {
      name: `Laptop ${c.tag}`,
      serial_number: `SN-${c.tag}`,
      location_description: 'Floor 1',
      city: 'Wien',
    });
    const file = join(env.dir, `${c.tag}.csv`);
    writeFileSync(file, `${c.header}\n${c.row(c.tag)}\n`);
    await env.sb.resetStats();
    const res = await runCli(['import', file, '-r', 'asset', '--on-existing', 'update', ...env.sb.args]);
    expect(res.code, res.stderr).toBe(0);
    const [row] = readReport(`${file}.report.csv`);
    expect([row['#status'], row['#message'], row['#warnings']]).toEqual([c.status, c.message(file), '']);
    expect(countWrites(await env.sb.stats())).toBe(c.writes);
    const [rec] = (await env.sb.records('asset')).filter((r) => r.serial_number === `SN-${c.tag}`);
    expect(rec.location_description).toBe('Floor 1');
  });
});
