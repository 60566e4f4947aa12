// A name the lists lack, left empty (--unmatched blank), counts against the run that sent the
// row: the summary's warning and exit 1. A run that skips the row (the same rows under another
// file name, created already; a sync's row run again, unchanged) sends nothing and leaves
// nothing empty: exit 0, no warning. A monthly sync of a register whose names the service will
// never have is not an error each month.
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { syncSpreadsheet } from '../../src/index.js';
import { readReport, runCli, useSandbox } from './cli.js';
import { runLibrary, syncFlags } from './library.js';

const env = useSandbox({ rateLimit: 0 });

const WARNING =
  "warning: 1 row names something the service's lists lack, left empty or set to the default (--unmatched): W_UNMATCHED in the report's #warnings says which";

describe('a row with a name left empty, imported again under another name', () => {
  it.each([
    {
      name: 'the first file: created, warned, exit 1',
      file: 'register.csv',
      status: 'created',
      code: 1,
      lines: [WARNING],
    },
    {
      name: 'its copy: skipped, no warning, exit 0',
      file: 'copy.csv',
      status: 'skipped',
      code: 0,
      lines: [],
    },
  ])('$name', async ({ file, status, code, lines }) => {
    const first = join(env.dir, 'register.csv');
    writeFileSync(
      first,
      'Name,Serial number,Category,Subcategory,Usage status,Owner\nLaptop,UNM-SKIP-1,Hardware,Laptop,In Use,Nobody Known\n',
    );
    copyFileSync(first, join(env.dir, 'copy.csv'));
    const res = await runCli(['import', file, '-r', 'asset', '--unmatched', 'blank', ...env.sb.args], {
      cwd: env.dir,
    });
    expect(res.code, res.stderr).toBe(code);
    expect(res.stdout.split('\n').filter((l) => l.includes('W_UNMATCHED'))).toEqual(lines);
    expect(readReport(join(env.dir, `${file}.report.csv`)).map((r) => r['#status'])).toEqual([status]);
  });
});

it('a sync of a row with a name left empty, run again: unchanged, exit 0', async () => {
  const file = join(env.dir, 'synced.csv');
  writeFileSync(file, 'Name,Serial number,Manufacturer,Owner\nLaptop,UNM-SYNC-1,UNMSYNC,Nobody Known\n');
  const report = join(env.dir, 'synced.report.csv');
  const sync = {
    file,
    resource: 'asset',
    reportPath: report,
    unmatched: 'blank',
    sync: syncFlags({ tag: 'UNMSYNC' }),
  };
  const first = await runLibrary(env.sb, sync, syncSpreadsheet);
  expect([first.code, first.summary?.unmatchedRows]).toEqual([1, 1]);
  const again = await runLibrary(env.sb, sync, syncSpreadsheet);
  expect([again.code, again.summary?.unmatchedRows], again.stderr).toEqual([0, 0]);
  expect(readReport(report).map((r) => r['#status'])).toEqual(['unchanged']);
});
