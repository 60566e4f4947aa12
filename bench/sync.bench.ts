// Later runs cost only what changed: requests and time for (1) export 2,000 assets → edit
// 20 rows → `update`, and (2) import 2,000 → change 20 rows, add 10, remove 10 in the sheet
// → `sync`, against the sandbox with the rate limit off (the requests are the figure: at
// the account's 100 a minute they are the run's time). Beside each, the cost of the same
// work read a row at a time (one lookup or GET a row plus the writes), as update paid before.
// The figures go into bench/results.md (its "Sync" section; other sections are kept).
// Run: npm run bench:sync
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { expect, it } from 'vitest';
import { ApiClient } from '../src/api/client.js';
import { exportResource } from '../src/export/index.js';
import {
  importSpreadsheet,
  syncSpreadsheet,
  updateSpreadsheet,
  type ImportSummary,
} from '../src/run/import.js';
import { startSandbox, type Sandbox } from '../src/sandbox/index.js';
import { machine, writeSection } from './lib/results.js';
import type { Json } from '../test/json.js';

const RECORDS = 2_000;
const EDITED = 20;
const ADDED = 10;
const REMOVED = 10;

interface Measured {
  what: string;
  summary: ImportSummary;
  ms: number;
  writes: number;
  goal: number;
  perRow: number;
}

async function stats(sb: Sandbox): Promise<Json> {
  return (await sb.admin('/__sandbox/stats')).json();
}
const writesOf = (s: { requests: Record<string, number> }) =>
  Object.entries(s.requests)
    .filter(([k]) => /^(POST|PUT|PATCH) /.test(k))
    .reduce((a, [, n]) => a + n, 0);

async function measured(
  sb: Sandbox,
  what: string,
  goalExtra: number,
  perRow: number,
  run: () => Promise<ImportSummary>,
): Promise<Measured> {
  await sb.admin('/__sandbox/reset', { method: 'POST' });
  const t0 = performance.now();
  const summary = await run();
  const ms = performance.now() - t0;
  const writes = writesOf(await stats(sb));
  const pages = Math.ceil(RECORDS / 25);
  const lookups = summary.plan.lookupRequests;
  return { what, summary, ms, writes, goal: pages + goalExtra + lookups + 10, perRow };
}

const line = (m: Measured) =>
  `| ${m.what} | ${m.summary.requests} | ${m.writes} | ${m.summary.plan.writes} | ${m.summary.plan.lookupRequests} | ${m.goal} | ${(m.ms / 1000).toFixed(1)} s | ${Math.ceil(m.summary.requests / 100)} min | ${m.perRow} (${Math.ceil(m.perRow / 100)} min) |`;

