// How far the heap may grow between full collections, for a batch run. V8 sizes the old
// generation by how fast the program allocates: a dry run of a million rows allocates a
// few kilobytes a row, most of it garbage at once, and V8 then let the heap grow to three
// or four times what was live (~25 MB live, ~110 MB held) before collecting. The CLI is a
// batch process of its own, so it asks for full collections at 1.2× the live heap
// instead: peak memory then grows with the file only by what the run must keep (the key
// index of src/util/key-index.ts), for a few percent more GC time (bench/results.md).
// The library leaves the host process's settings alone; a host can call this itself.
// Beside it, the same kind of setting for a short run (skipWasmTierUp), and collections the
// reading thread asks for (exposeGcToWorkers).
import v8 from 'node:v8';

/** Old-generation growth allowed between full collections, in percent of the live heap. */
export const HEAP_GROWING_PERCENT = 20;

/** Bound the heap's growth, unless the user chose a setting (NODE_OPTIONS or node's flags). */
export function boundHeapGrowth(): void {
  const given = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((a) => a.includes('heap-growing-percent'));
  if (!given) v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}

/**
 * Keep WebAssembly on V8's baseline compiler (Liftoff). The only WebAssembly we run is
 * undici's HTTP parser (llhttp), and after the first response V8 starts optimising its
 * one large function in the background; a process cannot exit before that compilation
 * ends, which cost a 3-row validate 90–250 ms of waiting (issue 17). Optimised, it parses
 * no faster that we can measure: 3,000 requests of 100-record pages took the same time.
 */
export function skipWasmTierUp(): void {
  const given = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((a) => /wasm|liftoff/.test(a));
  if (!given) v8.setFlagsFromString('--liftoff-only');
}

/**
 * Let the threads started from now on ask for a young-generation collection: V8 gives
 * `gc` to each context made after the flag is set (so not to this thread, whose context
 * exists). Unzipping makes garbage that V8 does not see coming (collectYoungGarbage).
 */
export function exposeGcToWorkers(): void {
  const given = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((a) => /expose[-_]gc/.test(a));
  if (!given) v8.setFlagsFromString('--expose-gc');
}

type Gc = (options?: { type?: 'minor' | 'major' }) => void;

/**
 * A young-generation collection, in a thread that may ask for one (exposeGcToWorkers);
 * nothing elsewhere (a library's host, the tests). An inflated chunk is a buffer outside
 * the heap, garbage once read; a pass that allocates little else in the heap (the XLSX
 * reader's merged-ranges pass over the whole sheet, src/read/xlsx/xlsx-parts.ts) brought no
 * collection until V8's trigger for memory outside the heap, 64 MB of them, and malloc
 * kept that memory for the rest of the run: peak RSS grew with the sheet (bench/results.md).
 */
export function collectYoungGarbage(): void {
  (globalThis as { gc?: Gc }).gc?.({ type: 'minor' });
}
