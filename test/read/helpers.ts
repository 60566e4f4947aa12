// Test helpers for the read stage: a scratch folder under test/.tmp (gitignored), a tiny zip
// writer for crafted archives (bombs, entity XML, fake .ods), and row collection.
import { mkdirSync, writeFileSync } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import zlib from 'node:zlib';
import { AssetbatchError } from '../../src/errors.js';
import { openSheet } from '../../src/read/index.js';
import type { ReadOptions, SheetRow, SheetSource } from '../../src/read/types.js';
import { readEntryText, readZipDirectory } from '../../src/read/xlsx/zip.js';

const TMP_ROOT = join(import.meta.dirname, '..', '.tmp', 'read');

/** A fresh scratch folder for one test file. */
export function scratchDir(name: string): string {
  const dir = join(TMP_ROOT, `${name}-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

export interface ZipPart {
  readonly name: string;
  /** Content, or one buffer repeated many times (deflated as a stream: zip bombs). */
  readonly data: Buffer | { readonly repeat: Buffer; readonly times: number };
  readonly method?: 0 | 8;
  /** Write this as the uncompressed size instead of the real one (a lying directory). */
  readonly claimSize?: number;
  /** General-purpose flags (bit 0: encrypted). */
  readonly flags?: number;
  /** `data` is already compressed (or garbage posing as compressed): write it as is. */
  readonly raw?: boolean;
}

type Compressed = { body: Buffer; crc: number; size: number };
/** Repeated content (bombs) is compressed once per object, however many archives use it. */
const compressed = new WeakMap<object, Promise<Compressed>>();

function compress(data: ZipPart['data']): Promise<Compressed> {
  if (Buffer.isBuffer(data))
    return Promise.resolve({
      body: zlib.deflateRawSync(data, { level: 9 }),
      crc: zlib.crc32(data),
      size: data.length,
    });
  let done = compressed.get(data);
  if (!done) compressed.set(data, (done = compressRepeated(data)));
  return done;
}

async function compressRepeated(data: {
  readonly repeat: Buffer;
  readonly times: number;
}): Promise<Compressed> {
  const z = zlib.createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  z.on('data', (c: Buffer) => out.push(c));
  const finished = new Promise((resolve, reject) => z.on('end', resolve).on('error', reject));
  let crc = 0;
  for (let i = 0; i < data.times; i++) {
    crc = zlib.crc32(data.repeat, crc);
    if (!z.write(data.repeat)) await new Promise((r) => z.once('drain', r));
  }
  z.end();
  await finished;
  return { body: Buffer.concat(out), crc, size: data.repeat.length * data.times };
}

/** Writes a zip archive the plain way (no data descriptors, no ZIP64). */
export async function writeZip(path: string, parts: readonly ZipPart[]): Promise<void> {
  const out: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const method = p.method ?? 8;
    let body: Buffer;
    let crc: number;
    let size: number;
    if (p.raw && Buffer.isBuffer(p.data))
      ({ body, crc, size } = { body: p.data, crc: 0, size: p.data.length * 10 });
    else if (method === 8) ({ body, crc, size } = await compress(p.data));
    else {
      body = Buffer.isBuffer(p.data)
        ? p.data
        : Buffer.concat(Array.from({ length: p.data.times }, () => (p.data as { repeat: Buffer }).repeat));
      crc = zlib.crc32(body);
      size = body.length;
    }
    const name = Buffer.from(p.name, 'utf8');
    const usize = p.claimSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800 | (p.flags ?? 0), 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(usize, 22);
    local.writeUInt16LE(name.length, 26);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(0x800 | (p.flags ?? 0), 8);
    cd.writeUInt16LE(method, 10);
    cd.writeUInt32LE(crc >>> 0, 16);
    cd.writeUInt32LE(body.length, 20);
    cd.writeUInt32LE(usize, 24);
    cd.writeUInt16LE(name.length, 28);
    cd.writeUInt32LE(offset, 42);
    out.push(local, name, body);
    central.push(cd, name);
    offset += 30 + name.length + body.length;
  }
  const cdBuf = Buffer.concat(central);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(parts.length, 8);
  eocd.writeUInt16LE(parts.length, 10);
  eocd.writeUInt32LE(cdBuf.length, 12);
  eocd.writeUInt32LE(offset, 16);
  writeFileSync(path, Buffer.concat([...out, cdBuf, eocd]));
}

/** Reads every part of a zip (small test files only). */
export async function readZip(path: string): Promise<{ name: string; data: Buffer }[]> {
  const fh = await open(path, 'r');
  try {
    const { size } = await fh.stat();
    const dir = await readZipDirectory(fh, path, size, { file: path });
    const parts: { name: string; data: Buffer }[] = [];
    for (const e of dir.entries)
      parts.push({
        name: e.name,
        data: Buffer.from(await readEntryText(dir, e, 1 << 30, { file: path }), 'utf8'),
      });
    return parts;
  } finally {
    await fh.close();
  }
}

/** Rewrites a zip, changing the parts `edit` returns a new content for. */
export async function rezip(
  src: string,
  dst: string,
  edit: (name: string, text: string) => string | undefined,
): Promise<void> {
  const parts = await readZip(src);
  await writeZip(
    dst,
    parts.map((p) => {
      const changed = edit(p.name, p.data.toString('utf8'));
      return { name: p.name, data: changed === undefined ? p.data : Buffer.from(changed, 'utf8') };
    }),
  );
}

export interface ReadResult {
  readonly source: SheetSource;
  readonly rows: SheetRow[];
}

/** Every row of a sheet, as row number and cells (each row's record text is tested in csv-record-text.test.ts). */
export async function readAll(file: string, opts: ReadOptions = {}): Promise<ReadResult> {
  const source = await openSheet(file, opts);
  const rows: SheetRow[] = [];
  for await (const { text: _text, ...r } of source.rows) rows.push(r);
  return { source, rows };
}

/** Runs `fn` and returns the AssetbatchError it throws (fails the test if it throws something else or nothing). */
export async function expectReadError(fn: () => Promise<unknown>): Promise<AssetbatchError> {
  try {
    await fn();
  } catch (err) {
    if (err instanceof AssetbatchError) return err;
    throw new Error(`expected an AssetbatchError, got: ${String(err)}`, { cause: err });
  }
  throw new Error('expected an AssetbatchError, but nothing was thrown');
}
