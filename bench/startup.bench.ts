// Startup: what a command costs before it does anything, beside `node -e 0` in the same run.
// Runs interleaved (node, --help, validate, node, …), the median of each kept. The CLI is
// the built one as package.json's bin names it (dist/bin/assetbatch.js, an ES module bundle
// made by `npm run build`); tsc's unbundled dist/cli/main.js runs the same validate beside
// it, for the bundle's share. On Node 22.1 and later the CLI turns on Node's compile cache
// (module.enableCompileCache); Node 20 has none. Goals (issue 27): a 3-row validate ≤ 3.5×
// on Node 20, ≤ 3× on Node 24.
// Run: npm run bench:startup
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { it } from 'vitest';
import { machine, ratio, table, writeSection } from './lib/results.js';

const ROUNDS = Number(process.env.BENCH_STARTUP_ROUNDS ?? 15);
const BIN = resolve(
  (JSON.parse(readFileSync('package.json', 'utf8')) as { bin: Record<string, string> }).bin.assetbatch,
);
const UNBUNDLED = resolve('dist/cli/main.js');

/**
 * The children's environment without NODE_EXTRA_CA_CERTS: with it, Node 20 reads and parses
 * the whole certificate file at every start (about 90 ms here, for `node -e 0` as for us),
 * which hides our share of the time; Node 22 and later read it when a TLS connection needs it.
 */
const { NODE_EXTRA_CA_CERTS: _extraCerts, ...CLEAN_ENV } = process.env;

function wall(args: readonly string[]): number {
  const started = performance.now();
  const run = spawnSync(process.execPath, args, { stdio: 'ignore', env: CLEAN_ENV });
  if (run.status !== 0) throw new Error(`node ${args.join(' ')} exited ${run.status}`);
  return performance.now() - started;
}

