// The XLSX writer puts the workbook together itself (its parts, its styles, its zip). Each
// case's workbook must hold the parts exceljs's streaming writer wrote for it (the writer
// before, test/export/exceljs-reference.ts), byte for byte, in the same order; the
// timestamps of docProps/core.xml aside. Then the file reads back cell by cell, through
// exceljs and through our own reader, with the same types and values as exceljs's file.
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CellValue, ExportColumn } from '../../src/export/flatten.js';
import type { AboutInfo } from '../../src/export/writers/types.js';
import { XlsxWriter } from '../../src/export/writers/xlsx.js';
import { listSheets, openSheet } from '../../src/read/index.js';
import { readEntryText, readZipDirectory } from '../../src/read/xlsx/zip.js';
import { referenceWorkbook, type ReferenceSheet } from './exceljs-reference.js';

const col = (label: string, type: ExportColumn['type']): ExportColumn => ({
  key: label,
  label,
  type,
  read: () => null,
});
const when = new Date(Date.UTC(2025, 0, 2, 3, 4, 5, 678));
const ABOUT: AboutInfo = {
  what: 'assets',
  source: 'http://127.0.0.1:1',
  company: 7,
  exportedAt: when,
  filters: {},
  sheets: [],
};

const ASSETS: ReferenceSheet = {
  spec: {
    resource: 'asset',
    title: 'Assets',
    columns: [
      col('Name', 'text'),
      col('Cost', 'decimal'),
      col('Bought', 'date'),
      col('Units', 'integer'),
      col('OK', 'boolean'),
      col('Tags', 'list'),
    ],
  },
  rows: [
    ['Laptop <15"> & dock', 1234.5, '2024-03-31', 3, true, 'a; b'],
    [' padded ', -0.1, '2024-02-30', null, false, null],
    [null, null, null, null, null, null],
    ['line\ntwo', 1e21, null, 0, null, '=1+2'],
  ],
};
// Money first (the header's bold then comes after a format), a column of Excel's default
// width (left out of <cols>), a name with XML specials and one that must be made unique.
const CONTRACTS: ReferenceSheet = {
  spec: {
    resource: 'contract',
    title: 'R&D <contracts>',
    columns: [col('Value', 'decimal'), col('Yes', 'boolean'), col('Start', 'date'), col('Started', 'date')],
  },
  rows: [[10, true, '2020-01-01', '2021-12-31']],
};
const SAME_NAME: ReferenceSheet = {
  spec: { resource: 'x', title: 'r&d <CONTRACTS>', columns: [col('A', 'text')] },
  rows: [],
};

const CASES: [name: string, sheets: ReferenceSheet[], about: AboutInfo][] = [
  ['one sheet', [ASSETS], ABOUT],
  ['no rows', [{ spec: ASSETS.spec, rows: [] }], ABOUT],
  [
    'three sheets, About with filters, as-of and counts',
    [ASSETS, CONTRACTS, SAME_NAME],
    {
      ...ABOUT,
      asOf: '2025-01-01',
      filters: { status: 'active', q: 'a&b' },
      sheets: [
        { resource: 'asset', title: 'Assets', records: 4, count: 4, pages: 1 },
        {
          resource: 'contract',
          title: 'R&D <contracts>',
          records: 1,
          count: 2,
          pages: 1,
          skipped: 'forbidden',
        },
      ],
    },
  ],
  ['About alone', [], ABOUT],
];

async function ourWorkbook(sheets: readonly ReferenceSheet[], about: AboutInfo): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const w = new XlsxWriter(out);
  for (const { spec, rows } of sheets) {
    await w.beginSheet(spec);
    for (const r of rows) await w.writeRow(r);
    await w.endSheet();
  }
  await w.finish(about);
  out.end();
  await once(out, 'end');
  return Buffer.concat(chunks);
}

