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
import { columnLetter } from '../../src/util/column-letter.js';
import { NO_HEADER_ROW, type CellValue } from '../../src/read/types.js';
import { CELL_FILES, XLSX_CELLS_DIR } from './xlsx-cells.corpus.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures');

interface ExpectedRow {
  /** The row number the spreadsheet shows. */
  readonly row?: number;
  readonly cells: CellValue[];
  /** The text line the row starts on, where it differs. */
  readonly line?: number;
}

interface Expected {
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
  /** The file has no header row: read with headerRow 0 (`--no-header`), columns named A, B, C … */
  readonly noHeader?: boolean;
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
  return readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .flatMap((cls) =>
      readdirSync(join(root, cls))
        .filter((f) => !f.endsWith('.expected.json') && !f.includes('.report.'))
        .map((f) => {
          const w = JSON.parse(readFileSync(join(root, cls, `${f}.expected.json`), 'utf8')) as Written;
          const rows = w.rows.map(([row, cells, line]) =>
            line === undefined ? { row, cells } : { row, cells, line },
          );
          return { cls, name: f, path: join(root, cls, f), expected: { ...w, rows } };
        }),
    );
}

/** Objects keyed by header → cells in header order; '' is an empty cell (null), a row of '' a blank row (not read). */
function fromObjects(objects: Record<string, string>[], rowOf?: (i: number) => number | undefined): Expected {
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
      const json = JSON.parse(readFileSync(join(root, f.replace(/\.csv$/, '.json')), 'utf8')) as
        Record<string, string> | Record<string, string>[];
      const objects = Array.isArray(json) ? json : [json];
      if (f === 'location_coordinates.csv') objects[0]['Contact Phone Number'] = '2095257564';
      return { cls: 'csv-spectrum', name: f, path: join(root, f), expected: fromObjects(objects) };
    });
}

/**
 * CSVW cases whose CSV has no header row: the suite serves them as `text/csv;header=absent`
 * (its manifest's contentType), so a processor names the columns _col=1, _col=2 …; read
 * with ReadOptions.headerRow 0 (`--no-header`), ours are A, B …
 */
const CSVW_HEADER_ABSENT = new Set(['test019.csv']);

type CsvwRow = Record<string, string>;
/** The suite's result as rows with the file's row numbers: minimal output (an array), standard (`tables`, older `table`, rows numbered by their url's #row=N), or the older `row` list (a `rownum` counting data rows). */
function csvwRows(
  json: unknown,
  headerAbsent: boolean,
): { objects: CsvwRow[]; rowOf: (i: number) => number | undefined } {
  const first = headerAbsent ? 1 : 2;
  if (Array.isArray(json)) return { objects: json as CsvwRow[], rowOf: () => undefined };
  const j = json as { tables?: unknown[]; table?: unknown[]; row?: (CsvwRow & { rownum?: number })[] };
  const table = (j.tables ?? j.table)?.[0] as { row: { url: string; describes: CsvwRow[] }[] } | undefined;
  if (table)
    return {
      objects: table.row.map((r) => r.describes[0]),
      rowOf: (i) => Number(/#row=(\d+)$/.exec(table.row[i].url)![1]),
    };
  const rows = j.row ?? [];
  const objects = rows.map(({ rownum: _n, url: _u, ...cells }) => cells as CsvwRow);
  return { objects, rowOf: (i) => (rows[i].rownum ?? i + 1) + first - 1 };
}

/** W3C CSVW tests without metadata: each CSV beside the suite's JSON result (see public-csv/README.md). */
function csvw(): CorpusFile[] {
  const root = join(FIXTURES, 'public-csv', 'csvw');
  return readdirSync(root)
    .filter((f) => f.endsWith('.csv'))
    .map((f) => {
      const json: unknown = JSON.parse(readFileSync(join(root, f.replace(/\.csv$/, '.json')), 'utf8'));
      const headerAbsent = CSVW_HEADER_ABSENT.has(f);
      const { objects, rowOf } = csvwRows(json, headerAbsent);
      let expected = fromObjects(objects, rowOf);
      // _col=1, _col=2 … are the columns A, B … of a file read without a header.
      if (headerAbsent)
        expected = {
          ...expected,
          headers: expected.headers.map((h) => columnLetter(Number(/^_col=(\d+)$/.exec(h)![1]) - 1)),
          headerRow: NO_HEADER_ROW,
          noHeader: true,
        };
      return { cls: 'csvw', name: f, path: join(root, f), expected: { ...expected, numbersLines: false } };
    });
}

function xlsxCells(): CorpusFile[] {
  return CELL_FILES.map((f) => ({
    cls: 'xlsx-cells',
    name: f.file,
    path: join(XLSX_CELLS_DIR, f.file),
    expected: {
      headers: ['Case', 'Value'],
      rows: f.cases.map((c, i) => ({ row: i + 2, cells: [c.name, c.value] })),
    },
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
    const rows = w.rows.map(([row, cells, line]) =>
      line === undefined ? { row, cells } : { row, cells, line },
    );
    return { cls: 'libreoffice-csv', name: f, path: join(root, f), expected: { ...w, rows } };
  });
}

export function readCorpus(): CorpusFile[] {
  return [...ours(), ...csvSpectrum(), ...csvw(), ...xlsxCells(), ...libreOffice()];
}
