// Files and folders the file system will not let us write (read-only, permissions, an
// immutable file) are the user's to fix, not a bug: a message naming the path and the way
// out (--report elsewhere), exit 2 before any write, never "This is a bug".
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempDir, useSandbox } from './cli.js';

const ctx = useSandbox();
const locked: string[] = [];

/** Make a path unwritable: immutable for root (whom permissions do not stop), read-only otherwise. */
function lock(path: string, folder: boolean): void {
  if (process.getuid?.() === 0) execFileSync('chattr', ['+i', path]);
  else chmodSync(path, folder ? 0o555 : 0o444);
  locked.push(path);
}
afterAll(() => {
  for (const p of locked) {
    if (process.getuid?.() === 0) execFileSync('chattr', ['-i', p]);
    else chmodSync(p, 0o755);
  }
});

function sheet(dir: string, tag: string): string {
  const file = join(dir, `${tag}.csv`);
  writeFileSync(file, `Name,Category,Sub Cat,Country\nShelf ${tag},Hardware,Desktop,USA\n`);
  return file;
}

describe('a file or folder that cannot be written', () => {
  it.each([
    {
      case: 'the report folder is read-only',
      setup: (dir: string) => {
        const folder = join(dir, 'reports');
        mkdirSync(folder);
        lock(folder, true);
        return { report: join(folder, 'r.csv'), named: folder };
      },
    },
    {
      case: "an earlier run's journal is immutable",
      setup: async (dir: string, file: string) => {
        const report = join(dir, 'r.csv');
        const first = await runCli(['import', file, '-r', 'asset', '--report', report, ...ctx.sb.args]);
        expect(first.code, first.stderr).toBe(0);
        lock(join(dir, 'r.journal.ndjson'), false);
        return { report, named: join(dir, 'r.journal.ndjson') };
      },
    },
  ])('$case: exit 2, the path and --report named, no "bug"', async ({ case: name, setup }) => {
    const dir = tempDir();
    const file = sheet(dir, name.length.toString(36));
    const { report, named } = await setup(dir, file);
    const res = await runCli(['import', file, '-r', 'asset', '--report', report, '--json', ...ctx.sb.args]);
    expect(res.code, res.stderr).toBe(2);
    expect(res.stderr).toContain(named);
    expect(res.stderr).toMatch(/hint: .*--report/);
    expect(res.stderr).not.toMatch(/This is a bug/);
    expect(JSON.parse(res.stdout).error).toMatchObject({
      code: expect.stringMatching(/^E_(FILE_ACCESS|STATE_UNWRITABLE)$/),
      message: expect.stringContaining(named),
    });
  });
});
