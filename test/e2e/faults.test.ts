// Exactly once under faults: a large import through a sandbox that throttles, fails,
// resets connections and loses answers after committing writes. Every valid row must
// be in the service exactly once, and the report must agree with the service's records.
import { afterEach, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiClient } from '../../src/api/client.js';
import { importSpreadsheet } from '../../src/run/import.js';
import { readReport, tempDir, testSandbox, type TestSandbox } from './cli.js';
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
];

describe('exactly once under faults', () => {
  it.each(mixes)(
    '$name: $rows rows, each valid row present once, report = service',
    async ({ rows, faults, seed }) => {
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
        concurrency: 8,
        lookupCacheDir: join(tempDir(), 'cache'),
      });
      await client.close();
      process.off('warning', onWarning);
      expect(warnings).toEqual([]);

      const invalid = Math.floor(rows / 97);
      expect(summary.stopped).toBeUndefined();
      expect(summary.counts.invalid).toBe(invalid);
      expect(summary.counts.created).toBe(rows - invalid);
      expect(summary.counts.failed).toBe(0);

      const assets = (await sb.records('asset')).filter((a) => String(a.serial_number).startsWith(prefix));
      const serials = assets.map((a) => a.serial_number);
      expect(new Set(serials).size).toBe(serials.length);
      expect(serials.length).toBe(rows - invalid);

      const idBySerial = new Map(assets.map((a) => [a.serial_number, a.id]));
      const reported = readReport(report);
      expect(reported).toHaveLength(rows);
      for (const r of reported) {
        if (r['#status'] === 'created') expect(Number(r['#id'])).toBe(idBySerial.get(r['Serial No.']));
        else expect(r['#status']).toBe('invalid');
      }
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
