// A worksheet read in a worker thread (xlsx-worker.ts): unzipping, XML scanning and cell
// decoding there, the checks of the rows here, each on its own core. Used for workbooks
// large enough that the worker's start is paid back.
import type { RawSheet } from '../source.js';
import type { WarningSink } from '../problems.js';
import { batchedRows, rowsFromWorker, workerAvailable } from './rows-thread.js';

/** What the worker needs to open the same sheet: it opens the file itself. */
export interface XlsxInit {
  readonly file: string;
  readonly size: number;
  readonly maxInflatedBytes: number;
  readonly maxCellText: number;
  /** The sheet chosen here (chooseSheet), by its name. */
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

export function xlsxSheetInWorker(init: XlsxInit, warnings: WarningSink): RawSheet {
  const { rows, take } = batchedRows(
    rowsFromWorker(WORKER_URL, init, warnings, init.file, { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB }),
  );
  return { format: 'xlsx', sheet: init.sheet, rows, take, rowGapsAreBlank: true, warnings };
}
