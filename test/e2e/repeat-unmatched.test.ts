// A register imported with --unmatched blank: rows whose model the service's list lacked are
// created with it left empty (W_UNMATCHED, exit 1). The same import run again skips them as
// done, and used to say nothing more: exit 0, a clean report, the records still without their
// model, though the user may have added it to the service meanwhile and expect the run to set
// it. Now each such row's note says what its create left empty, and how to set it. The exit
// code stays 0 (test/e2e/reimport-exit.test.ts): this run left nothing empty, and a monthly
// rerun of a register whose names will never be in the service is not an error each month.
// A renamed copy of the register, with a report of its own, is known by its rows' cells to the
// memory of what was sent, not the journal: its rows say the same, as the memory keeps them.
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { readReport, runCli, useSandbox } from './cli.js';
import { runLibrary } from './library.js';

const env = useSandbox();

const LACKED =
  "column \"Hardware model\": hardware model 'EliteBook 840 G8' not found; left empty (unmatched: blank) (once the service's list has it, `assetbatch update` with this file sets it)";

it.each([
  {
    name: 'the same file and report (the journal)',
    tag: 'RU',
    copy: false,
    done: 'already created by an earlier run of this import (journal)',
    lacked: `already created by an earlier run of this import (journal); its create then: ${LACKED}`,
  },
  {
    name: 'a renamed copy with a report of its own (the memory of what was sent)',
    tag: 'RC',
    copy: true,
    done: 'already created by an earlier import of {file} on {date} (id {id1}) from the same cells; --allow-duplicates sends it again',
    lacked: `already created by an earlier import of {file} on {date} (id {id2}) from the same cells; its create then: ${LACKED}; --allow-duplicates sends it again`,
  },
])('a run again says on the row what the first run left empty for want of a name: $name', async (c) => {
  const file = join(env.dir, `${c.tag}-register.csv`);
  writeFileSync(
    file,
    [
      'Name,Serial Number,Hardware model',
      `Laptop A,${c.tag}-1,Latitude 7440`,
      `Laptop B,${c.tag}-2,EliteBook 840 G8`,
    ].join('\n') + '\n',
  );
  const report = join(env.dir, `${c.tag}-register.report.csv`);
  const args = { file, resource: 'asset', reportPath: report, unmatched: 'blank' };
  const first = await runLibrary(env.sb, args);
  expect(first.code, first.stderr).toBe(1);
  const lacked =
    'column "Hardware model" → asset_hardware_model.id: hardware model \'EliteBook 840 G8\' not found; left empty (unmatched: blank)';
  const made = readReport(report);
  expect(made.map((r) => [r['#status'], r['#warnings']])).toEqual([
    ['created', ''],
    ['created', lacked],
  ]);

  const copy = join(env.dir, `${c.tag}-register-copy.csv`);
  if (c.copy) copyFileSync(file, copy);
  const againReport = c.copy ? join(env.dir, `${c.tag}-copy.report.csv`) : report;
  const again = await runCli([
    'import',
    c.copy ? copy : file,
    '-r',
    'asset',
    '--unmatched',
    'blank',
    '--report',
    againReport,
    ...env.sb.args,
  ]);
  // This run left nothing empty: exit 0, no warning; the row's note says what the record lacks.
  expect(again.code, again.stderr).toBe(0);
  const rows = readReport(againReport);
  const date = rows[0]['#message'].match(/ on (\d{4}-\d\d-\d\d \d\d:\d\d UTC)/)?.[1] ?? '?';
  const said = (m: string) =>
    m
      .replace('{file}', file)
      .replace('{date}', date)
      .replace('{id1}', made[0]['#id'])
      .replace('{id2}', made[1]['#id']);
  expect(rows.map((r) => [r['#status'], r['#message'], r['#warnings']])).toEqual([
    ['skipped', said(c.done), ''],
    ['skipped', said(c.lacked), ''],
  ]);
});
