// A workbook read in a worker thread (large workbooks: src/read/worker/xlsx-worker.ts) must read
// exactly as in this thread: rows, row numbers, cells (dates included), warnings, and the
// error a damaged or refused file stops with, at the same row. The worker runs compiled
// code, so this test reads through dist/ (built by `pretest`).
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSheet } from '../../dist/read/index.js';
import { xlsxWorkerAvailable } from '../../dist/read/worker/xlsx-thread.js';

const FIXTURES = resolve('test/fixtures');
const files = [
  ...[
    'samples/legacy-asset-register.xlsx',
    'samples/related-workbook.xlsx',
    'samples/contracts-finance.xlsx',
  ].map((f) => resolve(f)),
  ...['libreoffice', 'xlsx-cells', 'bad'].flatMap((d) =>
    readdirSync(join(FIXTURES, d))
      .filter((f) => f.endsWith('.xlsx'))
      .map((f) => join(FIXTURES, d, f)),
  ),
];

/** Everything a read gives, or the error it stops with (after the rows it gave). */
async function readAll(file: string, worker: boolean, sheet?: string | number): Promise<unknown> {
  const rows: unknown[] = [];
  try {
    const s = await openSheet(file, { worker, sheet });
    for await (const r of s.rows) rows.push(r);
    return {
      headers: s.headers,
      headerRow: s.headerRow,
      sheet: s.sheet,
      rows,
      stats: s.stats,
      warnings: s.warnings,
    };
  } catch (e) {
    const err = e as { code?: string; message?: string; location?: unknown };
    return { rows, error: { code: err.code, message: err.message, location: err.location } };
  }
}

describe('a workbook read in a worker thread', () => {
  it('is available from the built package', () => {
    expect(xlsxWorkerAvailable()).toBe(true);
    expect(files.length).toBeGreaterThanOrEqual(10);
  });

  it.each(files)('%s reads as in this thread', async (file) => {
    const here = await readAll(file, false);
    const there = await readAll(file, true);
    expect(there).toEqual(here);
  });

  // The worker starts before this thread has chosen the sheet, and is told which when it has.
  const related = resolve('samples/related-workbook.xlsx');
  it.each([
    { choice: 'Contracts', what: 'a sheet by name' },
    { choice: 3, what: 'a sheet by number' },
    { choice: 'Nope', what: 'a name the workbook lacks' },
    { choice: 9, what: 'a number past its tabs' },
  ])('$what ($choice) reads, or is refused, as in this thread', async ({ choice }) => {
    const here = await readAll(related, false, choice);
    const there = await readAll(related, true, choice);
    expect(there).toEqual(here);
  });
});
