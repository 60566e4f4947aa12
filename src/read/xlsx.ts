// Reads one sheet of an XLSX as a stream: the parts pass (xlsx-parts.ts) comes first; then
// exceljs's streaming WorkbookReader parses cells from a repacked zip holding only the parts
// it needs, each cell decoded as shown (xlsx-cells.ts), merged ranges filled in.
import type { Readable } from 'node:stream';
import { AssetbatchError, type Location } from '../errors.js';
import type { RawRow } from './header.js';
import { readError, type WarningSink } from './problems.js';
import type { RawSheet } from './source.js';
import type { CellValue } from './types.js';
import { readEntryText, repackStream, type RepackPart, type ZipEntry } from './zip.js';
import { loadExcelJS } from '../util/exceljs.js';
import { CellScanner, CellTextBudget, cellConverter, withoutPhonetics, type ExcelRowLike } from './xlsx-cells.js';
import { SMALL_PART_BUDGET, refuseDoctype, scanPart, type Merge, type SheetInfo, type Workbook } from './xlsx-parts.js';

export { chooseSheet, openWorkbook, type SheetInfo, type Workbook } from './xlsx-parts.js';
export { CellTextBudget, MAX_ROW_TEXT, decodeEscapes } from './xlsx-cells.js';

export interface XlsxOpen {
  readonly file: string;
  readonly wb: Workbook;
  readonly sheet: SheetInfo;
  readonly warnings: WarningSink;
  /** Refuse once the cells read hold more text than this (see DEFAULT_MAX_CELL_TEXT). */
  readonly maxCellText: number;
}

function warnMerges(merges: readonly Merge[], warnings: WarningSink): void {
  if (merges.length === 0) return;
  warnings.add({
    code: 'W_MERGED_CELLS',
    message: `the sheet has ${merges.length} merged ${merges.length === 1 ? 'range' : 'ranges'} (${merges
      .slice(0, 3)
      .map((m) => m.ref)
      .join(', ')}${merges.length > 3 ? ', …' : ''}): the value of each was copied into every cell of its range`,
  });
}

/** The parts exceljs needs, renamed to where it looks for them, the chosen sheet as sheet1. */
function exceljsParts(wb: Workbook, sheetEntry: ZipEntry): RepackPart[] {
  return [
    wb.workbookForExceljs ? { as: 'xl/workbook.xml', content: wb.workbookForExceljs } : { entry: wb.workbookEntry, as: 'xl/workbook.xml' },
    { entry: wb.relsEntry, as: 'xl/_rels/workbook.xml.rels' },
    ...(wb.stylesEntry ? [{ entry: wb.stylesEntry, as: 'xl/styles.xml' }] : []),
    // Without shared strings exceljs spools the sheet to a temp file; an empty table avoids that.
    wb.sharedStringsEntry
      ? { entry: wb.sharedStringsEntry, as: 'xl/sharedStrings.xml' }
      : { as: 'xl/sharedStrings.xml', content: Buffer.from('<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>') },
    { entry: sheetEntry, as: 'xl/worksheets/sheet1.xml' },
  ];
}

type ExcelReader = AsyncIterable<unknown>;

/** exceljs's streaming reader over the repacked parts, its sheet XML teed through the scanner. */
async function openExcelReader(stream: Readable, scanner: CellScanner): Promise<ExcelReader> {
  const excel = await loadExcelJS();
  const reader = new excel.stream.xlsx.WorkbookReader(stream, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // A hyperlink cell's value in the sheet XML is its display text: that is what we want.
    hyperlinks: 'ignore',
    // Styles carry the number formats that tell a date from a number.
    styles: 'cache',
    entries: 'ignore',
  });
  // Private hooks, checked: if a future exceljs renames them, the cells CellScanner fixes
  // read as exceljs has them (error results as #VALUE!, text with entities decoded twice).
  const hook = reader as unknown as {
    _parseWorksheet?: (iterator: AsyncIterable<Buffer | string>, sheetNo: string) => unknown;
    _parseSharedStrings?: (entry: NodeJS.ReadableStream) => unknown;
  };
  if (typeof hook._parseWorksheet === 'function') {
    const original = hook._parseWorksheet.bind(reader);
    hook._parseWorksheet = (iterator, sheetNo) => original(scanner.tee(iterator), sheetNo);
  }
  if (typeof hook._parseSharedStrings === 'function') {
    const original = hook._parseSharedStrings.bind(reader);
    // As for the sheet (see tee): decoded as one stream, a character split between two
    // chunks of the shared strings arrives whole instead of as two U+FFFD.
    hook._parseSharedStrings = (entry) => original(withoutPhonetics(entry.setEncoding('utf8')));
  }
  return reader;
}

