// Nothing hangs: every hostile file among the test fixtures (the bad-input corpus, the
// reader's corpus, the public CSV suites) goes through `validate` of the built CLI under a
// 20 s limit each, several at a time. Each must end by itself with one of our exit codes,
// and none may end as a bug.
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli, tempDir } from './cli.js';

const FOLDERS = ['bad', 'read-corpus', 'public-csv'];
const LIMIT_MS = 20_000;
const AT_ONCE = 2;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : /\.(md|json)$/i.test(name) ? [] : [path];
  });
}

const files = FOLDERS.flatMap((f) => filesUnder(join(ROOT, 'test/fixtures', f)));

describe('watchdog: every hostile fixture ends within 20 s', () => {
  it(`${files.length} files, ${AT_ONCE} at a time`, async () => {
    const ends: { file: string; code: number; ms: number; bug: boolean }[] = [];
    const reports = tempDir('ab-watchdog-');
    let next = 0;
    const worker = async () => {
      while (next < files.length) {
        const n = next++;
        const file = files[n];
        const started = Date.now();
        const res = await runCli(['validate', file, '-r', 'asset', '--sandbox', '--report', join(reports, `${n}.report.csv`)], { timeoutMs: LIMIT_MS });
        ends.push({ file: relative(ROOT, file), code: res.code, ms: Date.now() - started, bug: /This is a bug/.test(res.stderr) });
      }
    };
    await Promise.all(Array.from({ length: AT_ONCE }, worker));
    const slowest = [...ends].sort((a, b) => b.ms - a.ms)[0];
    console.log(`watchdog: ${ends.length} files, slowest ${slowest.file} ${slowest.ms} ms`);
    // A run killed by the limit has no exit code of ours (execFile reports the signal).
    expect(ends.filter((e) => ![0, 1, 2, 3].includes(e.code) || e.ms >= LIMIT_MS)).toEqual([]);
    expect(ends.filter((e) => e.bug)).toEqual([]);
  }, 300_000);
});
