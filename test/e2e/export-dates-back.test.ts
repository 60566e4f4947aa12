// Finance exports the contracts, edits one value in a spreadsheet program that rewrites every
// date in its own locale (2023-03-01 → 3/1/2023, as Excel set to English (US) saves a CSV), and
// loads the file back with `update`. Every start date then reads both ways; the export this
// machine remembers settles it (src/run/export-dates.ts): the update goes through, changes
// the one value, and the plan says how the dates were read. Without that memory (another
// machine) the end dates, some past the 12th, settle the start dates month-first (the
// sheet's other date columns, src/map/date-inference.ts), said in the plan; it used to stop.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { expect, it } from 'vitest';
import { updateSpreadsheet } from '../../src/index.js';
import { countWrites, runCli, tempDir, useSandbox } from './cli.js';
import { exportTo, runLibrary } from './library.js';

const env = useSandbox();

/** The CSV as Excel (English, US) saves it: dates month-first without leading zeros, one value edited. */
function editedInExcel(exported: string, edited: string): void {
  const rows = parse(readFileSync(exported), { bom: true }) as string[][];
  const us = (cell: string) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(cell);
    return m ? `${Number(m[2])}/${Number(m[3])}/${m[1]}` : cell;
  };
  const out = rows.map((r, i) => (i === 0 ? r : r.map(us)));
  out[1][out[0].indexOf('Total contract value')] = '260000';
  writeFileSync(edited, stringify(out, { record_delimiter: '\r\n' }));
}

it('an export edited in Excel and updated back: its dates read as the export showed them', async () => {
  const exported = join(env.dir, 'contracts.csv');
  await exportTo(env.sb, 'contract', exported);
  const edited = join(env.dir, 'contracts-edited.csv');
  editedInExcel(exported, edited);
  const before = await env.sb.records('contract');
  await env.sb.resetStats();

  const run = await runLibrary(
    env.sb,
    { file: edited, resource: 'contract', mode: 'update', reportPath: join(env.dir, 'r.csv') },
    updateSpreadsheet,
  );
  expect(run.code, run.stderr).toBe(0);
  expect(run.stderr).toContain(
    'note: column "Start date" has dates that read both ways; read month-first, as the export of its records showed them (row 3: 3/1/2023 is 2023-03-01).',
  );
  expect(run.summary?.counts).toMatchObject({ updated: 1, skipped: before.length - 1 });
  expect(countWrites((await env.sb.stats()) as { requests: Record<string, number> })).toBe(1);
  const after = await env.sb.records('contract');
  const dates = (rs: typeof before) => rs.map((r) => [r.id, r.contract_start_date, r.contract_end_date]);
  expect(dates(after)).toEqual(dates(before));
  expect(after.find((r) => r.id === before[0].id)?.total_contract_spend_value).toBe(260000);
});

it('the same file on a machine that did not export it: the end dates settle the start dates, said in the plan', async () => {
  const exported = join(env.dir, 'contracts-2.csv');
  await exportTo(env.sb, 'contract', exported);
  const edited = join(env.dir, 'contracts-2-edited.csv');
  editedInExcel(exported, edited);
  const before = await env.sb.records('contract');
  await env.sb.resetStats();
  const res = await runCli(['update', edited, '-r', 'contract', ...env.sb.args], {
    env: { XDG_STATE_HOME: tempDir('ab-other-machine-') },
  });
  expect(res.code, res.stderr).toBe(0);
  expect(res.stderr).toContain(
    'note: column "Start date" has only dates that read both ways; read month-first, as the sheet\'s other date columns are month-first ("End date", row 2: 12/31/2025, and 2 more columns) (W_DATE_ORDER_INFERRED on each row; --date-format dd/MM/yyyy reads it otherwise).',
  );
  const after = await env.sb.records('contract');
  const dates = (rs: typeof before) => rs.map((r) => [r.id, r.contract_start_date, r.contract_end_date]);
  expect(dates(after)).toEqual(dates(before));
});