let dir = '';
let n = 0;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ab-xlsx-parts-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function saved(file: Buffer): Promise<string> {
  const path = join(dir, `w${n++}.xlsx`);
  await writeFile(path, file);
  return path;
}

/** Every part's name and text, in the archive's order, core.xml's timestamps blanked. */
async function parts(file: Buffer): Promise<[string, string][]> {
  const path = await saved(file);
  const fh = await open(path, 'r');
  try {
    const zip = await readZipDirectory(fh, path, file.length, { file: path });
    const out: [string, string][] = [];
    for (const e of zip.entries)
      out.push([
        e.name,
        (await readEntryText(zip, e, 1 << 30, { file: path })).replace(
          /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/g,
          'T',
        ),
      ]);
    return out;
  } finally {
    await fh.close();
  }
}

/** Each sheet's cells through exceljs: [sheet, address, type, value]. */
async function exceljsCells(file: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file as unknown as ArrayBuffer);
  const cells: unknown[][] = [];
  for (const ws of wb.worksheets)
    ws.eachRow((row) => row.eachCell((c) => cells.push([ws.name, c.address, c.type, c.value, c.numFmt])));
  return cells;
}

/** The first sheet through our own reader (the import's), header on row 1. */
async function ourReaderRows(file: Buffer): Promise<unknown[]> {
  const source = await openSheet(await saved(file), { headerRow: 1 });
  const rows: unknown[] = [source.headers];
  for await (const r of source.rows) rows.push([r.row, r.cells]);
  return rows;
}

describe.each(CASES)('%s', (_name, sheets, about) => {
  let ours: Buffer;
  let theirs: Buffer;
  beforeAll(async () => {
    [ours, theirs] = await Promise.all([ourWorkbook(sheets, about), referenceWorkbook(sheets, about)]);
  });

  it('holds the parts exceljs wrote, byte for byte, in its order', async () => {
    expect(await parts(ours)).toEqual(await parts(theirs));
  });

  it('reads back through exceljs with the same cells, types and formats', async () => {
    const cells = await exceljsCells(ours);
    expect(cells.length).toBeGreaterThan(4);
    expect(cells).toEqual(await exceljsCells(theirs));
  });

  it.runIf(sheets.length > 0)('reads back through our reader with the same headers and rows', async () => {
    expect(await ourReaderRows(ours)).toEqual(await ourReaderRows(theirs));
  });

  it('is a zip that unzip tests clean', async (ctx) => {
    try {
      execFileSync('unzip', ['-v'], { stdio: 'ignore' });
    } catch {
      console.log('unzip is not installed: the zip test is skipped');
      ctx.skip();
    }
    expect(execFileSync('unzip', ['-t', await saved(ours)]).toString()).toContain('No errors detected');
  });
});

describe('types as read back', () => {
  it('dates as dates, money and counts as numbers, yes/no as booleans, text as text', async () => {
    const read = await ourReaderRows(await ourWorkbook([ASSETS], ABOUT));
    expect(read[0]).toEqual(['Name', 'Cost', 'Bought', 'Units', 'OK', 'Tags']);
    const first: CellValue[] = (read[1] as [number, CellValue[]])[1];
    expect(first).toEqual(['Laptop <15"> & dock', 1234.5, new Date(Date.UTC(2024, 2, 31)), 3, true, 'a; b']);
    expect((read[3] as [number, CellValue[]])[1]).toEqual(['line\ntwo', 1e21, null, 0, null, '=1+2']);
  });
});

describe('sheet names', () => {
  it('a data sheet titled "About" is renamed, so the workbook never holds two sheets of one name', async () => {
    const about: ReferenceSheet = {
      spec: { resource: 'x', title: 'About', columns: [col('A', 'text')] },
      rows: [['x']],
    };
    const names = await listSheets(await saved(await ourWorkbook([about], ABOUT)));
    expect(names.map((s) => s.name)).toEqual(['About 2', 'About']);
  });
});
