// The built CLI (package.json's bin) with V8's code cache (src/cli/compile-cache.ts): the
// first run writes it, the next runs take it and say and write the same, and a broken,
// foreign or unwritable cache never changes a run.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const BIN = resolve((JSON.parse(readFileSync('package.json', 'utf8')) as { bin: Record<string, string> }).bin.assetbatch);
const LEAF = join('v8', `${process.version}-${process.arch}`);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ab-cache-runs-'));
  writeFileSync(join(dir, 'rows.csv'), 'Name,Serial Number,Purchase Date,Status\nDesk,SN-1,2024-01-02,In use\nChair,,2024-02-30,Nope\nLamp,SN-3,2024-01-03,\n');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A 3-row validate with its own cache folders; what it prints (timings out) and its report. */
function validate(cacheHome: string, env: Record<string, string> = {}): { status: number | null; stdout: string; stderr: string; report: string } {
  const report = join(dir, 'report.csv');
  const r = spawnSync(process.execPath, [BIN, 'validate', 'rows.csv', '-r', 'asset', '--sandbox', '--report', report], {
    encoding: 'utf8',
    cwd: dir,
    env: { ...process.env, ASSETBATCH_NO_COMPILE_CACHE: '', NODE_DISABLE_COMPILE_CACHE: '', XDG_CACHE_HOME: cacheHome, TMPDIR: join(cacheHome, 'tmp'), ...env },
  });
  return { status: r.status, stdout: r.stdout.replace(/\d+ requests, .*rows\/s\./g, '<timing>'), stderr: r.stderr, report: readFileSync(report, 'utf8') };
}

/** The cache files under a folder, with the time each was last written. */
function cacheFiles(folder: string): Map<string, number> {
  if (!existsSync(folder)) return new Map();
  return new Map(readdirSync(folder).map((f) => [f, statSync(join(folder, f)).mtimeMs]));
}

const fresh = (): string => {
  const home = join(dir, `home-${Math.random().toString(36).slice(2)}`);
  mkdirSync(join(home, 'tmp'), { recursive: true });
  return home;
};

describe('the code cache across runs', () => {
  let uncached: ReturnType<typeof validate>;
  beforeAll(() => {
    uncached = validate(fresh(), { ASSETBATCH_NO_COMPILE_CACHE: '1' });
  }, 60_000);

  it('is written by the first run and taken, unchanged, by the second, which says and writes the same', () => {
    const home = fresh();
    const first = validate(home);
    const written = cacheFiles(join(home, 'assetbatch', LEAF));
    expect([...written.keys()].some((f) => /^app-.*\.v8$/.test(f))).toBe(true);
    const second = validate(home);
    expect(cacheFiles(join(home, 'assetbatch', LEAF))).toEqual(written); // V8 took every file: none made again
    expect(first).toEqual(uncached);
    expect(second).toEqual(uncached);
  }, 60_000);

  it.each([
    ['a flipped byte', (b: Buffer) => Buffer.concat([b.subarray(0, 1000), Buffer.from([b[1000] ^ 0xff]), b.subarray(1001)])],
    ['cut short', (b: Buffer) => b.subarray(0, b.length >> 1)],
    ['garbage of the same length', (b: Buffer) => Buffer.alloc(b.length, 7)],
  ])('with %s in every file, still validates as without a cache, and is written again', (_, damage) => {
    const home = fresh();
    validate(home);
    const folder = join(home, 'assetbatch', LEAF);
    const damaged = new Map(readdirSync(folder).map((f) => [f, damage(readFileSync(join(folder, f)))]));
    for (const [f, bytes] of damaged) writeFileSync(join(folder, f), bytes);
    expect(validate(home)).toEqual(uncached);
    for (const [f, bytes] of damaged) expect(readFileSync(join(folder, f)).equals(bytes)).toBe(false);
    expect(validate(home)).toEqual(uncached);
  }, 60_000);

  it("with another chunk's code in a whole file (V8 itself must refuse it), still validates as without a cache, and is written again", () => {
    const home = fresh();
    validate(home);
    const folder = join(home, 'assetbatch', LEAF);
    const files = readdirSync(folder);
    const app = files.find((f) => f.startsWith('app-'))!;
    const other = readFileSync(join(folder, files.find((f) => f !== app)!));
    writeFileSync(join(folder, app), other);
    expect(validate(home)).toEqual(uncached);
    expect(readFileSync(join(folder, app)).equals(other)).toBe(false);
  }, 60_000);

  it('is not written when turned off', () => {
    const home = fresh();
    expect(validate(home, { ASSETBATCH_NO_COMPILE_CACHE: '1' })).toEqual(uncached);
    expect(existsSync(join(home, 'assetbatch'))).toBe(false);
  }, 60_000);

  it("lives in the user's own folder in the temporary folder when the cache folder cannot be written", () => {
    const home = fresh();
    writeFileSync(join(home, 'not-a-folder'), '');
    const env = { XDG_CACHE_HOME: join(home, 'not-a-folder') };
    expect(validate(home, env)).toEqual(uncached);
    const folder = join(home, 'tmp', `assetbatch-${process.getuid?.() ?? 'user'}`, LEAF);
    const written = cacheFiles(folder);
    expect(written.size).toBeGreaterThan(0);
    expect(validate(home, env)).toEqual(uncached);
    expect(cacheFiles(folder)).toEqual(written);
  }, 60_000);

  it('is not read from the temporary folder when others could write there (cached code runs as the user)', () => {
    const home = fresh();
    writeFileSync(join(home, 'not-a-folder'), '');
    const env = { XDG_CACHE_HOME: join(home, 'not-a-folder') };
    validate(home, env);
    const shared = join(home, 'tmp', `assetbatch-${process.getuid?.() ?? 'user'}`);
    chmodSync(shared, 0o777);
    const written = cacheFiles(join(shared, LEAF));
    expect(written.size).toBeGreaterThan(0);
    expect(validate(home, env)).toEqual(uncached);
    for (const [f, at] of cacheFiles(join(shared, LEAF))) if (written.has(f)) expect(at).not.toBe(written.get(f)); // made again: not read
  }, 60_000);
});
