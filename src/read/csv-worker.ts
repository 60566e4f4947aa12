// The CSV parse in a worker thread (large files), its rows sent on by rows-worker.ts.
import { parentPort, workerData } from 'node:worker_threads';
import { parseTextBatches, type ParseInit } from './csv.js';
import { rowSender } from './rows-worker.js';

const init = workerData as ParseInit;
const sender = rowSender(parentPort!);
try {
  for await (const batch of parseTextBatches(init, sender.events)) {
    for (const r of batch) await sender.push(r);
  }
  await sender.end();
} catch (err) {
  await sender.fail(err, init.file);
}
