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
    const noHeader = expected.noHeader ? ['--no-header'] : [];
    const res = await runCli(['validate', path, '-r', 'asset', ...noHeader, '--mapping', mapping, '--report', report, ...sb.args], { timeoutMs: 60_000 });
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

describe('a file without a header row (--no-header)', () => {
  const path = () => corpus.find((f) => f.cls === 'header' && f.name === 'no-header.csv')!.path;
  const mapping = () => {
    const file = join(dir, 'no-header.mapping.json');
    writeFileSync(file, JSON.stringify({ resource: 'asset', columns: { A: 'name', B: 'serial_number', C: null } }));
    return file;
  };

  it('import: every row created, numbered from 1 in the report, the plan says there is no header', async () => {
    const report = join(dir, 'no-header.report.csv');
    const res = await runCli(['import', path(), '-r', 'asset', '--no-header', '--mapping', mapping(), '--report', report, ...sb.args], { timeoutMs: 60_000 });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toContain('Importing ' + path() + ' as assets: 3 rows from row 1, read without a header row (columns named by their letter: A, B, C …), 1 blank row skipped.');
    expect(res.stderr).toContain('Columns: "A" → name, "B" → serial_number');
    const rows = readReport(report);
    expect(rows.map((r) => [r['#row'], r['#status'], r.A, r.B])).toEqual([
      ['1', 'created', 'Laptop 01', 'SN-NH-1'],
      ['2', 'created', 'Monitor 02', 'SN-NH-2'],
      ['4', 'created', 'Dock 04', 'SN-NH-4'],
    ]);
    const created = (await sb.records('asset')).filter((a) => String(a.serial_number).startsWith('SN-NH-'));
    expect(created.map((a) => [a.name, a.serial_number]).sort()).toEqual([['Dock 04', 'SN-NH-4'], ['Laptop 01', 'SN-NH-1'], ['Monitor 02', 'SN-NH-2']]);
  });

  it('"headerRow": 0 in the mapping file does the same; --json says headerRow 0', async () => {
    const file = join(dir, 'no-header-0.mapping.json');
    writeFileSync(file, JSON.stringify({ resource: 'asset', headerRow: 0, columns: { A: 'name', B: 'serial_number' } }));
    const report = join(dir, 'no-header-0.report.csv');
    const res = await runCli(['validate', path(), '-r', 'asset', '--mapping', file, '--json', '--report', report, ...sb.args], { timeoutMs: 60_000 });
    expect(res.code, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({ plan: { headerRow: 0, rows: 3, aboveHeader: 0 } });
    expect(readReport(report).map((r) => [r['#row'], r.A])).toEqual([['1', 'Laptop 01'], ['2', 'Monitor 02'], ['4', 'Dock 04']]);
  });

  it('without a mapping: the columns are named by letter in the hint; with --header-row: refused', async () => {
    const res = await runCli(['validate', path(), '-r', 'asset', '--no-header', ...sb.args], { timeoutMs: 60_000 });
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('The file is read without a header row: its columns are "A", "B", "C". Map them in a mapping file ("columns": {"A": "name"})');
    const both = await runCli(['validate', path(), '-r', 'asset', '--no-header', '--header-row', '2', ...sb.args]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('give --header-row or --no-header, not both');
  });

  it('--help explains it', async () => {
    for (const cmd of [['import'], ['validate'], ['mapping', 'suggest']]) {
      const res = await runCli([...cmd, '--help']);
      expect(res.stdout.replace(/\s+/g, ' ')).toContain('--no-header the file has no header row: every row is data, numbered from 1, and the columns are named by their letter (A, B, C …)');
    }
  });
});

describe('the plan says how a file was read', () => {
  const file = (cls: string, name: string) => corpus.find((f) => f.cls === cls && f.name === name)!.path;
  // The report goes to the scratch folder, not beside the fixture.
  const validate = (path: string) => runCli(['validate', path, '-r', 'asset', '--report', join(dir, 'plan.report.csv'), ...sb.args], { timeoutMs: 60_000 });

  it('the encoding and why, the delimiter', async () => {
    const res = await validate(file('encodings', 'windows-1252.csv'));
    expect(res.stderr).toContain('Read as Windows-1252 (its bytes are not valid UTF-8 (Windows-1252 is what Excel on Windows writes)), cells separated by semicolons.');
  });

  it('padded delimiters', async () => {
    const res = await validate(file('dialects', 'padded-commas.csv'));
    expect(res.stderr).toContain('Read as UTF-8 (its first bytes are plain ASCII (UTF-8 is assumed)), cells separated by commas each followed by a space (the spaces are not read).');
  });

  it('a header far down: which row, why, and the rows above counted as skipped', async () => {
    const res = await validate(file('header', 'header-far-down.txt'));
    expect(res.stderr).toMatch(/2 rows below the header on row 6, 5 rows above the header skipped\./);
    expect(res.stderr).toMatch(/warning: the header is row 6, it names 3 known fields \("Name", "Serial No\.", "Cost"\); the 5 rows with text above it \(titles, notes\) are skipped/);
  });

  it('a repeated header row is skipped with a note, not read as an asset', async () => {
    const report = join(dir, 'repeated.report.csv');
    const res = await runCli(['validate', file('header', 'repeated-header.csv'), '-r', 'asset', '--report', report, ...sb.args], { timeoutMs: 60_000 });
    expect(res.code).toBe(0);
    const row4 = readReport(report).find((r) => r['#row'] === '4')!;
    expect(row4['#status']).toBe('skipped');
    expect(row4['#message']).toMatch(/repeats the header row, not a record/);
  });
});
