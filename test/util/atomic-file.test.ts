// Files written beside their target and renamed into place: what was written, text or
// bytes, in order, arrives exactly; an aborted file leaves nothing behind.
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { isAlive, openAtomic } from '../../src/util/atomic-file.js';

const dir = mkdtempSync(join(tmpdir(), 'ab-atomic-'));
let n = 0;

/** Write the chunks, waiting for 'drain' when asked to (the writers do), and commit. */
async function writeAll(chunks: (string | Buffer)[]): Promise<Buffer> {
  const target = join(dir, `out-${++n}.csv`);
  const f = await openAtomic(target);
  for (const c of chunks) if (!f.stream.write(c)) await new Promise((r) => f.stream.once('drain', r));
  await f.commit();
  expect(readdirSync(dir).filter((x) => x.startsWith('.'))).toEqual([]);
  return readFileSync(target);
}

const many = Array.from({ length: 5_000 }, (_, i) => `${i},valid,,,Müller ${i} 😀,"a, b"\n`);

describe('openAtomic', () => {
  it.each([
    { name: 'text', chunks: ['a,b\n', '1,2\n'] },
    { name: 'bytes', chunks: [Buffer.from('a,b\n'), Buffer.from([0xff, 0x00, 0x41])] },
    { name: 'text and bytes in order', chunks: ['a', Buffer.from('b'), 'c', Buffer.from([0xc3, 0xa9])] },
    { name: 'characters of two, three and four bytes', chunks: ['é', '€', '😀', 'Ä\n'] },
    { name: 'nothing', chunks: [] },
    { name: 'many lines, gathered into several writes', chunks: many },
    {
      name: 'a chunk larger than a write',
      chunks: ['x'.repeat(200_000), 'é'.repeat(70_000), Buffer.alloc(100_000, 65)],
    },
  ])('$name', async ({ chunks }) => {
    const wanted = Buffer.concat(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c, 'utf8') : c)));
    expect((await writeAll(chunks)).equals(wanted)).toBe(true);
  });

  it('an aborted file leaves neither the target nor its temporary file', async () => {
    const target = join(dir, 'aborted.csv');
    const f = await openAtomic(target);
    f.stream.write('half a report');
    await f.abort();
    expect(existsSync(target)).toBe(false);
    expect(existsSync(f.tempPath)).toBe(false);
  });

  it('a stream a writer ended itself is committed once it is closed', async () => {
    const target = join(dir, 'ended.csv');
    const f = await openAtomic(target);
    f.stream.end('all of it\n');
    await f.commit();
    expect(readFileSync(target, 'utf8')).toBe('all of it\n');
  });
});

describe('isAlive', () => {
  // A killed run whose parent has not reaped it (a container's first process may never) still
  // answers kill(pid, 0): a lock it held must be taken over all the same.
  it.runIf(process.platform === 'linux')(
    'a live process is; a killed one not yet reaped (a zombie) is not',
    async () => {
      // sh starts a sleep, says its pid, and becomes a process that never waits for it.
      const parent = spawn('sh', ['-c', 'sleep 30 & echo $!; exec sleep 5'], {
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      try {
        const pid = Number(
          await new Promise<string>((done) => parent.stdout.once('data', (d) => done(String(d)))),
        );
        expect(isAlive(pid)).toBe(true);
        // Killed before sh has become the sleep, the sleep 30 would be reaped by sh: wait for the exec.
        const parentIsSleep = () => readFileSync(`/proc/${parent.pid}/cmdline`, 'utf8').startsWith('sleep');
        for (let i = 0; i < 200 && !parentIsSleep(); i++) await new Promise((r) => setTimeout(r, 5));
        process.kill(pid, 'SIGKILL');
        for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 10));
        expect(isAlive(pid)).toBe(false);
        // Still there as a zombie: kill(pid, 0) alone would call it alive.
        expect(readFileSync(`/proc/${pid}/stat`, 'utf8')).toMatch(/\) Z /);
      } finally {
        parent.kill('SIGKILL');
      }
    },
  );
});
