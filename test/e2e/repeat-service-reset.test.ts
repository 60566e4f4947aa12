// A repeat against a service that lost the records earlier runs made (a sandbox started afresh
// on the same address, a record deleted by someone else) does not skip their rows as "already
// created": the repeat reads the newest remembered record by id (one request); gone, the
// records the memory holds are checked against the service, and the rows whose record is gone
// are created again, each saying so. A third run skips them all again. What a person sees:
// the plan's warning, the summary, each row's note, the exit code, the requests. The built
// CLI, over HTTP, against a sandbox stopped and started again on the same port.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readReport, runCli, ROOT, tempDir, testSandbox, type TestSandbox } from './cli.js';

/** The summary's requests: "57 requests, 2s, …". */
const requests = (out: string): number => Number(/(\d+) requests?,/.exec(out)?.[1]);

const GONE = /^record \d+ made \d{4}-\d\d-\d\d \d\d:\d\d UTC is gone from the service; created again$/;

/** A sandbox on `port` (0: a free one), its data in `state` when given. */
const sandboxOn = (port: number, state?: string): Promise<TestSandbox> =>
  testSandbox({ port, ...(state ? { stateFile: state } : {}) });

const portOf = (sb: TestSandbox): number => Number(new URL(sb.sb.url).port);

describe('a repeat against a service that lost the records', () => {
  it('creates again the rows of a register whose sandbox was started afresh, and a third run skips them', async () => {
    const dir = tempDir();
    copyFileSync(join(ROOT, 'samples/legacy-asset-register.xlsx'), join(dir, 'reg.xlsx'));
    const env = { XDG_STATE_HOME: join(dir, 'state'), XDG_CACHE_HOME: join(dir, 'cache') };
    let sb = await sandboxOn(0);
    const port = portOf(sb);
    const run = (...more: string[]) =>
      runCli(['import', 'reg.xlsx', '-r', 'asset', ...more, ...sb.args], { cwd: dir, env });
    try {
      const first = await run();
      expect(first.stdout).toContain(
        'Done: 41 rows — 34 created, 0 updated, 1 skipped, 6 invalid, 0 failed.',
      );
      // An ordinary repeat: the newest record read by id (1) and the asset list (2 pages).
      const again = await run();
      expect(again.stdout).toContain(
        'Done: 41 rows — 0 created, 0 updated, 35 skipped, 6 invalid, 0 failed.',
      );
      expect(requests(again.stdout)).toBe(3);
      expect(again.stderr).not.toContain('no longer has');

      await sb.close();
      sb = await sandboxOn(port);
      // A dry run says the run's rows as the run will: 34 to create again.
      const dry = await run('--dry-run');
      expect(dry.stderr).toMatch(
        /warning: the service no longer has record \d+, made by the run of .*reg\.xlsx on .* UTC: the records this run's memory holds are checked against the service \(2 requests, the resource's list\): all 34 are gone, and their rows are created again/,
      );
      expect(dry.stdout).toContain('Checked: 41 rows — 34 valid, 6 invalid, 1 skipped.');
      expect(dry.code).toBe(1);
      const wouldRows = readReport(join(dir, 'reg.xlsx.check.csv')).filter((r) => r['#status'] === 'valid');
      expect(wouldRows).toHaveLength(34);
      expect(wouldRows.map((r) => r['#message'])).toEqual(
        wouldRows.map(() => expect.stringMatching(/is gone from the service; would be created again$/)),
      );

      // The run: the check (the newest by id, then the list's one page), the list again, 34 writes.
      const reset = await run();
      expect(reset.stderr).toContain('all 34 are gone, and their rows are created again');
      expect(reset.stderr).not.toContain('Resuming');
      expect(reset.stdout).toContain(
        'Done: 41 rows — 34 created, 0 updated, 1 skipped, 6 invalid, 0 failed.',
      );
      expect(reset.code).toBe(1);
      expect(requests(reset.stdout)).toBe(2 + 1 + 34);
      const created = readReport(join(dir, 'reg.xlsx.report.csv')).filter((r) => r['#status'] === 'created');
      expect(created).toHaveLength(34);
      for (const r of created) expect(r['#message']).toMatch(GONE);
      expect(await sb.records('asset')).toEqual(
        expect.arrayContaining(created.map((r) => expect.objectContaining({ id: Number(r['#id']) }))),
      );

      // The memory and the journal hold the new ids: the next repeat skips every row, as before.
      const third = await run();
      expect(third.stderr).not.toContain('no longer has');
      expect(third.stdout).toContain(
        'Done: 41 rows — 0 created, 0 updated, 35 skipped, 6 invalid, 0 failed.',
      );
      expect(requests(third.stdout)).toBe(3);
    } finally {
      await sb.close();
    }
  });

  it('creates again only the row whose record someone deleted, from a copy of the file under another name', async () => {
    const dir = tempDir();
    const state = join(dir, 'sandbox.json');
    const sheet = [
      'Name,Serial number,Category',
      ...[1, 2, 3, 4, 5].map((i) => `Laptop ${i},SN-${i},Hardware`),
    ];
    writeFileSync(join(dir, 'a.csv'), sheet.join('\n') + '\n');
    const env = { XDG_STATE_HOME: join(dir, 'state'), XDG_CACHE_HOME: join(dir, 'cache') };
    let sb = await sandboxOn(0, state);
    const port = portOf(sb);
    const run = (file: string) => runCli(['import', file, '-r', 'asset', ...sb.args], { cwd: dir, env });
    try {
      const first = await run('a.csv');
      expect(first.stdout).toContain('Done: 5 rows — 5 created, 0 updated, 0 skipped, 0 invalid, 0 failed.');
      const ids = readReport(join(dir, 'a.csv.report.csv')).map((r) => Number(r['#id']));
      await sb.close();
      // Someone deleted the newest of them (SN-5) while the service was down.
      const saved = JSON.parse(readFileSync(state, 'utf8')) as { records: Record<string, { id: number }[]> };
      saved.records.asset = saved.records.asset.filter((r) => r.id !== ids[4]);
      writeFileSync(state, JSON.stringify(saved));
      sb = await sandboxOn(port, state);

      // Another file's run: the memory, not a journal, says the rows were made.
      copyFileSync(join(dir, 'a.csv'), join(dir, 'b.csv'));
      const again = await run('b.csv');
      expect(again.stderr).toMatch(
        new RegExp(
          `warning: the service no longer has record ${ids[4]}, made by the run of .*a\\.csv on .* UTC: the records this run's memory holds are checked against the service \\(2 requests, the resource's list\\): 1 of 5 are gone, and their rows are created again`,
        ),
      );
      expect(again.stdout).toContain('Done: 5 rows — 1 created, 0 updated, 4 skipped, 0 invalid, 0 failed.');
      expect(again.code).toBe(0);
      const rows = readReport(join(dir, 'b.csv.report.csv'));
      expect(rows.map((r) => r['#status'])).toEqual(['skipped', 'skipped', 'skipped', 'skipped', 'created']);
      expect(rows[4]['#message']).toMatch(GONE);
      expect(rows[4]['#message']).toContain(`record ${ids[4]} made`);
      expect(rows[0]['#message']).toContain(`already created by an earlier import of ${join(dir, 'a.csv')}`);
      expect((await sb.records('asset')).filter((r) => r.serial_number === 'SN-5')).toHaveLength(1);

      // The first file again: its journal's row for SN-5 is gone too, the memory has the new record.
      const third = await run('a.csv');
      expect(third.stdout).toContain('Done: 5 rows — 0 created, 0 updated, 5 skipped, 0 invalid, 0 failed.');
      expect(third.stderr).not.toContain('no longer has');
      expect(requests(third.stdout)).toBe(1);
    } finally {
      await sb.close();
    }
  });

  it('creates again the customers of a sample whose sandbox was started afresh', async () => {
    const dir = tempDir();
    copyFileSync(join(ROOT, 'samples/customers.csv'), join(dir, 'c.csv'));
    const env = { XDG_STATE_HOME: join(dir, 'state'), XDG_CACHE_HOME: join(dir, 'cache') };
    let sb = await sandboxOn(0);
    const port = portOf(sb);
    const run = () => runCli(['import', 'c.csv', '-r', 'customer', ...sb.args], { cwd: dir, env });
    try {
      const first = await run();
      expect(first.stdout).toContain(
        'Done: 20 rows — 18 created, 0 updated, 1 skipped, 1 invalid, 0 failed.',
      );
      await sb.close();
      sb = await sandboxOn(port);
      const reset = await run();
      expect(reset.stderr).toContain('all 18 are gone, and their rows are created again');
      expect(reset.stdout).toContain(
        'Done: 20 rows — 18 created, 0 updated, 1 skipped, 1 invalid, 0 failed.',
      );
      expect(reset.code).toBe(1);
      const created = readReport(join(dir, 'c.csv.report.csv')).filter((r) => r['#status'] === 'created');
      for (const r of created) expect(r['#message']).toMatch(GONE);
      const third = await run();
      expect(third.stdout).toContain(
        'Done: 20 rows — 0 created, 0 updated, 19 skipped, 1 invalid, 0 failed.',
      );
      expect(third.stderr).not.toContain('no longer has');
    } finally {
      await sb.close();
    }
  });
});
