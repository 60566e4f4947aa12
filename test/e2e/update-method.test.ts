// Updates PATCH the changed fields where the service takes PATCH; where it answers 405, the
// first refusal turns the run to PUT, said once, and no row fails for it. Several rows are
// in flight at once (concurrency 4), so only one of them may probe.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { readReport, runCli, tempDir, testSandbox } from './cli.js';

const ROWS = 8;
const WARNING = /warning: the service refused PATCH for assets \(405\)/g;

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0)) await c();
});

describe("update picks PATCH or PUT from the service's answer", () => {
  // [sandbox takes PATCH, PATCH requests, of which 405, PUT requests, warnings printed]
  const cases: [boolean, number, number, number, number][] = [
    [true, ROWS, 0, 0, 0],
    [false, 1, 1, ROWS, 1],
  ];
  it.each(cases)(
    'patch %s: %i PATCH (%i refused), %i PUT, %i warning',
    async (patch, patches, refused, puts, warnings) => {
      const env = await testSandbox({ patch });
      const client = new ApiClient({ baseUrl: env.sb.url, token: env.sb.token, rateLimit: 0 });
      cleanup.push(async () => {
        await client.close();
        await env.close();
      });
      const serials = Array.from({ length: ROWS }, (_, i) => `SN-M-${patch}-${i}`);
      for (const s of serials)
        await client.write('POST', client.path('asset', undefined, false), {
          company: 1,
          name: `Laptop ${s}`,
          serial_number: s,
          room: 'Hall A',
          floor: '1',
          country: 826,
        });
      await env.resetStats();

      const dir = tempDir();
      const file = join(dir, 'rooms.csv');
      const report = join(dir, 'rooms.report.csv');
      writeFileSync(
        file,
        `Serial number,Room,Asset notes\n${serials.map((s, i) => `${s},Room ${i},note ${i}`).join('\n')}\n`,
      );
      const res = await runCli([
        'update',
        file,
        '-r',
        'asset',
        '--concurrency',
        '4',
        '--report',
        report,
        '--base-url',
        env.sb.url,
        '--token',
        env.sb.token,
        '--rate-limit',
        '600',
      ]);
      expect(res.code, res.stderr).toBe(0);
      expect(`${res.stdout}${res.stderr}`.match(WARNING)?.length ?? 0).toBe(warnings);

      const stats = await env.stats();
      expect(stats.requests['PATCH /api/v2/asset/{id}/'] ?? 0).toBe(patches);
      expect(stats.byStatus['405'] ?? 0).toBe(refused);
      expect(stats.requests['PUT /api/v2/asset/{id}/'] ?? 0).toBe(puts);

      expect(readReport(report).map((r) => r['#status'])).toEqual(Array(ROWS).fill('updated'));
      const records = await env.records('asset');
      serials.forEach((s, i) => {
        // The sheet's fields as the sheet says; the others as they were.
        expect(records.find((a) => a.serial_number === s)).toMatchObject({
          room: `Room ${i}`,
          asset_notes: `note ${i}`,
          floor: '1',
          name: `Laptop ${s}`,
          // The sheet has no country column: a PATCH leaves it be, a PUT sends it back as read.
          country: 'United Kingdom',
        });
      });
    },
  );

  it("--json: the refusal is in the summary's warnings, once", async () => {
    const env = await testSandbox({ patch: false });
    cleanup.push(() => env.close());
    const dir = tempDir();
    const file = join(dir, 'owners.csv');
    writeFileSync(file, 'Name,Phone\nBob Smith,+1 555 0101\nAlice Johnson,+1 555 0102\n');
    const res = await runCli([
      'update',
      file,
      '-r',
      'asset-owner',
      '--json',
      '--base-url',
      env.sb.url,
      '--token',
      env.sb.token,
      '--rate-limit',
      '0',
    ]);
    expect(res.code, res.stderr).toBe(0);
    const summary = JSON.parse(res.stdout) as {
      counts: { updated: number };
      runWarnings: string[];
      warnings: string[];
    };
    expect(summary.counts.updated).toBe(2);
    expect(summary.runWarnings).toHaveLength(1);
    expect(summary.runWarnings[0]).toMatch(/refused PATCH for asset owners \(405\)/);
    expect(summary.warnings).toContain(summary.runWarnings[0]);
  });
});
