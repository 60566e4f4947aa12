// A sync's conflict on the custom fields (the template's values go as one list): a row whose
// Cost Centre --clear-empty empties, and whose list a colleague changed since the last run, is
// not written, its emptied custom value included. The built CLI against a sandbox.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { countWrites, readReport, runCli, tempDir, testSandbox } from './cli.js';

describe('sync --clear-empty, the custom field list changed by a colleague since the last run', () => {
  it("is a conflict, not written: the colleague's Cost Centre stays", async () => {
    const sb = await testSandbox({ rateLimit: 0 });
    try {
      const dir = tempDir();
      const file = join(dir, 'assets.csv');
      const own = { env: { XDG_CACHE_HOME: tempDir(), XDG_STATE_HOME: tempDir() } };
      expect((await runCli(['export', 'asset', '-o', file, ...sb.args], own)).code).toBe(0);
      const [header, ...rows] = parse(readFileSync(file)) as string[][];
      rows.find((r) => r[0] === '1')![header.indexOf('Cost Centre')] = '';
      writeFileSync(file, stringify([header, ...rows]));
      const report = join(dir, 'report.csv');
      const sync = [
        'sync',
        file,
        '-r',
        'asset',
        '--key',
        'id',
        '--clear-empty',
        '--report',
        report,
        ...sb.args,
      ];
      const first = await runCli(sync, own);
      expect(first.code, first.stderr).toBe(0);
      const customs = async () =>
        ((await sb.records('asset')).find((r) => r.id === 1)!.template as { fields: Record<string, unknown> })
          .fields;
      expect(await customs()).toEqual({ 1: null, 2: 'PO-55812' });
      const fields = [
        { id: 1, value: 'CC-777' },
        { id: 2, value: 'PO-55812' },
      ];
      const patched = await fetch(`${sb.sb.url}/api/v2/asset/1/`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${sb.sb.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ company: 1, template: { id: 1, fields } }),
      });
      expect(patched.status).toBe(200);
      await sb.resetStats();
      const again = await runCli(sync, own);
      const row1 = readReport(report).find((r) => r['#id'] === '1')!;
      expect(row1['#status']).toBe('conflict');
      expect(row1['#message']).toMatch(
        /^changed in the sheet and in the service since the last run, not written/,
      );
      expect(row1['#message']).not.toContain('its other changes were written');
      expect(await customs()).toEqual({ 1: 'CC-777', 2: 'PO-55812' });
      expect(countWrites(await sb.stats())).toBe(0);
      expect(again.code, again.stderr).toBe(1);
    } finally {
      await sb.close();
    }
  });
});
