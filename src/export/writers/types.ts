// The contract between the export loop and a file format: sheets begin, rows arrive in
// order, sheets end, and `finish` completes the output (with the About part where the
// format has one). Writers never end the stream they are given: the caller owns it.
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { CellValue, ExportColumn } from '../flatten.js';

export type ExportFormat = 'csv' | 'xlsx' | 'json' | 'ndjson';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['csv', 'xlsx', 'json', 'ndjson'];

export interface SheetSpec {
  /** Our resource name (supplier, asset-owner …). */
  readonly resource: string;
  /** A human title for the sheet ("Asset owners"). */
  readonly title: string;
  readonly columns: readonly ExportColumn[];
}

export interface AboutSheet {
  readonly resource: string;
  readonly title: string;
  readonly records: number;
  readonly count: number;
  readonly pages: number;
  /** Why the list was left out, when it was. */
  readonly skipped?: string;
}

/** What the About sheet says: what was exported, from where, when, and the counts. */
export interface AboutInfo {
  readonly what: string;
  /** Base URL of the service, without credentials. */
  readonly source: string;
  readonly company: number;
  readonly exportedAt: Date;
  readonly asOf?: string;
  readonly filters: Readonly<Record<string, string>>;
  /** Enumerations were written as the service's codes (--codes), not their labels. */
  readonly codes?: boolean;
  /** The columns chosen (--columns), in order, out of how many the list has; absent: all. */
  readonly columns?: { readonly chosen: readonly string[]; readonly of: number };
  readonly sheets: readonly AboutSheet[];
}

export interface WriterOptions {
  /** CSV for Excel: a BOM and CRLF line ends. */
  readonly excel: boolean;
  /** Leave text that starts with = + - @ tab or CR as it is. */
  readonly raw: boolean;
  /** Several sheets follow (export all): formats without sheets mark each record's resource. */
  readonly multi: boolean;
}

export interface TableWriter {
  beginSheet(sheet: SheetSpec): Promise<void>;
  writeRow(cells: readonly CellValue[]): Promise<void>;
  endSheet(): Promise<void>;
  finish(about: AboutInfo): Promise<void>;
  /** Give up: stop sending bytes to the stream (which the caller then discards). */
  abort?(): void;
}

/** Write with backpressure: wait for `drain` when the stream's buffer is full. */
export async function writeChunk(out: Writable, chunk: string | Buffer): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain');
}
