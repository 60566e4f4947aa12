// The reading corpus of issue 14: every file with the rows and cells a person sees when
// opening it in a spreadsheet program, written down beside it. Classes:
// - read-corpus/<class>/: our own small files (quotes, line endings, dialects, shape, header,
//   row numbers, encodings), each with <file>.expected.json;
// - public-csv/csv-spectrum and public-csv/csvw: the public suites' cases, expected rows taken
//   from the suites' own JSON (see public-csv/README.md);
// - xlsx-cells/: XLSX cell types from raw XML (xlsx-cells.corpus.ts);
// - libreoffice-csv/: CSV, TSV and XLSX saved by LibreOffice Calc, with <file>.expected.json.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CellValue } from '../../src/read/types.js';
import { CELL_FILES, XLSX_CELLS_DIR } from './xlsx-cells.corpus.js';

export const FIXTURES = join(import.meta.dirname, '..', 'fixtures');

export interface ExpectedRow {
  /** The row number the spreadsheet shows. */
  readonly row?: number;
  readonly cells: CellValue[];
  /** The text line the row starts on, where it differs. */
  readonly line?: number;
}

export interface Expected {
  readonly headers: string[];
  readonly rows: ExpectedRow[];
  /** Rows whose shape the reader repairs (flagged W_ROW_REPAIRED: exit 1). */
  readonly repaired?: number[];
  /** Reading stops here: exit 2 naming this row. `rows` are those before it. */
  readonly error?: { row: number; code: string };
  readonly delimiter?: string;
  readonly padded?: boolean;
  readonly encoding?: string;
  readonly headerRow?: number;
  readonly aboveHeader?: number;
  readonly repeatsHeader?: number[];
  /** False where the source states row numbers but not the text lines rows start on (CSVW). */
  readonly numbersLines?: boolean;
}

export interface CorpusFile {
  readonly cls: string;
  readonly name: string;
  readonly path: string;
  readonly expected: Expected;
}

type Written = Omit<Expected, 'rows'> & { rows: [number, CellValue[], number?][] };

function ours(): CorpusFile[] {
  const root = join(FIXTURES, 'read-corpus');
  return readdirSync(root, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).flatMap((cls) =>
    readdirSync(join(root, cls))
      .filter((f) => !f.endsWith('.expected.json') && !f.includes('.report.'))
      .map((f) => {
        const w = JSON.parse(readFileSync(join(root, cls, `${f}.expected.json`), 'utf8')) as Written;
        const rows = w.rows.map(([row, cells, line]) => (line === undefined ? { row, cells } : { row, cells, line }));
        return { cls, name: f, path: join(root, cls, f), expected: { ...w, rows } };
      }),
  );
}

/** Objects keyed by header → cells in header order; '' is an empty cell (null), a row of '' a blank row (not read). */
function fromObjects(objects: Record<string, string>[], rowOf?: (i: number) => number): Expected {
  const headers = Object.keys(objects[0]);
  const rows = objects
    .map((o, i) => ({ row: rowOf?.(i), cells: headers.map((h) => (o[h] === '' ? null : o[h])) }))
    .filter((r) => r.cells.some((c) => c !== null))
    .map((r) => (r.row === undefined ? { cells: r.cells } : r));
  return { headers, rows };
}

/**
 * csv-spectrum: each case's JSON. One correction: location_coordinates.json names another
 * phone number than its CSV holds (1234567890 for 2095257564); the CSV's is what a person sees.
 */
function csvSpectrum(): CorpusFile[] {
  const root = join(FIXTURES, 'public-csv', 'csv-spectrum');
  return readdirSync(root)
    .filter((f) => f.endsWith('.csv'))
    .map((f) => {
      const json = JSON.parse(readFileSync(join(root, f.replace(/\.csv$/, '.json')), 'utf8')) as Record<string, string> | Record<string, string>[];
      const objects = Array.isArray(json) ? json : [json];
      if (f === 'location_coordinates.csv') objects[0]['Contact Phone Number'] = '2095257564';
      return { cls: 'csv-spectrum', name: f, path: join(root, f), expected: fromObjects(objects) };
    });
}

/** W3C CSVW: standard output (tables[0].row[].describes[0], rows numbered by their url's #row=N), or minimal (an array). */
function csvw(): CorpusFile[] {
  const root = join(FIXTURES, 'public-csv', 'csvw');
  return readdirSync(root)
    .filter((f) => f.endsWith('.csv'))
    .map((f) => {
      const json = JSON.parse(readFileSync(join(root, f.replace(/\.csv$/, '.json')), 'utf8'));
      let expected: Expected;
      if (Array.isArray(json)) expected = fromObjects(json);
      else if (json.tables) {
        const rows = json.tables[0].row as { url: string; describes: Record<string, string>[] }[];
        expected = fromObjects(
          rows.map((r) => r.describes[0]),
          (i) => Number(/#row=(\d+)$/.exec(rows[i].url)![1]),
        );
      } else expected = fromObjects(json.row);
      return { cls: 'csvw', name: f, path: join(root, f), expected: { ...expected, numbersLines: false } };
    });
}

function xlsxCells(): CorpusFile[] {
  return CELL_FILES.map((f) => ({
    cls: 'xlsx-cells',
    name: f.file,
    path: join(XLSX_CELLS_DIR, f.file),
    expected: { headers: ['Case', 'Value'], rows: f.cases.map((c, i) => ({ row: i + 2, cells: [c.name, c.value] })) },
  }));
}

function libreOffice(): CorpusFile[] {
  const root = join(FIXTURES, 'libreoffice-csv');
  let files: string[];
  try {
    files = readdirSync(root).filter((f) => /\.(csv|tsv|xlsx)$/.test(f));
  } catch {
    return [];
  }
  return files.map((f) => {
    const w = JSON.parse(readFileSync(join(root, `${f}.expected.json`), 'utf8')) as Written;
    const rows = w.rows.map(([row, cells, line]) => (line === undefined ? { row, cells } : { row, cells, line }));
    return { cls: 'libreoffice-csv', name: f, path: join(root, f), expected: { ...w, rows } };
  });
}

export function readCorpus(): CorpusFile[] {
  return [...ours(), ...csvSpectrum(), ...csvw(), ...xlsxCells(), ...libreOffice()];
}
