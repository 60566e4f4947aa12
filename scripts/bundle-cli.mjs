// The CLI as users run it (package.json's bin): dist/bin/assetbatch.js, bundled by rolldown
// from tsc's output (npm run build runs tsc, then this). Unbundled, a 3-row validate loads
// some 230 files, each resolved, read and compiled on its own; bundled it reads a few, and
// zod's unused parts stay out (bench/results.md, "Startup"). `--help` still loads no
// command. The CommonJS packages (pino, exceljs …) stay outside and load from
// node_modules when used. dist/bin sits at the same depth as dist/cli, so paths relative to
// a module (package.json, templates/presets) still resolve; the workers are entries of
// their own beside the chunks that start them. The library (dist/index.js) is tsc's output,
// unbundled. The bundle is ES modules, as the sources are.
import { chmod, rm } from 'node:fs/promises';
import { rolldown } from 'rolldown';

const OUT = 'dist/bin';
/** Bundled: zod (95 files) and the small packages. The others load from node_modules when used. */
const BUNDLED = new Set(['zod', 'commander', 'csv-stringify', 'p-limit', 'yocto-queue']);

/** What every start loads (--help is these alone), and the workers' own modules (they run in their thread). */
const START =
  /\/dist\/(cli\/(bin|main|run|commands|program|pipe)|errors)\.js$|\/node_modules\/commander\/|-worker\.js$/;
/** Parts only some commands use: each stays a chunk of its own. */
const OCCASIONAL =
  /\/dist\/(export\/(export|flatten|index|writers\/)|template\/template|read\/(xlsx\/|worker\/xlsx-thread)|cli\/(export|template|status|doctor|sandbox))/;

/**
 * Chunks: what a command needs is one file (app), the sandbox another. Split as the
 * imports allow, a validate read 20 chunks, each a few trips to libuv's threads (node's
 * ESM loader reads a module's file asynchronously): 5% more CPU, more under load.
 */
const chunkGroups = {
  includeDependenciesRecursively: false,
  groups: [
    { name: 'sandbox', test: /\/dist\/sandbox\//, priority: 2 },
    { name: 'app', test: (id) => !START.test(id) && !OCCASIONAL.test(id), priority: 1 },
  ],
};

/** `zod/v4/core` → zod, `@scope/x/y` → @scope/x; undefined for a relative or absolute path. */
function packageOf(id) {
  if (/^[./]/.test(id) || id.startsWith('node:')) return undefined;
  const parts = id.split('/');
  return id.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

await rm(OUT, { recursive: true, force: true });
const bundle = await rolldown({
  input: {
    assetbatch: 'dist/cli/bin.js',
    'csv-worker': 'dist/read/worker/csv-worker.js',
    'xlsx-worker': 'dist/read/worker/xlsx-worker.js',
  },
  platform: 'node',
  external: (id) => id.startsWith('node:') || (packageOf(id) !== undefined && !BUNDLED.has(packageOf(id))),
  // The entries export nothing a caller uses; this lets the groups above take their modules.
  preserveEntrySignatures: 'allow-extension',
  logLevel: 'warn',
});
await bundle.write({
  dir: OUT,
  format: 'esm',
  entryFileNames: '[name].js',
  chunkFileNames: '[name]-[hash].js',
  codeSplitting: chunkGroups,
});
await bundle.close();
await chmod(`${OUT}/assetbatch.js`, 0o755);
