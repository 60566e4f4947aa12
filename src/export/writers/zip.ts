// A zip archive written as a stream, for the XLSX writer: parts go out one after the other
// while the caller is still producing rows, with Node's own CRC-32 and deflate (no stream
// hops, no CRC in JavaScript: those were half of an export's time under exceljs's writer).
// Sizes are not known up front, so each part ends with a data descriptor; Zip64 records
// are written where a size or an offset outgrows 32 bits, as archiver (exceljs's zip) did.
import type { Writable } from 'node:stream';
import zlib from 'node:zlib';
import {
  CDH_SIG,
  DD_SIG,
  EOCD_SIG,
  LFH_SIG,
  MAX16,
  MAX32,
  ZIP64_EOCD_SIG,
  ZIP64_LOCATOR_SIG,
} from '../../util/zip-format.js';
import { writeChunk } from './types.js';

/** Bit 3: sizes and CRC follow the data; bit 11: the name is UTF-8. */
const FLAGS = 0x0808;
const DEFLATE = 8;
/**
 * A part is deflated in pieces of this many bytes, each on its own and ended with a sync
 * flush, so the pieces joined are one deflate stream (as pigz does); a piece's matches
 * cannot reach into the one before, which costs about 0.3% of the size.
 */
const PIECE = 1 << 20;
/** The last block of a deflate stream: final, fixed codes, nothing but end-of-block. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

interface Entry {
  readonly name: Buffer;
  readonly offset: number;
  crc: number;
  compressed: number;
  size: number;
}

export interface ZipOptions {
  /** zlib level; 1 is the fastest. */
  readonly level: number;
  /** Zip64 records for every part, whatever its size (tests; archiver's `forceZip64`). */
  readonly forceZip64?: boolean;
}

