// A register large enough to be read in a worker thread and in one pass (a dry run): the
// built CLI checks every row once, and stops cleanly (no hang, no stack trace) when a
// problem only shows far past the look-ahead.
import { appendFileSync, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeRegisterCsv } from '../../bench/lib/asset-csv.js';
import { writeRegisterXlsx } from '../../bench/lib/asset-xlsx.js';
import { readReport, runCli, tempDir, useSandbox } from './cli.js';

// Past the plan's look-ahead (20,000 rows), and over the 4 MiB that reads a CSV in a
// worker thread with rows made wide by their notes rather than by their number.
const ROWS = 21_000;
const WIDE = { invalidEvery: 0, serialPrefix: 'SN-LARGE-', notesLength: 150 } as const;
const env = useSandbox();
const dir = tempDir('ab-large-');
const clean = join(dir, 'register.csv');
const mixed = join(dir, 'register-mixed.csv');

beforeAll(async () => {
  await writeRegisterCsv(clean, ROWS, WIDE);
  await writeRegisterCsv(mixed, ROWS, WIDE);
  // Far past the look-ahead, a date that can only be month-first.
  appendFileSync(mixed, 'Laptop odd one,SN-LARGE-ODD,Hardware,Laptop,USA,$999.00,12/31/2023,In Use,\n');
});

describe('a dry run of a large register', () => {
  it('is big enough to be parsed in a worker thread', () => {
    expect(statSync(clean).size).toBeGreaterThan(4 * 1024 ** 2);
  });

  it('checks every row once and reports each', async () => {
    const report = join(dir, 'clean.report.csv');
    const r = await runCli([
      'validate',
      clean,
      '--resource',
      'asset',
      ...env.sb.args,
      '--report',
      report,
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(summary.counts.valid).toBe(ROWS);
    expect(summary.plan).toMatchObject({ counted: false, rows: 20_000 });
    const rows = readReport(report);
    expect(rows).toHaveLength(ROWS);
    expect(rows.map((x) => Number(x['#row']))).toEqual(Array.from({ length: ROWS }, (_, i) => i + 2));
    const writes = Object.entries((await env.sb.stats()).requests as Record<string, number>).filter(
      ([k]) => !k.startsWith('GET '),
    );
    expect(writes).toEqual([]);
  });

  it('stops, naming the rows, when a date column turns out to mix orders past the look-ahead', async () => {
    const report = join(dir, 'mixed.report.csv');
    const r = await runCli(['validate', mixed, '--resource', 'asset', ...env.sb.args, '--report', report], {
      timeoutMs: 60_000,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      new RegExp(
        `column "Purchase Date" mixes day-first dates \\(row \\d+\\) and month-first dates \\(row ${ROWS + 2}\\)`,
      ),
    );
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('row problems on stderr', () => {
  // 2,500 rows, every 10th invalid: 250 rows with problems. A terminal listing them all
  // helps nobody; the first 100 are listed and the rest counted, pointing at the report.
  const file = join(dir, 'many-invalid.csv');
  beforeAll(() => writeRegisterCsv(file, 2_500, { invalidEvery: 10, serialPrefix: 'SN-MANY-' }));

  it('lists the first 100 rows with problems, then says how many more the report has', async () => {
    const report = join(dir, 'many-invalid.report.csv');
    const r = await runCli(['validate', file, '--resource', 'asset', ...env.sb.args, '--report', report]);
    expect(r.code).toBe(1);
    const invalid = readReport(report)
      .filter((x) => x['#status'] === 'invalid')
      .map((x) => Number(x['#row']));
    expect(invalid).toHaveLength(250);
    const listed = [...new Set([...r.stderr.matchAll(/^row (\d+): /gm)].map((m) => Number(m[1])))];
    expect(listed).toEqual(invalid.slice(0, 100));
    expect(r.stderr).toContain(
      `… and 150 more rows with problems, not listed here; every row is in the report (${report})`,
    );
  });

  it('lists nothing with --quiet', async () => {
    const r = await runCli([
      'validate',
      file,
      '--resource',
      'asset',
      ...env.sb.args,
      '--report',
      join(dir, 'quiet.report.csv'),
      '--quiet',
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(/^row \d+: |more rows with problems/m);
  });
});

describe('a large workbook, read in a worker thread started before the sheet is chosen', () => {
  const book = join(dir, 'register.xlsx');
  beforeAll(() => writeRegisterXlsx(book, 10_000), 60_000);

  it('is big enough to be read in a worker thread', () => {
    expect(statSync(book).size).toBeGreaterThan(512 * 1024);
  });

  it.each([
    { sheet: 'Register', code: 1, stderr: /\(sheet "Register"\) as assets: 10000 rows/, reported: 10_000 },
    {
      sheet: 'Nope',
      code: 2,
      stderr: /sheet "Nope" not found; the workbook has: "Register" \(1\)/,
      reported: 0,
    },
    { sheet: '2', code: 2, stderr: /the workbook has: "Register" \(1\)/, reported: 0 },
  ])('--sheet $sheet: exit $code, and the run ends by itself', async ({ sheet, code, stderr, reported }) => {
    const report = join(dir, `sheet-${sheet}.report.csv`);
    const started = Date.now();
    const r = await runCli(
      ['validate', book, '--resource', 'asset', '--sheet', sheet, ...env.sb.args, '--report', report],
      {
        timeoutMs: 30_000,
      },
    );
    expect(Date.now() - started, 'ended by itself, not killed').toBeLessThan(29_000);
    expect(r.code, r.stderr).toBe(code);
    expect(r.stderr).toMatch(stderr);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(report) ? readReport(report).length : 0).toBe(reported);
  });
});
