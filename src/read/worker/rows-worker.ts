// A worker thread's side of a sheet read (csv-worker.ts, xlsx-worker.ts): rows go to the
// main thread in batches, with the warnings met on the way, and only as fast as it takes
// them (credits), so a file far larger than memory streams through with a bounded number of
// batches in flight (rows-thread.ts: CREDITS).
import type { MessagePort } from 'node:worker_threads';
import { isAssetbatchError } from '../../errors.js';
import type { RawRow } from '../header.js';
import {
  BATCH_ROWS,
  CREDIT,
  SENT,
  type RowEvents,
  type WorkerBatch,
  type WorkerOp,
  type WorkerStart,
} from './rows-thread.js';
import type { ReadWarning } from '../types.js';
import { packRows } from './row-batch.js';

export interface RowSender {
  /** Warnings for the main thread's sink, in order with the rows. */
  readonly events: Required<RowEvents>;
  push(row: RawRow): Promise<void>;
  /** The last rows, and the end. */
  end(): Promise<void>;
  /** The rows so far, then the error (as the main thread rethrows it). */
  fail(err: unknown, file: string): Promise<void>;
}

/** The reader's own data, and a sender of its rows to the main thread. */
export function workerStart<T>(data: unknown): { init: T; sender: RowSender } {
  const start = data as WorkerStart<T>;
  return { init: start.init, sender: rowSender(start.rows, new Int32Array(start.counts)) };
}

/**
 * Wait, blocking this thread, until the main thread has given credit for more than `used`
 * batches. Credit comes through shared memory, not a message: posting one made the main
 * thread wait for this thread's port whenever the machine was busy (a tenth of its time
 * with two other processes running). Nothing else is this thread's to do meanwhile, and
 * the main thread's worker.terminate() ends the wait.
 */
function awaitCredit(counts: Int32Array, used: number): void {
  for (;;) {
    const credit = Atomics.load(counts, CREDIT);
    if (credit > used) return;
    Atomics.wait(counts, CREDIT, credit);
  }
}

function rowSender(rowsPort: MessagePort, counts: Int32Array): RowSender {
  let used = 0;
  let ops: WorkerOp[] = [];
  let rows: RawRow[] = [];
  const noted = new Map<string, ReadWarning>();
  // Later notes of a kind are only counted; the main thread's sink adds them to the first.
  const more = new Map<string, number>();

  async function send(batch: Omit<WorkerBatch, 'rows' | 'ops'>): Promise<void> {
    awaitCredit(counts, used++);
    for (const [key, n] of more) ops.push({ op: 'more', key, n, w: noted.get(key)! });
    more.clear();
    rowsPort.postMessage({ ...batch, rows: packRows(rows), ops });
    Atomics.add(counts, SENT, 1);
    Atomics.notify(counts, SENT);
    ops = [];
    rows = [];
  }

  const events: Required<RowEvents> = {
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
  };

  return {
    events,
    push: async (row) => {
      rows.push(row);
      if (rows.length >= BATCH_ROWS) await send({});
    },
    end: () => send({ done: true }),
    fail: (err, file) => {
      const error = isAssetbatchError(err)
        ? { code: err.code, message: err.message, location: err.location, hint: err.hint }
        : {
            code: 'E_FILE_CORRUPT' as const,
            message: `could not be read: ${(err as Error)?.message ?? String(err)}`,
            location: { file },
          };
      return send({ error });
    },
  };
}
