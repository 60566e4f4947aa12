// Files are written beside their target and renamed into place when complete, so an
// interrupted run never leaves a half-written report or export that looks whole.
import { createWriteStream, type WriteStream } from 'node:fs';
import { rename, rm, mkdir, readdir } from 'node:fs/promises';
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

/** Temp files a killed run left for this target (their process is gone): removed. */
async function removeStale(target: string): Promise<void> {
  const prefix = `.${basename(target)}.`;
  let names: string[];
  try {
    names = await readdir(dirname(target));
  } catch {
    return;
  }
  for (const name of names) {
    const m = name.startsWith(prefix) ? /\.(\d+)\.\d+\.tmp$/.exec(name) : null;
    if (!m || alive(Number(m[1]))) continue;
    await rm(join(dirname(target), name), { force: true });
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function openAtomic(target: string, opts: { highWaterMark?: number } = {}): Promise<AtomicFile> {
  await mkdir(dirname(target), { recursive: true });
  await removeStale(target);
  const tempPath = join(dirname(target), `.${basename(target)}.${process.pid}.${Date.now()}.tmp`);
  const stream = createWriteStream(tempPath, { highWaterMark: opts.highWaterMark });
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
