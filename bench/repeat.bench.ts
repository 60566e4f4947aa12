// Repeat runs at scale: a generated asset register of 10,000 and 20,000 rows (and one of
// 10,000 rows without serial numbers) imported once into a sandbox in a process of its own with
// the rate limit off, then (a) the same file again, (b) a copy under another name and (c)
// an export of those records with 20 cells edited sent back by `update`. Each repeat's
// requests, wall time and peak RSS, its time ÷ a plain `validate` of the same file in the
// same run, and 20,000 ÷ 10,000 rows (≈ 2 if the repeat is linear in the rows).
// The figures go into bench/results.md (its "Repeat" section; other sections are kept).
// Run: npm run bench:repeat
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { expect, it } from 'vitest';
import { ApiClient } from '../src/api/client.js';
import { exportResource } from '../src/export/index.js';
import {
  importSpreadsheet,
  updateSpreadsheet,
  validateSpreadsheet,
  type ImportOptions,
  type ImportSummary,
} from '../src/run/import.js';
import { ASSET_HEADERS, registerRow } from './lib/asset-csv.js';
import { machine, ratio, table, writeSection } from './lib/results.js';

const EDITED = 20;
const SETS = [
  { rows: 10_000, serials: true },
  { rows: 20_000, serials: true },
  { rows: 10_000, serials: false },
] as const;
type Register = (typeof SETS)[number];
const CASES = [
  'validate',
  'first import',
  'import again',
  'copy under another name',
  'export → edit 20 → update',
] as const;
type Case = (typeof CASES)[number];

interface Measured {
  readonly summary: ImportSummary;
  readonly ms: number;
  readonly peakMb: number;
}

const quote = (s: string): string => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/** The register of `rows` valid rows, with or without its serial number column. */
async function writeRegister(path: string, set: Register): Promise<void> {
  const keep = (cells: readonly string[]) => (set.serials ? cells : cells.filter((_, i) => i !== 1));
  const lines = [keep(ASSET_HEADERS).join(',')];
  for (let i = 0; i < set.rows; i++)
    lines.push(
      keep(registerRow(i, { invalidEvery: 0 }).cells)
        .map(quote)
        .join(','),
    );
  await writeFile(path, `${lines.join('\n')}\n`);
}

interface Sandbox {
  readonly url: string;
  readonly token: string;
  close(): Promise<void>;
}

