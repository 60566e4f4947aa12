// The reading corpus as `assetbatch validate` reads it (issue 14, "Done when"): for every
// file, the report has exactly the rows expected, or the run stops with exit 2 and a message
// naming the row; never fewer rows with exit 0. A repaired row makes the exit code 1 and says
// so in its #warnings. Every file goes through validateSpreadsheet, the library call the CLI's
// validate makes, against the sandbox over HTTP; one file of each kind of outcome (stopped,
// repaired, clean CSV, XLSX, no header row) also goes through the built CLI, for what only
// the CLI shows: the exit code and the words on stdout and stderr. What the plan says of a
// file is the CLI's printPlan, given the plan of that library call.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printPlan } from '../../src/cli/plan-text.js';
import { exitCodeOf } from '../../src/cli/summary-text.js';
import { ExitCode, exitCodeFor, isAssetbatchError } from '../../src/errors.js';
import { validateSpreadsheet, type ImportSummary } from '../../src/index.js';
import { readCorpus, type CorpusFile } from '../read/read-corpus.js';
import { readReport, runCli, tempDir, testSandbox, type TestSandbox } from './cli.js';
import { connectionOf } from './library.js';

const corpus = readCorpus();
let sb: TestSandbox;
let dir: string;
beforeAll(async () => {
  sb = await testSandbox();
  dir = tempDir('ab-read-corpus-');
});
afterAll(async () => sb?.close());

const connection = () => connectionOf(sb);

/** The first column is the asset's name, the others are set aside: the read is under test, not the fields. */
const mappingOf = ({ expected }: CorpusFile) => ({
  resource: 'asset',
  columns: Object.fromEntries(expected.headers.map((h, i) => [h, i === 0 ? 'name' : null])),
});

/** The report's rows as expected: their numbers, the repaired ones, the repeated headers skipped. */
function expectRows({ expected }: CorpusFile, report: string): void {
  const rows = readReport(report);
  expect(rows.length, 'rows in the report').toBe(expected.rows.length);
  expected.rows.forEach((want, i) => {
    if (want.row !== undefined) expect(Number(rows[i]['#row'])).toBe(want.row);
  });
  const repaired = rows
    .filter((r) => /W_ROW_REPAIRED|row shape repaired/.test(r['#warnings']))
    .map((r) => Number(r['#row']));
  expect(repaired).toEqual(expected.repaired ?? []);
  for (const r of expected.repeatsHeader ?? [])
    expect(rows.find((x) => Number(x['#row']) === r)?.['#status']).toBe('skipped');
}

describe.each(corpus)('$cls/$name', (file) => {
  it('validate: the expected rows in the report, or a stop (exit 2) naming the row', async () => {
    const { cls, name, path, expected } = file;
    const report = join(dir, `${cls}-${name}.report.csv`);
    const run = validateSpreadsheet({
      file: path,
      resource: 'asset',
      connection: connection(),
      mapping: mappingOf(file),
      headerRow: expected.noHeader ? 0 : undefined,
      reportPath: report,
    });
    const outcome: ImportSummary | unknown = await run.catch((e: unknown) => e);
    if (expected.error) {
      if (!isAssetbatchError(outcome))
        throw new Error(`expected a stop naming row ${expected.error.row}, got: ${String(outcome)}`);
      expect(exitCodeFor(outcome.code)).toBe(ExitCode.USAGE);
      // What the CLI prints after "error: ".
      expect(outcome.describe()).toMatch(new RegExp(`row ${expected.error.row}\\b`));
      return;
    }
    if (outcome instanceof Error) throw outcome;
    const summary = outcome as ImportSummary;
    expect(summary.repairedRows).toBe(expected.repaired?.length ?? 0);
    expect(exitCodeOf(summary)).toBe(expected.repaired?.length ? ExitCode.ROWS_FAILED : ExitCode.OK);
    expectRows(file, report);
  }, 60_000);
});

