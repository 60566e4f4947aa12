// A worksheet read in a worker thread (see xlsx-thread.ts): the same reader as in the main
// thread (xlsx.ts), its rows and warnings sent on by rows-worker.ts.
import { open, type FileHandle } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { readError, WarningSink } from '../problems.js';
import { workerStart } from './rows-worker.js';
import type { RowEvents } from './rows-thread.js';
import type { ReadWarning } from '../types.js';
import type { XlsxInit, XlsxSheetChoice } from './xlsx-thread.js';
import { openWorkbook, openXlsxSheet } from '../xlsx/xlsx.js';

/** The reader's warnings, passed on to the main thread's sink as they come. */
class ForwardingSink extends WarningSink {
  constructor(private readonly events: RowEvents) {
    super([]);
  }
  override add(w: ReadWarning): void {
    this.events.add(w);
  }
  override note(key: string, make: () => ReadWarning): void {
    this.events.note(key, make);
  }
}

void readInWorker();

/** The sheet the main thread chose, once it has (it opens the workbook as this thread does). */
function sheetChosen(): Promise<string> {
  return new Promise((resolve) => parentPort!.once('message', (m: XlsxSheetChoice) => resolve(m.sheet)));
}

// The worker's whole work, started as the module loads; a failure is sent to the main thread.
async function readInWorker(): Promise<void> {
  const { init, sender } = workerStart<XlsxInit>(workerData);
  const chosen = sheetChosen();
  let fh: FileHandle | undefined;
  try {
    const where = { file: init.file };
    fh = await open(init.file, 'r');
    const wb = await openWorkbook(fh, init.file, init.size, where, init.maxInflatedBytes);
    const name = await chosen;
    const sheet = wb.sheets.find((s) => s.name === name);
    if (!sheet)
      throw readError('E_FILE_CORRUPT', where, `changed while it was read: the sheet "${name}" is gone`);
    const raw = await openXlsxSheet({
      file: init.file,
      wb,
      sheet,
      warnings: new ForwardingSink(sender.events),
      maxCellText: init.maxCellText,
    });
    await fh.close();
    fh = undefined;
    for await (const row of raw.rows) await sender.push(row);
    await sender.end();
  } catch (err) {
    await fh?.close().catch(() => undefined);
    await sender.fail(err, init.file);
  }
}
