// Reads an XLSX's zip directory ourselves, before any XML is inflated: the directory is small
// and tells us sizes (zip bombs), encryption and truncation up front. Also inflates single
// entries as streams of chunks, with a byte budget.
import { createReadStream } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { AssetbatchError, type Location } from '../../errors.js';
import { CDH_SIG, EOCD_SIG, LFH_SIG, MAX16, MAX32, ZIP64_EOCD_SIG, ZIP64_LOCATOR_SIG } from '../../util/zip-format.js';
import { formatBytes, readError } from '../problems.js';

export interface ZipEntry {
  readonly name: string;
  readonly flags: number;
  readonly method: number;
  readonly time: number;
  readonly date: number;
  readonly crc32: number;
  readonly compressedSize: number;
  readonly uncompressedSize: number;
  readonly localHeaderOffset: number;
}

export interface ZipDirectory {
  readonly path: string;
  readonly entries: readonly ZipEntry[];
  readonly byName: ReadonlyMap<string, ZipEntry>;
  /** Where the central directory starts: every entry's data lies before it. */
  readonly centralDirOffset: number;
}

export interface ZipLimits {
  /** Refuse when all entries together would inflate to more than this. */
  readonly maxInflatedBytes: number;
}

const MAX_ENTRIES = 100_000;
const MAX_CENTRAL_DIR = 64 * 1024 * 1024;
/** A part that inflates more than 200:1 and past 50 MiB is not a spreadsheet anyone typed. */
const BOMB_RATIO = 200;
const BOMB_MIN_BYTES = 50 * 1024 * 1024;
/**
 * Inflated bytes a chunk: a sheet's part is inflated once to be scanned (scanPart), and
 * zlib's 16 KiB default costs a callback, a buffer and a loop turn every 16 KiB
 * (measured: reading a 50,000-row workbook 0.94× the CPU with these).
 */
const INFLATE_CHUNK = 256 * 1024;

const damaged = (where: Location, why: string, cause?: unknown) =>
  readError('E_FILE_CORRUPT', where, `is damaged or incomplete (${why})`, {
    hint: 'It may have been cut off while downloading or copying. Open it in Excel or LibreOffice: if it opens, save it again as .xlsx; otherwise get a fresh copy.',
    cause,
  });

async function readAt(fh: FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const { bytesRead } = await fh.read(buf, done, length - done, position + done);
    if (bytesRead === 0) break;
    done += bytesRead;
  }
  return done === length ? buf : buf.subarray(0, done);
}