describe('through the CLI: one file of each kind of outcome', () => {
  const kinds = [
    { kind: 'stopped: exit 2 naming the row', cls: 'quotes', name: 'quote-never-closed-prose-below.csv' },
    { kind: 'repaired rows: exit 1, the warning on stdout', cls: 'shape', name: 'long-rows.csv' },
    { kind: 'a clean CSV in another encoding: exit 0', cls: 'encodings', name: 'utf-16le-bom.csv' },
    { kind: 'a workbook: exit 0', cls: 'xlsx-cells', name: 'dates-iso.xlsx' },
    { kind: 'no header row (--no-header): exit 0', cls: 'csvw', name: 'test019.csv' },
  ];
  it.each(kinds)(
    '$kind ($cls/$name)',
    async ({ cls, name }) => {
      const file = corpus.find((f) => f.cls === cls && f.name === name)!;
      const { path, expected } = file;
      const mapping = join(dir, `cli-${cls}-${name}.mapping.json`);
      writeFileSync(mapping, JSON.stringify(mappingOf(file)));
      const report = join(dir, `cli-${cls}-${name}.report.csv`);
      const noHeader = expected.noHeader ? ['--no-header'] : [];
      const res = await runCli(
        ['validate', path, '-r', 'asset', ...noHeader, '--mapping', mapping, '--report', report, ...sb.args],
        { timeoutMs: 60_000 },
      );
      if (expected.error) {
        expect(res.code, res.stderr).toBe(2);
        expect(res.stderr).toMatch(new RegExp(`^error: .*row ${expected.error.row}\\b`, 'm'));
        return;
      }
      expectRows(file, report);
      if (expected.repaired?.length) {
        expect(res.code, res.stderr).toBe(1);
        expect(res.stdout).toMatch(/warning: the shape of \d+ rows? (was|were) repaired/);
      } else {
        expect(res.code, res.stderr).toBe(0);
      }
    },
    60_000,
  );
});

