// An XLSX's zip container, read with yauzl (the directory, Zip64, local headers, each entry's
// bounds), before any XML is inflated: the directory tells sizes (zip bombs), encryption
// and truncation up front. Entries are inflated here, not by yauzl, to count what comes out
// against the directory's claim and the read's budget as it comes, and to name the part.
import { createReadStream } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type * as Yauzl from 'yauzl';
import { AssetbatchError, type Location } from '../../errors.js';
import { formatBytes, readError } from '../problems.js';

/**
 * A CommonJS package, required rather than imported: an import has Node scan its source
 * for named exports first (cjs-module-lexer), which cost more than loading it, in each
 * thread that reads a workbook (bench/results.md, "XLSX validation").
 */
const yauzl = createRequire(import.meta.url)('yauzl') as typeof Yauzl;

export interface ZipEntry {
  readonly name: string;
  readonly flags: number;
  readonly method: number;
  readonly compressedSize: number;
  readonly uncompressedSize: number;
  /** yauzl's entry, for its reader (see ZipDirectory.zip). */
  readonly entry: Yauzl.Entry;
}

export interface ZipDirectory {
  readonly path: string;
  readonly entries: readonly ZipEntry[];
  readonly byName: ReadonlyMap<string, ZipEntry>;
  readonly zip: Yauzl.ZipFile;
}

export interface ZipLimits {
  /** Refuse when all entries together would inflate to more than this. */
  readonly maxInflatedBytes: number;
}

const MAX_ENTRIES = 100_000;
/** A part that inflates more than 200:1 and past 50 MiB is not a spreadsheet anyone typed. */
const BOMB_RATIO = 200;
const BOMB_MIN_BYTES = 50 * 1024 * 1024;
/**
 * Inflated bytes a chunk: a sheet's part is inflated once to be scanned (scanPart), and
 * zlib's 16 KiB default costs a callback, a buffer and a loop turn every 16 KiB
 * (bench/results.md, "XLSX validation").
 */
const INFLATE_CHUNK = 256 * 1024;

const damaged = (where: Location, why: string, cause?: unknown) =>
  readError('E_FILE_CORRUPT', where, `is damaged or incomplete (${why})`, {
    hint: 'It may have been cut off while downloading or copying. Open it in Excel or LibreOffice: if it opens, save it again as .xlsx; otherwise get a fresh copy.',
    cause,
  });

/**
 * yauzl's access to the file: the directory is read through the handle the caller opened
 * (small reads, while it is open), an entry's bytes by path, so that they can be read after
 * the handle is closed (the worker closes it once the sheet is open) and no descriptor is
 * held by a read that is dropped half way.
 */
class FileReader extends yauzl.RandomAccessReader {
  constructor(
    private readonly path: string,
    private readonly fh: FileHandle,
  ) {
    super();
  }

  override _readStreamForRange(start: number, end: number): Readable {
    return createReadStream(this.path, { start, end: end - 1 });
  }

  override read(
    buffer: Buffer,
    offset: number,
    length: number,
    position: number,
    callback: (err: Error | null) => void,
  ): void {
    readFully(this.fh, buffer, offset, length, position).then(
      (n) => callback(n === length ? null : new Error('unexpected end of file')),
      (err: Error) => callback(err),
    );
  }
}

async function readFully(
  fh: FileHandle,
  buf: Buffer,
  offset: number,
  length: number,
  position: number,
): Promise<number> {
  let done = 0;
  while (done < length) {
    const { bytesRead } = await fh.read(buf, offset + done, length - done, position + done);
    if (bytesRead === 0) break;
    done += bytesRead;
  }
  return done;
}

function openZip(reader: FileReader, size: number): Promise<Yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    // autoClose off: entries are opened long after the directory is read.
    yauzl.fromRandomAccessReader(
      reader,
      size,
      { lazyEntries: true, autoClose: false, strictFileNames: false },
      (err, zip) => (err ? reject(err) : resolve(zip)),
    );
  });
}

/** Reads the zip's directory (the entries' names, sizes and flags); nothing is inflated. */
export async function readZipDirectory(
  fh: FileHandle,
  path: string,
  fileSize: number,
  where: Location,
): Promise<ZipDirectory> {
  let zip: Yauzl.ZipFile;
  try {
    zip = await openZip(new FileReader(path, fh), fileSize);
  } catch (err) {
    throw damaged(where, `its zip directory is unreadable: ${(err as Error).message}`, err);
  }
  if (zip.entryCount > MAX_ENTRIES) throw damaged(where, `its zip directory claims ${zip.entryCount} parts`);
  const entries: ZipEntry[] = [];
  try {
    for await (const e of zip.eachEntry()) {
      entries.push({
        name: e.fileName,
        flags: e.generalPurposeBitFlag,
        method: e.compressionMethod,
        compressedSize: e.compressedSize,
        uncompressedSize: e.uncompressedSize,
        entry: e,
      });
    }
  } catch (err) {
    if (/encryption/.test((err as Error).message)) throw encrypted(where);
    throw damaged(
      where,
      `zip directory entry ${entries.length + 1} is unreadable: ${(err as Error).message}`,
      err,
    );
  }
  const byName = new Map<string, ZipEntry>();
  for (const e of entries) byName.set(e.name, e);
  return { path, entries, byName, zip };
}

