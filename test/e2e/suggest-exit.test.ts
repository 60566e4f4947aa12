// `mapping suggest`'s exit code (issue 26): 1 when the mapping it writes still lacks a
// required field (every row would fail; a "missing:" line says which and the fix), 0 when
// every required field has a column, a default or a template, even where some lookup
// values are left for the user to settle. The mapping is printed either way.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, useSandbox } from './cli.js';

const env = useSandbox();

describe('mapping suggest: exit code', () => {
  it.each([
    {
      what: 'every required field has a column',
      csv: 'Name,Serial number,Category\nFinance laptop 9,SX-1,Hardware\n',
      code: 0,
      says: [],
      saysNot: 'missing:',
    },
    {
      what: 'the name is built from make and model',
      csv: 'Make,Model,Serial number\nDell,Latitude 5540,SX-2\n',
      code: 0,
      says: ['built from the row as "{Make} {Model}"'],
      saysNot: 'missing:',
    },
    {
      what: 'a lookup value no table covers (rows would fail, the mapping is complete)',
      csv: 'Name,Category\nFinance laptop 9,Spaceships\n',
      code: 0,
      says: [
        'missing: column "Category" has a value the service\'s list lacks and no value table covers ("Spaceships")',
      ],
      saysNot: 'missing: no column gives',
    },
    {
      what: 'a placeholder beside it in a lookup column (a run reads "N/C" as empty: no entry needed)',
      csv: 'Nom;Statut\nPC-COMPTA-01;Rebut\nPC-COMPTA-02;N/C\n',
      code: 0,
      says: [
        'missing: column "Statut" has a value the service\'s list lacks and no value table covers ("Rebut")',
      ],
      saysNot: '"N/C"',
    },
    {
      what: 'no column gives the required name',
      csv: 'Serial number,Category\nSX-3,Hardware\n',
      code: 1,
      says: ['missing: no column gives Name (name), which is required for assets: every row would fail.'],
      saysNot: 'error:',
    },
  ])('$what: exit code as said, the mapping printed', async ({ csv, code, says, saysNot }) => {
    const file = join(env.dir, `suggest-${code}-${csv.length}.csv`);
    writeFileSync(file, csv);
    const res = await runCli(['mapping', 'suggest', file, '-r', 'asset', ...env.sb.args]);
    expect(res.code, res.stderr).toBe(code);
    expect(JSON.parse(res.stdout)).toMatchObject({ resource: 'asset' });
    for (const line of says) expect(res.stderr).toContain(line);
    expect(res.stderr).not.toContain(saysNot);
  });

  it('--help documents the exit codes', async () => {
    const res = await runCli(['mapping', 'suggest', '--help']);
    expect(res.code).toBe(0);
    const help = res.stdout.replace(/\s+/g, ' ');
    expect(help).toContain('Exit codes:');
    expect(help).toContain(
      '1 the mapping is written, but a required field has nothing to give it: every row would fail',
    );
  });
});
