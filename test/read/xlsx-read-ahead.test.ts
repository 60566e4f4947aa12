// A dry run takes its look-ahead (thousands of rows) before it checks any, while it makes
// the mapping: a workbook's reading thread told so (ReadOptions.readAhead) reads all of it
// at once instead of waiting for credit, then goes back to its usual few batches in flight
// (memory stays bounded), and its rows are the rows a read in this thread gives. The worker
// runs compiled code, so this test reads through dist/ (built by `pretest`).
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeRegisterXlsx } from '../../bench/lib/asset-xlsx.js';
import { openSheet } from '../../dist/read/index.js';
import { BATCH_ROWS, CREDIT, rowsOfWorker, SENT, startWorker } from '../../dist/read/worker/rows-thread.js';
import type { XlsxInit } from '../../dist/read/worker/xlsx-thread.js';

const WORKER = new URL('../../dist/read/worker/xlsx-worker.js', import.meta.url);
const ROWS = 12_000;
const book = join(mkdtempSync(join(tmpdir(), 'ab-read-ahead-')), 'register.xlsx');
beforeAll(() => writeRegisterXlsx(book, ROWS), 60_000);

const noEvents = { add: () => undefined, note: () => undefined };

/** Wait until the worker has sent every batch it has credit for: it is then waiting for more. */
async function creditSpent(counts: Int32Array): Promise<number> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const sent = Atomics.load(counts, SENT);
    if (sent === Atomics.load(counts, CREDIT)) return sent;
    if (Date.now() > deadline)
      throw new Error(`the worker sent ${sent} batches and stopped short of its credit`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * The sheet read by a worker given `readAhead`: the batches it sends before any is taken,
 * the most in flight once as many were taken as it read beyond `usual` (the count with no
 * look-ahead), and the rows.
 */
async function readInWorker(readAhead: number | undefined, usual = 0) {
  const init: XlsxInit = {
    file: book,
    size: statSync(book).size,
    maxInflatedBytes: 2 ** 30,
    maxCellText: 2 ** 30,
  };
  const started = startWorker(WORKER, init, { readAhead });
  started.worker.postMessage({ sheet: 'Register' });
  const before = await creditSpent(started.counts);
  let taken = 0;
  let inFlightAfter = 0;
  const rows: unknown[] = [];
  for await (const batch of rowsOfWorker(started, noEvents, book)) {
    taken++;
    if (taken > before - usual)
      inFlightAfter = Math.max(inFlightAfter, Atomics.load(started.counts, SENT) - taken);
    rows.push(...batch);
  }
  return { before, inFlightAfter, rows };
}

describe('a workbook read ahead in its thread', () => {
  it('is more rows than the reading thread holds in flight', async () => {
    const usual = await readInWorker(undefined);
    expect(ROWS).toBeGreaterThan(usual.before * BATCH_ROWS);
  });

  it.each([5_000, 10_000])(
    'a look-ahead of %i rows is read before any row is taken, then no more than usual is in flight',
    async (ahead) => {
      const usual = await readInWorker(undefined);
      const read = await readInWorker(ahead, usual.before);
      expect(read.before * BATCH_ROWS).toBeGreaterThanOrEqual(Math.max(ahead, usual.before * BATCH_ROWS));
      expect(read.before * BATCH_ROWS).toBeLessThan(ahead + 16 * BATCH_ROWS + usual.before * BATCH_ROWS);
      expect(read.inFlightAfter).toBeLessThanOrEqual(usual.before);
      expect(read.rows).toEqual(usual.rows);
    },
    60_000,
  );

  it('reads the same sheet, rows and warnings as a read in this thread', async () => {
    const all = async (opts: { worker: boolean; readAhead?: number }) => {
      const s = await openSheet(book, opts);
      const rows = [];
      for await (const r of s.rows) rows.push(r);
      return { headers: s.headers, headerRow: s.headerRow, rows, stats: s.stats, warnings: s.warnings };
    };
    expect(await all({ worker: true, readAhead: 20_000 })).toEqual(await all({ worker: false }));
  }, 60_000);
});
