// The CSV parse in a worker thread (large files): rows go to the main thread in batches,
// with the warnings met on the way, and only as fast as it takes them (credits), so a
// file far larger than memory streams through with a few batches in flight.
import { parentPort, workerData } from 'node:worker_threads';
import { isAssetbatchError } from '../errors.js';
import { parseTextBatches, type ParseInit } from './csv.js';
import type { RawRow } from './header.js';
import type { ReadWarning } from './types.js';
import type { WorkerBatch, WorkerOp } from './csv-thread.js';

/**
 * Rows a message carries: enough that posting costs little a row, few enough that rows
 * waiting on the main thread are not promoted to its old space (which then grows with
 * garbage between full collections: ~100 MB with 1,024-row batches, ~40 MB with these).
 */
const BATCH_ROWS = 128;

const port = parentPort!;
let credits = 0;
let wake: (() => void) | undefined;
port.on('message', (n: number) => {
  credits += n;
  wake?.();
  wake = undefined;
});

let ops: WorkerOp[] = [];
const noted = new Map<string, ReadWarning>();
// Later notes of a kind are only counted; the main thread's sink adds them to the first.
const more = new Map<string, number>();

async function send(batch: WorkerBatch): Promise<void> {
  while (credits <= 0) await new Promise<void>((r) => (wake = r));
  credits--;
  for (const [key, n] of more) ops.push({ op: 'more', key, n, w: noted.get(key)! });
  more.clear();
  port.postMessage({ ...batch, ops });
  ops = [];
}

let rows: RawRow[] = [];
try {
  for await (const batch of parseTextBatches(workerData as ParseInit, {
    add: (w) => ops.push({ op: 'add', w }),
    note: (key, make) => {
      if (noted.has(key)) more.set(key, (more.get(key) ?? 0) + 1);
      else {
        const w = make();
        noted.set(key, w);
        ops.push({ op: 'note', key, w });
      }
    },
    encoding: (e, why) => ops.push({ op: 'encoding', encoding: e, why }),
  })) {
    for (const r of batch) {
      rows.push(r);
      if (rows.length >= BATCH_ROWS) {
        await send({ rows, ops: [] });
        rows = [];
      }
    }
  }
  await send({ rows, ops: [], done: true });
} catch (err) {
  const e = isAssetbatchError(err)
    ? { code: err.code, message: err.message, location: err.location, hint: err.hint }
    : { code: 'E_FILE_CORRUPT' as const, message: `could not be read: ${(err as Error)?.message ?? String(err)}`, location: { file: (workerData as ParseInit).file } };
  await send({ rows, ops: [], error: e });
}
