// A name the lists lack, left empty (--unmatched blank), counts against the run that sent the
// row: the summary's warning and exit 1. A run that skips the row (the same rows under another
// file name, created already) sends nothing and leaves nothing empty: exit 0, no warning.
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readReport, runCli, useSandbox } from './cli.js';

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
