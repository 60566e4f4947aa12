// `assetbatch status` after a run ends: a finished run says finished with the report's
// counts (no "left", no "run again"); a stopped run's counts are the report's too (rows
// never sent are "not sent", not failed); a workbook's status is its sheets'. And the
// progress line names what the run does ("updating" during an update).
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runStatus } from '../../src/run/status.js';
import { ROOT, onTerminal, readReport, runCli, spawnCli, tempDir, useSandbox, journalDone } from './cli.js';
import type { Json } from '../json.js';

const env = useSandbox({ latencyMs: 5 });

/** The report's rows by status, as `status` must count them (statuses no row has: 0). */
function reportCounts(report: string): Record<string, number> {
  const counts: Record<string, number> = {
    created: 0,
    updated: 0,
    skipped: 0,
    invalid: 0,
    failed: 0,
    valid: 0,
    'not sent': 0,
  };
  for (const r of readReport(report)) counts[r['#status']]++;
  return counts;
}
const nonZero = (c: Record<string, number>) => Object.fromEntries(Object.entries(c).filter(([, n]) => n > 0));

/** What `status FILE --json` prints, through the library in-process (the text is the CLI's, below). */
async function statusJson(file: string): Promise<Record<string, Json>> {
  return JSON.parse(JSON.stringify(await runStatus(file))) as Record<string, Json>;
}

describe('status of a run that ended', () => {
  it('a finished update says finished, with the counts of its report', async () => {
    const input = join(env.dir, 'owners.csv');
    // One phone changed, one the same as the record's (the seed's), one owner that does not exist.
    writeFileSync(
      input,
      'Name,Phone\nBob Smith,+1 555 0100\nAlice Johnson,+1 373-555-1895\nNobody Here,+1 555 0000\n',
    );
    const res = await runCli(['update', input, '-r', 'asset-owner', ...env.sb.args]);
    expect(res.code).toBe(1);
    const report = `${input}.report.csv`;
    const expected = reportCounts(report);
    expect(expected).toMatchObject({ updated: 1, skipped: 1, failed: 1 });
    const s = await statusJson(input);
    expect(s).toMatchObject({ state: 'finished', alive: false, left: 0 });
    expect(nonZero(s.outcome)).toEqual(nonZero(expected));
    const text = (await runCli(['status', input])).stdout;
    expect(text).toMatch(/^Update of .*owners\.csv \(asset-owners\): finished/);
    expect(text).toContain('Rows: 0 created, 1 updated, 1 skipped, 0 invalid, 1 failed (of 3).');
    expect(text).not.toMatch(/left|resume|stopped/);
  });

  it('a finished import with a totals row and a note below the table: "of" counts them, as its report does', async () => {
    const input = join(env.dir, 'with-notes.csv');
    writeFileSync(
      input,
      'Name,Serial Number,Purchase Cost\nDell Latitude 5440,SN-ST1,1200.00\nHP EliteBook 840,SN-ST2,948.50\n' +
        'Total,,2148.50\nExported from Lansweeper on 30/11/2026 by j.doe\n',
    );
    const res = await runCli(['import', input, '-r', 'asset', ...env.sb.args]);
    expect(res.code, res.stderr).toBe(0);
    expect(reportCounts(`${input}.report.csv`)).toMatchObject({ created: 2, skipped: 2 });
    const text = (await runCli(['status', input])).stdout;
    expect(text).toContain('Rows: 2 created, 0 updated, 2 skipped, 0 invalid, 0 failed (of 4).');
  });

  it('a run stopped with Ctrl-C: its counts are the report\'s, rows never sent are "not sent", and it says how to resume', async () => {
    const input = join(env.dir, 'stopped.csv');
    const n = 40;
    writeFileSync(
      input,
      ['Name,Serial Number', ...Array.from({ length: n }, (_, i) => `Desk S ${i},STOP-${i}`)].join('\n') +
        '\n',
    );
    // 20 requests in a window of 1 s (told to the run, as ASSETBATCH_RATE_WINDOW, instead of
    // the service's minute): a burst of 4, then a row every 50 ms, long enough to stop
    // part-way (the 19 rows left take a second). A cache of its own: no pace remembered from
    // another run.
    const child = spawnCli(
      [
        'import',
        input,
        '-r',
        'asset',
        '--concurrency',
        '2',
        '--base-url',
        env.sb.sb.url,
        '--token',
        env.sb.sb.token,
        '--rate-limit',
        '20',
      ],
      { env: { ASSETBATCH_RATE_WINDOW: '1', XDG_CACHE_HOME: tempDir('ab-cache-') } },
    );
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // Stopped once 21 rows are done (the journal says so): past the window's room, mid-pace.
    const journal = `${input}.report.journal.ndjson`;
    const done = () => journalDone(journal);
    for (const deadline = Date.now() + 30_000; done() < 21 && Date.now() < deadline;)
      await new Promise((r) => setTimeout(r, 10));
    expect(done(), 'rows done before the stop').toBeGreaterThanOrEqual(21);
    child.kill('SIGINT');
    expect(await exited).toBe(3);
    const expected = reportCounts(`${input}.report.csv`);
    expect(expected['not sent']).toBeGreaterThan(0);
    const s = await statusJson(input);
    expect(s).toMatchObject({ state: 'stopped', left: expected['not sent'] });
    expect(nonZero(s.outcome)).toEqual(nonZero(expected));
    expect(s.counts).toMatchObject({ created: expected.created, failed: expected.failed, inFlight: 0 });
    const text = (await runCli(['status', input])).stdout;
    expect(text).toMatch(/: stopped: interrupted/);
    expect(text).toContain(`${expected['not sent']} not sent`);
    expect(text).toContain('Run the same import command again to resume.');
  }, 60_000);
});

