// Pacing and ETA on a shared account (issue 16): 600 valid assets imported into the sandbox
// at 300 requests a minute, alone; then with other clients using 90 of the account's 300
// (`--background-load 90`), first with no memory of the account (the first run against
// it), then again (the run remembers the share it got). Records, per run: rows a minute ÷
// the limit left to us (goal ≥ 0.9), 429s (goal ≤ 5), the plan's ETA ÷ the actual time and
// the progress line's ETA at 25%, 50% and 75% ÷ the actual time left (goal 0.9–1.1).
// The figures go into bench/results.md (its "Pacing" section). Run: npm run bench:pacing
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'vitest';
import { ApiClient } from '../src/api/client.js';
import type { Connection } from '../src/connect.js';
import { paceKey, rememberedRate } from '../src/api/pace-memory.js';
import { importSpreadsheet, type ImportSummary } from '../src/run/import.js';
import { startSandbox, type Sandbox } from '../src/sandbox/index.js';
import { writeRegisterCsv } from './lib/asset-csv.js';
import { benchImportOptions } from './lib/import-options.js';
import { int, machine, ratio, seconds, table, writeSection } from './lib/results.js';

const ROWS = 600;
const LIMIT = 300;
const BACKGROUND = 90;
const LATENCY_MS = 20;
const CONCURRENCY = 4;

const NOTE =
  "The service tells a client nothing of the account's use until it refuses a request, so the first run against a shared account plans at the whole limit: its plan's ETA is short by the others' share, and so is the progress line's until the first 429 (at 25% here); from then on the pace follows the share the service lets through (AIMD) and the ETA with it. That share is remembered for an hour (src/api/pace-memory.ts), so the next run plans, paces and estimates from it: its plan's ETA and progress ETAs are within the goal.";

interface Run {
  label: string;
  summary: ImportSummary;
  left: number;
  startRate?: number;
  writingMs: number;
  throttled: number;
  /** Progress ETA ÷ actual time left, at 25%, 50%, 75% of the rows. */
  progress: (number | undefined)[];
}

async function run(label: string, sb: Sandbox, file: string, dir: string, left: number): Promise<Run> {
  await sb.admin('/__sandbox/reset', { method: 'POST' });
  const key = paceKey(sb.url, sb.token);
  const startRate = rememberedRate(key, LIMIT);
  const client = new ApiClient({ baseUrl: sb.url, token: sb.token, rateLimit: LIMIT, startRate });
  const conn: Connection = {
    client,
    baseUrl: sb.url,
    sandbox: false,
    paceKey: key,
    close: () => client.close(),
  };
  const marks: { at: number; eta: number }[] = [];
  const next = [0.25, 0.5, 0.75];
  let planAt = 0;
  try {
    const connection = {
      sandbox: false,
      baseUrl: sb.url,
      token: sb.token,
      company: 1,
      rateLimit: LIMIT,
      allowInsecureHttp: false,
    };
    const summary = await importSpreadsheet({
      ...benchImportOptions(file, dir, label, connection, conn, CONCURRENCY),
      onPlan: () => (planAt = Date.now()),
      onProgress: (p) => {
        if (next.length === 0 || p.total === undefined || p.done < next[0] * p.total) return;
        next.shift();
        marks.push({ at: Date.now(), eta: p.etaMs?.() ?? 0 });
      },
    });
    const end = Date.now();
    const stats = (await (await sb.admin('/__sandbox/stats')).json()) as { byStatus: Record<string, number> };
    return {
      label,
      summary,
      left,
      startRate,
      writingMs: end - planAt,
      throttled: stats.byStatus['429'] ?? 0,
      progress: marks.map((m) => m.eta / Math.max(1, end - m.at)),
    };
  } finally {
    await conn.close();
  }
}

it(`import ${ROWS} rows at ${LIMIT}/min, alone and beside other clients using ${BACKGROUND}/min`, async () => {
  const dir = await mkdtemp(join(tmpdir(), 'assetbatch-pacing-'));
  // The pace memory lives in the cache folder: the benchmark's own, empty at the start.
  process.env.XDG_CACHE_HOME = join(dir, 'cache');
  const runs: Run[] = [];
  try {
    const alone = await startSandbox({ port: 0, rateLimit: LIMIT, latencyMs: LATENCY_MS });
    try {
      const file = join(dir, 'alone.csv');
      await writeRegisterCsv(file, ROWS, { invalidEvery: 0, serialPrefix: 'SN-ALONE-' });
      runs.push(await run('alone', alone, file, dir, LIMIT));
    } finally {
      await alone.close();
    }
    const shared = await startSandbox({
      port: 0,
      rateLimit: LIMIT,
      latencyMs: LATENCY_MS,
      backgroundLoad: BACKGROUND,
    });
    try {
      for (const [label, prefix] of [
        ['shared, first run', 'SN-SHARED1-'],
        ['shared, next run (remembers its share)', 'SN-SHARED2-'],
      ]) {
        const file = join(dir, `${prefix}.csv`);
        await writeRegisterCsv(file, ROWS, { invalidEvery: 0, serialPrefix: prefix });
        runs.push(await run(label, shared, file, dir, LIMIT - BACKGROUND));
      }
    } finally {
      await shared.close();
    }
    const rows = runs.map((r) => {
      const c = r.summary.counts;
      const perMin = (c.created / r.writingMs) * 60_000;
      return [
        r.label,
        `${int(c.created)} created${c.failed ? `, ${c.failed} failed` : ''}`,
        `${r.left}`,
        r.startRate ? `${r.startRate}` : '—',
        seconds(r.writingMs),
        `${int(perMin)} (${ratio(perMin / r.left)})`,
        int(r.throttled),
        `${seconds(r.summary.plan.etaSeconds * 1000)} (${ratio((r.summary.plan.etaSeconds * 1000) / r.writingMs)})`,
        r.progress.map((x) => (x === undefined ? '—' : ratio(x))).join(' / '),
      ];
    });
    const body = [
      '## Pacing: ETA and throughput on a shared account',
      '',
      `\`bench/pacing.bench.ts\` (\`npm run bench:pacing\`): ${int(ROWS)} valid assets imported with \`importSpreadsheet\` at concurrency ${CONCURRENCY} and \`rateLimit: ${LIMIT}\` into a sandbox started in the same process (\`rateLimit: ${LIMIT}, latencyMs: ${LATENCY_MS}\`): alone, then with \`backgroundLoad: ${BACKGROUND}\` (other clients' requests, evenly spread, counted against the same limit), twice: the first run against that account, and the next, which starts from the share the first remembered. ${machine()}.`,
      '',
      table(
        [
          'run',
          'rows',
          'limit left to us /min',
          'start rate (remembered)',
          'writing time',
          'rows/min (÷ limit left)',
          '429s',
          "plan's ETA (÷ actual)",
          'progress ETA ÷ actual left at 25% / 50% / 75%',
        ],
        rows,
      ),
      '',
      'Times are from the plan (the first write) to the end; the reads before the plan are not in them. Goals: rows a minute ≥ 0.9 of the limit left to us, at most 5 429s, ETAs within 0.9–1.1 of the actual.',
      '',
      NOTE,
    ].join('\n');
    process.stdout.write(`${body}\n`);
    await writeSection('pacing', body);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
