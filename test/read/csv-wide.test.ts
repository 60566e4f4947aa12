// Reading a wide CSV costs time in proportion to its cells (issue 28): a file of 16,384
// columns (Excel's limit, read in full) against one of 1,000, each with the same rows. Linear
// reading makes the ratio about 16; the bound is generous for a loaded machine, and a
// quadratic step (about 270) fails it. Each is timed as the best of three reads.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readAll, removeDir, scratchDir } from './helpers.js';

const dir = scratchDir('csv-wide');
afterAll(() => removeDir(dir));

function wideFile(columns: number, rows: number): string {
  const file = join(dir, `wide-${columns}.csv`);
  const header = ['Name', ...Array.from({ length: columns - 1 }, (_, i) => `Extra ${i}`)].join(',');
  const row = (r: number) =>
    [`Desk ${r}`, ...Array.from({ length: columns - 1 }, (_, i) => String(i % 97))].join(',');
  writeFileSync(file, [header, ...Array.from({ length: rows }, (_, r) => row(r))].join('\n') + '\n');
  return file;
}

async function bestOfThree(file: string, columns: number): Promise<number> {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    const { source, rows } = await readAll(file);
    best = Math.min(best, performance.now() - t);
    expect(source.headers.length).toBe(columns);
    expect(rows.length).toBe(20);
    expect(rows[19].cells.length).toBe(columns);
  }
  return best;
}

describe('wide CSV files', () => {
  it('16,384 columns read in time proportional to their cells (under 60 times 1,000 columns)', async () => {
    const narrow = await bestOfThree(wideFile(1_000, 20), 1_000);
    const wide = await bestOfThree(wideFile(16_384, 20), 16_384);
    console.log(
      `1,000 columns: ${narrow.toFixed(0)} ms; 16,384 columns: ${wide.toFixed(0)} ms; ratio ${(wide / narrow).toFixed(1)}`,
    );
    expect(wide / narrow).toBeLessThan(60);
  }, 60_000);
});
