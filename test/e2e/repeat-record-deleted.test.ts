// A repeat that reads the resource's list anyway (the sheet gained a row, so the existing-record
// check lists the records before the writes) compares every record earlier runs made with that
// list: one someone deleted while newer ones remain is noticed, and its row created again, at
// no request of its own. What a person sees: the plan's warning, the summary, the row's note,
// the requests beside a repeat without the deletion. The built CLI, over HTTP, against a
// sandbox whose saved state is edited while it is down, as a colleague's delete would leave it.
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readReport, runCli, tempDir, testSandbox, type CliResult } from './cli.js';

/** The summary's requests: "57 requests, 2s, …". */
const requests = (out: string): number => Number(/(\d+) requests?,/.exec(out)?.[1]);

const SHEET = ['Name,Serial number,Category', ...[1, 2, 3, 4, 5].map((i) => `Laptop ${i},SN-${i},Hardware`)];

interface Repeat {
  readonly ids: number[];
  readonly dir: string;
  readonly run: (...more: string[]) => Promise<CliResult>;
  readonly records: () => Promise<Record<string, unknown>[]>;
  readonly close: () => Promise<void>;
}

/**
 * a.csv's five laptops imported; the sandbox stopped, SN-2's record deleted from its state
 * when `deleted`; started again on the same port; a.csv given a sixth laptop.
 */
async function repeatWithNewRow(deleted: boolean): Promise<Repeat> {
  const dir = tempDir();
  const state = join(dir, 'sandbox.json');
  writeFileSync(join(dir, 'a.csv'), SHEET.join('\n') + '\n');
  const env = { XDG_STATE_HOME: join(dir, 'state'), XDG_CACHE_HOME: join(dir, 'cache') };
  let sb = await testSandbox({ port: 0, stateFile: state });
  const port = Number(new URL(sb.sb.url).port);
  const run = (...more: string[]) =>
    runCli(['import', 'a.csv', '-r', 'asset', ...more, ...sb.args], { cwd: dir, env });
  const first = await run();
  expect(first.stdout).toContain('Done: 5 rows — 5 created, 0 updated, 0 skipped, 0 invalid, 0 failed.');
  const ids = readReport(join(dir, 'a.csv.report.csv')).map((r) => Number(r['#id']));
  await sb.close();
  if (deleted) {
    const saved = JSON.parse(readFileSync(state, 'utf8')) as { records: Record<string, { id: number }[]> };
    saved.records.asset = saved.records.asset.filter((r) => r.id !== ids[1]);
    writeFileSync(state, JSON.stringify(saved));
  }
  sb = await testSandbox({ port, stateFile: state });
  appendFileSync(join(dir, 'a.csv'), 'Laptop 6,SN-6,Hardware\n');
  return { ids, dir, run, records: () => sb.records('asset'), close: () => sb.close() };
}

describe('a repeat that reads the list, a record deleted while newer ones remain', () => {
  it('creates again the row whose record is not in the list, at the requests of a repeat without the deletion', async () => {
    const plain = await repeatWithNewRow(false);
    const plainAgain = await plain.run();
    await plain.close();
    expect(plainAgain.stdout).toContain(
      'Done: 6 rows — 1 created, 0 updated, 5 skipped, 0 invalid, 0 failed.',
    );
    expect(plainAgain.stderr).not.toContain('no longer has');

    const r = await repeatWithNewRow(true);
    try {
      const { ids } = r;
      // A dry run says the same and forgets nothing: the run finds the record gone again.
      const dry = await r.run('--dry-run');
      expect(dry.stderr).toContain(`the service no longer has record ${ids[1]}`);
      expect(dry.stdout).toContain('Checked: 6 rows — 2 valid, 0 invalid, 4 skipped.');
      const wouldRows = readReport(join(r.dir, 'a.csv.check.csv'));
      expect(wouldRows[1]['#message']).toMatch(/is gone from the service; would be created again$/);

      const again = await r.run();
      expect(again.stderr).toMatch(
        new RegExp(
          `warning: the service no longer has record ${ids[1]}, made by the run of .*a\\.csv on .* UTC: ` +
            `of the 5 records this run's memory holds, 1 is not in the resource's list this run read ` +
            `\\(no request of its own\\), and its row is created again`,
        ),
      );
      expect(again.stdout).toContain('Done: 6 rows — 2 created, 0 updated, 4 skipped, 0 invalid, 0 failed.');
      expect(again.code).toBe(0);
      const rows = readReport(join(r.dir, 'a.csv.report.csv'));
      expect(rows.map((x) => x['#status'])).toEqual([
        'skipped',
        'created',
        'skipped',
        'skipped',
        'skipped',
        'created',
      ]);
      expect(rows[1]['#message']).toMatch(
        new RegExp(
          `^record ${ids[1]} made \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC is gone from the service; created again$`,
        ),
      );
      expect(rows[5]['#message']).toBe('');
      // The same reads as the repeat without the deletion (the newest record, the list's page): one POST more.
      expect(requests(again.stdout)).toBe(requests(plainAgain.stdout) + 1);
      expect((await r.records()).filter((x) => x.serial_number === 'SN-2')).toHaveLength(1);

      // The memory and the journal hold the new record: the next repeat skips every row, saying nothing.
      const third = await r.run();
      expect(third.stderr).not.toContain('no longer has');
      expect(third.stdout).toContain('Done: 6 rows — 0 created, 0 updated, 6 skipped, 0 invalid, 0 failed.');
    } finally {
      await r.close();
    }
  });
});
