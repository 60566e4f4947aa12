// An update's dry run counts its rows as the real run will treat them: "N to update, M skipped
// (M unchanged)" (or "as exported, not read"), the real run's "N updated, M skipped (M unchanged)", not "N+M valid". The built CLI against the
// sandbox: an export, some cells edited, update --dry-run, then the update itself.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { runCli, useSandbox } from './cli.js';

const env = useSandbox({ rateLimit: 0 });

/** The export's CSV with the first `edits` rows' "General notes" changed. */
function edited(csv: string, edits: number): string {
  const [header, ...rows] = parse(csv, { bom: true }) as string[][];
  const at = header!.indexOf('General notes');
  rows.slice(0, edits).forEach((cells, i) => (cells[at] = `checked ${i}`));
  return stringify([header!, ...rows]);
}

const cases = [
  {
    name: 'no cell edited',
    edits: 0,
    // Every row as exported: nothing to send, and no record read (as-exported.ts).
    dry: '0 to update, 0 invalid, 5 skipped (5 as exported, not read)',
    real: '0 updated, 5 skipped (5 as exported, not read)',
  },
  {
    name: 'two rows edited',
    edits: 2,
    dry: '2 to update, 0 invalid, 3 skipped (3 unchanged)',
    real: '2 updated, 3 skipped (3 unchanged)',
  },
];

describe('update --dry-run counts', () => {
  it.each(cases)('$name', async ({ edits, dry, real }) => {
    const exported = join(env.dir, `export-${edits}.csv`);
    const exp = await runCli(['export', 'asset', '-o', exported, ...env.sb.args]);
    expect(exp.code, exp.stderr).toBe(0);
    const file = join(env.dir, `edited-${edits}.csv`);
    writeFileSync(file, edited(readFileSync(exported, 'utf8'), edits));
    const args = ['update', file, '-r', 'asset', ...env.sb.args];

    const check = await runCli([...args, '--dry-run']);
    expect(check.code, check.stderr).toBe(0);
    expect(check.stdout.split('\n')[0]).toBe(`Checked: 5 rows — ${dry}.`);

    const done = await runCli(args);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout.split('\n')[0]).toContain(real);
  });
});
