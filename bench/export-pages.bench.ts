// Export: fetching pages by number several at a time vs following `next` one at a time,
// in one run, against the sandbox with 50 ms latency and no rate limit, 2,000 records of
// two lists: suppliers (the sandbox answers them as stored: cheap pages) and assets (the
// sandbox renders each read shape, with lookups: costly pages). The ratios go into
// bench/results.md (its "Export" section; other sections are kept).
// Run: npm run bench:export
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
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
    template: {
      id: 1,
      fields: [
        { id: 1, value: `CC-${i % 40}` },
        { id: 3, value: 1500 },
      ],
    },
  };
}

/** A supplier in the service's read shape (reference lists are stored that way). */
function supplier(i: number): Record<string, unknown> {
  return {
    id: i,
    name: `Supplier ${String(i).padStart(5, '0')} Ltd`,
    category: { id: 1, name: 'Hardware' },
    contact_person: { name: `Contact ${i}`, email: `contact${i}@supplier.example`, type: 'sales' },
    address_line_1: `${i} Industrial Way`,
    city: 'Springfield',
    country: 'United States',
    phone: '+1 206-555-0100',
    website: `https://supplier${i}.example`,
    type: 'us',
    ein: '12-3456789',
    nda_signed: i % 2 === 0,
    nda_signed_date: i % 2 === 0 ? '2023-01-15' : null,
    msa_signed: false,
    general_description: 'Supplies laptops, docks and monitors under the 2024 framework agreement.',
    template: i % 3 === 0 ? { id: 3, fields: { '10': 4, '11': 'Yes' } } : null,
  };
}

interface Row {
  list: string;
  label: string;
  ms: number;
  result: ExportResult;
}

async function timed(list: string, label: string, run: () => Promise<ExportResult>): Promise<Row> {
  const t0 = performance.now();
  const result = await run();
  const ms = performance.now() - t0;
  if (result.records !== RECORDS)
    throw new Error(`${list}, ${label}: ${result.records} records, expected ${RECORDS}`);
  return { list, label, ms, result };
}

