// The same import run again counts what this run did: the rows an earlier run created are
// skipped (already created), not created again, in the summary line and in --json counts.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readReport, runCli, useSandbox } from './cli.js';

const env = useSandbox({ rateLimit: 0 });

const DONE = 'already created by an earlier run of this import (journal)';

describe('an import run again with the same file and report', () => {
  it.each([
    { name: 'the summary line', json: false },
    { name: 'the --json counts', json: true },
  ])('$name: 0 created, 3 skipped as already created', async ({ json }) => {
    const file = join(env.dir, `again-${json}.csv`);
    writeFileSync(file, `Name,Serial number\nA,RE-${json}-1\nB,RE-${json}-2\nC,RE-${json}-3\n`);
    const args = ['import', file, '-r', 'asset', ...env.sb.args];
    const first = await runCli(args, { cwd: env.dir });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('Done: 3 rows — 3 created, 0 updated, 0 skipped, 0 invalid, 0 failed.');
    const again = await runCli(json ? [...args, '--json'] : args, { cwd: env.dir });
    expect(again.code, again.stderr).toBe(0);
    if (json)
      expect(JSON.parse(again.stdout).counts).toMatchObject({
        created: 0,
        updated: 0,
        skipped: 3,
        failed: 0,
      });
    else
      expect(again.stdout).toContain('Done: 3 rows — 0 created, 0 updated, 3 skipped, 0 invalid, 0 failed.');
    const rows = readReport(`${file}.report.csv`);
    expect(rows.map((r) => [r['#status'], r['#message'], r['#id'] !== ''])).toEqual(
      rows.map(() => ['skipped', DONE, true]),
    );
  });
});
