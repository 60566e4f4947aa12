// The arithmetic behind `assetbatch status`: rows a minute over the last minutes of the
// journal's timeline, and the ETA from it. (test/e2e/status.test.ts watches a real run.)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { etaSeconds, rowsPerMinute, runStatus } from '../../src/run/status.js';

const s = (x: number) => x * 1000;
const every = (count: number, startS: number, stepS: number) =>
  Array.from({ length: count }, (_, i) => s(startS + i * stepS));

describe('rowsPerMinute', () => {
  it.each([
    { name: 'no rows finished', finished: [], end: s(60), want: 0 },
    { name: 'one row is no rate', finished: [s(10)], end: s(60), want: 0 },
    { name: 'ten rows over 54 s, asked at the last', finished: every(10, 0, 6), end: s(54), want: 11.1 },
    {
      name: 'the same, asked two minutes later (the run went quiet)',
      finished: every(10, 0, 6),
      end: s(174),
      want: 3.4,
    },
    {
      name: 'rows older than five minutes do not count',
      finished: [...every(10, 0, 1), ...every(10, 400, 1)],
      end: s(410),
      want: 60,
    },
    { name: 'a burst counts over at least six seconds', finished: [0, 100, 200], end: 200, want: 30 },
  ])('$name → $want rows/min', ({ finished, end, want }) => {
    expect(rowsPerMinute(finished, end)).toBe(want);
  });
});

describe('etaSeconds', () => {
  it.each([
    { left: 100, rate: 50, want: 120 },
    { left: 1, rate: 60, want: 1 },
    { left: 0, rate: 60, want: 0 },
    { left: undefined, rate: 50, want: undefined },
    { left: 10, rate: 0, want: undefined },
  ])('$left rows left at $rate/min → $want s', ({ left, rate, want }) => {
    expect(etaSeconds(left, rate)).toBe(want);
  });
});

describe('runStatus of a resumed run', () => {
  it("counts rows left against the latest run's plan (the sheet grew between runs)", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ab-status-'));
    const journal = join(dir, 'grown.csv.report.journal.ndjson');
    const header = (rows: number, started: string) => ({
      t: 'run',
      v: 2,
      file: 'grown.csv',
      resource: 'asset',
      company: 1,
      baseUrl: 'http://x',
      mode: 'import',
      started,
      rows,
    });
    const done = (slot: string, row: number, id: number) => ({
      t: 'done',
      slot,
      row,
      fp: `fp-${slot}`,
      status: 'created',
      id,
      at: '2026-11-25T10:00:01.000Z',
    });
    writeFileSync(
      journal,
      [
        header(3, '2026-11-25T10:00:00.000Z'),
        done('a', 2, 1),
        header(5, '2026-11-25T11:00:00.000Z'),
        done('b', 3, 2),
      ]
        .map((l) => JSON.stringify(l))
        .join('\n') + '\n',
    );
    const s = await runStatus(journal);
    expect(s).toMatchObject({ rows: 5, left: 3, runs: 2, alive: false, counts: { created: 2 } });
    rmSync(dir, { recursive: true, force: true });
  });

  it('does not count a row an older journal had done, said again with its cells, as one finished', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ab-status-'));
    const journal = join(dir, 'again.csv.report.journal.ndjson');
    const run = (started: string) => ({
      t: 'run',
      v: 2,
      file: 'again.csv',
      resource: 'asset',
      company: 1,
      baseUrl: 'http://x',
      mode: 'create',
      started,
      rows: 1,
    });
    const done = (at: string, cells?: string) => ({
      t: 'done',
      slot: '1.2',
      row: 2,
      fp: 'fp',
      status: 'created',
      id: 7,
      cells,
      at,
    });
    writeFileSync(
      journal,
      [
        run('2026-11-25T10:57:59.000Z'),
        done('2026-11-25T10:58:00.000Z'),
        run('2026-11-25T11:00:00.000Z'),
        done('2026-11-25T11:00:00.100Z', 'c'),
      ]
        .map((l) => JSON.stringify(l))
        .join('\n') + '\n',
    );
    const s = await runStatus(journal, Date.parse('2026-11-25T11:00:01.000Z'));
    // One row, finished once: no pace to tell (counted twice, it would be 1 row a minute).
    expect(s).toMatchObject({ runs: 2, left: 0, counts: { created: 1 }, rowsPerMinute: 0 });
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('runStatus of a run stopped by Ctrl-C', () => {
  const header = {
    t: 'run',
    v: 2,
    file: 'desk.csv',
    resource: 'asset',
    company: 1,
    baseUrl: 'http://x',
    mode: 'create',
    started: '2026-11-25T10:00:00.000Z',
    rows: 60,
  };
  const at = (second: number) => new Date(Date.UTC(2026, 10, 25, 10, 0, second)).toISOString();
  const done = (row: number, second: number) => ({
    t: 'done',
    slot: `1.${row}`,
    row,
    fp: `fp-${row}`,
    status: 'created',
    id: row,
    at: at(second),
  });
  const unsent = (row: number, second: number) => ({
    t: 'failed',
    slot: `1.${row}`,
    row,
    fp: `fp-${row}`,
    message: 'not sent: interrupted',
    at: at(second),
  });
  it.each([
    {
      name: 'stopped before any row was written: rate 0 (not 40 rows/min), no last error',
      lines: [unsent(2, 10), unsent(3, 10), unsent(4, 10), unsent(5, 10)],
      want: 0,
    },
    {
      name: 'ten rows in 54 s, then two not sent: the rate of the ten, no last error',
      lines: [...Array.from({ length: 10 }, (_, i) => done(i + 2, i * 6)), unsent(12, 54), unsent(13, 54)],
      want: 11.1,
    },
  ])('$name', async ({ lines, want }) => {
    const dir = mkdtempSync(join(tmpdir(), 'ab-status-'));
    const journal = join(dir, 'desk.csv.report.journal.ndjson');
    writeFileSync(journal, [header, ...lines].map((l) => JSON.stringify(l)).join('\n') + '\n');
    const status = await runStatus(journal);
    expect(status.rowsPerMinute).toBe(want);
    expect(status.lastError).toBeUndefined();
    rmSync(dir, { recursive: true, force: true });
  });
});
