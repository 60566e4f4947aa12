// XLSX cells as other programs write them (issue 14, items 9–12), read from the committed
// corpus in test/fixtures/xlsx-cells/, cell by cell against what a spreadsheet shows.
// Regenerate the corpus: REGEN_XLSX_CELLS=1 npx vitest run test/read/xlsx-cells.test.ts
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CELL_FILES, cellWorkbook, XLSX_CELLS_DIR } from './xlsx-cells.corpus.js';
import { readAll, removeDir, scratchDir } from './helpers.js';
import { writeRawWorkbook } from './xlsx-raw.js';

const dir = scratchDir('xlsx-cells');
afterAll(() => removeDir(dir));

describe.each(CELL_FILES)('$file: $what', (f) => {
  it('is the committed file this corpus makes', async () => {
    const made = join(dir, f.file);
    await writeRawWorkbook(made, cellWorkbook(f));
    const committed = join(XLSX_CELLS_DIR, f.file);
    if (process.env.REGEN_XLSX_CELLS) {
      mkdirSync(XLSX_CELLS_DIR, { recursive: true });
      writeFileSync(committed, readFileSync(made));
    }
    expect(readFileSync(committed).equals(readFileSync(made))).toBe(true);
  });

  it.each(f.cases.map((c, i) => ({ ...c, row: i + 2 })))('row $row, $name', async ({ name, row, value }) => {
    const { rows, source } = await readAll(join(XLSX_CELLS_DIR, f.file));
    expect(source.headers).toEqual(['Case', 'Value']);
    expect(rows.map((r) => r.row)).toEqual(f.cases.map((_, i) => i + 2));
    expect(rows.find((r) => r.row === row)?.cells).toEqual([name, value]);
  });
});
