// Every file of the reading corpus (read-corpus.ts) through the real reader, cell by cell
// against the rows a person sees: the same rows, numbered as the spreadsheet numbers them,
// with the same cells; repaired rows flagged; or the error, naming the row, after the rows
// before it. Never fewer rows without an error.
import { describe, expect, it } from 'vitest';
import { headerMatcher } from '../../src/map/headers.js';
import { NO_HEADER_ROW, openSheet } from '../../src/read/index.js';
import { RESOURCES } from '../../src/resources/index.js';
import type { SheetRow } from '../../src/read/types.js';
import { readCorpus } from './read-corpus.js';

const corpus = readCorpus();
// As the import reads a file for assets: a row naming asset fields is the header.
const isKnownHeader = headerMatcher(RESOURCES.find((r) => r.name === 'asset')!);

async function readRows(
  path: string,
  noHeader?: boolean,
): Promise<{
  rows: SheetRow[];
  error?: { code: string; location: { row?: number } };
  source: Awaited<ReturnType<typeof openSheet>>;
}> {
  const source = await openSheet(path, noHeader ? { headerRow: NO_HEADER_ROW } : { isKnownHeader });
  const rows: SheetRow[] = [];
  try {
    for await (const r of source.rows) rows.push(r);
  } catch (e) {
    return { rows, source, error: e as { code: string; location: { row?: number } } };
  }
  return { rows, source };
}

describe.each(corpus)('$cls/$name', ({ path, expected }) => {
  it('reads the rows and cells a person sees', async () => {
    const { rows, error, source } = await readRows(path, expected.noHeader);
    expect(source.headers).toEqual(expected.headers);
    if (expected.error) {
      expect(error?.code).toBe(expected.error.code);
      expect(error?.location.row).toBe(expected.error.row);
    } else expect(error).toBeUndefined();
    expect(rows.length).toBe(expected.rows.length);
    expected.rows.forEach((want, i) => {
      const got = rows[i];
      // The public suites' JSON numbers no rows (csv-spectrum) or numbers them only.
      if (want.row !== undefined) expect(got.row, `row ${i + 1}'s number`).toBe(want.row);
      if (want.row !== undefined && expected.numbersLines !== false)
        expect(got.line, `row ${got.row}'s line`).toBe(want.line);
      want.cells.forEach((cell, c) => expect(got.cells[c], `row ${got.row}, cell ${c + 1}`).toEqual(cell));
      expect(got.cells.length).toBe(expected.headers.length);
    });
    const repaired = rows.filter((r) => r.notes?.some((n) => n.repaired)).map((r) => r.row);
    expect(repaired).toEqual(expected.repaired ?? []);
    if (expected.delimiter !== undefined) expect(source.delimiter).toBe(expected.delimiter);
    if (expected.padded !== undefined) expect(source.padded).toBe(expected.padded);
    if (expected.encoding !== undefined) expect(source.encoding).toBe(expected.encoding);
    if (expected.headerRow !== undefined) expect(source.headerRow).toBe(expected.headerRow);
    if (expected.aboveHeader !== undefined)
      expect(source.stats.skippedAboveHeader).toBe(expected.aboveHeader);
    expect(rows.filter((r) => r.repeatsHeader).map((r) => r.row)).toEqual(expected.repeatsHeader ?? []);
  });
});

describe('the corpus', () => {
  it('has files of every class', () => {
    const classes = new Set(corpus.map((f) => f.cls));
    for (const cls of [
      'quotes',
      'line-endings',
      'dialects',
      'shape',
      'header',
      'row-numbers',
      'encodings',
      'csv-spectrum',
      'csvw',
      'xlsx-cells',
    ])
      expect(classes).toContain(cls);
  });
});
