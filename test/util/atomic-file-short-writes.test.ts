// A disk that takes part of each write (a pipe-like or nearly full file system, a signal
// in the middle): what was written, text or bytes, still arrives whole and in order.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

/** Bytes the disk takes a write, at most. */
const TAKES = 1_000;

/** Writes cut short by the disk below: none would mean the real writeSync ran, and the test checked nothing. */
const cut = vi.hoisted(() => ({ writes: 0 }));

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const writeSync = (fd: number, data: string | NodeJS.ArrayBufferView, offset?: number): number => {
    const bytes =
      typeof data === 'string'
        ? Buffer.from(data, 'utf8')
        : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    const from = typeof data === 'string' ? 0 : (offset ?? 0);
    if (bytes.length - from > TAKES) cut.writes++;
    return fs.writeSync(fd, bytes, from, Math.min(TAKES, bytes.length - from));
  };
  return { ...fs, writeSync, default: { ...fs, writeSync } };
});

const { openAtomic } = await import('../../src/util/atomic-file.js');
const dir = mkdtempSync(join(tmpdir(), 'ab-atomic-short-'));
let n = 0;

describe('openAtomic on a disk that takes part of each write', () => {
  it.each([
    { name: 'text of one-byte characters', chunks: ['x'.repeat(70_000), 'y'.repeat(3)] },
    { name: 'text whose characters straddle the cut', chunks: ['é'.repeat(40_000), '😀'.repeat(20_000)] },
    { name: 'bytes', chunks: [Buffer.alloc(100_000, 65)] },
    {
      name: 'text and bytes in order',
      chunks: ['a'.repeat(65_000), Buffer.from([0xc3, 0xa9]), 'b'.repeat(65_000)],
    },
  ])('$name arrives whole', async ({ chunks }) => {
    const cutBefore = cut.writes;
    const target = join(dir, `out-${++n}.csv`);
    const f = await openAtomic(target);
    for (const c of chunks) if (!f.stream.write(c)) await new Promise((r) => f.stream.once('drain', r));
    await f.commit();
    const wanted = Buffer.concat(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c, 'utf8') : c)));
    expect(readFileSync(target).equals(wanted)).toBe(true);
    expect(cut.writes).toBeGreaterThan(cutBefore);
  });
});
