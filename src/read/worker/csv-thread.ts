// The main thread's side of a CSV parse run in a worker (csv-worker.ts), through rows-thread.ts.
import type { ParseEvents, ParseInit } from '../csv/csv-init.js';
import type { RawRow } from '../header.js';
import { rowsFromWorker, workerAvailable as compiled } from './rows-thread.js';

export { batchedRows } from './rows-thread.js';

const WORKER_URL = new URL('./csv-worker.js', import.meta.url);

export function workerAvailable(): boolean {
  return compiled(WORKER_URL);
}

/** The parse in a worker thread: its batches of rows as they come, then its error, if any. */
export function parseInWorkerBatches(init: ParseInit, events: ParseEvents): AsyncGenerator<RawRow[]> {
  return rowsFromWorker(WORKER_URL, init, events, init.file);
}