describe('status of a run stopped while it made its plan', () => {
  it('says stopped, nothing sent, every record not sent, the lines below the table skipped, and how to resume', async () => {
    // One request a minute: the plan's first read (the existing-record check) goes at once, its
    // second (the categories, read once the records are known) waits for the window, and
    // Ctrl-C comes during that wait.
    const input = join(env.dir, 'stopped-in-plan.csv');
    writeFileSync(
      input,
      'Name,Serial Number,Category\nDesk P 1,PLAN-1,Laptops\nDesk P 2,PLAN-2,Laptops\nDesk P 3,PLAN-3,Laptops\n' +
        'Total,3,\n,,\nExported from Legacy Assets on 2026-11-30,,\n',
    );
    const fresh = { XDG_CACHE_HOME: tempDir('ab-cache-') };
    const child = spawnCli(['import', input, '-r', 'asset', ...env.sb.args, '--rate-limit', '1'], {
      env: fresh,
    });
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // Ctrl-C once the records were listed: the category list is then waiting for its turn.
    const assetReads = async () =>
      ((await (await env.sb.sb.admin('/__sandbox/stats')).json()) as { requests: Record<string, number> })
        .requests['GET /api/v2/asset/'] ?? 0;
    const before = await assetReads();
    while ((await assetReads()) === before) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 500));
    child.kill('SIGINT');
    expect(await exited, stderr).toBe(3);
    expect(stderr).not.toContain('Plan:');
    // The totals row and the export's note are not records: skipped, as a finished run says.
    expect(nonZero(reportCounts(`${input}.report.csv`))).toEqual({ skipped: 2, 'not sent': 3 });
    const s = await statusJson(input);
    expect(s).toMatchObject({ state: 'stopped', left: 3, runs: 0, resource: 'asset' });
    expect(nonZero(s.outcome)).toEqual({ skipped: 2, 'not sent': 3 });
    const text = (await runCli(['status', input])).stdout;
    expect(text).toMatch(/^Import of .*stopped-in-plan\.csv \(assets\): stopped: interrupted/);
    expect(text).toContain('Rows: 0 created, 0 updated, 2 skipped, 0 invalid, 0 failed, 3 not sent (of 5).');
    expect(text).toContain('(none: stopped before anything was sent)');
    expect(text).toContain('Run the same import command again to resume.');
  }, 60_000);
});

describe('status of a workbook', () => {
  it("`assetbatch status related-workbook.xlsx` (as the plan suggests) gives each sheet's run, finished, with its report's counts", async () => {
    const workbook = join(env.dir, 'related-workbook.xlsx');
    copyFileSync(join(ROOT, 'samples/related-workbook.xlsx'), workbook);
    const res = await runCli(['import', workbook, ...env.sb.args]);
    expect(res.stderr).toContain(`assetbatch status ${workbook}`);
    const sheets = (await statusJson(workbook)).sheets as Record<string, Json>[];
    expect(sheets.map((s) => [s.sheet, s.resource, s.state])).toEqual([
      ['Customers', 'customer', 'finished'],
      ['Contracts', 'contract', 'finished'],
      ['Assets', 'asset', 'finished'],
    ]);
    for (const s of sheets)
      expect(nonZero(s.outcome)).toEqual(nonZero(reportCounts(`${workbook}.${s.sheet}.report.csv`)));
    const text = (await runCli(['status', workbook])).stdout;
    expect(text).toMatch(/^Sheet "Customers":\nImport of .*related-workbook\.xlsx \(customers\): finished/);
    expect(text).toContain('Sheet "Assets":');
  });
});

describe('the progress line names the work', () => {
  it.each([
    { command: 'update', label: 'updating' },
    { command: 'import', label: 'importing' },
  ])('$command: "$label"', async ({ command, label }) => {
    const input = join(env.dir, `${command}-progress.csv`);
    writeFileSync(
      input,
      'Name,Serial number,Floor\n' +
        Array.from({ length: 3 }, (_, i) => `Desk P ${i},SN-EXIST-000${i + 1},${command}`).join('\n') +
        '\n',
    );
    const extra = command === 'import' ? ['--allow-duplicates', '--on-existing', 'update'] : [];
    const out = await onTerminal([command, input, '-r', 'asset', ...extra, ...env.sb.args]);
    expect(out).toContain(`\r${label} `);
    expect(out).not.toContain(`\r${label === 'updating' ? 'importing' : 'updating'} `);
  });
});