const HISTORY = [
  "Before the CLI loaded only the command it runs (src/cli/commands.ts), `--help` loaded every command and the modules they use (about 330 files) and took 4.9× (issue 17's figure).",
  "Before the bundle, the 3-row validate took 7–7.6× `node -e 0`: it loaded some 230 files (95 of them zod's), all of undici, pino, proper-lockfile and i18n-iso-countries.",
  "Issue 27: the CommonJS bundle and its own V8 code cache for Node 20 (a replacement of Node's private `Module.prototype._compile`, 2.59× warm against 3.07× without it) and the V8 flags set after start were removed; the bundle is ES modules again and Node 22.1+ keeps its own compile cache. Paired with farm-bench on Node 20.20.2 (2026-11-27 09:06–09:09 UTC, load average 17–20 from other work on the 2 cores, so the ratios are high; medians of 15 pairs): the ESM bundle's 3-row validate 0.77× the CPU of the unbundled modules (0.88× wall), 4.53× `node -e 0` in wall time (5.07× CPU) against 6.91× unbundled; `--help` 1.26×. Bundling stays.",
  "Issue 27, the client on Node's own http (src/api/transport.ts, tunnel.ts) instead of undici, whose entry loaded all of undici and whose WebAssembly parser kept Node 20 waiting at exit; node:http taken with `process.getBuiltinModule` (an ES module import of it runs its WebSocket getters, which load Node's own undici on 22+: nodejs/node#59686), node:https and node:tls only for an https service, node:util (for TextDecoder, a global) not loaded by a small CSV read (node:worker_threads was loaded lazily too, then imported again: 273 against 276 ms a validate, 21 pairs, within the noise; simpler wins). Paired with farm-bench against main's bundle before (1d5671e), 2026-11-27 15:48–15:50 UTC, load average 4–5, medians of 15 pairs: the 3-row validate 0.48× the CPU and 0.50× the wall time on Node 20.20.2, 0.59× the CPU and 0.58× the wall time on Node 24.21.0. Before it, a quiet Node 20 took 5.73× `node -e 0` and Node 24 7.52×.",
  "Issue 27, the environment: this machine sets NODE_EXTRA_CA_CERTS, which Node 20 reads and parses at every start (Node 24 does not): on Node 20.20.2 at 16:36 UTC, quiet, `node -e 0` took 136 ms with it and 48 ms without, the 3-row validate 373 and 297 ms, so 2.74× with it and 6.2× without. The day's earlier Node 20 figures (5.73× before the client on node:http) were taken with it set; the bench now unsets it for its children. Node 24.21.0, same time, unset: `node -e 0` 53 ms, the validate 267 ms, 5.05× (`--help` 1.62×). Neither meets its goal (3.5× on Node 20, 3× on Node 24). Where a Node 20 validate's time goes now (CPU profile, ~300 ms profiled): compiling the bundle's modules (no compile cache on Node 20) ~50 ms, the app chunk's top-level code ~40 ms, header mapping ~25 ms (every language's words indexed, twice a run), the sandbox and its seed ~20 ms, the first rows' checks ~12 ms. The wait at exit is gone: the process ends 15 ms after its last line.",
  "Issue 27, a validate's own work: header mapping builds a resource's field names (every language's words) once a run, not at each of a run's up to three mappings, and their vocabulary only when a header names no field; a run against the in-process sandbox keeps no pace memory (a new account on a new port each run), so it makes no hash and does not load node:crypto (~10 ms alone on Node 24). Paired whole-process runs against main before (ddd0ce0), 41 pairs, medians, 2026-11-27 17:40–17:42 UTC, load average 7–11: CPU 0.92× on Node 20.20.2 (311 → 287 ms) and 0.92× on Node 24.21.0 (288 → 271 ms). Why Node 24 is hardly faster for its compile cache: Node keeps what V8 compiled when the module was compiled, its top-level code; each function is still compiled at its first call, every run (the first call of a module's one large function took as long with the cache as without), and running without the cache (NODE_DISABLE_COMPILE_CACHE=1) costs only 1.10× the CPU. CPU profiles, ms of a ~330 ms (Node 20) and ~265 ms (Node 24) profiled run: our code, compiled at first call and run cold, 92 and 93; compiling the bundle's modules 66 and 19; Node's code called by ours (fs, streams, http) 50 and 66; the sandbox (its seed ~15, its first answer ~7) 27 and 29; builtin modules loaded 31 and 22; GC 17 and 16; the ES module loader 24 and 5. Node 24's builtins cost more: an ES module import of node:fs builds its face with fs.promises, which on 24 loads readline and the REPL's history, and a server's listen looks up even an IP address and compiles the IPv6 pattern (~5 ms profiled); the builtins a validate needs and one HTTP exchange over 127.0.0.1 alone take 2.5× `node -e 0` in CPU on Node 24 and 1.9× on Node 20. Tried and not kept: the bundle minified (whitespace only: 1.02× the CPU; fully, names kept: 1.00×) and written in ASCII without comments (0.98×, within the noise): less readable for nothing measurable.",
  "Issue 27, rerun after that work (2026-11-27 18:52 UTC, quiet, load average 2.6–2.8, NODE_EXTRA_CA_CERTS unset): Node 20.20.2 5.85× (274 ms against 47; 6.16× at 16:37), Node 24.21.0 4.76× (242 ms against 51; 5.05× at 16:37), `--help` 1.65×. Neither meets its goal (3.5× on Node 20, 3× on Node 24). Also tried: V8's `//# allFunctionsCalledOnLoad` hint at the top of every chunk, so that Node 24's compile cache would hold the functions a run calls (it keeps only the code compiled when a module loads): 0.99× the CPU, 21 pairs, not kept.",
  "Issue 27, doing less at start (2026-11-27 21:15-21:40 UTC, load average 2.5-8 from the other work on the 2 cores; whole-process runs paired with main's bundle, medians; NODE_EXTRA_CA_CERTS unset). Kept: the sandbox's default seed, saved as JSON by `npm run build` (scripts/save-seed.mjs) and parsed at start (src/sandbox/seed-file.ts; about 2 ms) instead of built (15-20 ms of cold code and garbage on Node 20, 10-16 on Node 24; the records are the same, a test holds them equal): the 3-row validate's CPU 0.961× (61 pairs; 0.969× and 0.985× in two runs of 41 under more load) and wall 0.978× on Node 20.20.2, CPU 0.940× (61 pairs; 0.944× in 25) and wall 0.985× on Node 24.21.0. Tried and not kept (under 3%): a sure pass for the body's company, so that a sheet of valid rows makes no zod schema at all (zod's first schema and parse are ~5 ms of cold code): CPU 0.984× on Node 20, 0.981× on Node 24 (31 pairs), 1.00× in 61 more under load; no other language's header words at all, as an upper bound of indexing them at start: 0.98× on Node 20, 0.95× on Node 24 (41 pairs; they are a feature, and an exact lazy index would still compact every word the first header not found in English asks for); the chunks' imports of builtins (`import { … } from 'node:fs'`) written as `process.getBuiltinModule` calls, which make no ES module face of each builtin: 1.00× on Node 20, 0.98× on Node 24 (41 pairs). Not tried, by measure: keeping code a validate never runs out of the chunk it loads. V8 pre-parses the chunks at ~35 µs a KB on Node 20 (the app chunk, 808 KB, ~31 ms, evenly: no module costs more than its size), so 3% would take some 200 KB out; but 110 of the app chunk's modules (755 KB of tsc's output) are reached by static imports from the validate's own command, and the modules it never runs at all come to 130 KB, 72 KB of them zod's, which its classic API imports itself (the JSON-schema writer included). Where a 3-row validate's time goes now (CPU profiles, medians of 8 runs, ~377 ms profiled on Node 20 and ~317 on Node 24): compiling our chunks 14% and 5%; Node's start and its ES module loader 10% and 5%; builtins loaded 8% and 10% (node:http, net, stream, fs/promises, child_process for commander; Node 24's listen on 127.0.0.1 alone takes 12.5 ms wall against 5.9 on Node 20: it looks the address up, tests it against the IPv6 pattern and loads node:cluster); commander, its load and the program it builds, 11% and 12%; Node's own code under our I/O (streams, HTTP) 11% and 14%; header mapping 6% and 10%; the run's stages (settings, scan, plan) 5% and 7%; the sandbox 5% and 7%; the rows' checks and the report 5% and 6%; GC 4% and 4%; the app chunk's top-level code (zod's classes, tables) 3% and 4%; the HTTP client 2% and 3%; reading the CSV 2% and 3%. The goals (3.5× on Node 20, 3× on Node 24) need some 35-40% of a run's CPU cut, and what is left is spread over work the run does, each part 2-14%: out of reach by doing less of it; Node's start, its loader and the builtins alone are a sixth.",
  'Issue 27, rerun after that work (2026-11-27 22:33–22:36 UTC, load average 2.3–2.9, NODE_EXTRA_CA_CERTS unset): Node 20.20.2 5.62× (257 ms against 46; 5.85× at 18:52), Node 24.21.0 4.24× (226 ms against 53; 4.76× at 18:52), `--help` 1.93× and 1.58×. Neither meets its goal (3.5× on Node 20, 3× on Node 24).',
  "Issue 27, the program and the header mapping (2026-11-27 23:45 to 2026-11-28 00:15 UTC, load average 7–14 from other work on the 2 cores, so the ratios and shares count, not the ms; whole-process 3-row validates paired with main's bundle (20c92b8), medians; NODE_EXTRA_CA_CERTS unset). Tried and not kept: defining only the command a command line runs (validate alone, without import, update and mapping, which share its module; the help, usage errors and test/cli/ unchanged): CPU 0.998× and 0.993× on Node 20.20.2 (41 and 61 pairs), 0.992× on Node 24.21.0 (41 pairs). Commander's cost is its code running cold the first time, in the first command it defines (~7 ms of a ~380 ms profiled run for the first command's options), not the number of commands: the three others came to ~2.5 ms profiled. Kept: the headers mapped once when no custom field applies (mapInput mapped them to decide whether to fetch the custom fields, then mapByLists mapped them again with the same options): the second call was a warm 0.5–0.9 ms in-process, CPU 0.988× on Node 20 and 0.991× on Node 24 (61 pairs, within the noise); kept since one list of the mapping's options replaces two. Profiled again (CPU profiles, means of 10 runs, ~700 ms profiled on Node 20 and ~820 on Node 24 under that load): no part that one simple change could cut comes to 5%. Header mapping's first, cold call is 4.3% and 5.6%, half of it indexing every language's header words (fieldNames, 2.3% and 3.1%; an exact lazy index would still have to compact them all, since a header found in English may be another field's word in another language), and the header row's matcher 0.9% and 1.4% more; on Node 24 the sandbox's listen on 127.0.0.1 compiles Node's IPv6 pattern (isIpv6LinkLocal after the address lookup, 2.7%; only a listen on every interface, or on a Unix socket the HTTP client would have to learn, skips it); node:child_process, which commander requires at load, 0.6% and 1.7%; the rest as at 21:40 (compiling our chunks 15% on Node 20, builtins 7% and 9%, GC 5%, the rows' first checks 4% and 7%). Nothing more tried.",
  'Issue 27, rerun at the end of the session (2026-11-28 02:01–02:03 UTC, load average 3.0–3.2, NODE_EXTRA_CA_CERTS unset): Node 20.20.2 5.51× (264 ms against 48; 5.62× at 22:33), Node 24.21.0 4.48× (245 ms against 55; 4.24× at 22:33), `--help` 1.81× and 1.42×. The run now also reads a company column, judges headers by their words (src/map/likeness.ts) and matches rows by their values; nothing was cut from the start. Neither meets its goal (3.5× on Node 20, 3× on Node 24).',
  "Issue 27, what loading alone costs (2026-12-01 23:30–23:40 UTC, quiet, load average under 3.5, NODE_EXTRA_CA_CERTS unset; whole-process runs paired with `node -e 0`, medians of 21): importing the three chunks a 3-row validate loads (run, app, sandbox; 1.07 MB) and running nothing takes 3.10× `node -e 0` on Node 20.20.2 and 2.07× on Node 24.21.0 with its compile cache warm. The goals (a whole validate ≤ 3.5× and ≤ 3×) leave 0.4× (about 9 ms) on Node 20 and 0.9× on Node 24 for the run itself: reading, mapping, the sandbox, an HTTP exchange and the report, which take 1.7× and 2.2× now. They need a validate to load about half the code it does, not a faster run. The day's work (a name built from make and model, the import's suggestions from the matcher of `mapping suggest`, updates that read no lookup list for unchanged cells) left the validate where it was: 1.00× the CPU of the session's start (ab74f55; 21 pairs). Rerun (23:30–23:32): Node 20.20.2 4.81× and 5.36× in two runs (128 ms against 27, 132 against 25), Node 24.21.0 4.27× (118 against 28; vitest run by the Node 24 binary). Neither meets its goal.",
  "Issue 27, rerun at the end of the 2026-12-02 session (01:44 UTC, load average 1.8–2.5, NODE_EXTRA_CA_CERTS unset): Node 20.20.2 5.23× (148 ms against 28), Node 24.21.0 4.28× (131 against 31; vitest run by the Node 24 binary), `--help` 1.82× and 1.54×. The session's work (lookup lists read after the existing records, an export's ID cells matched, placeholder cells, key conflicts, names built for empty cells) cost 1.02× the CPU of its start (140ab78; 31 pairs, wall 1.03×). Nothing was tried for the start: loading the chunks alone takes 3.10× and 2.07× (2026-12-01 23:30), and V8's coverage of a 3-row validate puts 48% of the app chunk's bytes (431 of 891 KB) in functions the run never calls, spread over the modules it does call; pre-parsing them costs some 15 ms on Node 20, so a validate that loaded none of them would still take about 4.7×. Neither meets its goal (3.5× on Node 20, 3× on Node 24).",
  'Issue 27, rerun at the end of the second 2026-12-02 session (04:40 UTC, quiet, load average under 1.5, NODE_EXTRA_CA_CERTS unset): Node 20.20.2 5.24× (131 ms against 25), Node 24.21.0 4.16× (116 against 28; vitest run by the Node 24 binary), `--help` 1.87× and 1.50×. The session’s work (row fingerprints in the journal and the scan, amounts’ decimal marks settled per column, one record per row checks, the template cache) cost 1.01× the CPU of its start (dc2c9eb; 21 pairs, wall 1.03×). Nothing was tried for the start. Neither meets its goal (3.5× on Node 20, 3× on Node 24).',
  'Issue 27, rerun at the end of the third 2026-12-02 session (06:56 UTC, quiet, load average under 1, NODE_EXTRA_CA_CERTS unset): Node 20.20.2 5.25× (139 ms against 26), Node 24.21.0 4.10× (120 against 29; vitest run by the Node 24 binary), `--help` 1.80× and 1.48×. The session’s work (enum values in six languages, the memory’s rows known by their cells, a repeat mapped as its journal recorded, exports remembered for the update of them sent back, a bound on an answer’s body) cost 1.01× the CPU of its start (f5b37b2; farm-bench, 21 pairs at 06:00 UTC, wall 1.01×). Nothing was tried for the start. Neither meets its goal (3.5× on Node 20, 3× on Node 24).',
  'Issue 27, rerun at the end of the fourth 2026-12-02 session (14:30–14:33 UTC, load average 1.6–2.4, NODE_EXTRA_CA_CERTS unset) on a slower machine than the morning’s (`node -e 0` 43–46 ms against 26–29; the same validate of b43f119 took 231 ms of CPU against 139 ms of wall then): Node 20.20.2 6.42× (274 ms against 43) and, two minutes later, 4.88× (202 against 41; the table above), Node 24.21.0 4.74× (220 against 46; vitest run by the Node 24 binary), `--help` 1.94× and 1.70× on Node 20, 1.55× on Node 24. The session’s work (suggest’s company check, totals words in six languages, figure columns named, the journal’s last run line parsed alone) cost 1.01× the CPU of its start (b43f119 built beside it; farm-bench, 21 pairs, wall 1.01×). Nothing was tried for the start. Neither meets its goal (3.5× on Node 20, 3× on Node 24).',
].join('\n\n');

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

