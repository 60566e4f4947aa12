// The first rows of a sheet, read once more on their own: the mapping looks at a column's
// values (months in "Warranty", long text in "description") before the run reads the rows.
import type { CellValue, ReadOptions } from './types.js';
import { openSheet } from './index.js';

/** Up to `max` data rows' cells (a small read: no worker thread). */
export async function sampleRows(file: string, opts: ReadOptions, max = 200): Promise<CellValue[][]> {
  const source = await openSheet(file, { ...opts, worker: false });
  const out: CellValue[][] = [];
  for await (const r of source.rows) {
    out.push([...r.cells]);
    if (out.length >= max) break;
  }
  return out;
}
