// The CSV parse in a worker thread (large files), its rows sent on by rows-worker.ts.
import { workerData } from 'node:worker_threads';
import { parseTextBatches, type ParseInit } from '../csv/csv.js';
import { workerStart } from './rows-worker.js';

void parseInWorker();

// The worker's whole work, started as the module loads; a failure is sent to the main thread.
async function parseInWorker(): Promise<void> {
  const { init, sender } = workerStart<ParseInit>(workerData);
  try {
    for await (const batch of parseTextBatches(init, sender.events)) {
      for (const r of batch) await sender.push(r);
    }
    await sender.end();
  } catch (err) {
    await sender.fail(err, init.file);
  }
}
