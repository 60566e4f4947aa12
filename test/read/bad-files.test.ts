// The file-level bad-input corpus (issue 7): each case is refused with its code and a
// message naming the file (and line, row or sheet where one applies), or read as stated.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode, exitCodeFor, type ErrorCode } from '../../src/errors.js';
import { openSheet } from '../../src/read/index.js';
import type { ReadOptions, SheetRow } from '../../src/read/types.js';
import { BAD_DIR, largeFixtures, smallFixtures } from './corpus.js';
import { expectReadError, readAll, removeDir, scratchDir, type ReadResult } from './helpers.js';

let tmp: string;
let large: Record<string, string>;

beforeAll(async () => {
  if (process.env.REGEN_BAD_FIXTURES === '1') {
    mkdirSync(BAD_DIR, { recursive: true });
    for (const [name, data] of Object.entries(await smallFixtures()))
      writeFileSync(join(BAD_DIR, name), data);
  }
  tmp = scratchDir('bad');
  large = await largeFixtures(tmp);
}, 120_000);

afterAll(async () => {
  if (tmp) await removeDir(tmp);
});

const bad = (name: string) => join(BAD_DIR, name);
const big = (name: string) => () => large[name];

interface Refused {
  readonly name: string;
  readonly file: () => string;
  readonly opts?: ReadOptions;
  readonly code: ErrorCode;
  readonly message: RegExp;
  readonly hint?: RegExp;
  readonly row?: number;
  readonly sheet?: string;
}

