// A worksheet read in a worker thread (xlsx-worker.ts): unzipping, XML scanning and cell
// decoding there, the checks of the rows here, each on its own core. Used for workbooks
// large enough that the worker's start is paid back. The worker starts before this thread
// has chosen the sheet: it loads its modules and opens the workbook meanwhile, and is then
// told which sheet to read.
import type { RawSheet } from '../source.js';
import type { WarningSink } from '../problems.js';
import {
  batchedRows,
  rowsOfWorker,
  startWorker,
  workerAvailable,
  type StartedWorker,
} from './rows-thread.js';

/** What the worker needs to open the workbook: it opens the file itself. */
export interface XlsxInit {
  readonly file: string;
  readonly size: number;
  readonly maxInflatedBytes: number;
  readonly maxCellText: number;
}

/** The message that tells the worker which sheet to read: the one chosen here (chooseSheet), by its name. */
export interface XlsxSheetChoice {
  readonly sheet: string;
}

const WORKER_URL = new URL('./xlsx-worker.js', import.meta.url);

/**
 * The reading thread's young generation, at most (the Worker's resourceLimits): what it
 * holds young is the batch being built and the chunk being scanned, yet by default its new
 * space grows with the length of the read. Capped, the thread's heap is the same size
 * whatever the file's length, for the same CPU time (bench/results.md, "Reader figures").
 */
const YOUNG_GENERATION_MB = 12;

export function xlsxWorkerAvailable(): boolean {
  return workerAvailable(WORKER_URL);
}

/** A reading thread started on a workbook, waiting to be told its sheet. */
export interface XlsxWorker {
  /** The sheet's rows, read there. */
  read(sheet: string, warnings: WarningSink): RawSheet;
  /** The thread ended, its sheet never read (the workbook was refused here). */
  cancel(): Promise<void>;
}

/** `readAhead`: rows the caller takes before it checks any (ReadOptions.readAhead). */
export function startXlsxWorker(init: XlsxInit, readAhead?: number): XlsxWorker {
  const started: StartedWorker = startWorker(WORKER_URL, init, {
    limits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    readAhead,
  });
  return {
    read(sheet, warnings) {
      started.worker.postMessage({ sheet } satisfies XlsxSheetChoice);
      const { rows, take } = batchedRows(rowsOfWorker(started, warnings, init.file));
      return { format: 'xlsx', sheet, rows, take, rowGapsAreBlank: true, warnings };
    },
    async cancel() {
      started.port.close();
      await started.worker.terminate();
    },
  };
}
