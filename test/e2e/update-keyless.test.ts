// A register imported, then edited and loaded with `update` as the import's advice says: a row
// without a serial number finds the record an earlier run created from the same values (the
// memory of what was sent), as a sync's does; an edited one names the report to update instead.
// Before, every keyless row was invalid ("needs an ID or a serial number"), exit 1.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { updateSpreadsheet } from '../../src/index.js';
import { countWrites, readReport, useSandbox } from './cli.js';
import { runLibrary } from './library.js';

const env = useSandbox();

const write = (file: string, rows: string[]) =>
  writeFileSync(file, ['Name,Serial Number,Asset Tag,Notes', ...rows].join('\n') + '\n');

it.each([false, true])('keyless rows of an imported sheet, updated (dry run: %s)', async (dryRun) => {
  const file = join(env.dir, `register-${dryRun}.csv`);
  const tag = dryRun ? 'UKD' : 'UKR';
  write(file, [`Desk,${tag}-1,${tag}-T1,`, `${tag} keyboard,,${tag}-T2,`, `${tag} mouse,,${tag}-T3,`]);
  const imported = await runLibrary(env.sb, {
    file,
    resource: 'asset',
    reportPath: join(env.dir, `i-${dryRun}.csv`),
  });
  expect(imported.code, imported.stderr).toBe(0);
  const ids = readReport(join(env.dir, `i-${dryRun}.csv`)).map((r) => r['#id']);

  // The keyed row and one keyless row edited; the other keyless row as imported.
  write(file, [
    `Desk,${tag}-1,${tag}-T1,moved`,
    `${tag} keyboard,,${tag}-T2,`,
    `${tag} mouse,,${tag}-T3,broken`,
  ]);
  await env.sb.resetStats();
  const report = join(env.dir, `u-${dryRun}.csv`);
  const run = await runLibrary(
    env.sb,
    { file, resource: 'asset', mode: 'update', reportPath: report, dryRun },
    updateSpreadsheet,
  );
  expect(run.code, run.stderr).toBe(1);
  expect(readReport(report).map((r) => [r['#status'], r['#id'], r['#message']])).toEqual([
    [dryRun ? 'valid' : 'updated', ids[0], dryRun ? 'would change: asset_notes: (empty) → moved' : ''],
    [
      'skipped',
      ids[1],
      expect.stringMatching(
        new RegExp(
          `^no serial number: matched to the record an earlier run of .*register-${dryRun}\\.csv made from the same values on .* \\(id ${ids[1]}\\); unchanged: the record already has these values$`,
        ),
      ),
    ],
    [
      'invalid',
      '',
      'id: needs an ID or a serial number to find the record (the report of the import that created it names it in #id: update that report instead)',
    ],
  ]);
  expect(countWrites((await env.sb.stats()) as { requests: Record<string, number> })).toBe(dryRun ? 0 : 1);
});
