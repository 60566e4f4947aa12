// The existing-record check costs the cheaper of one full list (a request a page) or one
// filtered call per row: every request counts against the account's limit.
import { describe, expect, it, beforeAll } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { importSpreadsheet } from '../../src/run/import.js';
import { useSandbox } from './cli.js';

const env = useSandbox();

beforeAll(async () => {
  // 60 more assets: the list spans 3 pages of 25.
  for (let i = 0; i < 60; i++) {
    await fetch(`${env.sb.sb.url}/api/v2/asset`, {
      method: 'POST',
      headers: { authorization: `Bearer ${env.sb.sb.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ company: 1, name: `Filler ${i}`, serial_number: `FILL-${i}` }),
    });
  }
});

const sheet = (rows: number, name: string) => {
  const file = join(env.dir, `${name}.csv`);
  writeFileSync(
    file,
    ['Name,Serial number', ...Array.from({ length: rows }, (_, i) => `Row ${i},${name}-${i}`)].join('\n'),
  );
  return file;
};

describe('existing-record check plan', () => {
  it.each([
    { rows: 1, strategy: 'filtered calls', why: 'one row: 1 filtered call beats 3 pages' },
    { rows: 40, strategy: 'full list', why: '40 rows: 3 pages beat 40 filtered calls' },
  ])('$why', async ({ rows, strategy }) => {
    const file = sheet(rows, `plan${rows}`);
    const s = await importSpreadsheet({
      file,
      resource: 'asset',
      dryRun: true,
      connection: {
        sandbox: false,
        baseUrl: env.sb.sb.url,
        token: env.sb.sb.token,
        company: 1,
        rateLimit: 0,
        allowInsecureHttp: false,
      },
      reportPath: `${file}.report.csv`,
    });
    expect(s.plan.existingCheck?.strategy).toBe(strategy);
    // Requests: the probe page, then either the other pages or one call per row.
    expect(s.requests).toBe(strategy === 'full list' ? 3 : 1 + rows);
    expect(s.counts.valid).toBe(rows);
  });
});
