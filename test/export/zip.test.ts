// The zip the XLSX writer streams: parts of any size (one piece, many pieces, none), names
// in UTF-8, and Zip64 records when asked. Each archive must read back through our reader
// (the import's) with every part's bytes, CRC and sizes, and pass `unzip -t`.
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZipWriter } from '../../src/export/writers/zip.js';
import { readEntryText, readZipDirectory } from '../../src/read/xlsx/zip.js';
import { ZIP64_EOCD_SIG, ZIP64_LOCATOR_SIG } from '../../src/util/zip-format.js';

/** Text over several deflate pieces (1 MiB each), varied enough not to fold to nothing. */
const LONG = Array.from({ length: 120_000 }, (_, i) => `<c r="A${i}"><v>${(i * 7919) % 10007}</v></c>`).join(
  '',
);
const PARTS: [string, string][] = [
  ['empty.xml', ''],
  ['small.xml', '<a>1</a>'],
  ['dir/ünïcödé name.xml', 'text: 日本語 🚀'],
  ['long.xml', LONG],
];

const CASES: [name: string, forceZip64: boolean, writes: number][] = [
  ['classic records, each part in one write', false, 1],
  ['classic records, parts in many small writes', false, 997],
  ['Zip64 records', true, 3],
];

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ab-zip-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function archive(forceZip64: boolean, writes: number): Promise<string> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const zip = new ZipWriter(out, { level: 1, forceZip64 });
  for (const [name, text] of PARTS) {
    const bytes = Buffer.from(text, 'utf8');
    const step = Math.ceil(bytes.length / writes) || 1;
    await zip.beginEntry(name);
    for (let at = 0; at < bytes.length; at += step) await zip.write(bytes.subarray(at, at + step));
    await zip.endEntry();
  }
  await zip.finish();
  out.end();
  await once(out, 'end');
  const path = join(dir, `${forceZip64 ? 'z64' : 'z'}-${writes}.zip`);
  await writeFile(path, Buffer.concat(chunks));
  return path;
}

describe.each(CASES)('%s', (_name, forceZip64, writes) => {
  let path = '';
  beforeAll(async () => {
    path = await archive(forceZip64, writes);
  });

  it('reads back through our reader: names, sizes, CRC and bytes', async () => {
    const fh = await open(path, 'r');
    try {
      const size = (await fh.stat()).size;
      const zip = await readZipDirectory(fh, path, size, { file: path });
      expect(zip.entries.map((e) => e.name)).toEqual(PARTS.map(([name]) => name));
      for (const [i, [, text]] of PARTS.entries()) {
        const e = zip.entries[i];
        expect([e.uncompressedSize, e.entry.crc32 >>> 0]).toEqual([
          Buffer.byteLength(text),
          zlib.crc32(text),
        ]);
        expect(await readEntryText(zip, e, 1 << 30, { file: path })).toBe(text);
      }
    } finally {
      await fh.close();
    }
  });

  it(forceZip64 ? 'holds the Zip64 end records' : 'holds no Zip64 end record', async () => {
    const bytes = await readFile(path);
    const has = (sig: number) => {
      const b = Buffer.alloc(4);
      b.writeUInt32LE(sig);
      return bytes.includes(b);
    };
    expect([has(ZIP64_EOCD_SIG), has(ZIP64_LOCATOR_SIG)]).toEqual([forceZip64, forceZip64]);
  });

  it('passes unzip -t', (ctx) => {
    try {
      execFileSync('unzip', ['-v'], { stdio: 'ignore' });
    } catch {
      console.log('unzip is not installed: the check is skipped');
      ctx.skip();
    }
    const report = execFileSync('unzip', ['-t', path]).toString();
    expect(report).toContain('No errors detected');
    expect(report).toContain('long.xml');
  });
});