it(`startup beside node -e 0, median of ${ROUNDS}`, async () => {
  const dir = await mkdtemp(join(tmpdir(), 'ab-bench-startup-'));
  try {
    const csv = join(dir, 'three.csv');
    await writeFile(
      csv,
      'Name,Serial Number,Purchase Date\nDesk,SN-1,2024-01-02\nChair,SN-2,2024-01-03\nLamp,SN-3,2024-01-04\n',
    );
    const validate = ['validate', csv, '-r', 'asset', '--sandbox', '--report', join(dir, 'r.csv')];
    const cases: [string, string[]][] = [
      ['node -e 0', ['-e', '0']],
      ['assetbatch --help', [BIN, '--help']],
      ['assetbatch validate (3 rows, --sandbox)', [BIN, ...validate]],
      ['the same, unbundled (dist/cli/main.js)', [UNBUNDLED, ...validate]],
    ];
    // One run first: on Node 22.1+ it fills the compile cache, as a user's first run does.
    for (const args of [
      [BIN, ...validate],
      [BIN, '--help'],
    ])
      wall(args);
    const times = cases.map(() => [] as number[]);
    for (let r = 0; r < ROUNDS; r++) cases.forEach(([, args], i) => times[i].push(wall(args)));
    const base = median(times[0]);
    const rows = cases.map(([name], i) => [
      name,
      `${Math.round(median(times[i]))} ms`,
      ratio(median(times[i]) / base),
    ]);
    const text = table(['command', 'wall (median)', '÷ node -e 0'], rows, 1);
    console.log(text);
    await writeSection(
      'startup',
      `## Startup (\`npm run bench:startup\`)\n\n${machine()}. Wall time of a whole process, median of ${ROUNDS} interleaved runs each, NODE_EXTRA_CA_CERTS unset.\n\n${text}\n\n${HISTORY}`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}, 600_000);
