// The main thread's side of a CSV parse run in a worker (csv-worker.ts): the rows come in
// batches and are handed on one by one, with the worker's warnings applied before the
// batch that needs them; each batch taken gives the worker credit for one more.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AssetbatchError, type ErrorCode, type Location } from '../errors.js';
import type { ParseEvents, ParseInit } from './csv-init.js';
import type { TextEncodingName } from './detect.js';
import type { RawRow } from './header.js';
import type { ReadWarning } from './types.js';

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
 * Batches the worker may have in flight: enough to keep both threads busy (the reading
 * thread sends a chunk's rows in a burst, then parses the next chunk), no more (see BATCH_ROWS).
 */
const CREDITS = 4;

const WORKER_URL = new URL('./csv-worker.js', import.meta.url);

/** The worker runs compiled code: from the TypeScript sources (tests), the parse stays here. */
export function workerAvailable(): boolean {
  return existsSync(fileURLToPath(WORKER_URL));
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

/** The parse in a worker thread: its batches of rows as they come, then its error, if any. */
export async function* parseInWorkerBatches(init: ParseInit, events: ParseEvents): AsyncGenerator<RawRow[]> {
  const worker = new Worker(WORKER_URL, { workerData: init });
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
  try {
    for (;;) {
      while (inbox.length === 0 && !failure && !exited) await new Promise<void>((r) => (wake = r));
      const batch = inbox.shift();
      if (!batch) {
        throw new AssetbatchError('E_FILE_CORRUPT', `could not be read: the reading thread stopped${failure ? ` (${failure.message})` : ''}`, { location: { file: init.file }, cause: failure });
      }
      for (const o of batch.ops) {
        if (o.op === 'add') events.add(o.w);
        else if (o.op === 'note') events.note(o.key, () => o.w);
        else if (o.op === 'more') for (let i = 0; i < o.n; i++) events.note(o.key, () => o.w);
        else events.encoding(o.encoding, o.why);
      }
      if (!batch.done && !batch.error) worker.postMessage(1);
      // Rows read before an error are rows like any other: they come first.
      if (batch.rows.length > 0) yield batch.rows;
      if (batch.error) throw new AssetbatchError(batch.error.code, batch.error.message, { location: batch.error.location, hint: batch.error.hint });
      if (batch.done) return;
    }
  } finally {
    await worker.terminate();
  }
}
