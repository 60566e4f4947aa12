// Exactly once under faults: a large import through a sandbox that throttles, fails,
// resets connections and loses answers after committing writes. Every valid row must
// be in the service exactly once, and the report must agree with the service's records.
import { afterEach, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiClient } from '../../src/api/client.js';
import { importSpreadsheet } from '../../src/run/import.js';
import { readReport, tempDir, testSandbox, type ReportRow, type TestSandbox } from './cli.js';
import { connectionOf } from './library.js';

function register(rows: number, prefix: string): string {
  const lines = ['Name,Serial No.,Category,Sub Cat,Country,Purchase Cost ($),Purchase Date'];
  for (let i = 1; i <= rows; i++) {
    // Every 97th row is invalid on purpose: it must be reported, never sent.
    const cost = i % 97 === 0 ? '(12.00)' : `$${(1000 + i).toLocaleString('en-US')}.50`;
    lines.push(
      `Laptop ${i},${prefix}-${String(i).padStart(5, '0')},Hardware,Laptop,${i % 2 ? 'USA' : 'Germany'},"${cost}",2023-0${(i % 9) + 1}-15`,
    );
  }
  const file = join(tempDir(), `${prefix}.csv`);
  writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

/**
 * Report rows that disagree with the service, each with its status and reason: a created row
 * whose id is not its serial's record, a failed row for any reason but six faulted tries or
 * whose serial is in the service, any other status but invalid.
 */
function unexpectedRows(reported: ReportRow[], idBySerial: Map<unknown, unknown>): string[] {
  const says = (r: ReportRow) =>
    `row ${r['#row']} ${r['Serial No.']}: ${r['#status']} ${r['#id']} ${r['#message']} (service: ${String(idBySerial.get(r['Serial No.']) ?? 'none')})`;
  return reported
    .filter((r) => {
      if (r['#status'] === 'created') return Number(r['#id']) !== idBySerial.get(r['Serial No.']);
      if (r['#status'] === 'failed')
        return !/tried 6 times/.test(r['#message']) || idBySerial.has(r['Serial No.']);
      return r['#status'] !== 'invalid';
    })
    .map(says);
}

let sb: TestSandbox | undefined;
afterEach(async () => {
  await sb?.close();
  sb = undefined;
});

const mixes = [
  // 400 rows: each kind of fault comes several times (checked below; 429s at 1 %, which
  // cost 20 ms each); more rows cost time that grows faster than the rows (each lost answer
  // is looked for among the records made).
  {
    name: 'every fault kind, seed 1',
    rows: 400,
    faults: '429=0.01,500=0.03,503=0.02,reset=0.02,lost=0.05',
    seed: 1,
  },
  { name: 'lost answers only, seed 7', rows: 200, faults: 'lost=0.2', seed: 7 },
  { name: 'resets and 500s, seed 42', rows: 200, faults: '500=0.1,reset=0.1', seed: 42 },
  // One row at a time, the same faults always meet the same requests: here row 124's six
  // POSTs all meet one (the case above did so once in 80 runs, by the timing of its 8).
  {
    name: 'resets and 500s, one row at a time, seed 18',
    rows: 200,
    faults: '500=0.1,reset=0.1',
    seed: 18,
    concurrency: 1,
    exhausted: ['row 124 FLT18-00123'],
  },
];

describe('exactly once under faults', () => {
  it.each(mixes)(
    '$name: $rows rows, each valid row once or failed with its reason, report = service',
    async ({ rows, faults, seed, concurrency = 8, exhausted: expected }) => {
      // A 429 fault asks for 20 ms, not a second: the pause is honoured all the same.
      sb = await testSandbox({ faults, faultSeed: seed, seed: 'default', faultRetryAfter: 0.02 });
      const prefix = `FLT${seed}`;
      const file = register(rows, prefix);
      const client = new ApiClient({
        baseUrl: sb.sb.url,
        token: sb.sb.token,
        rateLimit: 0,
        backoffMs: 2,
        maxRetries: 10,
      });
      const report = `${file}.report.csv`;
      // Node's warnings would reach the user's terminal: retries beside the writes must not raise one.
      const warnings: string[] = [];
      const onWarning = (w: Error) => warnings.push(w.name);
      process.on('warning', onWarning);
      const summary = await importSpreadsheet({
        file,
        resource: 'asset',
        connection: connectionOf(sb),
        connectionOverride: { client, baseUrl: sb.sb.url, sandbox: false, close: () => client.close() },
        reportPath: report,
        concurrency,
        lookupCacheDir: join(tempDir(), 'cache'),
      });
      await client.close();
      process.off('warning', onWarning);
      expect(warnings).toEqual([]);

      // Which rows went wrong, and why, before the counts: a count alone names no row.
      const assets = (await sb.records('asset')).filter((a) => String(a.serial_number).startsWith(prefix));
      const idBySerial = new Map(assets.map((a) => [a.serial_number, a.id]));
      const reported = readReport(report);
      expect(reported).toHaveLength(rows);
      expect(unexpectedRows(reported, idBySerial), 'rows not as the service has them').toEqual([]);

      // A POST met by a 500 or a reset may have been done: the writer looks for its record and
      // sends it again, 6 tries in all (the client's maxRetries is for reads and PUTs). With 20 %
      // of requests faulted, a row meets a fault on all 6 at 0.2^6 = 6.4e-5, over 198 rows
      // about 1 run in 80; which requests meet one goes by their order of arrival, so by timing.
      // Such a row is failed with its reason and is not in the service: accounted for.
      const failed = reported.filter((r) => r['#status'] === 'failed');
      if (expected) expect(failed.map((r) => `row ${r['#row']} ${r['Serial No.']}`)).toEqual(expected);
      const exhausted = failed.length;
      expect(
        exhausted,
        'rows whose 6 tries all met a fault (2 in a run: about 1 in 10,000)',
      ).toBeLessThanOrEqual(1);
      const invalid = Math.floor(rows / 97);
      expect(summary.stopped).toBeUndefined();
      expect(summary.counts.invalid).toBe(invalid);
      expect(summary.counts.created).toBe(rows - invalid - exhausted);
      expect(summary.counts.failed).toBe(exhausted);

      const serials = assets.map((a) => a.serial_number);
      expect(new Set(serials).size).toBe(serials.length);
      expect(serials.length).toBe(rows - invalid - exhausted);
      const stats = await sb.stats();
      // Every kind of fault in the mix really happened.
      const kinds = faults.split(',').map((f) => f.split('=')[0]);
      expect(
        kinds.filter((k) => !((stats.faults as Record<string, number>)[k] > 0)),
        'fault kinds that never came',
      ).toEqual([]);
      if (faults.includes('lost')) expect(summary.recovered).toBeGreaterThan(0);
    },
    180_000,
  );
});
