// Wide CSV files (issue 28): a row wider than Excel's 16,384 columns is refused at once,
// naming its row, whether it is the header or a row below; a line of a million cells too.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir } from '../read/helpers.js';
import { runCli, tempDir } from './cli.js';

const dir = tempDir('ab-csv-wide-');
afterAll(() => removeDir(dir));

const cells = (n: number) => Array.from({ length: n }, (_, i) => `c${i}`).join(',');

const cases = [
  { name: 'a header of 16,385 cells', content: `${cells(16_385)}\nDesk\n`, row: 1 },
  {
    name: 'row 3 of 16,385 cells below a normal header',
    content: `Name\nDesk\n${cells(16_385)}\nChair\n`,
    row: 3,
  },
  { name: 'a line of 1,000,000 cells', content: `Name,Serial\nDesk,1\n${cells(1_000_000)}\n`, row: 3 },
];

describe('a CSV row wider than 16,384 cells', () => {
  it.each(cases)('$name is refused with its row number (exit 2, E_FILE_TOO_LARGE)', async (c) => {
    const file = join(dir, `${c.name.replace(/\W+/g, '-')}.csv`);
    writeFileSync(file, c.content);
    const r = await runCli(['validate', file, '--resource', 'asset', '--sandbox', '--json'], {
      timeoutMs: 30_000,
    });
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout)).toEqual({
      error: {
        code: 'E_FILE_TOO_LARGE',
        message: `refused: row ${c.row} has more than 16,384 cells, the most a spreadsheet has (Excel's last column is XFD)`,
        hint: 'Check that this is the right file and that "," separates its cells; split a sheet this wide into several files.',
        location: { file, line: c.row, row: c.row },
      },
    });
  });
});
