// A register imported with --unmatched blank: rows whose model the service's list lacked are
// created with it left empty (W_UNMATCHED, exit 1). The same import run again skips them as
// done, and used to say nothing more: exit 0, a clean report, the records still without their
// model, though the user may have added it to the service meanwhile and expect the run to set
// it. Now each such row's note says what its create left empty, and how to set it. The exit
// code stays 0 (test/e2e/reimport-exit.test.ts): this run left nothing empty, and a monthly
// rerun of a register whose names will never be in the service is not an error each month.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { readReport, runCli, useSandbox } from './cli.js';
import { runLibrary } from './library.js';

const env = useSandbox();

it('a run again says on the row what the first run left empty for want of a name', async () => {
  const file = join(env.dir, 'register.csv');
  writeFileSync(
    file,
    [
      'Name,Serial Number,Hardware model',
      'Laptop A,RU-1,Latitude 7440',
      'Laptop B,RU-2,EliteBook 840 G8',
    ].join('\n') + '\n',
  );
  const report = join(env.dir, 'register.report.csv');
  const args = { file, resource: 'asset', reportPath: report, unmatched: 'blank' };
  const first = await runLibrary(env.sb, args);
  expect(first.code, first.stderr).toBe(1);
  const lacked =
    'column "Hardware model" → asset_hardware_model.id: hardware model \'EliteBook 840 G8\' not found; left empty (unmatched: blank)';
  expect(readReport(report).map((r) => [r['#status'], r['#warnings']])).toEqual([
    ['created', ''],
    ['created', lacked],
  ]);

  const again = await runCli([
    'import',
    file,
    '-r',
    'asset',
    '--unmatched',
    'blank',
    '--report',
    report,
    ...env.sb.args,
  ]);
  // This run left nothing empty: exit 0, no warning; the row's note says what the record lacks.
  expect(again.code, again.stderr).toBe(0);
  expect(readReport(report).map((r) => [r['#status'], r['#message'], r['#warnings']])).toEqual([
    ['skipped', 'already created by an earlier run of this import (journal)', ''],
    [
      'skipped',
      `already created by an earlier run of this import (journal); its create then: column "Hardware model": hardware model 'EliteBook 840 G8' not found; left empty (unmatched: blank) (once the service's list has it, \`assetbatch update\` with this file sets it)`,
      '',
    ],
  ]);
});