/** The built CLI's sandbox in a process of its own (`npm run build` first): its RSS is not ours. */
async function childSandbox(): Promise<Sandbox> {
  const cli = new URL('../dist/cli/main.js', import.meta.url).pathname;
  const child = spawn(process.execPath, [cli, 'sandbox', '--rate-limit', '0', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [first] = (await once(child.stdout, 'data')) as [Buffer];
  child.stdout.resume();
  const url = first.toString().split('\n')[0].trim();
  const close = async () => {
    child.kill('SIGTERM');
    if (child.exitCode === null) await once(child, 'exit');
  };
  return { url, token: 'sandbox-token', close };
}

/** Wall time and the highest RSS seen (sampled every 10 ms; the sandbox runs in its own process). */
async function measured(run: () => Promise<ImportSummary>): Promise<Measured> {
  global.gc?.();
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
  const t0 = performance.now();
  try {
    const summary = await run();
    const ms = performance.now() - t0;
    peak = Math.max(peak, process.memoryUsage.rss());
    return { summary, ms, peakMb: peak / 2 ** 20 };
  } finally {
    clearInterval(timer);
  }
}

/** The export of the set's assets with `EDITED` rows' notes changed, written to `path`. */
async function editedExport(sb: Sandbox, path: string): Promise<void> {
  const client = new ApiClient({ baseUrl: sb.url, token: sb.token, rateLimit: 0 });
  await exportResource({ client, resource: 'asset', output: path, concurrency: 8 });
  await client.close();
  const all = parse(await readFile(path), { columns: true, bom: true }) as Record<string, string>[];
  const ours = all.filter((r) => /\d{7}$/.test(r.Name));
  for (const r of ours.slice(0, EDITED)) r['Asset notes'] = 'edited in the export';
  await writeFile(path, stringify(all, { header: true }));
}

async function runSet(set: Register, dir: string): Promise<Map<Case, Measured>> {
  const sb = await childSandbox();
  const connection = {
    sandbox: false,
    baseUrl: sb.url,
    token: sb.token,
    company: 1,
    rateLimit: 0,
    allowInsecureHttp: true,
  };
  const file = join(dir, `register-${set.rows}${set.serials ? '' : '-no-serial'}.csv`);
  const options = (f: string, label: string): ImportOptions => ({
    file: f,
    resource: 'asset',
    connection,
    dateFormat: 'dd/MM/yyyy',
    concurrency: 8,
    reportPath: join(dir, `${label}.report.csv`),
    lookupCacheDir: join(dir, 'lookups'),
  });
  const out = new Map<Case, Measured>();
  try {
    await mkdir(dir, { recursive: true });
    await writeRegister(file, set);
    out.set('validate', await measured(() => validateSpreadsheet(options(file, 'validate'))));
    const first = await measured(() => importSpreadsheet(options(file, 'first')));
    expect(first.summary.counts.created).toBe(set.rows);
    out.set('first import', first);
    out.set('import again', await measured(() => importSpreadsheet(options(file, 'again'))));
    const copy = join(dir, `copy-of-${set.rows}${set.serials ? '' : '-no-serial'}.csv`);
    await copyFile(file, copy);
    out.set('copy under another name', await measured(() => importSpreadsheet(options(copy, 'copy'))));
    const exported = join(dir, `export-${set.rows}${set.serials ? '' : '-no-serial'}.csv`);
    await editedExport(sb, exported);
    const update = await measured(() => updateSpreadsheet(options(exported, 'update')));
    out.set('export → edit 20 → update', update);
    for (const c of ['import again', 'copy under another name'] as const)
      expect(out.get(c)?.summary.counts.created).toBe(0);
    expect(update.summary.counts.updated).toBe(EDITED);
  } finally {
    await sb.close();
  }
  return out;
}

const label = (set: Register) => `${set.rows.toLocaleString('en-US')}${set.serials ? '' : ', no serials'}`;
const outcome = (s: ImportSummary) =>
  Object.entries(s.counts)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${n.toLocaleString('en-US')} ${k}`)
    .join(', ');

function line(set: Register, c: Case, results: Map<Register, Map<Case, Measured>>): string[] {
  const m = results.get(set)?.get(c);
  const v = results.get(set)?.get('validate');
  if (!m || !v) return [label(set), c, '', '', '', '', '', ''];
  const half = set.rows === 20_000 ? results.get(SETS[0])?.get(c) : undefined;
  return [
    label(set),
    c,
    outcome(m.summary),
    String(m.summary.requests),
    `${(m.ms / 1000).toFixed(2)} s`,
    `${Math.round(m.peakMb)} MB`,
    ratio(m.ms / v.ms),
    half ? ratio(m.ms / half.ms) : '',
  ];
}

it('repeat runs of 10,000 and 20,000 rows cost what changed and grow with the rows', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'assetbatch-bench-repeat-'));
  process.env.XDG_CACHE_HOME = join(dir, 'cache');
  process.env.XDG_STATE_HOME = join(dir, 'state');
  const results = new Map<Register, Map<Case, Measured>>();
  try {
    for (const set of SETS) results.set(set, await runSet(set, join(dir, label(set).replace(/\W+/g, '-'))));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const rows = SETS.flatMap((set) => CASES.map((c) => line(set, c, results)));
  const section = [
    '## Repeat runs at scale (`npm run bench:repeat`)',
    '',
    `\`bench/repeat.bench.ts\`: a generated asset register (\`bench/lib/asset-csv.ts\`, every row valid) of 10,000 and 20,000 rows, and one of 10,000 rows without its serial number column, each into its own sandbox (the built CLI's, \`sandbox --rate-limit 0\`, in a process of its own) with the rate limit off: a plain \`validate\` of the file before it is imported (the baseline; it reads the lookup lists and the existing serial numbers), the first import (concurrency 8), then, in that order, (a) the same file imported again, (b) a copy of it under another name imported, (c) an export of the account's assets (the seed's and the register's) with ${EDITED} rows' notes edited, sent back by \`update\`. Time is wall time of the library call; peak RSS is this process's (the sandbox's not included), sampled every 10 ms during the call. "÷ validate" is the run's time over the plain validate of the same file in the same run; "20k ÷ 10k" the 20,000-row time over the 10,000-row one (2.00× is linear). ${machine()}.`,
    '',
    table(['rows', 'run', 'outcome', 'requests', 'time', 'peak RSS', '÷ validate', '20k ÷ 10k'], rows, 3),
  ].join('\n');
  process.stdout.write(`${section}\n`);
  await writeSection('repeat', section);
});
