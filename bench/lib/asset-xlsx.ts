// The generated asset register of asset-csv.ts as a workbook: the same rows, the money as
// numbers shown with two decimals and the dates as date cells (what a spreadsheet program
// saves once it has read the CSV), text in the shared-strings table. Written by exceljs's
// streaming writer, as it is generated.
import { mkdir, rename, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import ExcelJS from 'exceljs';
import { ASSET_HEADERS, registerRow } from './asset-csv.js';

function typed(cells: readonly string[]): (string | number | Date)[] {
  const out: (string | number | Date)[] = [...cells];
  const money = /^\$([\d,]+\.\d\d)$/.exec(cells[5]);
  if (money) out[5] = Number(money[1].replace(/,/g, ''));
  const date = /^(\d\d)\/(\d\d)\/(\d{4})$/.exec(cells[6]);
  if (date && Number(date[1]) <= 28)
    out[6] = new Date(Date.UTC(Number(date[3]), Number(date[2]) - 1, Number(date[1])));
  return out;
}

/** Write the register of `rows` rows to `path` (kept when already there: the name carries the size). */
export async function writeRegisterXlsx(path: string, rows: number): Promise<{ bytes: number }> {
  const existing = await stat(path).catch(() => undefined);
  if (existing && existing.size > 0) return { bytes: existing.size };
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp.xlsx`;
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: tmp,
    useSharedStrings: true,
    useStyles: true,
  });
  const ws = wb.addWorksheet('Register');
  ws.columns = ASSET_HEADERS.map((_, i) => ({
    key: String(i),
    style: i === 5 ? { numFmt: '0.00' } : i === 6 ? { numFmt: 'dd/mm/yyyy' } : {},
  }));
  ws.addRow([...ASSET_HEADERS]).commit();
  for (let i = 0; i < rows; i++) ws.addRow(typed(registerRow(i).cells)).commit();
  ws.commit();
  await wb.commit();
  await rename(tmp, path);
  return { bytes: (await stat(path)).size };
}
