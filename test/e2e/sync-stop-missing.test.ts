// A sync stopped part-way (Ctrl-C, SIGTERM) with `--missing report` still says which records
// are missing: reporting one sends nothing, so it is `missing`, not `not sent`, and the resume
// advice counts only the rows a run again would send. The built CLI against a sandbox over HTTP.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readReport, spawnCli, useSandbox } from './cli.js';
import { seedAssets } from './seed.js';

/** Waits until `found`, polling. */
async function until(found: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await found())) {
    if (Date.now() > deadline) throw new Error('the first row was never sent');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('a sync stopped part-way reports its missing records as missing', () => {
  // The sandbox commits a write before it waits out its latency: the test sees the first
  // row's record changed while the run still awaits its answer, and stops it there.
  const env = useSandbox({ latencyMs: 900 });

  it.each([{ signal: 'SIGINT' as const }, { signal: 'SIGTERM' as const }])(
    '$signal after the first row: updated, not sent, missing; exit 3; "the 1 row not sent"',
    async ({ signal }) => {
      const tag = `SSTOP${signal}`;
      await seedAssets(env.sb, tag, 3);
      const file = join(env.dir, `${tag}.csv`);
      // Rows 1 and 2 rename their records; record 3 is not in the sheet.
      writeFileSync(file, `Serial Number,Name\n${tag}-1,${tag} desk 1\n${tag}-2,${tag} desk 2\n`);
      const report = join(env.dir, `${tag}.report.csv`);
      const child = spawnCli([
        'sync',
        file,
        '-r',
        'asset',
        '--key',
        'serial_number',
        '--scope',
        `manufacturer=${tag}`,
        '--max-missing',
        '1',
        '--concurrency',
        '1',
        '--report',
        report,
        ...env.sb.args,
      ]);
      let stdout = '';
      child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
      const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));

      await until(async () => (await env.sb.records('asset')).some((a) => a.name === `${tag} desk 1`));
      child.kill(signal);
      const code = await exited;

      expect({
        code,
        lines: readReport(report).map((r) => [r['#status'], r['Serial Number']]),
      }).toEqual({
        code: 3,
        lines: [
          ['updated', `${tag}-1`],
          ['not sent', `${tag}-2`],
          ['missing', `${tag}-3`],
        ],
      });
      expect(stdout).toContain('1 missing');
      expect(stdout).toContain('the 1 row not sent is sent then');
    },
    60_000,
  );
});
