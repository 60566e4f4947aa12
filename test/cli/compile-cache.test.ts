// V8's code cache for the bundle (src/cli/compile-cache.ts): where it lives, how it is
// turned off, and that a cache file is taken whole or not at all.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cacheFileName, compileCacheDirs, compileCacheDisabled, readCodeCache, usesCache, writeCodeCache } from '../../src/cli/compile-cache.js';

const dir = mkdtempSync(join(tmpdir(), 'ab-compile-cache-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('turning the cache off', () => {
  it.each([
    [{}, false],
    [{ ASSETBATCH_NO_COMPILE_CACHE: '1' }, true],
    [{ ASSETBATCH_NO_COMPILE_CACHE: 'true' }, true],
    [{ ASSETBATCH_NO_COMPILE_CACHE: '0' }, false],
    [{ ASSETBATCH_NO_COMPILE_CACHE: '' }, false],
    [{ NODE_DISABLE_COMPILE_CACHE: '1' }, true],
  ])('%j: off is %s', (env, off) => {
    expect(compileCacheDisabled(env)).toBe(off);
  });
});

describe('where the cache lives', () => {
  it.each([
    ['XDG_CACHE_HOME first, then a folder of the user in the temporary folder', { XDG_CACHE_HOME: '/x' }, '/home/u', ['/x/assetbatch/v8/v20.19.0-x64', '/tmp/assetbatch-1000/v8/v20.19.0-x64']],
    ['~/.cache without XDG_CACHE_HOME', {}, '/home/u', ['/home/u/.cache/assetbatch/v8/v20.19.0-x64', '/tmp/assetbatch-1000/v8/v20.19.0-x64']],
    ['an empty XDG_CACHE_HOME counts as unset', { XDG_CACHE_HOME: '' }, '/home/u', ['/home/u/.cache/assetbatch/v8/v20.19.0-x64', '/tmp/assetbatch-1000/v8/v20.19.0-x64']],
    ['only the temporary folder without a home', {}, '', ['/tmp/assetbatch-1000/v8/v20.19.0-x64']],
  ])('%s', (_, env, home, dirs) => {
    expect(compileCacheDirs(env, home, '/tmp', 1000, 'v20.19.0', 'x64')).toEqual(dirs);
  });

  it("names a chunk's cache by its file and its content, not its length alone", () => {
    const a = cacheFileName('/d/app-1.js', 'let a = 1;');
    expect(a).toMatch(/^app-1\.js\.[0-9a-f]{20}\.v8$/);
    expect(cacheFileName('/d/app-1.js', 'let b = 1;')).not.toBe(a);
    expect(cacheFileName('/d/app-1.js', 'let a = 1;')).toBe(a);
  });
});

describe('what is compiled with the cache', () => {
  it.each([
    ['a chunk of the bundle', '/app/dist/bin/app-1.js', 'commonjs', 'x', true],
    ["a package's CommonJS file", '/app/node_modules/undici/lib/core/util.js', undefined, 'x', true],
    ['an ES module required (node loads it)', '/app/node_modules/p/index.js', 'module', 'x', false],
    ['a script with a #! line', '/app/dist/bin/app-1.js', 'commonjs', '#!/usr/bin/env node\nx', false],
    ['a file of neither (a --require of the user)', '/home/u/hook.js', undefined, 'x', false],
    ['a folder whose name starts as the bundle\'s', '/app/dist/bin2/x.js', 'commonjs', 'x', false],
  ])('%s', (_, file, format, content, yes) => {
    expect(usesCache(file, '/app/dist/bin', content, format)).toBe(yes);
  });
});

describe('a cache file', () => {
  const code = Buffer.from('code V8 made'.repeat(100));

  it('is read back as written', () => {
    expect(writeCodeCache(dir, 'whole.v8', code)).toBe(true);
    expect(readCodeCache(join(dir, 'whole.v8'))).toEqual(code);
  });

  it.each([
    ['a flipped byte', (b: Buffer) => Buffer.concat([b.subarray(0, 40), Buffer.from([b[40] ^ 1]), b.subarray(41)])],
    ['cut short', (b: Buffer) => b.subarray(0, b.length - 1)],
    ['its digest alone', (b: Buffer) => b.subarray(0, 20)],
    ['empty', () => Buffer.alloc(0)],
  ])('is not used when %s', (name, damage) => {
    writeCodeCache(dir, 'damaged.v8', code);
    writeFileSync(join(dir, 'damaged.v8'), damage(readFileSync(join(dir, 'damaged.v8'))));
    expect(readCodeCache(join(dir, 'damaged.v8'))).toBeUndefined();
  });

  it('is missing without an error', () => {
    expect(readCodeCache(join(dir, 'none.v8'))).toBeUndefined();
  });

  it('is not written, without an error, where the folder cannot be made', () => {
    writeFileSync(join(dir, 'a-file'), '');
    expect(writeCodeCache(join(dir, 'a-file', 'v8'), 'x.v8', code)).toBe(false);
  });
});
