// Export writers: the CPU an XLSX export costs beside a CSV export of the same rows, in one
// run, interleaved (csv, xlsx, csv, xlsx …), the median of each kept and the median of the
// pairs' ratios, as the machine is shared and its speed drifts. The rows are an asset
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
import { machine, ratio, table, writeSection } from './lib/results.js';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_EXPORT_ROUNDS ?? 7);
const TYPES: ExportColumn['type'][] = ['text', 'text', 'decimal', 'date', 'integer', 'boolean', 'list'];
const COLUMNS = Array.from({ length: 71 }, (_, i) => ({
  key: `c${i}`,
  label: `Column ${i}`,
  type: TYPES[i % TYPES.length],
})) as unknown as ExportColumn[];

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
  const writer: TableWriter =
    kind === 'csv' ? new CsvWriter(out, { excel: false, raw: false, multi: false }) : new XlsxWriter(out);
  const started = process.cpuUsage();
  await writer.beginSheet({ title: 'Assets', columns: COLUMNS } as never);
  for (let r = 0; r < ROWS; r++)
    await writer.writeRow(COLUMNS.map((c, i) => (i % 5 === 4 ? null : value(c.type, r))));
  await writer.endSheet();
  await writer.finish({
    what: 'assets',
    source: 'bench',
    company: 1,
    exportedAt: new Date(),
    filters: {},
    sheets: [],
  } as never);
  const used = process.cpuUsage(started);
  out.end();
  await once(out, 'close');
  return (used.user + used.system) / 1000;
}

const secs = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

it(`XLSX export CPU beside CSV, ${ROWS} rows × ${COLUMNS.length} columns`, async () => {
  const dir = await mkdtemp(join(tmpdir(), 'ab-bench-export-'));
  try {
    const runs = { csv: [] as number[], xlsx: [] as number[], ratio: [] as number[] };
    for (let i = 0; i < ROUNDS; i++) {
      runs.csv.push(await cpuOf('csv', dir));
      runs.xlsx.push(await cpuOf('xlsx', dir));
      runs.ratio.push(runs.xlsx[i] / runs.csv[i]);
    }
    const rows = [
      ['CSV', `${ROWS} × ${COLUMNS.length}`, secs(median(runs.csv)), secs(Math.min(...runs.csv)), ratio(1)],
      [
        'XLSX',
        `${ROWS} × ${COLUMNS.length}`,
        secs(median(runs.xlsx)),
        secs(Math.min(...runs.xlsx)),
        ratio(median(runs.ratio)),
      ],
    ];
    const text = table(
      ['writer', 'rows × columns', `CPU (median of ${ROUNDS})`, 'CPU (best)', '÷ CSV (median of pairs)'],
      rows,
    );
    console.log(text);
    if (!process.env.BENCH_EXPORT_ROWS) {
      await writeSection(
        'export-writers',
        `## Export writers (\`npm run bench:export-writers\`)\n\n${machine()}. The writers alone, no service: ${ROWS} rows of an asset export's shape, CPU time of ${ROUNDS} interleaved runs each (csv, xlsx, csv, xlsx …); the ratio is the median of each pair's ratio.\n\n${text}\n\n` +
          "History of this figure, each measured on this machine: 10.75× with exceljs rendering a fresh copy of each cell's style to XML to look it up (commit e15f0cb); 4.81× with one style object per column (commit cedaa44); 2.25× (best of 3) with the data rows' XML written by our own code (src/export/writers/xlsx-rows.ts) and deflate at its fastest level (commit 42d0bbc), 2.05–2.14× as the median of 7 pairs, three runs of this benchmark interleaved with the one below. " +
          "Then the workbook put together by our own code (commit b75b5ee): its parts as the text exceljs's streaming writer wrote (pinned part by part against it by test/export/xlsx-parts.test.ts), a streaming zip on Node's zlib.crc32 and deflate (src/export/writers/zip.ts), row XML from pieces worked out once per column: 1.14–1.16× in those same three runs. " +
          'What remains of an XLSX export is deflating about 4× the bytes of the CSV (the sheet XML is 65 MB here, the CSV 16 MB), about a third; building and encoding the XML text; the CRC.',
      );
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}, 600_000);
