// The mapping's sample (SheetSource.sample): the first rows' cells taken from the opened
// sheet's read-ahead must be the ones a second read of the sheet, its header row given,
// gives (sampleRows); the rows read after it are the rows read without it.
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { headerMatcher } from '../../src/map/headers.js';
import { openSheet } from '../../src/read/index.js';
import { sampleRows } from '../../src/read/sample.js';
import type { ReadOptions, SheetSource } from '../../src/read/types.js';
import { RESOURCES } from '../../src/resources/index.js';
import { removeDir, scratchDir } from './helpers.js';

const dir = scratchDir('sample');
afterAll(() => removeDir(dir));
const isKnownHeader = headerMatcher(RESOURCES.find((r) => r.name === 'asset')!);

let n = 0;
function fileOf(content: string, ext = 'csv'): string {
  const path = join(dir, `s${n++}.${ext}`);
  writeFileSync(path, content);
  return path;
}

const lines = (count: number, make: (i: number) => string) =>
  Array.from({ length: count }, (_, i) => make(i)).join('\n');

/** What a read gives: the sample (or its error), taken by `take`, then every row and the counters. */
async function readWith(
  file: string,
  opts: ReadOptions,
  take: (s: SheetSource) => Promise<unknown>,
): Promise<unknown> {
  const s = await openSheet(file, opts);
  let sample: unknown;
  try {
    sample = await take(s);
  } catch (e) {
    sample = { error: (e as { code?: string }).code };
  }
  const rows: unknown[] = [];
  try {
    for await (const r of s.rows) rows.push(r);
  } catch (e) {
    rows.push({ error: (e as { code?: string }).code });
  }
  return { sample, rows, stats: s.stats };
}

/** The sample from the opened sheet's read-ahead. */
const sampled = (file: string, max: number, opts: ReadOptions) => readWith(file, opts, (s) => s.sample!(max));

/** The same, as before: the sample read on its own, the rows from a sheet never sampled. */
const fresh = (file: string, max: number, opts: ReadOptions) =>
  readWith(file, opts, (s) => sampleRows(file, { sheet: opts.sheet, headerRow: s.headerRow }, max));

const cases: { name: string; content: string; ext?: string; max: number }[] = [
  { name: 'fewer rows than asked', content: 'Name,Serial No.\nA,1\nB,2\n', max: 200 },
  {
    name: 'more rows than the header search read ahead',
    content: `Name,Serial No.\n${lines(250, (i) => `A${i},${i}`)}\n`,
    max: 200,
  },
  {
    name: 'blank lines among them, and at the end',
    content: `Name,Serial No.\n${lines(80, (i) => (i % 7 === 0 ? '' : `A${i},${i}`))}\n\n\n`,
    max: 60,
  },
  {
    name: 'rows shorter and longer than the header',
    content: 'Name,Serial No.,Notes\nA,1\nB,2,x,extra\nC\n',
    max: 10,
  },
  {
    name: 'a title above the header',
    content: `Asset register 2024\n\nName,Serial No.\n${lines(40, (i) => `A${i},${i}`)}\n`,
    max: 35,
  },
  {
    name: 'a header over two rows: the second is a sample row, as a second read has it',
    content: `Purchase,Serial\nDate,No.\n${lines(5, (i) => `2024-01-0${i + 1},SN-${i}`)}\n`,
    max: 3,
  },
  { name: 'a row repeating the header', content: 'Name,Serial No.\nA,1\nName,Serial No.\nB,2\n', max: 10 },
  {
    name: 'an unclosed quote after the rows sampled',
    content: `Name,Serial No.\n${lines(40, (i) => `A${i},${i}`)}\nB,"open\n`,
    max: 20,
  },
  {
    name: 'an unclosed quote before the end of the sample',
    content: `Name,Serial No.\n${lines(40, (i) => `A${i},${i}`)}\nB,"open\n`,
    max: 200,
  },
  {
    name: 'one of our reports: its columns set aside, its lines with nothing of the user\u2019s passed over',
    content: `#row,#status,#id,#message,#warnings,Name,Serial No.\n${lines(30, (i) => (i % 3 === 0 ? `,,,,${i} rows,,` : `${i + 2},valid,,,,A${i},${i}`))}\n`,
    max: 12,
  },
];

describe('the sample of the first rows', () => {
  it.each(cases)('$name', async ({ content, ext, max }) => {
    const file = fileOf(content, ext);
    expect(await sampled(file, max, { isKnownHeader })).toEqual(await fresh(file, max, { isKnownHeader }));
  });

  const files = [
    'samples',
    'test/fixtures/import',
    'test/fixtures/registers',
    'test/fixtures/libreoffice',
    'test/fixtures/bad',
  ].flatMap((d) =>
    readdirSync(d)
      .filter((f) => /\.(csv|tsv|xlsx)$/.test(f))
      .map((f) => join(d, f)),
  );
  it.each(files)('%s: as a second read gives it', async (file) => {
    let ok = true;
    await openSheet(file, { isKnownHeader }).catch(() => (ok = false));
    if (!ok) return; // refused before any row: no sample to take
    expect(await sampled(file, 200, { isKnownHeader })).toEqual(await fresh(file, 200, { isKnownHeader }));
  });
});