it(`export ${RECORDS} records: parallel pages vs following next`, async () => {
  const dir = await mkdtemp(join(tmpdir(), 'assetbatch-bench-'));
  const stateFile = join(dir, 'state.json');
  try {
    // Build the account without latency (assets through the API, suppliers into the
    // state, as the service offers no way to create them), then serve it with latency.
    const fast = await startSandbox({ port: 0, rateLimit: 0, seed: 'default', stateFile });
    const loader = new ApiClient({ baseUrl: fast.url, token: fast.token, rateLimit: 0, connections: 16 });
    const existing = (await loader.get<{ count: number }>(loader.path('asset'), { company: 1 })).count;
    const batch = 16;
    for (let i = existing + 1; i <= RECORDS; i += batch) {
      await Promise.all(
        Array.from({ length: Math.min(batch, RECORDS - i + 1) }, (_, k) =>
          loader.write('POST', loader.path('asset'), asset(i + k)),
        ),
      );
    }
    await loader.close();
    await fast.close();
    const state = JSON.parse(await readFile(stateFile, 'utf8')) as {
      nextId: Record<string, number>;
      records: Record<string, unknown[]>;
    };
    state.records.supplier = Array.from({ length: RECORDS }, (_, k) => ({
      id: k + 1,
      company: 1,
      data: supplier(k + 1),
    }));
    state.nextId.supplier = RECORDS + 1;
    await writeFile(stateFile, JSON.stringify(state));

    const measure = async (
      latencyMs: number,
      ways: readonly ['next' | 'pages', number, string][],
    ): Promise<Row[]> => {
      const sb = await startSandbox({ port: 0, rateLimit: 0, latencyMs, stateFile });
      const client = new ApiClient({ baseUrl: sb.url, token: sb.token, rateLimit: 0, connections: 16 });
      try {
        // Warm the connections once, so no way pays for the TCP handshakes.
        await exportResource({ client, resource: 'company', output: join(dir, 'warm.csv'), concurrency: 8 });
        const rows: Row[] = [];
        for (const list of ['supplier', 'asset']) {
          for (const [mode, concurrency, label] of ways) {
            rows.push(
              await timed(list, label, () =>
                exportResource({
                  client,
                  resource: list,
                  output: join(dir, `${list}-${mode}-${concurrency}.csv`),
                  mode,
                  concurrency,
                }),
              ),
            );
          }
        }
        return rows;
      } finally {
        await client.close();
        await sb.close();
      }
    };
    const withLatency = await measure(LATENCY_MS, [
      ['next', 1, 'following `next`, one page at a time'],
      ...CONCURRENCY.map((c) => ['pages', c, `pages by number, ${c} at a time`] as ['pages', number, string]),
    ]);
    // Reference: no latency at all leaves the work itself (the sandbox answering, in this
    // process, and the export writing rows); no overlap can beat it.
    const work = await measure(0, [
      ['next', 1, '*reference: following `next`, no latency (the work alone)*'],
    ]);

    const lines: string[] = [];
    const ratios: Record<
      string,
      { four: number; eight: number; wait: number; work: number; perPage: number }
    > = {};
    for (const list of ['supplier', 'asset']) {
      const rows = [...withLatency.filter((r) => r.list === list), ...work.filter((r) => r.list === list)];
      const base = rows[0].ms;
      for (const r of rows) {
        lines.push(
          `| ${list}s | ${r.label} | ${r.result.pages} | ${r.result.requests} | ${(r.ms / 1000).toFixed(2)} s | ${Math.round((RECORDS / r.ms) * 1000)} | ${(base / r.ms).toFixed(2)}× |`,
        );
      }
      const w = rows[rows.length - 1];
      ratios[list] = {
        four: base / rows[1].ms,
        eight: base / rows[2].ms,
        wait: base - w.ms,
        work: w.ms,
        perPage: w.ms / w.result.pages,
      };
    }
    const s = ratios.supplier;
    const a = ratios.asset;
    const section = [
      START,
      '## Export: parallel pages vs following `next`',
      '',
      `\`bench/export-pages.bench.ts\` (\`npm run bench:export\`): ${RECORDS} records of each list to CSV from the sandbox with ${LATENCY_MS} ms latency per answer and the rate limit off, each way once, in one run. Node ${process.version}, ${cpus().length} cores, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. The sandbox runs in the same process.`,
      '',
      '| list | how | pages | requests | time | records/s | vs `next` |',
      '|---|---|---:|---:|---:|---:|---:|',
      ...lines,
      '',
      `**Suppliers** (pages cheap to answer, ${Math.round(s.perPage)} ms of work a page): pages by number ${CONCURRENCY[0]} at a time are **${s.four.toFixed(1)}×** as fast as following \`next\`, ${CONCURRENCY[1]} at a time **${s.eight.toFixed(1)}×**. ` +
        `**Assets** (${Math.round(a.perPage)} ms of work a page: the sandbox renders every asset's read shape, with its lookups, for each page it answers): ${a.four.toFixed(1)}× and ${a.eight.toFixed(1)}×, as the overlap hides the ${(a.wait / 1000).toFixed(1)} s of waiting but not the ${(a.work / 1000).toFixed(1)} s of work. ` +
        "Both ways make the same requests. Against the real service the account's rate limit (100 requests a minute) is the ceiling, so the gain shows on lists up to about 100 pages (2,500 records) and on accounts with a raised limit.",
      END,
    ].join('\n');
    process.stdout.write(`${section}\n`);

    let current = '';
    try {
      current = await readFile(RESULTS, 'utf8');
    } catch {
      current =
        '# Benchmark results\n\nEach section is written by its benchmark in bench/; rerun one to refresh its section.\n';
    }
    const from = current.indexOf(START);
    const to = current.indexOf(END);
    const next =
      from >= 0 && to > from
        ? current.slice(0, from) + section + current.slice(to + END.length)
        : `${current.trimEnd()}\n\n${section}\n`;
    const out = await openAtomic(RESULTS);
    out.stream.write(next);
    await out.commit();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