it(`update and sync of ${RECORDS} assets cost the pages and the changes`, async () => {
  const dir = await mkdtemp(join(tmpdir(), 'assetbatch-bench-sync-'));
  process.env.XDG_CACHE_HOME = join(dir, 'cache');
  process.env.XDG_STATE_HOME = join(dir, 'state');
  const sb = await startSandbox({ port: 0, rateLimit: 0 });
  const connection = {
    sandbox: false,
    baseUrl: sb.url,
    token: sb.token,
    company: 1,
    rateLimit: 0,
    allowInsecureHttp: true,
  };
  try {
    // (1) An account of 2,000 assets made by an import, exported, 20 rows edited, updated.
    const register = join(dir, 'register.csv');
    const serials = Array.from({ length: RECORDS }, (_, i) => `SN-SYNC-${String(i + 1).padStart(5, '0')}`);
    const rows = serials.map((s, i) => ({
      'Serial number': s,
      Name: `Laptop ${i + 1}`,
      Manufacturer: 'BenchCo',
      'Asset notes': 'issued',
    }));
    await writeFile(register, stringify(rows, { header: true }));
    const imported = await importSpreadsheet({
      file: register,
      resource: 'asset',
      connection,
      reportPath: join(dir, 'import.report.csv'),
      concurrency: 8,
    });
    expect(imported.counts.created).toBe(RECORDS);

    const client = new ApiClient({ baseUrl: sb.url, token: sb.token, rateLimit: 0 });
    const exported = join(dir, 'assets.csv');
    await exportResource({ client, resource: 'asset', output: exported, concurrency: 8 });
    await client.close();
    const all = parse(await readFile(exported), { columns: true, bom: true }) as Record<string, string>[];
    const ours = all.filter((r) => r['Serial number'].startsWith('SN-SYNC-'));
    for (const r of ours.slice(0, EDITED)) r['Asset notes'] = 'edited in the export';
    await writeFile(exported, stringify(all, { header: true }));
    const exportRows = all.length;
    const update = await measured(
      sb,
      `export ${exportRows} → edit ${EDITED} → \`update\``,
      EDITED,
      exportRows + EDITED,
      () =>
        updateSpreadsheet({
          file: exported,
          resource: 'asset',
          connection,
          reportPath: join(dir, 'update.report.csv'),
        }),
    );
    expect(update.summary.counts.updated).toBe(EDITED);

    // (2) The register changed: 20 rows edited, 10 added, 10 removed; sync.
    const changed = rows.slice(REMOVED).map((r, i) => (i < EDITED ? { ...r, 'Asset notes': 'moved' } : r));
    for (let i = 1; i <= ADDED; i++)
      changed.push({
        'Serial number': `SN-SYNC-NEW-${i}`,
        Name: `New laptop ${i}`,
        Manufacturer: 'BenchCo',
        'Asset notes': 'issued',
      });
    const cutover = join(dir, 'cutover.csv');
    await writeFile(cutover, stringify(changed, { header: true }));
    const sync = await measured(
      sb,
      `import ${RECORDS} → change ${EDITED}, add ${ADDED}, remove ${REMOVED} → \`sync\``,
      EDITED + ADDED,
      changed.length + EDITED + ADDED,
      () =>
        syncSpreadsheet({
          file: cutover,
          resource: 'asset',
          connection,
          reportPath: join(dir, 'sync.report.csv'),
          sync: { scope: { field: 'manufacturer', value: 'BenchCo' }, maxMissing: { count: REMOVED } },
        }),
    );
    expect({
      created: sync.summary.counts.created,
      updated: sync.summary.counts.updated,
      missing: sync.summary.counts.missing,
    }).toEqual({ created: ADDED, updated: EDITED, missing: REMOVED });

    const section = [
      '## Sync: later runs cost what changed (`npm run bench:sync`)',
      '',
      `\`bench/sync.bench.ts\`: the sandbox with the rate limit off, in this process; ${RECORDS} assets imported from a sheet, then the two runs below, once each. Requests are the figure that matters (at the account's 100 a minute they are the run's time; the column "at 100/min" is that floor). "Plan's writes": what the plan said before the first write (every row compared with its listed record first). Goal (issue 25): pages (${RECORDS} ÷ 25 = ${RECORDS / 25}) + changed rows + lookups + 10. "Read a row at a time" is what the same work costs with one read a row (a GET or a filtered lookup) before its write, as \`update\` did before. ${machine()}.`,
      '',
      "| run | requests | writes | plan's writes | lookup lists | goal | time (no rate limit) | at 100/min | read a row at a time |",
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
      line(update),
      line(sync),
    ].join('\n');
    process.stdout.write(`${section}\n`);
    await writeSection('sync', section);
    expect(update.summary.requests).toBeLessThanOrEqual(update.goal);
    expect(sync.summary.requests).toBeLessThanOrEqual(sync.goal);
    // The plan's writes are exact: it compared every row with its listed record first.
    expect([update.summary.plan.writes, sync.summary.plan.writes]).toEqual([update.writes, sync.writes]);
  } finally {
    await sb.close();
    await rm(dir, { recursive: true, force: true });
  }
});
