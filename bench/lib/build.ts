// Benchmarks that measure a process's peak memory run our code in child processes, which
// need JavaScript: src/ and bench/lib/ are compiled into bench/data/build/ (not dist/,
// which tests and others' builds share), with source maps so profiles point at the .ts.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

// The repository's root, from bench/lib/ as written or as compiled into bench/data/build/.
export const ROOT = fileURLToPath(new URL('../..', import.meta.url)).replace(
  /bench[\\/]data[\\/]build[\\/]?$/,
  '',
);
export const DATA = join(ROOT, 'bench', 'data');
const BUILD = join(DATA, 'build');

/** Compile, and return the path of a compiled bench/lib module (`validate-child` → its .js). */
export function compileBench(): (module: string) => string {
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  // Type errors elsewhere in the tree (work in progress) do not stop the emit; a missing
  // output does.
  const r = spawnSync(process.execPath, [tsc, '-p', join(ROOT, 'bench', 'lib', 'tsconfig.json')], {
    encoding: 'utf8',
  });
  const path = (module: string) => join(BUILD, 'bench', 'lib', `${module}.js`);
  if (!existsSync(path('validate-child')))
    throw new Error(`compiling the bench failed:\n${r.stdout}${r.stderr}`);
  return path;
}
