// The same file imported again, unchanged: nothing is sent, every row is skipped as made by
// the earlier run (the journal), and the run ends 0. A first run that ended 1 for a name left
// empty (--unmatched blank) gives no new warning: this run left nothing empty, as a copy
// under another name does not either. The built CLI, against a sandbox that outlives the runs.
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countWrites, runCli, useSandbox } from './cli.js';

const env = useSandbox({ rateLimit: 0 });

const HEADER = 'Name,Serial number,Category,Subcategory,Usage status,Owner';
const LEFT_EMPTY =
  "warning: 1 row names something the service's lists lack, left empty or set to the default (--unmatched): W_UNMATCHED in the report's #warnings says which";

const warnings = (stdout: string) => stdout.split('\n').filter((l) => l.startsWith('warning:'));

describe('a file imported again, unchanged', () => {
  it.each([
    {
      name: 'every row loaded: exit 0, then 0 again',
      owner: '',
      again: 'same',
      first: { code: 0, warnings: [] as string[] },
      then: { code: 0, summary: 'Done: 2 rows — 0 created, 0 updated, 2 skipped, 0 invalid, 0 failed.' },
    },
    {
      name: 'an owner the service lacks, left empty: exit 1, then 0 (the same file sends nothing)',
      owner: 'Nobody Known',
      again: 'same',
      first: { code: 1, warnings: [LEFT_EMPTY] },
      then: { code: 0, summary: 'Done: 2 rows — 0 created, 0 updated, 2 skipped, 0 invalid, 0 failed.' },
    },
    {
      name: 'an owner left empty, then a copy: exit 1, then 0 (the copy sends nothing)',
      owner: 'Nobody Known',
      again: 'copy',
      first: { code: 1, warnings: [LEFT_EMPTY] },
      then: { code: 0, summary: 'Done: 2 rows — 0 created, 0 updated, 2 skipped, 0 invalid, 0 failed.' },
    },
  ])('$name', async ({ owner, again, first, then }) => {
    const tag = `RIX-${owner ? 'empty' : 'ok'}-${again}`;
    const file = join(env.dir, `${tag}.csv`);
    writeFileSync(
      file,
      [
        HEADER,
        `Laptop 1,${tag}-1,Hardware,Laptop,In Use,${owner}`,
        `Laptop 2,${tag}-2,Hardware,Laptop,In Use,`,
      ].join('\n') + '\n',
    );
    const args = ['-r', 'asset', '--unmatched', 'blank', ...env.sb.args];
    const one = await runCli(['import', file, ...args]);
    expect({ code: one.code, warnings: warnings(one.stdout) }, one.stderr).toEqual(first);

    const input = again === 'same' ? file : join(env.dir, `${tag}-copy.csv`);
    if (again === 'copy') copyFileSync(file, input);
    await env.sb.resetStats();
    const two = await runCli(['import', input, ...args]);
    expect(two.code, two.stderr).toBe(then.code);
    expect(two.stdout.split('\n')[0]).toBe(then.summary);
    // Never a warning the first run did not give.
    expect(warnings(two.stdout).filter((w) => !first.warnings.includes(w))).toEqual([]);
    expect(warnings(two.stdout)).toEqual(then.code === 0 ? [] : first.warnings);
    expect(countWrites(await env.sb.stats())).toBe(0);
  });
});
