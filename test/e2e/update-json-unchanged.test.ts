// The --json summary of an update counts its unchanged rows as the text summary does ("4 skipped
// (4 unchanged)"): `skippedUnchanged`, among `counts.skipped`, and an update's rows still as exported,
// not read: `skippedAsExported`; the counts themselves are as before.
// The built CLI against a sandbox: the seed's 5 assets exported, one city edited, sent back.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir, useSandbox } from './cli.js';

const env = useSandbox({ rateLimit: 0 });

describe('update --json: the unchanged rows counted', () => {
  it.each([
    ['the run', [], { updated: 1, skipped: 4, valid: 0 }],
    ['a dry run', ['--dry-run'], { updated: 0, skipped: 4, valid: 1 }],
  ])('%s: skippedUnchanged 4 of the 4 skipped', async (_n, extra, counts) => {
    const dir = tempDir();
    const file = join(dir, 'assets.csv');
    // Lists cached by no earlier run, and no export remembered by another case.
    const own = { env: { XDG_CACHE_HOME: tempDir(), XDG_STATE_HOME: tempDir() } };
    expect((await runCli(['export', 'asset', '-o', file, ...env.sb.args], own)).code).toBe(0);
    const [header, ...rows] = parse(readFileSync(file)) as string[][];
    rows.find((r) => r[0] === '2')![header.indexOf('City')] = `City ${extra.length}`;
    writeFileSync(file, stringify([header, ...rows]));
    const res = await runCli(['update', file, '-r', 'asset', '--json', ...extra, ...env.sb.args], own);
    expect(res.code, res.stderr).toBe(0);
    const out = JSON.parse(res.stdout) as {
      counts: Record<string, number>;
      skippedUnchanged: number;
      skippedAsExported: number;
    };
    // One of 5 rows edited, the list 1 page: read whole, every row compared with its copy.
    expect([out.skippedUnchanged, out.skippedAsExported]).toEqual([4, 0]);
    expect(out.counts).toMatchObject({ ...counts, unchanged: 0, invalid: 0, failed: 0 });
  });

  it('an export sent back unedited: skippedAsExported 5, no record read', async () => {
    const dir = tempDir();
    const file = join(dir, 'assets.csv');
    const own = { env: { XDG_CACHE_HOME: tempDir(), XDG_STATE_HOME: tempDir() } };
    expect((await runCli(['export', 'asset', '-o', file, ...env.sb.args], own)).code).toBe(0);
    const res = await runCli(['update', file, '-r', 'asset', '--json', ...env.sb.args], own);
    expect(res.code, res.stderr).toBe(0);
    const out = JSON.parse(res.stdout) as {
      counts: Record<string, number>;
      skippedUnchanged: number;
      skippedAsExported: number;
      requests: number;
    };
    expect([out.skippedUnchanged, out.skippedAsExported]).toEqual([0, 5]);
    expect(out.counts).toMatchObject({ updated: 0, skipped: 5 });
    // The custom field and form templates alone: no record, no page of the list.
    expect(out.requests).toBe(2);
  });
});
