// Files are written beside their target and renamed into place when complete, so an
// interrupted run never leaves a half-written report or export that looks whole.
import { createWriteStream, type WriteStream } from 'node:fs';
import { rename, rm, mkdir } from 'node:fs/promises';
import { dirname, basename, join } from 'node:path';

export interface AtomicFile {
  /** The stream to write to (a temporary file beside the target). */
  readonly stream: WriteStream;
  readonly tempPath: string;
  /** Flush, close and rename into place. */
  commit(): Promise<void>;
  /** Close and remove the temporary file. */
  abort(): Promise<void>;
}

export async function openAtomic(target: string): Promise<AtomicFile> {
  await mkdir(dirname(target), { recursive: true });
  const tempPath = join(dirname(target), `.${basename(target)}.${process.pid}.${Date.now()}.tmp`);
  const stream = createWriteStream(tempPath);
  await new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', reject);
  });
  const closed = () =>
    new Promise<void>((resolve, reject) => {
      if (stream.closed) return resolve();
      // A piped writer may have ended the stream already: then wait for the file to close.
      if (stream.writableEnded) {
        stream.once('close', () => resolve());
        stream.once('error', reject);
        return;
      }
      stream.end((err?: Error | null) => (err ? reject(err) : resolve()));
    });
  return {
    stream,
    tempPath,
    async commit() {
      await closed();
      await rename(tempPath, target);
    },
    async abort() {
      await closed().catch(() => undefined);
      await rm(tempPath, { force: true });
    },
  };
}