/** Reads the end-of-central-directory record and the directory it points to. */
export async function readZipDirectory(fh: FileHandle, path: string, fileSize: number, where: Location): Promise<ZipDirectory> {
  const tailLength = Math.min(fileSize, 22 + 0xffff);
  const tailStart = fileSize - tailLength;
  const tail = await readAt(fh, tailStart, tailLength);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    // The comment length must reach exactly to the end, or this is a signature inside data.
    if (tail.readUInt32LE(i) === EOCD_SIG && i + 22 + tail.readUInt16LE(i + 20) === tail.length) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) {
    for (let i = tail.length - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === EOCD_SIG) {
        eocd = i;
        break;
      }
    }
  }
  if (eocd < 0) throw damaged(where, 'the zip directory at its end is missing');

  let count = tail.readUInt16LE(eocd + 10);
  let cdSize = tail.readUInt32LE(eocd + 12);
  let cdOffset = tail.readUInt32LE(eocd + 16);
  const eocdPos = tailStart + eocd;
  if (tail.readUInt16LE(eocd + 4) !== 0 || tail.readUInt16LE(eocd + 6) !== 0) {
    throw damaged(where, 'it is one part of a multi-part zip');
  }
  if (count === MAX16 || cdSize === MAX32 || cdOffset === MAX32) {
    const locPos = eocdPos - 20;
    const loc = locPos >= 0 ? await readAt(fh, locPos, 20) : Buffer.alloc(0);
    if (loc.length < 20 || loc.readUInt32LE(0) !== ZIP64_LOCATOR_SIG) throw damaged(where, 'its ZIP64 directory is missing');
    const z64Pos = Number(loc.readBigUInt64LE(8));
    const z64 = await readAt(fh, z64Pos, 56);
    if (z64.length < 56 || z64.readUInt32LE(0) !== ZIP64_EOCD_SIG) throw damaged(where, 'its ZIP64 directory is missing');
    count = Number(z64.readBigUInt64LE(32));
    cdSize = Number(z64.readBigUInt64LE(40));
    cdOffset = Number(z64.readBigUInt64LE(48));
  }
  if (count > MAX_ENTRIES || cdSize > MAX_CENTRAL_DIR) throw damaged(where, `its zip directory claims ${count} parts`);
  if (cdOffset + cdSize > eocdPos) throw damaged(where, 'the zip directory points past the end of the file');

  const cd = await readAt(fh, cdOffset, cdSize);
  if (cd.length < cdSize) throw damaged(where, 'the zip directory is cut short');
  const entries: ZipEntry[] = [];
  let p = 0;
  for (let n = 0; n < count; n++) {
    if (p + 46 > cd.length || cd.readUInt32LE(p) !== CDH_SIG) throw damaged(where, `zip directory entry ${n + 1} is unreadable`);
    const flags = cd.readUInt16LE(p + 8);
    const nameLen = cd.readUInt16LE(p + 28);
    const extraLen = cd.readUInt16LE(p + 30);
    const commentLen = cd.readUInt16LE(p + 32);
    if (p + 46 + nameLen + extraLen + commentLen > cd.length) throw damaged(where, `zip directory entry ${n + 1} is cut short`);
    const name = cd.toString(flags & 0x800 ? 'utf8' : 'latin1', p + 46, p + 46 + nameLen);
    let compressedSize = cd.readUInt32LE(p + 20);
    let uncompressedSize = cd.readUInt32LE(p + 24);
    let localHeaderOffset = cd.readUInt32LE(p + 42);
    // ZIP64 extra field: 64-bit values replace, in this order, the fields set to 0xffffffff.
    for (let e = p + 46 + nameLen; e + 4 <= p + 46 + nameLen + extraLen; ) {
      const id = cd.readUInt16LE(e);
      const size = cd.readUInt16LE(e + 2);
      if (id === 0x0001) {
        let q = e + 4;
        const next = () => {
          const v = q + 8 <= e + 4 + size ? Number(cd.readBigUInt64LE(q)) : 0;
          q += 8;
          return v;
        };
        if (uncompressedSize === MAX32) uncompressedSize = next();
        if (compressedSize === MAX32) compressedSize = next();
        if (localHeaderOffset === MAX32) localHeaderOffset = next();
      }
      e += 4 + size;
    }
    entries.push({
      name,
      flags,
      method: cd.readUInt16LE(p + 10),
      time: cd.readUInt16LE(p + 12),
      date: cd.readUInt16LE(p + 14),
      crc32: cd.readUInt32LE(p + 16),
      compressedSize,
      uncompressedSize,
      localHeaderOffset,
    });
    p += 46 + nameLen + extraLen + commentLen;
  }
  const byName = new Map<string, ZipEntry>();
  for (const e of entries) byName.set(e.name, e);
  return { path, entries, byName, centralDirOffset: cdOffset };
}

/**
 * Refuses, from the directory alone, what would be unsafe to inflate: encrypted parts,
 * a total past the budget, and parts with an absurd compression ratio (zip bombs).
 */
export function checkZipLimits(dir: ZipDirectory, limits: ZipLimits, where: Location): void {
  let total = 0;
  for (const e of dir.entries) {
    if (e.flags & 0x1 || e.method === 99) {
      throw readError('E_FILE_ENCRYPTED', where, 'is password-protected (its zip parts are encrypted)', {
        hint: 'Open it with its password and save it again without one, as .xlsx.',
      });
    }
    total += e.uncompressedSize;
    const ratio = e.uncompressedSize / Math.max(1, e.compressedSize);
    if (ratio > BOMB_RATIO && e.uncompressedSize > BOMB_MIN_BYTES) {
      throw readError(
        'E_FILE_TOO_LARGE',
        where,
        `refused: its part ${e.name} expands from ${formatBytes(e.compressedSize)} to ${formatBytes(e.uncompressedSize)} (zip bomb?)`,
        { hint: 'A real spreadsheet does not compress this well. If the file is genuine, save it again from Excel or LibreOffice.' },
      );
    }
  }
  if (total > limits.maxInflatedBytes) {
    throw readError('E_FILE_TOO_LARGE', where, `refused: expands to ${formatBytes(total)}, over the limit of ${formatBytes(limits.maxInflatedBytes)} (zip bomb?)`, {
      hint: 'Split the workbook into smaller files, or save the sheet you need as CSV.',
    });
  }
}