/** MS-DOS time and date of a moment, in local time as zip tools read it. */
function dosTime(d: Date): { time: number; date: number } {
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1),
    date: (Math.max(0, d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

export class ZipWriter {
  private readonly entries: Entry[] = [];
  private readonly when: { time: number; date: number };
  private offset = 0;
  private current?: Entry;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private closed = false;

  constructor(
    private readonly out: Writable,
    private readonly opts: ZipOptions,
    now = new Date(),
  ) {
    this.when = dosTime(now);
  }

  /** Write nothing more (the caller gave up and discards the stream). */
  close(): void {
    this.closed = true;
  }

  private async emit(chunk: Buffer): Promise<void> {
    if (this.closed) return;
    this.offset += chunk.length;
    await writeChunk(this.out, chunk);
  }

  /** Start a part; its bytes follow through `write`, and `endEntry` closes it. */
  async beginEntry(name: string): Promise<void> {
    const entry: Entry = {
      name: Buffer.from(name, 'utf8'),
      offset: this.offset,
      crc: 0,
      compressed: 0,
      size: 0,
    };
    const force = this.opts.forceZip64 === true;
    // Forced Zip64 says so up front too, for readers that go by the local headers alone.
    const h = Buffer.alloc(30 + (force ? 20 : 0));
    h.writeUInt32LE(LFH_SIG, 0);
    h.writeUInt16LE(force ? 45 : 20, 4);
    h.writeUInt16LE(FLAGS, 6);
    h.writeUInt16LE(DEFLATE, 8);
    h.writeUInt16LE(this.when.time, 10);
    h.writeUInt16LE(this.when.date, 12);
    if (force) {
      h.writeUInt32LE(MAX32, 18);
      h.writeUInt32LE(MAX32, 22);
      h.writeUInt16LE(20, 28);
      h.writeUInt16LE(0x0001, 30);
      h.writeUInt16LE(16, 32);
    }
    h.writeUInt16LE(entry.name.length, 26);
    this.current = entry;
    await this.emit(Buffer.concat([h.subarray(0, 30), entry.name, h.subarray(30)]));
  }

  /** Part of the current entry's content; deflated a piece at a time. */
  async write(data: Buffer): Promise<void> {
    const entry = this.current!;
    entry.crc = zlib.crc32(data, entry.crc);
    entry.size += data.length;
    this.pending.push(data);
    this.pendingBytes += data.length;
    if (this.pendingBytes >= PIECE) await this.deflatePending();
  }

  private async deflatePending(): Promise<void> {
    if (this.pendingBytes === 0) return;
    const input =
      this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    const piece = zlib.deflateRawSync(input, {
      level: this.opts.level,
      finishFlush: zlib.constants.Z_SYNC_FLUSH,
    });
    this.current!.compressed += piece.length;
    await this.emit(piece);
  }

  async endEntry(): Promise<void> {
    await this.deflatePending();
    const entry = this.current!;
    entry.compressed += FINAL_BLOCK.length;
    await this.emit(FINAL_BLOCK);
    const wide = this.opts.forceZip64 === true || entry.size >= MAX32 || entry.compressed >= MAX32;
    const dd = Buffer.alloc(wide ? 24 : 16);
    dd.writeUInt32LE(DD_SIG, 0);
    dd.writeUInt32LE(entry.crc >>> 0, 4);
    if (wide) {
      dd.writeBigUInt64LE(BigInt(entry.compressed), 8);
      dd.writeBigUInt64LE(BigInt(entry.size), 16);
    } else {
      dd.writeUInt32LE(entry.compressed, 8);
      dd.writeUInt32LE(entry.size, 12);
    }
    this.entries.push(entry);
    this.current = undefined;
    await this.emit(dd);
  }

  /** A whole part at once. */
  async addEntry(name: string, content: string | Buffer): Promise<void> {
    await this.beginEntry(name);
    await this.write(typeof content === 'string' ? Buffer.from(content, 'utf8') : content);
    await this.endEntry();
  }

  private zip64(e: Entry): boolean {
    return this.opts.forceZip64 === true || e.size >= MAX32 || e.compressed >= MAX32 || e.offset >= MAX32;
  }

  /** The central directory and its end record: the archive is complete after this. */
  async finish(): Promise<void> {
    const start = this.offset;
    for (const e of this.entries) await this.emit(this.directoryHeader(e));
    const size = this.offset - start;
    const count = this.entries.length;
    const wide = this.opts.forceZip64 === true || count >= MAX16 || start >= MAX32 || size >= MAX32;
    if (wide) await this.emit(zip64End(count, size, start, this.offset));
    const eocd = Buffer.alloc(22);
    eocd.writeUInt32LE(EOCD_SIG, 0);
    eocd.writeUInt16LE(Math.min(count, MAX16), 8);
    eocd.writeUInt16LE(Math.min(count, MAX16), 10);
    eocd.writeUInt32LE(wide ? MAX32 : size, 12);
    eocd.writeUInt32LE(wide ? MAX32 : start, 16);
    await this.emit(eocd);
  }

  private directoryHeader(e: Entry): Buffer {
    const wide = this.zip64(e);
    // Zip64's extra field: the sizes and the offset the 32-bit fields cannot hold.
    const extra = Buffer.alloc(wide ? 28 : 0);
    if (wide) {
      extra.writeUInt16LE(0x0001, 0);
      extra.writeUInt16LE(24, 2);
      extra.writeBigUInt64LE(BigInt(e.size), 4);
      extra.writeBigUInt64LE(BigInt(e.compressed), 12);
      extra.writeBigUInt64LE(BigInt(e.offset), 20);
    }
    const h = Buffer.alloc(46);
    h.writeUInt32LE(CDH_SIG, 0);
    h.writeUInt16LE(wide ? 45 : 20, 4);
    h.writeUInt16LE(wide ? 45 : 20, 6);
    h.writeUInt16LE(FLAGS, 8);
    h.writeUInt16LE(DEFLATE, 10);
    h.writeUInt16LE(this.when.time, 12);
    h.writeUInt16LE(this.when.date, 14);
    h.writeUInt32LE(e.crc >>> 0, 16);
    h.writeUInt32LE(wide ? MAX32 : e.compressed, 20);
    h.writeUInt32LE(wide ? MAX32 : e.size, 24);
    h.writeUInt16LE(e.name.length, 28);
    h.writeUInt16LE(extra.length, 30);
    h.writeUInt32LE(wide ? MAX32 : e.offset, 42);
    return Buffer.concat([h, e.name, extra]);
  }
}

/** The Zip64 end record and its locator, which the classic end record then defers to. */
function zip64End(count: number, size: number, start: number, at: number): Buffer {
  const b = Buffer.alloc(56 + 20);
  b.writeUInt32LE(ZIP64_EOCD_SIG, 0);
  b.writeBigUInt64LE(44n, 4);
  b.writeUInt16LE(45, 12);
  b.writeUInt16LE(45, 14);
  b.writeBigUInt64LE(BigInt(count), 24);
  b.writeBigUInt64LE(BigInt(count), 32);
  b.writeBigUInt64LE(BigInt(size), 40);
  b.writeBigUInt64LE(BigInt(start), 48);
  b.writeUInt32LE(ZIP64_LOCATOR_SIG, 56);
  b.writeBigUInt64LE(BigInt(at), 64);
  b.writeUInt32LE(1, 72);
  return b;
}
