// The main thread's side of a sheet read in a worker thread (csv-worker.ts, xlsx-worker.ts):
// the rows come in batches and are handed on one by one, with the worker's warnings applied
// before the batch that needs them; the batches taken give the worker credit for as many more
// (CREDITS in flight at most).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  MessageChannel,
  receiveMessageOnPort,
  Worker,
  type MessagePort,
  type ResourceLimits,
} from 'node:worker_threads';
import { AssetbatchError, type ErrorCode, type Location } from '../../errors.js';
import type { TextEncodingName } from '../detect.js';
import type { RawRow } from '../header.js';
import type { ReadWarning } from '../types.js';
import { unpackRows, type PackedRows } from './row-batch.js';

/** What a read reports besides its rows: warnings once or counted, and (text) the encoding. */
export interface RowEvents {
  add(w: ReadWarning): void;
  note(key: string, make: () => ReadWarning): void;
  encoding?(e: TextEncodingName, why: string): void;
}

export type WorkerOp =
  | { readonly op: 'add'; readonly w: ReadWarning }
  | { readonly op: 'note'; readonly key: string; readonly w: ReadWarning }
  | { readonly op: 'more'; readonly key: string; readonly n: number; readonly w: ReadWarning }
  | { readonly op: 'encoding'; readonly encoding: TextEncodingName; readonly why: string };

export interface WorkerBatch {
  /** Flat (row-batch.ts), made into rows when taken. */
  readonly rows: PackedRows;
  readonly ops: WorkerOp[];
  readonly done?: boolean;
  readonly error?: { code: ErrorCode; message: string; location?: Location; hint?: string };
}

/**
 * Rows a message carries: enough that posting costs little a row, few enough that a batch
 * is taken before its rows are promoted to the main thread's old space (which then grows
 * with garbage between full collections: ~100 MB with 1,024-row batches, ~40 MB with these).
 * Many small batches in flight (CREDITS) cost less than a few large ones: peak RSS of a
 * 200,000-row workbook 267 MB with 64 × 128 rows in flight.
 */
export const BATCH_ROWS = 128;

/**
 * Batches the worker may have in flight (8,192 rows, a few MB, whatever the file's size):
 * enough that it keeps reading while this thread starts the connection or checks the rows
 * a dry run read ahead (plan.ts); fewer left it waiting, more cost memory for no speed.
 * The rows travel as cloned arrays (row-batch.ts), cheaper for both threads than a JSON
 * buffer a batch. Figures in bench/results.md, "Reader figures".
 */
const CREDITS = 64;

/**
 * Credit goes back this many batches at a time (in shared memory: rows-worker.ts,
 * awaitCredit), so that a worker waiting for credit is woken once for 16 batches.
 */
const CREDIT_STEP = 16;

/**
 * Batches the worker may read at the start beyond CREDITS, so that the `rows` the caller
 * takes before it checks any (a dry run's look-ahead) are all in flight at once: a whole
 * number of credit steps, none for a look-ahead CREDITS holds.
 */
function advanceFor(rows: number | undefined): number {
  const batches = Math.ceil((rows ?? 0) / BATCH_ROWS);
  return Math.max(0, Math.ceil((batches - CREDITS) / CREDIT_STEP) * CREDIT_STEP);
}

/** A worker runs compiled code: from the TypeScript sources (tests), the read stays in this thread. */
export function workerAvailable(url: URL): boolean {
  return existsSync(fileURLToPath(url));
}

/**
 * Rows that come in batches, taken one by one: through `rows`, or, while the batch at hand
 * lasts, through `take` without a promise (the checking loop asks for a million of them).
 */
export function batchedRows<T>(batches: AsyncGenerator<T[]>): {
  rows: AsyncGenerator<T>;
  take: () => T | undefined;
} {
  let batch: T[] = [];
  let i = 0;
  async function* rows(): AsyncGenerator<T> {
    try {
      for (;;) {
        while (i < batch.length) yield batch[i++];
        const next = await batches.next();
        if (next.done) return;
        batch = next.value;
        i = 0;
      }
    } finally {
      await batches.return(undefined);
    }
  }
  return { rows: rows(), take: () => (i < batch.length ? batch[i++] : undefined) };
}

function apply(ops: readonly WorkerOp[], events: RowEvents): void {
  for (const o of ops) {
    if (o.op === 'add') events.add(o.w);
    else if (o.op === 'note') events.note(o.key, () => o.w);
    else if (o.op === 'more') for (let i = 0; i < o.n; i++) events.note(o.key, () => o.w);
    else events.encoding?.(o.encoding, o.why);
  }
}

/** What a worker is started with: its reader's own data, the port its batches go to, and the counts both threads keep. */
export interface WorkerStart<T> {
  readonly init: T;
  readonly rows: MessagePort;
  /** An Int32Array's memory: [SENT] batches the worker has sent, [CREDIT] batches it may send, both from the start. */
  readonly counts: SharedArrayBuffer;
}

