// Writers by format, and where their bytes go: a file written atomically, or a stream
// the caller owns (stdout by default), which is never ended here.
import type { Writable } from 'node:stream';
import { openAtomic } from '../../util/atomic-file.js';
import { CsvWriter } from './csv.js';
import { JsonWriter, NdjsonWriter } from './json.js';
import { XlsxWriter } from './xlsx.js';
import type { ExportFormat, TableWriter, WriterOptions } from './types.js';

export * from './types.js';

export async function createWriter(
  format: ExportFormat,
  out: Writable,
  opts: WriterOptions,
): Promise<TableWriter> {
  switch (format) {
    case 'csv':
      return new CsvWriter(out, opts);
    case 'xlsx':
      return new XlsxWriter(out);
    case 'json':
      return new JsonWriter(out, opts);
    case 'ndjson':
      return new NdjsonWriter(out, opts);
  }
}

export interface Sink {
  readonly stream: Writable;
  /** The file written, when the output is a path. */
  readonly file?: string;
  commit(): Promise<void>;
  abort(): Promise<void>;
}

export async function openSink(output: string | Writable | undefined): Promise<Sink> {
  if (typeof output === 'string') {
    const f = await openAtomic(output);
    return { stream: f.stream, file: output, commit: () => f.commit(), abort: () => f.abort() };
  }
  const stream = output ?? process.stdout;
  return {
    stream,
    commit: async () => {
      if (stream.writableNeedDrain)
        await new Promise<void>((resolve) => stream.once('drain', () => resolve()));
    },
    abort: async () => undefined,
  };
}
