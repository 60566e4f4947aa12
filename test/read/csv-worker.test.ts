// The CSV parse in a worker thread must read every file exactly as the parse in this
// thread does: rows, row numbers, warnings (counted across batches), encoding and errors.
// The worker runs compiled code, so this test reads through dist/ (built by `pretest`).
import { readdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSheet } from '../../dist/read/index.js';
import { parseInWorkerBatches, workerAvailable } from '../../dist/read/worker/csv-thread.js';
import { parseTextBatches, type ParseEvents } from '../../dist/read/csv/csv.js';

const dir = mkdtempSync(join(tmpdir(), 'ab-csv-worker-'));

/** Everything a read gives, or the error it stops with. */
async function readAll(file: string, worker: boolean): Promise<unknown> {
  try {
    const s = await openSheet(file, { worker });
    const rows = [];
    for await (const r of s.rows) rows.push(r);
    return {
      headers: s.headers,
      headerRow: s.headerRow,
      delimiter: s.delimiter,
      encoding: s.encoding,
      rows,
      stats: s.stats,
      warnings: s.warnings,
    };
  } catch (e) {
    const err = e as { code?: string; message?: string; location?: unknown };
    return { error: { code: err.code, message: err.message, location: err.location } };
  }
}

/** As readAll, but taking rows at hand (SheetSource.take) between reads of `rows`, as the checking loop does. */
async function readTaking(file: string, worker: boolean): Promise<unknown> {
  try {
    const s = await openSheet(file, { worker });
    const rows = [];
    const it = s.rows[Symbol.asyncIterator]();
    for (let n = 0; ; n++) {
      // Every third turn goes to the reader even when a row is at hand.
      const held = n % 3 === 0 ? undefined : s.take?.();
      if (held) {
        rows.push(held);
        continue;
      }
      const next = await it.next();
      if (next.done) break;
      rows.push(next.value);
    }
    return {
      headers: s.headers,
      headerRow: s.headerRow,
      delimiter: s.delimiter,
      encoding: s.encoding,
      rows,
      stats: s.stats,
      warnings: s.warnings,
    };
  } catch (e) {
    const err = e as { code?: string; message?: string; location?: unknown };
    return { error: { code: err.code, message: err.message, location: err.location } };
  }
}

const fixtures = (folder: string) =>
  readdirSync(folder)
    .filter((f) => /\.(csv|tsv|txt)$/.test(f))
    .map((f) => join(folder, f));

/** The reading corpus's text files (issue 14): quotes, line endings, dialects, shapes … and the public suites. */
const corpusFixtures = () =>
  [
    'test/fixtures/public-csv/csv-spectrum',
    'test/fixtures/public-csv/csvw',
    'test/fixtures/libreoffice-csv',
    ...readdirSync('test/fixtures/read-corpus', { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => join('test/fixtures/read-corpus', e.name)),
  ].flatMap(fixtures);

// Longer than a batch, with warnings of one kind on many rows (noted once, then counted)
// and an encoding that turns out to be Windows-1252 far into the file.
function generated(): string[] {
  const quotes = join(dir, 'quotes.csv');
  writeFileSync(
    quotes,
    [
      'Name,Serial No.,Notes',
      ...Array.from(
        { length: 5_000 },
        (_, i) => `Laptop ${i},SN-${i},${i % 700 === 3 ? '"a"b' : `note ${i}`}`,
      ),
    ].join('\n'),
  );
  // 15,000 rows (323 kB): the é comes past the first 256 KiB, from which the encoding is told.
  const late1252 = join(dir, 'late-1252.csv');
  const head = Buffer.from(
    ['Name,Serial No.', ...Array.from({ length: 15_000 }, (_, i) => `Laptop ${i},SN-${i}`)].join('\r\n') +
      '\r\n',
  );
  writeFileSync(
    late1252,
    Buffer.concat([head, Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x2c, 0x53, 0x4e, 0x2d, 0x58, 0x0d, 0x0a])]),
  );
  const unclosed = join(dir, 'unclosed-late.csv');
  writeFileSync(
    unclosed,
    [
      'Name,Serial No.',
      ...Array.from({ length: 3_000 }, (_, i) => `Laptop ${i},SN-${i}`),
      'Broken,"SN-never closed',
      'More,SN-1',
    ].join('\n'),
  );
  return [quotes, late1252, unclosed];
}

// Written once, before the tests: the multi-batch files each read several ways below.
const generatedFiles = generated();
const [quotesFile] = generatedFiles;
const allFiles = [
  ...fixtures('test/fixtures/import'),
  ...fixtures('test/fixtures/bad'),
  ...corpusFixtures(),
  ...generatedFiles,
];

describe('CSV read in a worker thread', () => {
  it('runs from the built package', () => {
    expect(workerAvailable()).toBe(true);
  });

  // One worker a file (a worker's start is most of a small file's read): the worker's rows,
  // taken at hand between reads as the checking loop takes them, and this thread's rows,
  // taken so too, are both this thread's plain read. The plain read in a worker is compared
  // on the generated files, the ones long enough for many batches.
  it.each(allFiles)('%s: in a worker and taken at hand, the same result as in this thread', async (file) => {
    const here = await readAll(file, false);
    expect(await readTaking(file, true), 'in a worker, rows taken at hand').toEqual(here);
    expect(await readTaking(file, false), 'in this thread, rows taken at hand').toEqual(here);
  });

  it.each(generatedFiles)(
    '%s: the plain read in a worker, the same result as in this thread',
    async (file) => {
      expect(await readAll(file, true)).toEqual(await readAll(file, false));
    },
  );

  it('stops the worker when the reader stops early', async () => {
    const s = await openSheet(quotesFile, { worker: true });
    const rows = [];
    for await (const r of s.rows) {
      rows.push(r);
      if (rows.length === 10) break;
    }
    expect(rows.map((r) => r.row)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });
});

describe('an error after many rows, whatever the read size', () => {
  // 3,000 rows, then a quote never closed on line 3,002. The reader is slow, so csv-parse meets
  // the error with records still buffered: every one of them comes first, and the error names its line.
  const file = join(dir, 'unclosed-after-rows.csv');
  writeFileSync(
    file,
    [
      'Name,Serial No.',
      ...Array.from({ length: 3_000 }, (_, i) => `Laptop ${i},SN-${i}`),
      'Broken,"SN-never closed',
      'More,SN-1',
    ].join('\n'),
  );
  const events: ParseEvents = { add: () => undefined, note: () => undefined, encoding: () => undefined };
  const parses = { 'this thread': parseTextBatches, 'a worker thread': parseInWorkerBatches };

  it.each(
    Object.keys(parses).flatMap((where) =>
      [97, 1024, 16 * 1024, 64 * 1024, 1024 * 1024].map((readBytes) => [where, readBytes] as const),
    ),
  )('%s, %i-byte reads', async (where, readBytes) => {
    const rows: number[] = [];
    let error: { code?: string; location?: unknown } | undefined;
    try {
      for await (const batch of parses[where as keyof typeof parses](
        { file, encoding: 'utf-8', delimiter: ',', readBytes },
        events,
      )) {
        for (const r of batch) {
          rows.push(r.row);
          await new Promise(setImmediate);
        }
      }
    } catch (e) {
      error = e as typeof error;
    }
    expect(rows).toEqual(Array.from({ length: 3_001 }, (_, i) => i + 1));
    expect(error?.code).toBe('E_CSV_PARSE');
    expect(error?.location).toMatchObject({ row: 3_002, line: 3_002 });
  });
});
