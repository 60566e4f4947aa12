// A workbook's --json summary counts each sheet's unchanged rows as one sheet's does: every
// sheet of `{"sheets": […]}` has `skippedUnchanged`, among its `counts.skipped`; the text
// summary says "3 skipped (3 unchanged)" a sheet. The built CLI against a sandbox: the sample
// workbook imported, then imported again with --on-existing update by another user's state.
import { describe, expect, it } from 'vitest';
import { runCli, tempDir, useSandbox } from './cli.js';

const env = useSandbox({ rateLimit: 0 });

const fresh = () => ({ env: { XDG_CACHE_HOME: tempDir(), XDG_STATE_HOME: tempDir() } });

describe('a workbook imported again with --on-existing update', () => {
  it('--json: each sheet has skippedUnchanged, every row of it unchanged; the text says so too', async () => {
    const dir = tempDir();
    const book = 'samples/related-workbook.xlsx';
    const first = await runCli(['import', book, '--report', `${dir}/a`, ...env.sb.args], fresh());
    expect(first.code, first.stderr).toBe(0);
    // No journal nor memory of the first run: each row is found by its key, and compared.
    const again = ['import', book, '--on-existing', 'update', ...env.sb.args];
    const json = await runCli([...again, '--report', `${dir}/b`, '--json'], fresh());
    expect(json.code, json.stderr).toBe(0);
    const out = JSON.parse(json.stdout) as {
      sheets: { sheet: string; counts: Record<string, number>; skippedUnchanged: number }[];
    };
    expect(out.sheets.map((s) => [s.sheet, s.counts.skipped, s.skippedUnchanged])).toEqual([
      ['Customers', 3, 3],
      ['Contracts', 4, 4],
      ['Assets', 8, 8],
    ]);
    const text = await runCli([...again, '--report', `${dir}/c`], fresh());
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(
      'Sheet "Customers" (customer): Done: 3 rows — 0 created, 0 updated, 3 skipped (3 unchanged), 0 invalid, 0 failed.',
    );
  });
});
