// The reading corpus through the real CLI (issue 14, "Done when"): for every file, the
// report of `assetbatch validate` has exactly the rows expected, or the run exits 2 with a
// message naming the row; never fewer rows with exit 0. A repaired row makes the exit code 1
// and says so in its #warnings.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCorpus } from '../read/read-corpus.js';
import { readReport, runCli, tempDir, testSandbox, type TestSandbox } from './cli.js';

const corpus = readCorpus();
let sb: TestSandbox;
let dir: string;
beforeAll(async () => {
  sb = await testSandbox();
  dir = tempDir('ab-read-corpus-');
});
afterAll(async () => sb?.close());

describe.each(corpus)('$cls/$name', ({ name, cls, path, expected }) => {
  it('validate: the expected rows in the report, or exit 2 naming the row', async () => {
    // The first column is the asset's name, the others are set aside: the read is under test, not the fields.
    const mapping = join(dir, `${cls}-${name}.mapping.json`);
    const columns = Object.fromEntries(expected.headers.map((h, i) => [h, i === 0 ? 'name' : null]));
    writeFileSync(mapping, JSON.stringify({ resource: 'asset', columns }));
    const report = join(dir, `${cls}-${name}.report.csv`);
    const res = await runCli(['validate', path, '-r', 'asset', '--mapping', mapping, '--report', report, ...sb.args], { timeoutMs: 60_000 });
    if (expected.error) {
      expect(res.code, res.stderr).toBe(2);
      expect(res.stderr).toMatch(new RegExp(`row ${expected.error.row}\\b`));
      return;
    }
    expect([0, 1], res.stderr).toContain(res.code);
    const rows = readReport(report);
    expect(rows.length, 'rows in the report').toBe(expected.rows.length);
    expected.rows.forEach((want, i) => {
      if (want.row !== undefined) expect(Number(rows[i]['#row'])).toBe(want.row);
    });
    const repaired = rows.filter((r) => /W_ROW_REPAIRED|row shape repaired/.test(r['#warnings'])).map((r) => Number(r['#row']));
    expect(repaired).toEqual(expected.repaired ?? []);
    if (repaired.length > 0) {
      expect(res.code).toBe(1);
      expect(res.stdout).toMatch(/warning: the shape of \d+ rows? (was|were) repaired/);
    }
    for (const r of expected.repeatsHeader ?? []) expect(rows.find((x) => Number(x['#row']) === r)?.['#status']).toBe('skipped');
  }, 60_000);
});