/** Where an entry's compressed bytes start, from its local header. */
async function dataStart(fh: FileHandle, dir: ZipDirectory, e: ZipEntry, where: Location): Promise<number> {
  const lfh = await readAt(fh, e.localHeaderOffset, 30);
  if (lfh.length < 30 || lfh.readUInt32LE(0) !== LFH_SIG) throw damaged(where, `part ${e.name} is missing`);
  const start = e.localHeaderOffset + 30 + lfh.readUInt16LE(26) + lfh.readUInt16LE(28);
  if (start + e.compressedSize > dir.centralDirOffset) throw damaged(where, `part ${e.name} runs past the end of the data`);
  return start;
}

function checkMethod(e: ZipEntry, where: Location): void {
  if (e.method !== 0 && e.method !== 8) {
    throw readError('E_FILE_CORRUPT', where, `uses a zip compression method (${e.method}) that spreadsheet programs do not write`, {
      hint: 'Open it in Excel or LibreOffice and save it again as .xlsx.',
    });
  }
}

/**
 * Inflates one entry as a stream of chunks, counting the bytes that come out: the
 * directory's sizes are claims, so a part that inflates past its claim or past `budget`
 * is stopped there.
 */
export async function* inflateEntry(
  fh: FileHandle,
  dir: ZipDirectory,
  e: ZipEntry,
  budget: number,
  where: Location,
): AsyncGenerator<Buffer> {
  checkMethod(e, where);
  yield* inflateFrom(dir.path, e, await dataStart(fh, dir, e, where), budget, where);
}

/**
 * As inflateEntry, with the entry's local header read now: the chunks can then be taken
 * after `fh` is closed (the worker closes it once the sheet is open).
 */
export async function openEntry(fh: FileHandle, dir: ZipDirectory, e: ZipEntry, budget: number, where: Location): Promise<AsyncGenerator<Buffer>> {
  checkMethod(e, where);
  return inflateFrom(dir.path, e, await dataStart(fh, dir, e, where), budget, where);
}

async function* inflateFrom(path: string, e: ZipEntry, start: number, budget: number, where: Location): AsyncGenerator<Buffer> {
  if (e.compressedSize === 0) return;
  const raw = createReadStream(path, { start, end: start + e.compressedSize - 1 });
  const source: Readable = e.method === 8 ? raw.pipe(zlib.createInflateRaw({ chunkSize: INFLATE_CHUNK })) : raw;
  if (e.method === 8) raw.on('error', (err) => source.destroy(err));
  let total = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > budget) {
        throw readError('E_FILE_TOO_LARGE', where, `refused: part ${e.name} expands past ${formatBytes(budget)} (zip bomb?)`, {
          hint: 'Split the workbook into smaller files, or save the sheet you need as CSV.',
        });
      }
      if (total > e.uncompressedSize) throw damaged(where, `part ${e.name} is larger than its zip directory says`);
      yield chunk;
    }
  } catch (err) {
    if (err instanceof AssetbatchError) throw err;
    throw damaged(where, `part ${e.name} cannot be uncompressed`, err);
  } finally {
    raw.destroy();
    source.destroy();
  }
}

/** Inflates a small entry (workbook.xml, rels) into text. */
export async function readEntryText(fh: FileHandle, dir: ZipDirectory, e: ZipEntry, budget: number, where: Location): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of inflateEntry(fh, dir, e, budget, where)) parts.push(chunk);
  return Buffer.concat(parts).toString('utf8');
}
