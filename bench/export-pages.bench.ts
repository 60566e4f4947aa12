// Export: fetching pages by number several at a time vs following `next` one at a time,
// in one run, against the sandbox with 50 ms latency and no rate limit, 2,000 records.
// The ratio goes into bench/results.md (its "Export" section; other sections are kept).
// Run: npm run bench:export
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'vitest';
import { ApiClient } from '../src/api/client.js';
import { exportResource, type ExportResult } from '../src/export/index.js';
import { startSandbox } from '../src/sandbox/index.js';
import { openAtomic } from '../src/util/atomic-file.js';

const RECORDS = 2_000;
const LATENCY_MS = 50;
const CONCURRENCY = [4, 8];
const RESULTS = new URL('./results.md', import.meta.url).pathname;
const START = '<!-- export-pages:start -->';
const END = '<!-- export-pages:end -->';

/** A realistic asset: most of the columns filled, some nested, a custom field or two. */
function asset(i: number): Record<string, unknown> {
  return {
    company: 1,
    name: `Laptop ${String(i).padStart(5, '0')}`,
    serial_number: `SN-BENCH-${i}`,
    category: { id: 1, subcategory: 'Laptop' },
    attached_supplier: 1,
    manufacturer: 'Dell',
    country: 840,
    asset_owner: 1 + (i % 30),
    business_unit: 1 + (i % 10),
    asset_usage_status: 1,
    asset_hardware_model: { id: 1 },
    warranty_status: 'within_warranty',
    warranty_end_date: '2027-06-30',
    original_cost: 1299.99,
    service_start_date: '2024-03-01',
    depreciation_schedule: '3_year_33_percent',
    estimated_salvage_value: 100,
    asset_notes: 'Standard issue laptop, docking station included.',
    template: { id: 1, fields: [{ id: 1, value: `CC-${i % 40}` }, { id: 3, value: 1500 }] },
  };
}

async function timed(run: () => Promise<ExportResult>): Promise<{ ms: number; result: ExportResult }> {
  const t0 = performance.now();
  const result = await run();
  return { ms: performance.now() - t0, result };
}

it(`export ${RECORDS} assets: parallel pages vs following next`, async () => {
  const dir = await mkdtemp(join(tmpdir(), 'assetbatch-bench-'));
  const stateFile = join(dir, 'state.json');
  try {
    // Build the account without latency, then serve the same data with it.
    const fast = await startSandbox({ port: 0, rateLimit: 0, seed: 'default', stateFile });
    const loader = new ApiClient({ baseUrl: fast.url, token: fast.token, rateLimit: 0, connections: 16 });
    const existing = (await loader.get<{ count: number }>(loader.path('asset'), { company: 1 })).count;
    const batch = 16;
    for (let i = existing + 1; i <= RECORDS; i += batch) {
      await Promise.all(Array.from({ length: Math.min(batch, RECORDS - i + 1) }, (_, k) => loader.write('POST', loader.path('asset'), asset(i + k))));
    }
    await loader.close();
    await fast.close();

    const slow = await startSandbox({ port: 0, rateLimit: 0, latencyMs: LATENCY_MS, stateFile });
    const client = new ApiClient({ baseUrl: slow.url, token: slow.token, rateLimit: 0, connections: 16 });
    const run = (mode: 'pages' | 'next', concurrency = 1) => () =>
      exportResource({ client, resource: 'asset', output: join(dir, `assets-${mode}-${concurrency}.csv`), mode, concurrency });
    // Warm the connections once, so neither side pays for the TCP handshakes.
    await exportResource({ client, resource: 'company', output: join(dir, 'warm.csv') });

    const rows: { label: string; ms: number; result: ExportResult }[] = [];
    rows.push({ label: 'following `next`, one page at a time', ...(await timed(run('next'))) });
    for (const c of CONCURRENCY) rows.push({ label: `pages by number, ${c} at a time`, ...(await timed(run('pages', c))) });
    await client.close();
    await slow.close();

    // Reference: the same export with no latency at all is the work itself (the sandbox
    // rendering pages, in this process, and the export writing rows): no overlap can beat it.
    const bare = await startSandbox({ port: 0, rateLimit: 0, stateFile });
    const bareClient = new ApiClient({ baseUrl: bare.url, token: bare.token, rateLimit: 0, connections: 16 });
    await exportResource({ client: bareClient, resource: 'company', output: join(dir, 'warm2.csv') });
    const work = await timed(() => exportResource({ client: bareClient, resource: 'asset', output: join(dir, 'assets-bare.csv'), mode: 'next' }));
    await bareClient.close();
    await bare.close();

    const base = rows[0].ms;
    for (const r of rows) if (r.result.records !== RECORDS) throw new Error(`${r.label}: ${r.result.records} records, expected ${RECORDS}`);
    const table = [
      '| how | pages | requests | time | records/s | vs `next` |',
      '|---|---:|---:|---:|---:|---:|',
      ...rows.map((r) => `| ${r.label} | ${r.result.pages} | ${r.result.requests} | ${(r.ms / 1000).toFixed(2)} s | ${Math.round((RECORDS / r.ms) * 1000)} | ${(base / r.ms).toFixed(2)}× |`),
      `| *reference: following \`next\` with no latency (the work alone)* | ${work.result.pages} | ${work.result.requests} | ${(work.ms / 1000).toFixed(2)} s | ${Math.round((RECORDS / work.ms) * 1000)} | ${(base / work.ms).toFixed(2)}× |`,
    ];
    const waitMs = base - work.ms;
    const section = [
      START,
      '## Export: parallel pages vs following `next`',
      '',
      `\`bench/export-pages.bench.ts\` (\`npm run bench:export\`): ${RECORDS} assets (CSV, ${rows[0].result.columns.length} columns) from the sandbox with ${LATENCY_MS} ms latency per answer and the rate limit off, each way once, in one run. Node ${process.version}, ${cpus().length} cores, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
      '',
      ...table,
      '',
      `Fetching pages by number ${CONCURRENCY[0]} at a time is **${(base / rows[1].ms).toFixed(1)}×** as fast as following \`next\` (${CONCURRENCY[CONCURRENCY.length - 1]} at a time: ${(base / rows[rows.length - 1].ms).toFixed(1)}×). Both make the same requests; only the waiting overlaps. Of the ${(base / 1000).toFixed(1)} s following \`next\` takes, ${(waitMs / 1000).toFixed(1)} s is waiting on the network and ${(work.ms / 1000).toFixed(1)} s is work (${Math.round(work.ms / work.result.pages)} ms a page, mostly the sandbox, which runs in the same process and renders the whole list's read shapes for every page it answers); parallel pages hide the waiting, not the work, so the ratio grows as the sandbox gets cheaper per page. Against the real service the account's rate limit (100 requests a minute) is the ceiling, so the gain shows on lists up to about 100 pages (2,500 records) and on accounts with a raised limit.`,
      END,
    ].join('\n');
    process.stdout.write(`${section}\n`);

    let current = '';
    try {
      current = await readFile(RESULTS, 'utf8');
    } catch {
      current = '# Benchmark results\n\nEach section is written by its benchmark in bench/; rerun one to refresh its section.\n';
    }
    const s = current.indexOf(START);
    const e = current.indexOf(END);
    const next = s >= 0 && e > s ? current.slice(0, s) + section + current.slice(e + END.length) : `${current.trimEnd()}\n\n${section}\n`;
    const out = await openAtomic(RESULTS);
    out.stream.write(next);
    await out.commit();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
