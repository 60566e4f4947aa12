// Reads one sheet of an XLSX as a stream: the parts pass (xlsx-parts.ts) comes first; then
// the number formats (xlsx-styles.ts) and shared strings (xlsx-strings.ts) are read, and
// the sheet's XML is scanned as it inflates (xlsx-sheet.ts), each cell decoded as shown
// (xlsx-cells.ts), merged ranges filled in.
import { AssetbatchError, type Location } from '../../errors.js';
import type { RawRow } from '../header.js';
import { PackedStrings } from './packed-strings.js';
import { readError, type WarningSink } from '../problems.js';
import type { RawSheet } from '../source.js';
import type { CellValue } from '../types.js';
import { openEntry, type ZipEntry } from './zip.js';
import { CellTextBudget, decodeCell, type CellContext } from './xlsx-cells.js';
import { readSmallPart, scanPart, type Merge, type SheetInfo, type Workbook } from './xlsx-parts.js';
import { SheetXmlError, sheetRows } from './xlsx-sheet.js';
import { unprefixedPart } from './xml-prefix.js';
import { readSharedStringTable } from './xlsx-strings.js';
import { numberFormats } from './xlsx-styles.js';

export { chooseSheet, openWorkbook } from './xlsx-parts.js';
export { MAX_ROW_TEXT } from './xlsx-cells.js';

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
      .join(
        ', ',
      )}${merges.length > 3 ? ', …' : ''}): the value of each was copied into every cell of its range`,
  });
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
  batches: AsyncIterable<RawRow[]>;
  fillMerges: (rowNo: number, cells: CellValue[]) => void;
  budget: CellTextBudget;
  where: Location;
  /** The sheet's part name, for a message. */
  part: string;
}

/** The sheet's rows as cell values, merges filled; a damaged sheet becomes E_FILE_CORRUPT naming its part and row. */
async function* walkRows(w: SheetWalk): AsyncGenerator<RawRow> {
  const { batches, fillMerges, budget, where } = w;
  let lastRow = 0;
  try {
    for await (const batch of batches) {
      for (const row of batch) {
        fillMerges(row.row, row.cells as CellValue[]);
        budget.count(row.row, row.cells);
        lastRow = row.row;
        yield row;
      }
    }
  } catch (err) {
    if (err instanceof AssetbatchError) throw err;
    const why = String((err as Error)?.message ?? err);
    const row =
      err instanceof SheetXmlError && err.row !== undefined && err.row > lastRow
        ? err.row
        : lastRow > 0
          ? lastRow + 1
          : undefined;
    throw readError(
      'E_FILE_CORRUPT',
      { ...where, row },
      `is damaged: the sheet cannot be read${lastRow > 0 ? ` after row ${lastRow}` : ''} (${why}, in its part ${w.part})`,
      {
        hint: 'Open it in Excel or LibreOffice and save it again as .xlsx.',
        cause: err,
      },
    );
  }
}

/** What decoding the sheet's cells needs: number formats and shared strings, read whole. */
async function cellContext(wb: Workbook, where: Location, warnings: WarningSink): Promise<CellContext> {
  let formats: (string | undefined)[] = [];
  if (wb.stylesEntry) {
    formats = numberFormats(await readSmallPart(wb.dir, wb.stylesEntry, where));
  }
  const e = wb.sharedStringsEntry;
  const shared = e
    ? await readSharedStringTable(
        unprefixedPart(await openEntry(wb.dir, e, wb.maxInflatedBytes, where)),
        e.name,
        where,
        e.uncompressedSize,
      )
    : new PackedStrings();
  return { date1904: wb.date1904, formats, shared, warnings };
}

export async function openXlsxSheet(x: XlsxOpen): Promise<RawSheet> {
  const { wb, sheet, warnings } = x;
  const where: Location = { file: x.file, sheet: sheet.name };
  const sheetEntry = sheet.entry as ZipEntry;

  // The merges pass inflates the whole sheet, mostly in zlib's threads: beside the shared strings.
  const [ctx, merges] = await Promise.all([
    cellContext(wb, where, warnings),
    scanPart(wb, sheetEntry, where, true),
  ]);
  warnMerges(merges, warnings);

  const chunks = unprefixedPart(await openEntry(wb.dir, sheetEntry, wb.maxInflatedBytes, where));
  const rows = walkRows({
    batches: sheetRows(chunks, (cell, row) => decodeCell(cell, row, ctx)),
    fillMerges: mergeFiller(merges),
    budget: new CellTextBudget(x.maxCellText, where),
    where,
    part: sheetEntry.name,
  });

  return {
    format: 'xlsx',
    sheet: sheet.name,
    rows,
    rowGapsAreBlank: true,
    warnings,
  };
}