describe('a file without a header row (--no-header)', () => {
  const path = () => corpus.find((f) => f.cls === 'header' && f.name === 'no-header.csv')!.path;
  const mapping = () => {
    const file = join(dir, 'no-header.mapping.json');
    writeFileSync(
      file,
      JSON.stringify({ resource: 'asset', columns: { A: 'name', B: 'serial_number', C: null } }),
    );
    return file;
  };

  it('import: every row created, numbered from 1 in the report, the plan says there is no header', async () => {
    const report = join(dir, 'no-header.report.csv');
    const res = await runCli(
      [
        'import',
        path(),
        '-r',
        'asset',
        '--no-header',
        '--mapping',
        mapping(),
        '--report',
        report,
        ...sb.args,
      ],
      { timeoutMs: 60_000 },
    );
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toContain(
      'Importing ' +
        path() +
        ' as assets: 3 rows from row 1, read without a header row (columns named by their letter: A, B, C …), 1 blank row skipped.',
    );
    expect(res.stderr).toContain('Columns: "A" → name, "B" → serial_number');
    const rows = readReport(report);
    expect(rows.map((r) => [r['#row'], r['#status'], r.A, r.B])).toEqual([
      ['1', 'created', 'Laptop 01', 'SN-NH-1'],
      ['2', 'created', 'Monitor 02', 'SN-NH-2'],
      ['4', 'created', 'Dock 04', 'SN-NH-4'],
    ]);
    const created = (await sb.records('asset')).filter((a) => String(a.serial_number).startsWith('SN-NH-'));
    expect(created.map((a) => [a.name, a.serial_number]).sort()).toEqual([
      ['Dock 04', 'SN-NH-4'],
      ['Laptop 01', 'SN-NH-1'],
      ['Monitor 02', 'SN-NH-2'],
    ]);
  });

  it('"headerRow": 0 in the mapping file does the same; --json says headerRow 0', async () => {
    const file = join(dir, 'no-header-0.mapping.json');
    writeFileSync(
      file,
      JSON.stringify({ resource: 'asset', headerRow: 0, columns: { A: 'name', B: 'serial_number' } }),
    );
    const report = join(dir, 'no-header-0.report.csv');
    const res = await runCli(
      ['validate', path(), '-r', 'asset', '--mapping', file, '--json', '--report', report, ...sb.args],
      { timeoutMs: 60_000 },
    );
    expect(res.code, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({ plan: { headerRow: 0, rows: 3, aboveHeader: 0 } });
    expect(readReport(report).map((r) => [r['#row'], r.A])).toEqual([
      ['1', 'Laptop 01'],
      ['2', 'Monitor 02'],
      ['4', 'Dock 04'],
    ]);
  });

  it('without a mapping: the columns are named by letter in the hint; with --header-row: refused', async () => {
    const res = await runCli(['validate', path(), '-r', 'asset', '--no-header', ...sb.args], {
      timeoutMs: 60_000,
    });
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(
      'The file is read without a header row: its columns are "A", "B", "C". Map them in a mapping file ("columns": {"A": "name"})',
    );
    const both = await runCli([
      'validate',
      path(),
      '-r',
      'asset',
      '--no-header',
      '--header-row',
      '2',
      ...sb.args,
    ]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('give --header-row or --no-header, not both');
  });

  it('--help explains it', async () => {
    for (const cmd of [['import'], ['validate'], ['mapping', 'suggest']]) {
      const res = await runCli([...cmd, '--help']);
      expect(res.stdout.replace(/\s+/g, ' ')).toContain(
        '--no-header the file has no header row: every row is data, numbered from 1, and the columns are named by their letter (A, B, C …)',
      );
    }
  });
});

describe('the plan says how a file was read', () => {
  const file = (cls: string, name: string) => corpus.find((f) => f.cls === cls && f.name === name)!.path;
  /** A validate as the CLI's makes it, with the words its plan prints on stderr. */
  const validate = async (path: string, report = join(dir, 'plan.report.csv')) => {
    let stderr = '';
    const err = new Writable({ write: (chunk, _enc, done) => void ((stderr += String(chunk)), done()) });
    const summary = await validateSpreadsheet({
      file: path,
      resource: 'asset',
      connection: connection(),
      reportPath: report,
      onPlan: (plan) => printPlan(plan, err),
    });
    return { code: exitCodeOf(summary), stderr };
  };

  it('the encoding and why, the delimiter', async () => {
    const res = await validate(file('encodings', 'windows-1252.csv'));
    expect(res.stderr).toContain(
      'Read as Windows-1252 (its bytes are not valid UTF-8 (Windows-1252 is what Excel on Windows writes)), cells separated by semicolons.',
    );
  });

  it('padded delimiters', async () => {
    const res = await validate(file('dialects', 'padded-commas.csv'));
    expect(res.stderr).toContain(
      'Read as UTF-8 (its first bytes are plain ASCII (UTF-8 is assumed)), cells separated by commas each followed by a space (the spaces are not read).',
    );
  });

  it('a header far down: which row, why, and the rows above counted as skipped', async () => {
    const res = await validate(file('header', 'header-far-down.txt'));
    expect(res.stderr).toMatch(/2 rows below the header on row 6, 5 rows above the header skipped\./);
    expect(res.stderr).toMatch(
      /warning: the header is row 6, it names 3 known fields \("Name", "Serial No\.", "Cost"\); the 5 rows with text above it \(titles, notes\) are skipped/,
    );
  });

  it('a repeated header row is skipped with a note, not read as an asset', async () => {
    const report = join(dir, 'repeated.report.csv');
    const res = await validate(file('header', 'repeated-header.csv'), report);
    expect(res.code).toBe(0);
    const row4 = readReport(report).find((r) => r['#row'] === '4')!;
    expect(row4['#status']).toBe('skipped');
    expect(row4['#message']).toMatch(/repeats the header row, not a record/);
  });
});
