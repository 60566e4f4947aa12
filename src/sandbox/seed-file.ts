// The default seed as `npm run build` saved it beside the built sandbox
// (dist/sandbox/seed-default.json, written by scripts/save-seed.mjs): a sandbox started
// by the CLI parses it, a fraction of the CPU of building it at every start (bench/results.md,
// "Startup"). Without the file (the sources the tests run) the seed is built, as it always
// is for `empty` and for a reset through the admin view.
import { fileURLToPath } from 'node:url';
import { buildSeed, type SeedKind } from './seed/index.js';
import { loadState, type StoreState } from './store.js';

// Relative to this module, which tsc writes to dist/sandbox/ and the bundle to dist/bin/,
// both one level under dist/: the same path finds the file from either.
const SAVED_DEFAULT = fileURLToPath(new URL('../sandbox/seed-default.json', import.meta.url));

/** The seed of that kind: the saved default when there is one, else built. */
export async function seedState(kind: SeedKind): Promise<StoreState> {
  return (kind === 'default' ? await loadState(SAVED_DEFAULT) : undefined) ?? buildSeed(kind);
}