/**
 * Copies each merged range's value into every cell of its range, row by row: `fill` is
 * called with the rows in order (merges sorted by first row, as scanPart returns them).
 */
function mergeFiller(merges: readonly Merge[]): (rowNo: number, cells: CellValue[]) => void {
  let next = 0;
  const active: { m: Merge; value: CellValue }[] = [];
  return (rowNo, cells) => {
    if (merges.length === 0) return;
    for (let i = active.length - 1; i >= 0; i--) if (active[i].m.r2 < rowNo) active.splice(i, 1);
    while (next < merges.length && merges[next].r1 <= rowNo) {
      const m = merges[next++];
      if (m.r2 >= rowNo) active.push({ m, value: m.r1 === rowNo ? (cells[m.c1 - 1] ?? null) : null });
    }
    for (const { m, value } of active) {
      if (value === null) continue;
      while (cells.length < m.c2) cells.push(null);
      for (let c = m.c1; c <= m.c2; c++) if (cells[c - 1] === null) cells[c - 1] = value;
    }
  };
}

interface SheetWalk {
  reader: ExcelReader;
  stream: Readable;
  scanner: CellScanner;
  convert: ReturnType<typeof cellConverter>;
  fillMerges: (rowNo: number, cells: CellValue[]) => void;
  budget: CellTextBudget;
  where: Location;
}

/** The sheet's rows as cell values, merges filled; a damaged sheet becomes E_FILE_CORRUPT. */
async function* walkRows(w: SheetWalk): AsyncGenerator<RawRow> {
  const { reader, stream, scanner, convert, fillMerges, budget, where } = w;
  let lastRow = 0;
  try {
    for await (const ws of reader) {
      for await (const r of ws as AsyncIterable<ExcelRowLike>) {
        // Some writers leave out `r`; rows then follow one another.
        const rowNo = Number.isFinite(r.number) ? r.number : lastRow + 1;
        lastRow = rowNo;
        const values = r.values;
        const cells: CellValue[] = new Array(Math.max(0, values.length - 1)).fill(null);
        for (let c = 1; c < values.length; c++) {
          const v = values[c];
          if (v !== undefined) cells[c - 1] = convert(v, rowNo, c, () => r.getCell(c));
        }
        scanner.done(rowNo);
        fillMerges(rowNo, cells);
        budget.count(rowNo, cells);
        yield { row: rowNo, cells };
      }
    }
  } catch (err) {
    if (err instanceof AssetbatchError) throw err;
    // saxes prefixes "line:column:" of the XML, which means nothing to a spreadsheet user.
    const why = String((err as Error)?.message ?? err).replace(/^\d+:\d+: /, '');
    throw readError('E_FILE_CORRUPT', { ...where, row: lastRow > 0 ? lastRow + 1 : undefined }, `is damaged: the sheet cannot be read${lastRow > 0 ? ` after row ${lastRow}` : ''} (${why})`, {
      hint: 'Open it in Excel or LibreOffice and save it again as .xlsx.',
      cause: err,
    });
  } finally {
    stream.destroy();
  }
}

export async function openXlsxSheet(x: XlsxOpen): Promise<RawSheet> {
  const { wb, sheet, warnings } = x;
  const where: Location = { file: x.file, sheet: sheet.name };
  const sheetEntry = sheet.entry as ZipEntry;

  if (wb.stylesEntry) {
    const styles = await readEntryText(wb.fh, wb.dir, wb.stylesEntry, SMALL_PART_BUDGET, where);
    refuseDoctype(styles, wb.stylesEntry.name, where);
  }
  if (wb.sharedStringsEntry) await scanPart(wb, wb.sharedStringsEntry, where, false);
  const merges = await scanPart(wb, sheetEntry, where, true);
  warnMerges(merges, warnings);

  const stream = await repackStream(wb.fh, wb.dir, exceljsParts(wb, sheetEntry), where);
  const scanner = new CellScanner();
  const reader = await openExcelReader(stream, scanner);
  const rows = walkRows({
    reader,
    stream,
    scanner,
    convert: cellConverter(wb.date1904, scanner, warnings),
    fillMerges: mergeFiller(merges),
    budget: new CellTextBudget(x.maxCellText, where),
    where,
  });

  return {
    format: 'xlsx',
    sheet: sheet.name,
    rows,
    rowGapsAreBlank: true,
    warnings,
  };
}
