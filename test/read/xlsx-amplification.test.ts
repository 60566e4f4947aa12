// Shared-string amplification (issue 14, item 13): one long shared string, compressed about
// 1000:1 into a part under the zip-bomb ratio check, referenced by thousands of cells. The
// reader bounds the text the cells expand to (per row and per sheet) and refuses clearly,
// naming the limit, instead of crashing or handing on gigabytes of text.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../e2e/cli.js';
import { DEFAULT_MAX_CELL_TEXT } from '../../src/read/index.js';
import { MAX_ROW_TEXT } from '../../src/read/xlsx/xlsx.js';
import { expectReadError, readAll, removeDir, scratchDir, writeZip } from './helpers.js';
import { rawWorkbookParts } from './xlsx-raw.js';

const dir = scratchDir('xlsx-amplification');
const files: Record<string, string> = {};

/** A sheet whose column B references shared string 0 (`length` × "x") on `rows` rows. */
async function amplified(name: string, length: number, rows: number): Promise<string> {
  const body = [
    `<row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c><c r="B1" t="inlineStr"><is><t>Notes</t></is></c></row>`,
  ];
  for (let r = 2; r <= rows + 1; r++)
    body.push(
      `<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>Laptop ${r}</t></is></c><c r="B${r}" t="s"><v>0</v></c></row>`,
    );
  const parts = rawWorkbookParts({ rows: body.join(''), shared: ['<t>PLACEHOLDER</t>'] });
  const path = join(dir, name);
  await writeZip(
    path,
    parts.map((p) =>
      p.name === 'xl/sharedStrings.xml'
        ? {
            name: p.name,
            data: Buffer.from(p.data.toString('utf8').replace('PLACEHOLDER', 'x'.repeat(length))),
          }
        : p,
    ),
  );
  return path;
}

beforeAll(async () => {
  files.huge = await amplified('huge-string.xlsx', 40 * 1024 * 1024, 2000);
  files.many = await amplified('many-rows.xlsx', 2 * 1024 * 1024, 600);
}, 60_000);
afterAll(() => removeDir(dir));

describe('shared-string amplification', () => {
  it('a 40 MB string in 2,000 cells is refused at its first row, naming the limit of a row', async () => {
    const err = await expectReadError(() => readAll(files.huge));
    expect(err.code).toBe('E_FILE_TOO_LARGE');
    expect(err.location).toMatchObject({ row: 2, sheet: 'Sheet1' });
    expect(err.message).toBe(
      `refused: row 2's cells hold 40 MB of text, over the limit of 32 MB for one row (a shared string or merged range repeated?)`,
    );
    expect(MAX_ROW_TEXT).toBe(32 * 1024 * 1024);
  });

  it('a 2 MB string in 600 rows is refused where the sheet passes 1 Gi characters (maxCellText)', async () => {
    const err = await expectReadError(() => readAll(files.many));
    expect(err.code).toBe('E_FILE_TOO_LARGE');
    const row = Math.floor(DEFAULT_MAX_CELL_TEXT / (2 * 1024 * 1024 + 10)) + 2;
    expect(err.location).toMatchObject({ row });
    expect(err.message).toMatch(
      /^refused: by row \d+ the cells hold more than 1\.0 GB of text, the limit on a sheet's cell text \(maxCellText/,
    );
  });

  it('maxCellText sets the bound', async () => {
    const err = await expectReadError(() => readAll(files.many, { maxCellText: 10 * 1024 * 1024 }));
    expect(err.location).toMatchObject({ row: 6 });
    expect(err.message).toMatch(/more than 10 MB of text/);
  });

  it('the CLI exits 2 with the message, no crash', async () => {
    const res = await runCli(['validate', files.huge, '--resource', 'asset', '--sandbox'], {
      timeoutMs: 60_000,
    });
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(
      /huge-string\.xlsx, sheet "Sheet1", row 2: refused: row 2's cells hold 40 MB of text, over the limit of 32 MB for one row/,
    );
    expect(res.stderr).not.toMatch(/Invalid string length|RangeError|at .*\.js:\d+/);
  }, 60_000);
});
