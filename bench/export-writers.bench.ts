// Export writers: the CPU an XLSX export costs beside a CSV export of the same rows, in one
// run, interleaved (csv, xlsx, csv, xlsx …), the best of each kept. The rows are an asset
// export's shape: 71 columns of text, money, dates, whole numbers, yes/no and lists, a fifth
// of the cells empty. The ratio goes into bench/results.md (its "Export writers" section).
// Run: npm run bench:export-writers   (BENCH_EXPORT_ROWS=2000 for a quick look)
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'vitest';
import type { CellValue, ExportColumn } from '../src/export/flatten.js';
import { CsvWriter } from '../src/export/writers/csv.js';
import { XlsxWriter } from '../src/export/writers/xlsx.js';
import type { TableWriter } from '../src/export/writers/types.js';
import { loadExcelJS } from '../src/util/exceljs.js';
import { machine, ratio, seconds, table, writeSection } from './lib/results.js';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 20_000);
const ROUNDS = 3;
const TYPES: ExportColumn['type'][] = ['text', 'text', 'decimal', 'date', 'integer', 'boolean', 'list'];
const COLUMNS = Array.from({ length: 71 }, (_, i) => ({ key: `c${i}`, label: `Column ${i}`, type: TYPES[i % TYPES.length] })) as unknown as ExportColumn[];

function value(type: ExportColumn['type'], row: number): CellValue {
  switch (type) {
    case 'decimal':
      return row * 1.25;
    case 'date':
      return `2024-${String((row % 12) + 1).padStart(2, '0')}-15`;
    case 'integer':
      return row;
    case 'boolean':
      return row % 2 === 0;
    case 'list':
      return `Laptop; Dock ${row % 7}`;
    default:
      return `Asset ${row} at Building ${row % 40}`;
  }
}

async function cpuOf(kind: 'csv' | 'xlsx', dir: string): Promise<number> {
  const out = createWriteStream(join(dir, `export.${kind}`));
  const writer: TableWriter = kind === 'csv' ? new CsvWriter(out, {}) : new XlsxWriter(await loadExcelJS(), out, {});
  const started = process.cpuUsage();
  await writer.beginSheet({ title: 'Assets', columns: COLUMNS } as never);
  for (let r = 0; r < ROWS; r++) await writer.writeRow(COLUMNS.map((c, i) => (i % 5 === 4 ? null : value(c.type, r))));
  await writer.endSheet();
  await writer.finish({ what: 'assets', source: 'bench', company: 1, exportedAt: new Date(), filters: {}, sheets: [] } as never);
  const used = process.cpuUsage(started);
  out.end();
  await once(out, 'close');
  return (used.user + used.system) / 1000;
}

it(`XLSX export CPU beside CSV, ${ROWS} rows × ${COLUMNS.length} columns`, async () => {
  const dir = await mkdtemp(join(tmpdir(), 'ab-bench-export-'));
  try {
    await loadExcelJS();
    const best = { csv: Infinity, xlsx: Infinity };
    for (let i = 0; i < ROUNDS; i++) for (const kind of ['csv', 'xlsx'] as const) best[kind] = Math.min(best[kind], await cpuOf(kind, dir));
    const rows = [
      ['CSV', `${ROWS} × ${COLUMNS.length}`, seconds(best.csv), ratio(1)],
      ['XLSX', `${ROWS} × ${COLUMNS.length}`, seconds(best.xlsx), ratio(best.xlsx / best.csv)],
    ];
    const text = table(['writer', 'rows × columns', 'CPU (best of 3)', '÷ CSV'], rows);
    console.log(text);
    if (!process.env.BENCH_EXPORT_ROWS) {
      await writeSection(
        'export-writers',
        `## Export writers (\`npm run bench:export-writers\`)\n\n${machine()}. The writers alone, no service: ${ROWS} rows of an asset export's shape, CPU time, best of ${ROUNDS} interleaved runs each.\n\n${text}\n\n` +
          'History of this figure, each measured on this machine: 10.75× with exceljs rendering a fresh copy of each cell\'s style to XML to look it up (commit e15f0cb); 4.81× with one style object per column (commit cedaa44); then the data rows\' XML written by our own code (src/export/writers/xlsx-rows.ts, the same sheet XML byte for byte, pinned by test/export/xlsx-rows.test.ts) and deflate at its fastest level (the file is about 1.5× larger). What remains is about half building the XML text and half handing it through exceljs\'s zip stream (UTF-8 encoding, CRC, deflate).',
      );
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}, 600_000);
