// A register's category column often holds the subcategory alone ("Tablet", "Server",
// "Monitor"). Such a row is invalid (the service needs the category), and its message says
// which category has that subcategory, instead of nothing or a look-alike category name
// ("Server" is not "Services").
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readReport, runCli, useSandbox } from './cli.js';

const env = useSandbox({ rateLimit: 0 });

const cases: { cell: string; status: string; message: string }[] = [
  {
    cell: 'Tablet',
    status: 'invalid',
    message: `category 'Tablet' not found; it is the name of a subcategory: did you mean 'Hardware / Tablet'?`,
  },
  {
    cell: 'Server',
    status: 'invalid',
    message: `category 'Server' not found; it is the name of a subcategory: did you mean 'Hardware / Server'?`,
  },
  {
    cell: 'Monitors',
    status: 'invalid',
    message: `category 'Monitors' not found; it is the name of a subcategory: did you mean 'Hardware / Monitor'?`,
  },
  {
    cell: 'Hardwear',
    status: 'invalid',
    message: `category 'Hardwear' not found; did you mean 'Hardware'? (confidence 0.75; check: the spelling is only close)`,
  },
  { cell: 'Hardware / Tablet', status: 'valid', message: '' },
];

describe('a category cell that names a subcategory', () => {
  it.each(cases)('$cell', async ({ cell, status, message }) => {
    const file = join(env.dir, `${cell.replace(/\W/g, '')}.csv`);
    writeFileSync(file, `Name,Serial number,Category\nTablet Vertrieb,SUBHINT-1,${cell}\n`);
    const res = await runCli(['validate', file, '-r', 'asset', ...env.sb.args], { cwd: env.dir });
    expect(res.code, res.stderr).toBe(status === 'valid' ? 0 : 1);
    const [row] = readReport(`${file}.check.csv`);
    expect([row['#status'], row['#message']]).toEqual([
      status,
      message && `column "Category" → category.id: ${message}`,
    ]);
  });
});
