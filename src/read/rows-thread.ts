// The main thread's side of a sheet read in a worker thread (csv-worker.ts, xlsx-worker.ts):
// the rows come in batches and are handed on one by one, with the worker's warnings applied
// before the batch that needs them; the batches taken give the worker credit for as many more
// (CREDITS in flight at most).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AssetbatchError, type ErrorCode, type Location } from '../errors.js';
import type { TextEncodingName } from './detect.js';
import type { RawRow } from './header.js';
import type { ReadWarning } from './types.js';

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
  readonly rows: RawRow[];
  readonly ops: WorkerOp[];
  readonly done?: boolean;
  readonly error?: { code: ErrorCode; message: string; location?: Location; hint?: string };
}

/**
 * Batches the worker may have in flight (8,192 rows, a few MB, whatever the file's size):
 * enough that it keeps reading while this thread starts the connection or checks the rows
 * a dry run read ahead (plan.ts), which with 4 batches (512 rows) it spent waiting; twice
 * as many cost a CSV run of 1,000,000 rows 7 MB more and 2% more CPU, for no speed.
 * Batches sent as one JSON buffer each, decoded when taken, cost both threads more CPU
 * than structured clone's copy of the rows (measured: XLSX 50,000 rows +5% CPU, CSV
 * 1,000,000 rows +10%), so the rows travel as objects.
 */
const CREDITS = 64;

/**
 * Credit goes back this many batches at a time: a message costs the sending thread about
 * as much as checking a row (measured: 0.2 ms a message, 780 messages for 100,000 rows).
 */
const CREDIT_STEP = 16;

/** A worker runs compiled code: from the TypeScript sources (tests), the read stays in this thread. */
export function workerAvailable(url: URL): boolean {
  return existsSync(fileURLToPath(url));
}

/**
 * Rows that come in batches, taken one by one: through `rows`, or, while the batch at hand
 * lasts, through `take` without a promise (the checking loop asks for a million of them).
 */
export function batchedRows<T>(batches: AsyncGenerator<T[]>): { rows: AsyncGenerator<T>; take: () => T | undefined } {
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

/** The read in a worker thread (`url`, given `data`): its batches of rows as they come, then its error, if any. */
export async function* rowsFromWorker(url: URL, data: unknown, events: RowEvents, file: string): AsyncGenerator<RawRow[]> {
  const worker = new Worker(url, { workerData: data });
  const inbox: WorkerBatch[] = [];
  let failure: Error | undefined;
  let exited = false;
  let wake: (() => void) | undefined;
  const poke = () => {
    wake?.();
    wake = undefined;
  };
  worker.on('message', (b: WorkerBatch) => {
    inbox.push(b);
    poke();
  });
  worker.on('error', (e) => {
    failure = e;
    poke();
  });
  worker.on('exit', () => {
    exited = true;
    poke();
  });
  worker.postMessage(CREDITS);
  let taken = 0;
  try {
    for (;;) {
      while (inbox.length === 0 && !failure && !exited) await new Promise<void>((r) => (wake = r));
      const batch = inbox.shift();
      if (!batch) {
        throw new AssetbatchError('E_FILE_CORRUPT', `could not be read: the reading thread stopped${failure ? ` (${failure.message})` : ''}`, { location: { file }, cause: failure });
      }
      apply(batch.ops, events);
      // The worker never runs dry for want of credit: it holds at least CREDITS - CREDIT_STEP.
      if (!batch.done && !batch.error && ++taken % CREDIT_STEP === 0) worker.postMessage(CREDIT_STEP);
      // Rows read before an error are rows like any other: they come first.
      if (batch.rows.length > 0) yield batch.rows;
      if (batch.error) throw new AssetbatchError(batch.error.code, batch.error.message, { location: batch.error.location, hint: batch.error.hint });
      if (batch.done) return;
    }
  } finally {
    await worker.terminate();
  }
}
