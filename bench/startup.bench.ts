// Startup: what a command costs before it does anything, beside `node -e 0` in the same run.
// Runs interleaved (node, --help, validate, node, …), the median of each kept. The CLI is
// the built one as package.json's bin names it (dist/bin/assetbatch.js, bundled by `npm run
// build`); tsc's unbundled dist/cli/main.js runs the same validate beside it, for the
// bundle's share. The bundle keeps V8's code cache (src/cli/compile-cache.ts): each
// command runs warm (the cache written before the timed runs, as every run after a user's
// first), cold (the cache turned off) and, for the validate, as a first run (an empty
// cache folder each time, the cache written at its end). Goals (issue 17): --help ≤ 2×,
// a 3-row validate ≤ 3×.
// Run: npm run bench:startup
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { it } from 'vitest';
import { machine, ratio, table, writeSection } from './lib/results.js';

const ROUNDS = Number(process.env.BENCH_STARTUP_ROUNDS ?? 15);
const BIN = resolve((JSON.parse(readFileSync('package.json', 'utf8')) as { bin: Record<string, string> }).bin.assetbatch);
const UNBUNDLED = resolve('dist/cli/main.js');

/** How a case finds the code cache: its folder, made fresh for each run or not, or turned off. */
type Cache = { home: string } | 'fresh' | 'off' | 'none';

function envFor(cache: Cache, dir: string): NodeJS.ProcessEnv {
  const env = { ...process.env, ASSETBATCH_NO_COMPILE_CACHE: '', NODE_DISABLE_COMPILE_CACHE: '' };
  if (cache === 'off') return { ...env, ASSETBATCH_NO_COMPILE_CACHE: '1' };
  if (cache === 'fresh') return { ...env, XDG_CACHE_HOME: mkdtempSync(join(dir, 'first-')) };
  return typeof cache === 'object' ? { ...env, XDG_CACHE_HOME: cache.home } : env;
}

function wall(args: readonly string[], env: NodeJS.ProcessEnv = process.env): number {
  const started = performance.now();
  const run = spawnSync(process.execPath, args, { stdio: 'ignore', env });
  if (run.status !== 0) throw new Error(`node ${args.join(' ')} exited ${run.status}`);
  return performance.now() - started;
}

const HISTORY = [
  'Before the CLI loaded only the command it runs (src/cli/commands.ts), `--help` loaded every command and the modules they use (about 330 files) and took 4.9× (issue 17\'s figure).',
  'Before the bundle and the cuts of issue 17\'s second round, the 3-row validate took 7–7.6× (579 ms beside 76 ms): it loaded some 230 files (95 of them zod\'s), all of undici, pino, proper-lockfile and i18n-iso-countries, and waited about 100 ms at exit for V8 to finish optimising undici\'s WebAssembly HTTP parser. Paired with farm-bench the same hour (2026-11-25 19:44 UTC, medians of 15 pairs): the old build took 467 ms wall (7.6× `node -e 0`, 9.1× its CPU), the bundle 204 ms (0.40× the old one; 3.35× `node -e 0` in wall, 3.37× in CPU, 25 pairs).',
  'What is left of the bundle\'s start, in CPU (process.cpuUsage() marks, quietest runs): node itself ~58 ms, commander ~8, reading and compiling the app chunk ~26, undici\'s agent ~30 (its files\' compile and node:http/net/tls/http2), the sandbox ~14, the run ~60 (most of it V8 compiling each function the first time it runs). Node 20 has no compile cache (module.enableCompileCache is Node 22), which is the lever left. Measured again in issue 17\'s third round (8 profiled runs, 250 µs sampling, 183 ms a run of CPU): Node compiling its own modules for us 19.5 ms (node:http2 alone ~4.7 ms after http/net, loaded by undici\'s client-h2 even for HTTP/1.1; node:tls ~2.3; commander loads node:child_process and with it dgram), V8 compiling our ESM chunks 19 ms, undici\'s CommonJS files 7.4 ms to compile and 8.6 to run, garbage collection 8.6. Bundling undici\'s agent files into a chunk of ours was tried: no faster (26–39 ms against 25–30, load ~1). What is left is compile time, which Node 20 cannot cache.',
  'Issue 17\'s fourth round, V8\'s code cache: node 20 has none of its own (module.enableCompileCache is node 22.1+, and is used there), and cannot give an ES module cached code, so the bundle became CommonJS (which also skips node\'s ESM loader: 0.95× the ESM bundle\'s wall time, 15 pairs) and its entry (src/cli/bin.ts) compiles the chunks and the packages\' CommonJS files with vm.Script and the code V8 made for them the last time, saved as a run ends so that the functions compiled lazily during the run are in it (src/cli/compile-cache.ts). The npm package v8-compile-cache, which caches what V8 made at load, was measured first: 1.00× the CPU of the ESM bundle without it (the packages\' files only) and 0.97× over the CommonJS bundle (15 pairs each). Paired with farm-bench (2026-11-26 02:35–02:38 UTC, load average 4–6, medians of 15–21 pairs, ÷ `node -e 0`): the 3-row validate took 3.30–3.40× in CPU before (3.19–3.39× in wall time), 2.70–2.88× with a warm cache (2.50–2.91× wall) and 3.31× with the cache off (3.29× wall); a first run, which writes the cache, takes 1.12× the CPU of a run with the cache off (about 20 ms, once for each build and node version). `--help`: 1.33× in CPU before, 1.32× warm, 1.37× off.',
].join('\n\n');

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

it(`startup beside node -e 0, median of ${ROUNDS}`, async () => {
  const dir = await mkdtemp(join(tmpdir(), 'ab-bench-startup-'));
  try {
    const csv = join(dir, 'three.csv');
    await writeFile(csv, 'Name,Serial Number,Purchase Date\nDesk,SN-1,2024-01-02\nChair,SN-2,2024-01-03\nLamp,SN-3,2024-01-04\n');
    const validate = ['validate', csv, '-r', 'asset', '--sandbox', '--report', join(dir, 'r.csv')];
    const warm: Cache = { home: join(dir, 'warm') };
    const cases: [string, string[], Cache][] = [
      ['node -e 0', ['-e', '0'], 'none'],
      ['assetbatch --help, warm cache', [BIN, '--help'], warm],
      ['assetbatch --help, cache off', [BIN, '--help'], 'off'],
      ['assetbatch validate (3 rows, --sandbox), warm cache', [BIN, ...validate], warm],
      ['the same, cache off', [BIN, ...validate], 'off'],
      ['the same, first run (empty cache, written at its end)', [BIN, ...validate], 'fresh'],
      ['the same, unbundled (dist/cli/main.js)', [UNBUNDLED, ...validate], 'none'],
    ];
    for (const args of [[BIN, ...validate], [BIN, '--help']]) wall(args, envFor(warm, dir));
    const times = cases.map(() => [] as number[]);
    for (let r = 0; r < ROUNDS; r++) cases.forEach(([, args, cache], i) => times[i].push(wall(args, envFor(cache, dir))));
    const base = median(times[0]);
    const rows = cases.map(([name], i) => [name, `${Math.round(median(times[i]))} ms`, ratio(median(times[i]) / base)]);
    const text = table(['command', 'wall (median)', '÷ node -e 0'], rows, 1);
    console.log(text);
    await writeSection('startup', `## Startup (\`npm run bench:startup\`)\n\n${machine()}. Wall time of a whole process, median of ${ROUNDS} interleaved runs each.\n\n${text}\n\n${HISTORY}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}, 600_000);