export const SENT = 0;
export const CREDIT = 1;

/** Atomics.waitAsync (Node 16+), which TypeScript's ES2023 library does not declare. */
type WaitAsync = (
  a: Int32Array,
  index: number,
  value: number,
) => { async: false; value: string } | { async: true; value: Promise<string> };
const waitAsync = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync;

/**
 * Batches stay in the port, as the worker wrote them, until taken: a listener would have
 * each made into objects of this thread as it came, and the batches read ahead would then
 * live through its young-generation collections (copied each time, then promoted).
 */
function batchInbox(
  rows: MessagePort,
  counts: Int32Array,
  stopped: Promise<void>,
): () => Promise<WorkerBatch | undefined> {
  let ended = false;
  void stopped.then(() => (ended = true));
  return async () => {
    for (;;) {
      const seen = Atomics.load(counts, SENT);
      const got = receiveMessageOnPort(rows);
      if (got) return got.message as WorkerBatch;
      if (ended) return undefined;
      const wait = waitAsync(counts, SENT, seen);
      if (wait.async) await Promise.race([wait.value, stopped]);
    }
  };
}

/** A reading thread started, before its rows are asked for. */
export interface StartedWorker {
  readonly worker: Worker;
  /** This thread's end of the channel the batches come through. */
  readonly port: MessagePort;
  readonly counts: Int32Array;
  /** Credit given at the start beyond CREDITS (readAhead): not given back as its batches are taken. */
  readonly advance: number;
  /** Settled when the worker has exited or failed. */
  readonly stopped: Promise<void>;
  /** Why it failed, if it did. */
  failure(): Error | undefined;
}

/**
 * The read in a worker thread (`url`, given `data`), started now. `limits`: its V8 heap
 * sizes, where the reader has a reason. `readAhead`: rows the caller takes before it checks
 * any, which the worker may read at once rather than CREDITS batches at a time: it then
 * reads them while this thread makes the mapping, instead of waiting for credit.
 */
export function startWorker(
  url: URL,
  data: unknown,
  opts: { limits?: ResourceLimits; readAhead?: number } = {},
): StartedWorker {
  const { port1, port2 } = new MessageChannel();
  const counts = new Int32Array(new SharedArrayBuffer(8));
  const advance = advanceFor(opts.readAhead);
  counts[CREDIT] = CREDITS + advance;
  const start: WorkerStart<unknown> = { init: data, rows: port2, counts: counts.buffer as SharedArrayBuffer };
  const worker = new Worker(url, {
    workerData: start,
    transferList: [port2],
    resourceLimits: opts.limits,
  });
  // Listened for at once: a worker that fails before its rows are asked for must not be an unhandled 'error'.
  let failure: Error | undefined;
  const stopped = new Promise<void>((resolve) => {
    worker.on('error', (e) => {
      failure = e;
      resolve();
    });
    worker.on('exit', () => resolve());
  });
  return { worker, port: port1, counts, advance, stopped, failure: () => failure };
}

/** The read in a worker thread (`url`, given `data`), started when its first batch is asked for. */
export async function* rowsFromWorker(
  url: URL,
  data: unknown,
  events: RowEvents,
  file: string,
): AsyncGenerator<RawRow[]> {
  yield* rowsOfWorker(startWorker(url, data), events, file);
}

/** A started read's batches of rows as they come, then its error, if any; the worker ends with them. */
export async function* rowsOfWorker(
  started: StartedWorker,
  events: RowEvents,
  file: string,
): AsyncGenerator<RawRow[]> {
  const { worker, port, counts } = started;
  const next = batchInbox(port, counts, started.stopped);
  let taken = 0;
  // The advance is spent once: after it, CREDITS batches in flight at most, as usual.
  let withheld = started.advance;
  try {
    for (;;) {
      const batch = await next();
      if (!batch) {
        const failure = started.failure();
        throw new AssetbatchError(
          'E_FILE_CORRUPT',
          `could not be read: the reading thread stopped${failure ? ` (${failure.message})` : ''}`,
          { location: { file }, cause: failure },
        );
      }
      apply(batch.ops, events);
      // The worker never runs dry for want of credit: it holds at least CREDITS - CREDIT_STEP.
      if (!batch.done && !batch.error && ++taken % CREDIT_STEP === 0) {
        if (withheld > 0) withheld -= CREDIT_STEP;
        else {
          Atomics.add(counts, CREDIT, CREDIT_STEP);
          Atomics.notify(counts, CREDIT);
        }
      }
      // Rows read before an error are rows like any other: they come first.
      if (batch.rows.nums.length > 0) yield unpackRows(batch.rows);
      if (batch.error)
        throw new AssetbatchError(batch.error.code, batch.error.message, {
          location: batch.error.location,
          hint: batch.error.hint,
        });
      if (batch.done) return;
    }
  } finally {
    port.close();
    await worker.terminate();
  }
}
