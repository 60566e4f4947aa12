// Counts of one read as one: the plan, the summary and a resumed run's plan say "1 row",
// "up to 1 write", "1 request", never "1 rows", "1 writes", "1 requests".
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, useSandbox } from './cli.js';

const env = useSandbox({ rateLimit: 0 });

// A count of exactly one, not the end of a rate such as "12.1 rows/s".
const ONE_PLURAL = /(?<![\d.])1 (rows|writes|requests|pages|updates)\b/;

describe('a one-row import, run twice', () => {
  it('says 1 row, 1 write and 1 row already done in the singular', async () => {
    const file = join(env.dir, 'one.csv');
    writeFileSync(file, 'Name,Serial number\nLaptop 1,SN-PLURAL-1\n');
    const args = ['import', file, '-r', 'asset', ...env.sb.args];
    const first = await runCli(args, { cwd: env.dir });
    expect(first.code, first.stderr).toBe(0);
    const again = await runCli(args, { cwd: env.dir });
    expect(again.code, again.stderr).toBe(0);
    const firstText = first.stdout + first.stderr;
    const againText = again.stdout + again.stderr;
    expect(firstText).toContain('Plan: up to 1 write');
    expect(firstText).toMatch(/^Done: 1 row — /m);
    expect(againText).toContain(
      'Run again: the journal shows 1 row done by earlier runs of this import; a row unchanged since is not sent again.',
    );
    for (const text of [firstText, againText]) expect(text).not.toMatch(ONE_PLURAL);
  });

  it('a row the service refused, run again: no word of a resume, as nothing was done', async () => {
    const file = join(env.dir, 'refused.csv');
    writeFileSync(file, 'Name,Serial number,Country\nLaptop 2,SN-PLURAL-2,Atlantis\n');
    const args = ['import', file, '-r', 'asset', ...env.sb.args];
    expect((await runCli(args, { cwd: env.dir })).code).toBe(1);
    const again = await runCli(args, { cwd: env.dir });
    expect(again.code, again.stderr).toBe(1);
    expect(again.stderr).not.toMatch(/^(Resuming|Run again):/m);
  });
});
