// What a CSV parse is given and what it reports besides rows, in a module of their own: the
// parse (csv.ts), the worker (csv-worker.ts) and the thread that runs it (csv-thread.ts)
// all use them, and csv-thread.ts need not import the parser it runs elsewhere.
import type { TextEncodingName } from '../detect.js';
import type { RowEvents } from '../worker/rows-thread.js';

/** What the parse reports besides rows: warnings (noted once per kind) and an encoding switch. */
export type ParseEvents = Required<RowEvents>;

/** What a parse needs, in a form a worker thread can be given. */
export interface ParseInit {
  readonly file: string;
  readonly encoding: TextEncodingName;
  readonly delimiter: string;
  /** Cells padded after the delimiter (`a, b`); see Dialect. */
  readonly padded?: boolean;
  /** Cells a well-formed record has, from the sample (0: unknown); lets a runaway quote be repaired. */
  readonly width?: number;
  /** Bytes per read (tests make it small, to meet an error with records still buffered). */
  readonly readBytes?: number;
}
