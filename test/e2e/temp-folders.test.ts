// Nothing is left in the temp dir: the CLI writes its exports, templates, reports, journals
// and memory where it says (beside the sheet, under XDG_*), never a temp folder of its own
// (the tests, which left 13,000 folders in /tmp, now keep theirs in their file's own folder,
// removed when the file ends: test/file-state.ts).
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, useSandbox } from './cli.js';

const env = useSandbox({ rateLimit: 0 });

describe('the temp dir after a run', () => {
  const sheet = 'Name;Serial number\nTemp desk;TMP-1\n';
  const cases = [
    { name: 'export as XLSX', args: ['export', 'asset', '-o', 'assets.xlsx'] },
    { name: 'export of every list as XLSX', args: ['export', 'all', '-o', 'all.xlsx'] },
    { name: 'export as CSV', args: ['export', 'contract', '-o', 'contracts.csv'] },
    { name: 'template as XLSX', args: ['template', 'asset', '-o', 'template.xlsx'] },
    { name: 'import of a sheet', args: ['import', 'sheet.csv', '-r', 'asset'] },
    { name: 'update of a sheet', args: ['update', 'sheet.csv', '-r', 'asset'] },
  ];
  it.each(cases)('$name: exit 0, the temp dir left empty', async (c) => {
    const cwd = join(env.dir, c.name.replace(/\W+/g, '-'));
    const temp = join(cwd, 'tmp');
    mkdirSync(temp, { recursive: true });
    writeFileSync(join(cwd, 'sheet.csv'), sheet);
    const res = await runCli([...c.args, ...env.sb.args], { cwd, env: { TMPDIR: temp } });
    expect(res.code, res.stderr).toBe(0);
    expect(readdirSync(temp)).toEqual([]);
  });

  it("a test's temp dir is its file's own folder, which test/file-state.ts removes when the file ends", () => {
    expect(tmpdir().startsWith(`${process.env.AB_TEST_FILES_ROOT}/file-`)).toBe(true);
  });
});
