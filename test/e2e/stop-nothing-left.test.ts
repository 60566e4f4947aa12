// Ctrl-C or SIGTERM that comes once every row was sent leaves nothing to resume: the run
// ends as it would have ("Done: …", exit 0), not "Stopped … run the same command again to
// resume". The signal lands while the last row's answer is on its way back: the sandbox
// commits a write before it waits out its latency, so the record is there, and the run
// still waiting, when the test sees it. The built CLI against a sandbox over HTTP. A
// workbook's sheet is another matter: its later sheets are left, so the workbook stops there.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { exitCodeOf, printSummary } from '../../src/cli/summary-text.js';
import { importWorkbook } from '../../src/index.js';
import { readReport, ROOT, spawnCli, useSandbox } from './cli.js';
import { connectionOf } from './library.js';

/** Waits until `found`, polling. */
async function until(found: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await found())) {
    if (Date.now() > deadline) throw new Error('the row was never sent');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('a stop after the last row was sent ends the run as done', () => {
  // Under the client's grace after a stop (1.2 s, when requests in flight are cut), so the
  // answer comes in time; long enough for the test to see the record before it does.
  const env = useSandbox({ latencyMs: 900 });

  it.each([{ signal: 'SIGINT' as const }, { signal: 'SIGTERM' as const }])(
    '$signal while the last answer is awaited: "Done", exit 0, no resume advice',
    async ({ signal }) => {
      const serial = `LAST-${signal}`;
      const file = join(env.dir, `${signal}.csv`);
      writeFileSync(file, `Name,Serial Number\nDesk ${signal},${serial}\n`);
      const report = join(env.dir, `${signal}.report.csv`);
      const child = spawnCli(['import', file, '-r', 'asset', '--report', report, ...env.sb.args]);
      const out = { stdout: '', stderr: '' };
      child.stdout?.on('data', (d: Buffer) => (out.stdout += d.toString()));
      child.stderr?.on('data', (d: Buffer) => (out.stderr += d.toString()));
      const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));

      await until(async () => (await env.sb.records('asset')).some((a) => a.serial_number === serial));
      child.kill(signal);
      const code = await exited;

      // The signal was heard while the run went on (the handler's line), and the run ended as done.
      expect(out.stderr).toContain('Stopping: requests in flight finish');
      expect({ code, summary: out.stdout.split('\n')[0] }).toEqual({
        code: 0,
        summary: 'Done: 1 row — 1 created, 0 updated, 0 skipped, 0 invalid, 0 failed.',
      });
      expect(out.stdout).not.toMatch(/Stopped|resume/);
      expect(readReport(report).map((r) => r['#status'])).toEqual(['created']);
    },
    60_000,
  );
});

describe("a stop after a workbook's sheet was all sent stops the workbook before its next sheet", () => {
  const env = useSandbox();

  it('Ctrl-C as the last customer row is reported: Customers stopped (exit 3, resume advice), no other sheet run', async () => {
    const controller = new AbortController();
    let rows = 0;
    let seen = 0;
    const result = await importWorkbook({
      file: join(ROOT, 'samples/related-workbook.xlsx'),
      connection: connectionOf(env.sb),
      reportBase: join(env.dir, 'wb'),
      concurrency: 1,
      signal: controller.signal,
      onPlan: (plan) => void (rows = plan.rows),
      // Each outcome is reported after its write: the last one means nothing of this sheet is left.
      onRow: () => void (++seen === rows && controller.abort()),
    });
    let printed = '';
    const out = new Writable({ write: (c, _e, done) => void ((printed += String(c)), done()) });
    for (const s of result.sheets) printSummary(s, out);
    expect({
      sheets: result.sheets.map((s) => `${s.sheet}: ${s.counts.created} created`),
      code: Math.max(...result.sheets.map(exitCodeOf)),
      last: printed.trimEnd().split('\n').at(-1),
    }).toEqual({
      sheets: ['Customers: 3 created'],
      code: 3,
      last: 'Stopped: interrupted (run the same command again to resume)',
    });
  }, 60_000);
});
