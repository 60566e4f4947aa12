// A CSV validate loads what it uses and nothing more (issue 17: a 3-row validate took 7×
// `node -e 0`). Pinned here so that an import added at the top of a module cannot bring
// the spreadsheet library, the export writers or the log library back into every start.
// Both the CLI users run (the bundle, package.json's bin) and tsc's modules are checked.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const BIN = resolve(
  (JSON.parse(readFileSync('package.json', 'utf8')) as { bin: Record<string, string> }).bin.assetbatch,
);
const MAIN = resolve('dist/cli/main.js');

/** Packages a CSV validate must not load, and why each is not needed. */
const UNUSED_PACKAGES: [string, string][] = [
  ['exceljs', 'XLSX reports, templates and exports only'],
  ['pino', 'only with --log'],
  ['proper-lockfile', 'the journal lock of a run that writes'],
  ['i18n-iso-countries', 'only when a country name is resolved'],
  ['undici', "the client is on Node's own http (src/api/transport.ts)"],
];

/** Node's builtins a CSV validate against the sandbox must not load, and why each is not needed. */
const UNUSED_BUILTINS: [string, string][] = [
  ['node:crypto', 'its hashes name the files of a run against the service (src/util/hash.ts)'],
];

/** Our modules a CSV validate must not load (tsc's output, under dist/); neutralize.ts is the reader's too. */
// export/finance.js is not among them: the plan names a sent-back export's figure columns
// (Book value) by its labels.
const UNUSED_MODULES = [
  /^export\/(export|flatten|index|writers\/)/,
  /^template\/template\.js$/,
  /^read\/xlsx/,
  /^read\/zip\.js$/,
  /^cli\/(export|template|sandbox|status|doctor)\.js$/,
];

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ab-loads-'));
  await writeFile(
    join(dir, 'three.csv'),
    'Name,Serial Number,Purchase Date\nDesk,SN-1,2024-01-02\nChair,SN-2,2024-01-03\nLamp,SN-3,2024-01-04\n',
  );
  // ESM imports through a resolve hook; CommonJS files from require's cache as the process
  // ends; builtins taken with process.getBuiltinModule as they are asked for.
  await writeFile(
    join(dir, 'hooks.mjs'),
    `import { appendFileSync } from 'node:fs';\nexport async function resolve(s, c, next) { const r = await next(s, c); appendFileSync(${JSON.stringify(join(dir, 'esm.txt'))}, r.url + '\\n'); return r; }\n`,
  );
  await writeFile(
    join(dir, 'cjs.cjs'),
    `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(join(dir, 'cjs.txt'))}, Object.keys(require.cache).join('\\n')));\n` +
      `const get = process.getBuiltinModule; process.getBuiltinModule = (id) => { require('node:fs').appendFileSync(${JSON.stringify(join(dir, 'esm.txt'))}, id + '\\n'); return get(id); };\n`,
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Every file a CSV validate against the sandbox loads, as paths, and the builtins it takes (node:…). */
async function filesLoaded(entry: string): Promise<string[]> {
  await Promise.all(['esm.txt', 'cjs.txt'].map((f) => writeFile(join(dir, f), '')));
  const register = `import { register } from 'node:module'; register(${JSON.stringify(pathToFileURL(join(dir, 'hooks.mjs')).href)});`;
  const args = [
    '--require',
    join(dir, 'cjs.cjs'),
    '--import',
    `data:text/javascript,${encodeURIComponent(register)}`,
    entry,
    'validate',
    join(dir, 'three.csv'),
    '-r',
    'asset',
    '--sandbox',
    '--report',
    join(dir, 'r.csv'),
  ];
  const run = spawnSync(process.execPath, args, { encoding: 'utf8' });
  expect(run.stdout).toContain('3 valid');
  expect(run.status).toBe(0);
  const asked = (await readFile(join(dir, 'esm.txt'), 'utf8')).split('\n');
  const files = asked
    .filter((u) => u.startsWith('file:'))
    .map((u) => decodeURIComponent(new URL(u).pathname));
  const builtins = asked.filter((u) => u.startsWith('node:'));
  const cjs = (await readFile(join(dir, 'cjs.txt'), 'utf8')).split('\n').filter(Boolean);
  return [...new Set([...files, ...cjs, ...builtins])];
}

const packageOf = (path: string): string | undefined => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1];

describe.each([
  ['the bundled CLI (package.json bin)', BIN],
  ["tsc's modules (dist/cli/main.js)", MAIN],
])('a 3-row CSV validate with --sandbox, %s', (_, entry) => {
  let files: string[];
  beforeAll(async () => {
    files = await filesLoaded(entry);
  }, 60_000);

  it.each(UNUSED_PACKAGES)('does not load %s (%s)', (name) => {
    expect(files.filter((f) => packageOf(f) === name)).toEqual([]);
  });

  it.each(UNUSED_BUILTINS)('does not load %s (%s)', (name) => {
    expect(files).not.toContain(name);
  });
});

describe("a 3-row CSV validate with --sandbox, tsc's modules", () => {
  it('does not load the export writers, the templates, the XLSX reader or the other commands', async () => {
    const ours = (await filesLoaded(MAIN))
      .filter((f) => f.includes('/dist/') && !f.includes('node_modules'))
      .map((f) => f.slice(f.lastIndexOf('/dist/') + 6));
    expect(ours).toContain('cli/import.js');
    expect(ours.filter((f) => UNUSED_MODULES.some((re) => re.test(f)))).toEqual([]);
  }, 60_000);
});
