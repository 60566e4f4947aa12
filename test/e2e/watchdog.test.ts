// Nothing hangs: every hostile file among the test fixtures (the bad-input corpus, the
// reader's corpus, the public CSV suites) is validated under a 20 s limit each, and must end
// by itself with one of our exit codes, none as a bug. The files go through the built
// library in two child processes (test/helpers/watchdog-validate.mjs), one file at a time
// each, against one sandbox; a child whose file passes the limit is killed, the file counted
// as hung, and a new child takes the next file. (The CLI's own handling of these files is
// bad-input.test.ts's and read-corpus.test.ts's.)
import { fork, type ChildProcess } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, tempDir, testSandbox, type TestSandbox } from './cli.js';

const FOLDERS = ['bad', 'read-corpus', 'public-csv'];
const LIMIT_MS = 20_000;
const AT_ONCE = 2;
const CHILD = join(ROOT, 'test/helpers/watchdog-validate.mjs');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : /\.(md|json)$/i.test(name) ? [] : [path];
  });
}

const files = FOLDERS.flatMap((f) => filesUnder(join(ROOT, 'test/fixtures', f)));

interface End {
  file: string;
  code: number;
  ms: number;
  hung?: boolean;
  bug?: string;
}

let t: TestSandbox;
beforeAll(async () => void (t = await testSandbox()));
afterAll(() => t.close());

/** Validate one file in `child` (forked when missing); a file past the limit kills the child. */
function validateIn(state: { child?: ChildProcess }, n: number, reports: string): Promise<End> {
  const child = (state.child ??= fork(
    CHILD,
    [JSON.stringify({ url: t.sb.url, token: t.sb.token, reports })],
    { stdio: 'ignore' },
  ));
  const file = relative(ROOT, files[n]);
  const started = Date.now();
  return new Promise((done) => {
    const finish = (end: Omit<End, 'file' | 'ms'>) => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      done({ file, ms: Date.now() - started, ...end });
    };
    const onMessage = (m: { n: number; code: number; bug?: string }) =>
      m.n === n && finish({ code: m.code, bug: m.bug });
    const onExit = (code: number | null) => {
      state.child = undefined;
      finish({ code: code ?? 3, bug: `the child ended (${code ?? 'killed'}) during this file` });
    };
    const timer = setTimeout(() => {
      child.off('exit', onExit);
      child.kill('SIGKILL');
      state.child = undefined;
      finish({ code: 3, hung: true });
    }, LIMIT_MS);
    child.on('message', onMessage);
    child.on('exit', onExit);
    child.send({ n, file: files[n] });
  });
}

describe('watchdog: every hostile fixture ends within 20 s', () => {
  it(`${files.length} files, ${AT_ONCE} at a time`, async () => {
    const ends: End[] = [];
    const reports = tempDir('ab-watchdog-');
    let next = 0;
    const worker = async () => {
      const state: { child?: ChildProcess } = {};
      while (next < files.length) ends.push(await validateIn(state, next++, reports));
      state.child?.kill();
    };
    await Promise.all(Array.from({ length: AT_ONCE }, worker));
    const slowest = [...ends].sort((a, b) => b.ms - a.ms)[0];
    console.log(`watchdog: ${ends.length} files, slowest ${slowest.file} ${slowest.ms} ms`);
    expect(ends).toHaveLength(files.length);
    expect(ends.filter((e) => e.hung || ![0, 1, 2, 3].includes(e.code))).toEqual([]);
    expect(ends.filter((e) => e.bug)).toEqual([]);
  }, 300_000);
});