const refused: Refused[] = [
  { name: 'an empty file', file: () => bad('empty.csv'), code: 'E_FILE_EMPTY', message: /empty \(0 bytes\)/ },
  {
    name: 'a file of blank lines',
    file: () => bad('blank-lines-only.csv'),
    code: 'E_FILE_EMPTY',
    message: /every line is blank/,
  },
  {
    name: 'a binary file named .csv',
    file: () => bad('binary.csv'),
    code: 'E_FILE_FORMAT',
    message: /does not look like a text spreadsheet/,
  },
  { name: 'an image named .csv', file: () => bad('image.csv'), code: 'E_FILE_FORMAT', message: /PNG image/ },
  {
    name: 'a web page named .xls',
    file: () => bad('webpage.xls'),
    code: 'E_FILE_UNSUPPORTED',
    message: /web page \(HTML\)/,
    hint: /libreoffice --headless --convert-to xlsx/,
  },
  {
    name: 'a truncated XLSX',
    file: () => bad('truncated.xlsx'),
    code: 'E_FILE_CORRUPT',
    message: /damaged or incomplete/,
  },
  {
    name: 'shared strings declaring entities',
    file: () => bad('entities.xlsx'),
    code: 'E_FILE_CORRUPT',
    message: /xl\/sharedStrings\.xml declares XML entities/,
  },
  {
    name: 'a sheet declaring an external entity',
    file: big('sheet-entities.xlsx'),
    code: 'E_FILE_CORRUPT',
    message: /xl\/worksheets\/sheet1\.xml declares XML entities/,
    sheet: 'Register',
  },
  {
    name: 'a password-protected XLSX',
    file: () => bad('encrypted.xlsx'),
    code: 'E_FILE_ENCRYPTED',
    message: /password-protected; remove the password in Excel \(File → Info → Protect Workbook/,
  },
  {
    name: 'an old .xls',
    file: () => bad('old.xls'),
    code: 'E_FILE_UNSUPPORTED',
    message: /old-style Excel workbook \(\.xls\)/,
    hint: /save it as \.xlsx or "CSV UTF-8".*libreoffice --headless --convert-to xlsx/,
  },
  {
    name: 'an .ods',
    file: () => bad('sheet.ods'),
    code: 'E_FILE_UNSUPPORTED',
    message: /OpenDocument spreadsheet \(\.ods\)/,
    hint: /libreoffice --headless --convert-to xlsx/,
  },
  {
    name: 'a Numbers document',
    file: () => bad('numbers.numbers'),
    code: 'E_FILE_UNSUPPORTED',
    message: /Apple Numbers/,
    hint: /Export To/,
  },
  {
    name: 'an XLSX whose sheet cannot be uncompressed',
    file: big('corrupt-deflate.xlsx'),
    code: 'E_FILE_CORRUPT',
    message: /part xl\/worksheets\/sheet1\.xml cannot be uncompressed/,
    sheet: 'Register',
  },
  {
    name: 'binary with NULs in every other byte is not taken for UTF-16',
    file: () => bad('nul-pattern.csv'),
    code: 'E_FILE_FORMAT',
    message: /binary data/,
  },
  {
    name: 'a zip with encrypted parts',
    file: big('zip-encrypted.xlsx'),
    code: 'E_FILE_ENCRYPTED',
    message: /password-protected/,
  },
  {
    name: 'a zip bomb (directory says 300 MB)',
    file: big('zip-bomb.xlsx'),
    code: 'E_FILE_TOO_LARGE',
    message: /refused: its part xl\/worksheets\/sheet1\.xml expands from .* to 300 MB \(zip bomb\?\)/,
  },
  {
    name: 'a zip bomb whose directory lies',
    file: big('lying-bomb.xlsx'),
    code: 'E_FILE_CORRUPT',
    message: /larger than its zip directory says/,
    sheet: 'Register',
  },
  {
    name: 'a sheet name that does not exist',
    file: () => bad('register.xlsx'),
    opts: { sheet: 'Nope' },
    code: 'E_SHEET_NOT_FOUND',
    message: /sheet "Nope" not found; the workbook has: "Register" \(1\)/,
    sheet: 'Nope',
  },
  {
    name: 'a sheet number past the last tab',
    file: () => bad('register.xlsx'),
    opts: { sheet: 4 },
    code: 'E_SHEET_NOT_FOUND',
    message: /sheet 4 not found; the workbook has: "Register" \(1\)/,
  },
  {
    name: 'a mapping file given as the spreadsheet',
    file: () => bad('mapping.json'),
    code: 'E_FILE_FORMAT',
    message: /JSON file, not a spreadsheet/,
    hint: /--mapping/,
  },
  {
    name: 'a missing file',
    file: () => bad('no-such-file.csv'),
    code: 'E_FILE_NOT_FOUND',
    message: /file not found/,
  },
  { name: 'a folder', file: () => BAD_DIR, code: 'E_FILE_FORMAT', message: /folder/ },
  {
    name: 'a CSV over maxBytes',
    file: () => bad('header-only.csv'),
    opts: { maxBytes: 10 },
    code: 'E_FILE_TOO_LARGE',
    message: /over the limit of 10 bytes/,
  },
  {
    name: 'an XLSX over maxBytes',
    file: () => bad('register.xlsx'),
    opts: { maxBytes: 1000 },
    code: 'E_FILE_TOO_LARGE',
    message: /over the limit/,
  },
  {
    name: 'an XLSX inflating past maxInflatedBytes',
    file: () => bad('register.xlsx'),
    opts: { maxInflatedBytes: 2000 },
    code: 'E_FILE_TOO_LARGE',
    message: /expands to .* over the limit/,
  },
];

describe('refused before the first row', () => {
  it.each(refused)('$name → $code', async (c) => {
    const file = c.file();
    const rows: SheetRow[] = [];
    const err = await expectReadError(async () => {
      for await (const r of (await openSheet(file, c.opts)).rows) rows.push(r);
    });
    expect(rows, 'no row read before the refusal').toEqual([]);
    expect(err.code).toBe(c.code);
    expect(exitCodeFor(err.code), "the CLI exits 2: the file is the user's to fix").toBe(ExitCode.USAGE);
    expect(err.message).toMatch(c.message);
    expect(err.location.file).toBe(file);
    expect(err.describe()).toContain(file);
    if (c.hint) expect(err.hint).toMatch(c.hint);
    if (c.sheet) expect(err.location.sheet).toBe(c.sheet);
    if (c.row !== undefined) expect(err.location.row).toBe(c.row);
  });
});

describe('stopped while streaming', () => {
  it('an unclosed quote whose lines after it are no rows stops at its row, after yielding the rows before it', async () => {
    const file = bad('unclosed-quote.csv');
    const source = await openSheet(file);
    const rows: SheetRow[] = [];
    const err = await expectReadError(async () => {
      for await (const r of source.rows) rows.push(r);
    });
    expect(rows.map((r) => r.row)).toEqual([2]);
    expect(err.code).toBe('E_CSV_PARSE');
    expect(err.location).toMatchObject({ file, row: 3, line: 3 });
    expect(err.message).toMatch(
      /^the row has a quote \("\) that is never closed, and the lines after it do not read as rows of their own/,
    );
    expect(err.describe()).toMatch(/unclosed-quote\.csv, row 3: /);
  });
});

describe('stopped while streaming an XLSX', () => {
  it('malformed sheet XML stops with E_FILE_CORRUPT naming the sheet and row, after the rows before it', async () => {
    const file = large['malformed-sheet.xlsx'];
    const source = await openSheet(file);
    const rows: SheetRow[] = [];
    const err = await expectReadError(async () => {
      for await (const r of source.rows) rows.push(r);
    });
    // Rows come in chunks, so the last good rows of the failing chunk are not yielded.
    expect(rows.length).toBeGreaterThan(100);
    const last = rows.at(-1)?.row ?? 0;
    expect(rows.map((r) => r.row)).toEqual(Array.from({ length: rows.length }, (_, i) => i + 2));
    expect(err.code).toBe('E_FILE_CORRUPT');
    expect(err.location).toMatchObject({ file, sheet: 'Register', row: last + 1 });
    expect(err.describe()).toContain(
      `malformed-sheet.xlsx, sheet "Register", row ${last + 1}: is damaged: the sheet cannot be read after row ${last} (unmatched closing tag`,
    );
  });
});

interface Accepted {
  readonly name: string;
  readonly file: () => string;
  readonly opts?: ReadOptions;
  readonly check: (r: ReadResult) => void;
}

const warningCodes = (r: ReadResult) => r.source.warnings.map((w) => w.code);

const accepted: Accepted[] = [
  {
    name: 'a header and no rows gives no rows (the import runs none, test/e2e/no-rows.test.ts)',
    file: () => bad('header-only.csv'),
    check: (r) => {
      expect(r.source.headers).toEqual(['Name', 'Serial No.', 'Purchase Cost ($)']);
      expect(r.rows).toEqual([]);
    },
  },
  {
    name: 'a stray quote is read as written, later rows still come, and the line is named',
    file: () => bad('stray-quote.csv'),
    check: (r) => {
      expect(r.rows).toEqual([
        {
          row: 2,
          cells: ['Monitor', '"24"wide'],
          notes: [expect.objectContaining({ code: 'W_CSV_QUOTE', column: 'Size', repaired: false })],
        },
        { row: 3, cells: ['Laptop', '13'] },
      ]);
      expect(r.source.warnings).toEqual([
        expect.objectContaining({ code: 'W_CSV_QUOTE', row: 2, message: expect.stringMatching(/^row 2: /) }),
      ]);
    },
  },
  {
    name: 'mixed delimiters: the majority wins and the odd row is named',
    file: () => bad('mixed-delimiters.csv'),
    check: (r) => {
      expect(r.source.delimiter).toBe(';');
      expect(r.rows.map((x) => x.cells)).toEqual([
        ['Laptop', 'A1', '100'],
        ['Phone,B2,200', null, null],
        ['Tablet', 'C3', '300'],
      ]);
      expect(r.source.warnings).toEqual([
        expect.objectContaining({
          code: 'W_MIXED_DELIMITER',
          row: 3,
          message: expect.stringMatching(/row 3 seems to use ","/),
        }),
      ]);
    },
  },
  {
    name: 'UTF-16 LE without BOM is decoded from its NUL pattern, with a warning',
    file: () => bad('utf16le-no-bom.csv'),
    check: (r) => {
      expect(r.source.encoding).toBe('utf-16le');
      expect(r.rows).toEqual([{ row: 2, cells: ['Laptop', 'Müller'] }]);
      expect(warningCodes(r)).toEqual(['W_ENCODING']);
    },
  },
  {
    name: 'UTF-16 BE without BOM likewise',
    file: () => bad('utf16be-no-bom.csv'),
    check: (r) => {
      expect(r.source.encoding).toBe('utf-16be');
      expect(r.rows).toEqual([{ row: 2, cells: ['Laptop', 'Müller'] }]);
    },
  },
  {
    name: 'Windows-1252 bytes are read as such',
    file: () => bad('windows-1252.csv'),
    check: (r) => {
      expect(r.source.encoding).toBe('windows-1252');
      expect(r.rows).toEqual([{ row: 2, cells: ['Café', 'Müller', '€5'] }]);
    },
  },
  {
    name: 'duplicate headers are kept, with a warning naming the columns',
    file: () => bad('duplicate-headers.csv'),
    check: (r) => {
      expect(r.source.headers).toEqual(['Name', 'Serial', 'name']);
      expect(r.source.warnings).toEqual([
        expect.objectContaining({
          code: 'W_DUPLICATE_HEADER',
          row: 1,
          message: expect.stringMatching(/columns A, C/),
        }),
      ]);
    },
  },
  {
    name: 'a header of only whitespace becomes ""',
    file: () => bad('whitespace-header.csv'),
    check: (r) => {
      expect(r.source.headers).toEqual(['Name', '', 'Cost']);
      expect(r.rows).toEqual([{ row: 2, cells: ['Laptop', 'x', '1'] }]);
      // The mapping stage warns about it, with the column letter.
      expect(warningCodes(r)).toEqual([]);
    },
  },
  {
    name: 'tab-separated text named .xls is read by content',
    file: () => bad('tab-text.xls'),
    check: (r) => {
      expect(r.source.format).toBe('tsv');
      expect(r.rows).toEqual([{ row: 2, cells: ['Laptop', 'SN-1'] }]);
      expect(warningCodes(r)).toEqual(['W_FORMAT']);
    },
  },
  {
    name: 'CSV named .xlsx is read by content',
    file: () => bad('csv-named.xlsx'),
    check: (r) => {
      expect(r.source.format).toBe('csv');
      expect(r.rows).toEqual([{ row: 2, cells: ['Laptop', 'SN-1'] }]);
    },
  },
  {
    name: 'an XLSX named .csv is read by content',
    file: () => bad('xlsx-named.csv'),
    check: (r) => {
      expect(r.source.format).toBe('xlsx');
      expect(r.rows.map((x) => x.cells)).toEqual([
        ['Laptop', 'SN-1', 1200],
        ['Phone', 'SN-2', 300],
      ]);
    },
  },
  {
    name: 'formula error results become {error}',
    file: () => bad('formula-errors.xlsx'),
    check: (r) => {
      expect(r.rows.map((x) => x.cells)).toEqual([
        ['Laptop', { error: '#REF!' }, { error: '#DIV/0!' }],
        ['Phone', { error: '#N/A' }, { error: '#VALUE!' }],
        ['Tablet', 6, true],
      ]);
    },
  },
  {
    name: "dates before March 1900 follow Excel's leap-year bug; 29 Feb 1900 is named",
    file: () => bad('excel-1900-dates.xlsx'),
    check: (r) => {
      expect(r.rows.map((x) => x.cells[1])).toEqual([
        new Date(Date.UTC(1900, 0, 15)),
        new Date(Date.UTC(1900, 1, 28)),
        '1900-02-29',
        new Date(Date.UTC(1900, 2, 1)),
        new Date(Date.UTC(2024, 0, 31)),
      ]);
      expect(r.source.warnings).toEqual([expect.objectContaining({ code: 'W_DATE_1900', row: 4 })]);
    },
  },
  {
    name: 'a 2 MB cell in CSV',
    file: big('big-cell.csv'),
    check: (r) => {
      expect((r.rows[0].cells[1] as string).length).toBe(2 * 1024 * 1024);
      expect(r.rows[1]).toEqual({ row: 3, cells: ['Phone', 'short'] });
    },
  },
  {
    name: 'a 2 MB cell in XLSX',
    file: big('big-cell.xlsx'),
    check: (r) => {
      expect((r.rows[0].cells[1] as string).length).toBe(2 * 1024 * 1024);
      expect(r.rows[1]).toEqual({ row: 3, cells: ['Phone', 'short'] });
    },
  },
  {
    name: '5,000 columns in CSV',
    file: big('wide.csv'),
    check: (r) => {
      expect(r.source.headers).toHaveLength(5000);
      expect(r.source.headers[4999]).toBe('Col 5000');
      expect(r.rows).toHaveLength(2);
      expect(r.rows[1].cells[4999]).toBe('4999');
    },
  },
  {
    name: '5,000 columns in XLSX',
    file: big('wide.xlsx'),
    check: (r) => {
      expect(r.source.headers).toHaveLength(5000);
      expect(r.rows).toHaveLength(1);
      expect(r.rows[0].cells[4999]).toBe(4999);
    },
  },
];

describe('accepted', () => {
  it.each(accepted)('$name', async (c) => {
    c.check(await readAll(c.file(), c.opts));
  });
});
