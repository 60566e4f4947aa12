// Files are written beside their target and renamed into place when complete, so an
// interrupted run never leaves a half-written report or export that looks whole.
import { close, openSync, readFileSync, writeSync } from 'node:fs';
import { rename, rm, mkdir, readdir } from 'node:fs/promises';
import { dirname, basename, join } from 'node:path';
import { Writable } from 'node:stream';

export interface AtomicFile {
  /** The stream to write to (a temporary file beside the target, or the target itself in place). */
  readonly stream: Writable;
  readonly tempPath: string;
  /** Hand what the stream has gathered to the file now. */
  flush(): void;
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
  const part = `${basename(target)}.`;
  for (const name of names) {
    const m = name.startsWith(prefix)
      ? /\.(\d+)\.\d+\.tmp$/.exec(name)
      : name.startsWith(part)
        ? /^\.?(\d+)\.part$/.exec(name.slice(part.length))
        : null;
    if (!m || isAlive(Number(m[1]))) continue;
    await rm(join(dirname(target), name), { force: true });
  }
}

/**
 * Whether a process of this machine is still running (EPERM: it is, under another user). A
 * zombie (killed, not yet reaped by its parent: a container's first process may take its
 * time, or never reap) answers the signal but runs no more; Linux says so in /proc.
 */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !isZombie(pid);
}

/** Linux's state of a process is the field after its name in /proc/<pid>/stat ("Z": a zombie); elsewhere unknown (false). */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (name) S …": the name may hold spaces and brackets, so the state follows its last ")".
    return stat[stat.lastIndexOf(')') + 2] === 'Z';
  } catch {
    return false;
  }
}

/** Where a file written with `visible` grows until it is complete (per process: two dry runs may write one report). */
export function partPath(target: string, pid = process.pid): string {
  return `${target}.${pid}.part`;
}

/** Bytes (about: a string counts its length) gathered before a write to the file. */
const GATHER = 64 * 1024;

/**
 * A file written as a stream, in writes of 64 KiB made at once (to the page cache,
 * microseconds each), text as text. fs.WriteStream turns each string into a Buffer and
 * queues it while the disk catches up: long enough for V8 to move it to the old
 * generation, where its bytes (outside the heap) are freed only by a full collection, so a
 * long report held tens of MB of written lines at times (queued as strings instead, they
 * filled the heap itself). Gathered and written at once, a chunk is garbage by the
 * next scavenge.
 */
class FileSink extends Writable {
  private gathered: (string | Buffer)[] = [];
  private size = 0;

  constructor(private readonly fd: number) {
    super({ decodeStrings: false });
  }

  override _write(chunk: string | Buffer, _enc: BufferEncoding, done: (err?: Error | null) => void): void {
    this.gathered.push(chunk);
    this.size += chunk.length;
    if (this.size < GATHER) return done();
    this.flushTo(done);
  }

  override _final(done: (err?: Error | null) => void): void {
    this.flushTo(done);
  }

  private flushTo(done: (err?: Error | null) => void): void {
    const chunks = this.gathered;
    this.gathered = [];
    this.size = 0;
    try {
      // Text is written as text: node encodes it straight into the write, with no Buffer
      // made (and left for the garbage collector) each time. A short write (a full disk,
      // a signal) goes on from the bytes written, as fs.WriteStream does.
      if (chunks.every((c) => typeof c === 'string')) {
        const text = chunks.join('');
        const written = writeSync(this.fd, text);
        if (written < Buffer.byteLength(text, 'utf8')) this.writeAll(Buffer.from(text, 'utf8'), written);
      } else
        this.writeAll(
          Buffer.concat(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c, 'utf8') : c))),
          0,
        );
      done();
    } catch (e) {
      done(e as Error);
    }
  }

  private writeAll(bytes: Buffer, from: number): void {
    for (let off = from; off < bytes.length;) off += writeSync(this.fd, bytes, off);
  }

  /** Write what is gathered now (a report that someone follows with `tail -f`). */
  flushNow(): void {
    if (this.size === 0 || this.destroyed) return;
    this.flushTo((e) => {
      if (e) this.destroy(e);
    });
  }

  override _destroy(err: Error | null, done: (err?: Error | null) => void): void {
    close(this.fd, (e) => done(err ?? e));
  }
}

/**
 * `visible`: the file grows under a name the user can follow (`<target>.<pid>.part`, e.g. with
 * `tail -f`) instead of a hidden temporary one; it is still renamed into place only when
 * complete, so a run that is killed never leaves a report that looks whole.
 */
export async function openAtomic(target: string, opts: { visible?: boolean } = {}): Promise<AtomicFile> {
  await mkdir(dirname(target), { recursive: true });
  await removeStale(target);
  const tempPath = opts.visible
    ? partPath(target)
    : join(dirname(target), `.${basename(target)}.${process.pid}.${Date.now()}.tmp`);
  const stream = new FileSink(openSync(tempPath, 'w'));
  // A failed write (a full disk) is kept on the stream (stream.errored) for the writer to
  // report; without a listener it would be an unhandled 'error' event that kills the process.
  stream.on('error', () => undefined);
  // Ended (here, or by a piped writer) and the file closed, so that it can be renamed or removed.
  const closed = () =>
    new Promise<void>((resolve, reject) => {
      if (stream.closed) return stream.errored ? reject(stream.errored) : resolve();
      stream.once('error', reject);
      stream.once('close', () => (stream.errored ? reject(stream.errored) : resolve()));
      if (!stream.writableEnded) stream.end();
    });
  return {
    stream,
    tempPath,
    flush: () => stream.flushNow(),
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
