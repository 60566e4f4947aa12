// The CLI users run is a bundle of tsc's modules (scripts/bundle-cli.mjs; package.json's
// bin). The other tests run tsc's dist/cli/main.js, so these check that the bundle says
// and writes what it says and writes, from the help to a validate's report and a file read
// in a worker thread (the workers are entries of the bundle of their own).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const BIN = resolve(
  (JSON.parse(readFileSync('package.json', 'utf8')) as { bin: Record<string, string> }).bin.assetbatch,
);
const MAIN = resolve('dist/cli/main.js');

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ab-bundle-'));
  await writeFile(
    join(dir, 'rows.csv'),
    'Name,Serial Number,Purchase Date,Status\nDesk,SN-1,2024-01-02,In use\nChair,,2024-02-30,Nope\nLamp,SN-3,2024-01-03,\n',
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** What a run prints, its timings (seconds, rows/s) taken out; the report as written. */
function run(
  entry: string,
  args: readonly string[],
): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [entry, ...args], { encoding: 'utf8', cwd: dir });
  const untimed = (t: string) => t.replace(/\d+ requests, .*rows\/s\./g, '<timing>');
  return { status: r.status, stdout: untimed(r.stdout), stderr: untimed(r.stderr) };
}

describe('the bundled CLI', () => {
  it('is executable with a shebang (npm links it as `assetbatch`)', () => {
    expect(readFileSync(BIN, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
  });

  it.each([[['--help']], [['--version']], [['validate', '--help']], [['export', '--help']], [['nope']]])(
    "answers %j as tsc's modules do",
    (args) => {
      expect(run(BIN, args)).toEqual(run(MAIN, args));
    },
  );

  it("validates a CSV against the sandbox as tsc's modules do: same words, same exit code, same report", async () => {
    const args = (report: string) => ['validate', 'rows.csv', '-r', 'asset', '--sandbox', '--report', report];
    const bundled = run(BIN, args('bundled.csv'));
    const modules = run(MAIN, args('modules.csv'));
    expect(bundled.stdout).toContain('2 valid, 1 invalid');
    expect(bundled.status).toBe(modules.status);
    expect(bundled.stdout.replace('bundled.csv', 'R')).toBe(modules.stdout.replace('modules.csv', 'R'));
    expect(bundled.stderr).toBe(modules.stderr);
    expect(await readFile(join(dir, 'bundled.csv'), 'utf8')).toBe(
      await readFile(join(dir, 'modules.csv'), 'utf8'),
    );
  }, 60_000);

  it('finds each worker it starts beside its chunks (a missing one would quietly read in the main thread)', async () => {
    const chunks = readdirSync(dirname(BIN)).filter((f) => f.endsWith('.js'));
    const workers = chunks.flatMap((f) =>
      [
        ...readFileSync(join(dirname(BIN), f), 'utf8').matchAll(
          /new URL\("\.\/([^"]+)", import\.meta\.url\)/g,
        ),
      ].map((m) => m[1]),
    );
    expect(workers.sort()).toEqual(['csv-worker.js', 'xlsx-worker.js']);
    for (const w of workers) expect(chunks).toContain(w);
  });

  it('has no chunk that loads the entry (it starts the CLI: a reading thread would run a command of its own)', () => {
    const chunks = readdirSync(dirname(BIN)).filter((f) => f.endsWith('.js'));
    const entry = `"./${BIN.slice(BIN.lastIndexOf('/') + 1)}"`;
    expect(chunks.filter((f) => readFileSync(join(dirname(BIN), f), 'utf8').includes(entry))).toEqual([]);
  });

  it("reads a CSV over the worker threshold (4 MiB) in its worker as tsc's modules do", async () => {
    const wide = 'x'.repeat(100_000);
    await writeFile(
      join(dir, 'wide.csv'),
      `Name,Serial Number,Notes\n${Array.from({ length: 45 }, (_, i) => `Desk ${i},SN-${i},${wide}`).join('\n')}\n`,
    );
    const args = ['validate', 'wide.csv', '-r', 'asset', '--sandbox', '--report', 'wide-report.csv'];
    const bundled = run(BIN, args);
    expect(bundled.stdout).toContain('Checked: 45 rows');
    expect(bundled).toEqual(run(MAIN, args));
  }, 60_000);
});
