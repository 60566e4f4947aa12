// XLSX validation speed and memory (issue 17): our dry run of a workbook beside exceljs's
// streaming reader reading the same workbook alone (the floor our reader builds on), each
// in a fresh child process, interleaved, twice, the faster run kept (peak RSS: the higher).
// Run: npm run bench:xlsx-validate   (BENCH_XLSX_ROWS=10000,40000 for a quick look, which
// leaves bench/results.md alone)
import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { it } from 'vitest';
import { writeRegisterXlsx } from './lib/asset-xlsx.js';
import { DATA, compileBench } from './lib/build.js';
import { int, machine, ratio, seconds, table, writeSection } from './lib/results.js';

const DEFAULT_SIZES = [50_000, 200_000];
const SIZES = process.env.BENCH_XLSX_ROWS ? process.env.BENCH_XLSX_ROWS.split(',').map(Number) : DEFAULT_SIZES;
const run = promisify(execFile);

interface Measured {
  rows: number;
  ms: number;
  cpuMs: number;
  maxRssMb: number;
}

async function measure(child: string, mode: 'xlsx-floor' | 'validate', file: string): Promise<Measured> {
  const { stdout } = await run(process.execPath, [child, mode, file, `${file}.report.csv`], { maxBuffer: 1 << 20 });
  return JSON.parse(stdout.trim().split('\n').pop()!) as Measured;
}

const best = (ms: Measured[]): Measured => ({ ...ms.reduce((a, b) => (b.ms < a.ms ? b : a)), maxRssMb: Math.max(...ms.map((m) => m.maxRssMb)) });

it(`XLSX validate ${SIZES.map(int).join(' and ')} rows beside exceljs's streaming reader`, async () => {
  const child = compileBench()('validate-child');
  const lines: string[][] = [];
  const ours = new Map<number, Measured>();
  for (const rows of SIZES) {
    const file = join(DATA, `assets-${rows}.xlsx`);
    const { bytes } = await writeRegisterXlsx(file, rows);
    const runs = { floor: [] as Measured[], ours: [] as Measured[] };
    for (let round = 0; round < 2; round++) {
      runs.floor.push(await measure(child, 'xlsx-floor', file));
      runs.ours.push(await measure(child, 'validate', file));
    }
    const floor = best(runs.floor);
    const v = best(runs.ours);
    if (floor.rows !== rows || v.rows !== rows) throw new Error(`${rows} rows: exceljs read ${floor.rows}, validation reported ${v.rows}`);
    ours.set(rows, v);
    const mb = `${(bytes / 2 ** 20).toFixed(1)} MB`;
    lines.push([int(rows), `exceljs streaming reader alone, ${mb}`, seconds(floor.ms), seconds(floor.cpuMs), '1.00×', `${floor.maxRssMb.toFixed(0)} MB`]);
    lines.push([int(rows), 'ours: `validateSpreadsheet` (dry run, in-process sandbox), as the CLI runs it', seconds(v.ms), seconds(v.cpuMs), ratio(floor.ms / v.ms), `${v.maxRssMb.toFixed(0)} MB`]);
    await rm(`${file}.report.csv`, { force: true });
  }
  const lo = SIZES[0];
  const hi = SIZES[SIZES.length - 1];
  const rss = ours.get(hi)!.maxRssMb / ours.get(lo)!.maxRssMb;
  const body = [
    '## XLSX validation: our dry run vs exceljs\'s streaming reader alone',
    '',
    `\`bench/xlsx-validate.bench.ts\` (\`npm run bench:xlsx-validate\`): the generated asset register of the validation bench as a workbook (\`bench/lib/asset-xlsx.ts\`: money as numbers, dates as date cells, text in shared strings, written by exceljs), each way in a fresh child process, twice, interleaved, the faster run kept (peak RSS: the higher). Workbooks from 512 KiB are read in a worker thread (src/read/xlsx-worker.ts: unzip, XML and cell decoding there; the checks and the report in the main thread). Before the worker, on the same quiet machine the same hour: 0.41–0.43× at 50,000 rows (2.7–2.8 s), 0.37–0.48× at 200,000 (9.1–9.2 s), peak RSS 207 and 240–244 MB. ${machine()}; the machine is shared.`,
    '',
    table(['rows', 'what', 'time', 'CPU time', 'speed ÷ exceljs alone', 'peak RSS'], lines),
    '',
    `Peak RSS ${int(hi)} ÷ ${int(lo)} rows: **${ratio(rss)}** (goal ≤ 1.1×). Goal for speed: ≥ 0.8× exceljs alone.`,
  ].join('\n');
  process.stdout.write(`${body}\n`);
  if (SIZES.join() === DEFAULT_SIZES.join()) await writeSection('xlsx-validate', body);
});