const encrypted = (where: Location) =>
  readError('E_FILE_ENCRYPTED', where, 'is password-protected (its zip parts are encrypted)', {
    hint: 'Open it with its password and save it again without one, as .xlsx.',
  });

/**
 * Refuses, from the directory alone, what would be unsafe to inflate: encrypted parts,
 * a total past the budget, and parts with an absurd compression ratio (zip bombs).
 */
export function checkZipLimits(dir: ZipDirectory, limits: ZipLimits, where: Location): void {
  let total = 0;
  for (const e of dir.entries) {
    if (e.flags & 0x1 || e.method === 99) throw encrypted(where);
    total += e.uncompressedSize;
    const ratio = e.uncompressedSize / Math.max(1, e.compressedSize);
    if (ratio > BOMB_RATIO && e.uncompressedSize > BOMB_MIN_BYTES) {
      throw readError(
        'E_FILE_TOO_LARGE',
        where,
        `refused: its part ${e.name} expands from ${formatBytes(e.compressedSize)} to ${formatBytes(e.uncompressedSize)} (zip bomb?)`,
        {
          hint: 'A real spreadsheet does not compress this well. If the file is genuine, save it again from Excel or LibreOffice.',
        },
      );
    }
  }
  if (total > limits.maxInflatedBytes) {
    throw readError(
      'E_FILE_TOO_LARGE',
      where,
      `refused: expands to ${formatBytes(total)}, over the limit of ${formatBytes(limits.maxInflatedBytes)} (zip bomb?)`,
      {
        hint: 'Split the workbook into smaller files, or save the sheet you need as CSV.',
      },
    );
  }
}

function checkMethod(e: ZipEntry, where: Location): void {
  if (e.method !== 0 && e.method !== 8) {
    throw readError(
      'E_FILE_CORRUPT',
      where,
      `uses a zip compression method (${e.method}) that spreadsheet programs do not write`,
      {
        hint: 'Open it in Excel or LibreOffice and save it again as .xlsx.',
      },
    );
  }
}

/** The entry's stored bytes, as yauzl finds them from its local header (within the file's bounds). */
async function rawStream(dir: ZipDirectory, e: ZipEntry, where: Location): Promise<Readable> {
  checkMethod(e, where);
  try {
    return await dir.zip.openReadStreamPromise(e.entry, { decodeFileData: false });
  } catch (err) {
    throw damaged(where, `part ${e.name} is missing or cut short: ${(err as Error).message}`, err);
  }
}

/**
 * Inflates one entry as a stream of chunks, counting the bytes that come out: the
 * directory's sizes are claims, so a part that inflates past its claim or past `budget`
 * is stopped there.
 */
export async function* inflateEntry(
  dir: ZipDirectory,
  e: ZipEntry,
  budget: number,
  where: Location,
): AsyncGenerator<Buffer> {
  yield* inflateFrom(e, await rawStream(dir, e, where), budget, where);
}

/**
 * As inflateEntry, with the entry's local header read now: the chunks can then be taken
 * after the handle the directory was read through is closed (the worker closes it once
 * the sheet is open).
 */
export async function openEntry(
  dir: ZipDirectory,
  e: ZipEntry,
  budget: number,
  where: Location,
): Promise<AsyncGenerator<Buffer>> {
  return inflateFrom(e, await rawStream(dir, e, where), budget, where);
}

async function* inflateFrom(
  e: ZipEntry,
  raw: Readable,
  budget: number,
  where: Location,
): AsyncGenerator<Buffer> {
  const source: Readable =
    e.method === 8 ? raw.pipe(zlib.createInflateRaw({ chunkSize: INFLATE_CHUNK })) : raw;
  if (e.method === 8) raw.on('error', (err) => source.destroy(err));
  let total = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > budget) {
        throw readError(
          'E_FILE_TOO_LARGE',
          where,
          `refused: part ${e.name} expands past ${formatBytes(budget)} (zip bomb?)`,
          {
            hint: 'Split the workbook into smaller files, or save the sheet you need as CSV.',
          },
        );
      }
      if (total > e.uncompressedSize)
        throw damaged(where, `part ${e.name} is larger than its zip directory says`);
      yield chunk;
    }
    if (total < e.uncompressedSize)
      throw damaged(where, `part ${e.name} is smaller than its zip directory says`);
  } catch (err) {
    if (err instanceof AssetbatchError) throw err;
    throw damaged(where, `part ${e.name} cannot be uncompressed`, err);
  } finally {
    raw.destroy();
    source.destroy();
  }
}

/** Inflates a small entry (workbook.xml, rels) into text. */
export async function readEntryText(
  dir: ZipDirectory,
  e: ZipEntry,
  budget: number,
  where: Location,
): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of inflateEntry(dir, e, budget, where)) parts.push(chunk);
  return Buffer.concat(parts).toString('utf8');
}
