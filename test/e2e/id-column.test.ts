// An ID column (an export's, or another tool's) in a run that does not match on it: the plan
// says why it is not imported and which commands match on the service's IDs, instead of "no
// matching field; map it with --mapping". A run that matches on it says nothing of it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, useSandbox } from './cli.js';

const env = useSandbox({ rateLimit: 0 });

const IMPORT =
  'warning: column "ID" is not imported (an import creates records, which get IDs of their own; ' +
  "if it holds the service's record IDs (an assetbatch export), " +
  '`assetbatch update` or `assetbatch sync --key id` match rows on it)';
const SYNC =
  'warning: column "ID" is not imported (this sync matches rows by serial number, and a row without one by its ID when that record has the row\'s name; ' +
  "if it holds the service's record IDs (an assetbatch export), --key id matches on it)";

const cases: { name: string; args: string[]; lines: string[] }[] = [
  { name: 'validate (an import)', args: ['validate'], lines: [IMPORT] },
  // The sheet holds one of the service's records: the others are missing, allowed here.
  { name: 'sync by serial number', args: ['sync', '--dry-run', '--max-missing', '100%'], lines: [SYNC] },
  {
    name: 'sync --key id: the column is used',
    args: ['sync', '--key', 'id', '--dry-run', '--max-missing', '100%'],
    lines: [],
  },
  { name: 'update: the column is used', args: ['update', '--dry-run'], lines: [] },
];

describe('a sheet with an ID column', () => {
  it.each(cases)('$name', async ({ args, lines }) => {
    const file = join(env.dir, 'assets.csv');
    writeFileSync(
      file,
      'ID,Name,Serial number,Category,Subcategory\n1,Finance laptop,SN-EXIST-0001,Hardware,Laptop\n',
    );
    const [command, ...flags] = args;
    const res = await runCli([command!, file, '-r', 'asset', ...flags, ...env.sb.args]);
    expect(res.stderr.split('\n').filter((l) => l.includes('column "ID"'))).toEqual(lines);
    expect(res.code, res.stderr).toBeLessThan(2);
  });
});
