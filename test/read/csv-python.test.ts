// Differential test (issue 28): a few hundred random files written by Python's csv.writer
// (quotes, four delimiters, line breaks inside cells, ragged rows, QUOTE_MINIMAL and
// QUOTE_ALL, \r\n and \n) must read as Python's csv.reader reads them back. Valid CSV is
// never repaired, so every record must match. The seed is fixed; skipped, with the reason
// printed, where python3 is missing.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseTextBatches, type ParseEvents } from '../../src/read/csv/csv.js';
import { sniffDialect } from '../../src/read/detect.js';
import { removeDir, scratchDir } from './helpers.js';

// `npm run bench:csv-python` runs the longer campaign (thousands of files, other seeds).
const SEED = Number(process.env.CSV_DIFF_SEED ?? 28);
const FILES = Number(process.env.CSV_DIFF_FILES ?? 400);

const dir = scratchDir('csv-python');
afterAll(() => removeDir(dir));

const python = spawnSync('python3', ['--version'], { encoding: 'utf8' });
const hasPython = python.status === 0;
if (!hasPython)
  console.warn(
    `csv-python.test.ts skipped: python3 is not available (${python.error?.message ?? python.stderr})`,
  );

interface Oracle {
  readonly file: string;
  readonly delimiter: string;
  readonly rows: string[][];
}

/** One empty cell and a blank line are the same blank row (Python reads `""` as [''] and a blank line as []). */
const blank = (cells: string[]): string[] => (cells.length === 1 && cells[0] === '' ? [] : cells);

async function ourRows(o: Oracle): Promise<string[][]> {
  const events: ParseEvents = { add: () => undefined, note: () => undefined, encoding: () => undefined };
  const width = sniffDialect(readFileSync(o.file, 'utf8'), false, o.delimiter)?.width ?? 0;
  const rows: string[][] = [];
  for await (const batch of parseTextBatches(
    { file: o.file, encoding: 'utf-8', delimiter: o.delimiter, padded: false, width },
    events,
  )) {
    for (const r of batch) rows.push(blank(r.cells.map((c) => (c === null ? '' : String(c)))));
  }
  return rows;
}

describe.skipIf(!hasPython)("our CSV reader against Python's csv module", () => {
  it(
    `reads ${FILES} random files written by csv.writer as csv.reader does (seed ${SEED})`,
    async () => {
      const script = join(import.meta.dirname, 'python', 'csv_roundtrip.py');
      const run = spawnSync('python3', [script, dir, String(SEED), String(FILES)], {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
      expect(run.status, run.stderr).toBe(0);
      const oracles = JSON.parse(run.stdout) as Oracle[];
      expect(oracles.length).toBe(FILES);
      const mismatches: string[] = [];
      for (const o of oracles) {
        const ours = await ourRows(o);
        const theirs = o.rows.map(blank);
        if (JSON.stringify(ours) !== JSON.stringify(theirs)) {
          mismatches.push(
            `${o.file}: Python ${JSON.stringify(theirs).slice(0, 300)}\n  ours ${JSON.stringify(ours).slice(0, 300)}`,
          );
        }
      }
      expect(mismatches.slice(0, 3).join('\n'), `${mismatches.length} of ${FILES} files differ`).toBe('');
    },
    Math.max(60_000, FILES * 100),
  );
});
