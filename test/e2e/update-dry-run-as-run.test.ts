// A dry run of `import --on-existing update` says of each row what the run then does: the
// same status (`valid` where the run creates or updates), the same message (the dry run's
// "…; would be updated" words being the run's), the same warnings, summary and exit code.
// Each case seeds a fresh sandbox, runs the dry run, then the run, and compares them row by row.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  madeByApi,
  readReport,
  runCli,
  tempDir,
  testSandbox,
  type ReportRow,
  type TestSandbox,
} from './cli.js';

type Case = {
  name: string;
  /** Records a colleague's script made before either run. */
  records: (t: string) => Record<string, unknown>[];
  /** The sheet's rows under Name,Serial number,City. */
  rows: (t: string) => string[];
  /** What the run's report says of each row. */
  run: string[];
  exit: number;
};

const cases: Case[] = [
  {
    name: 'found by key: unchanged, an empty cell kept, changed, new',
    records: (t) => [0, 1, 2].map((i) => ({ name: `L${i}`, serial_number: `${t}-${i}`, city: 'Lyon' })),
    rows: (t) => [`L0,${t}-0,Lyon`, `L1,${t}-1,`, `L2,${t}-2,Nantes`, `L3,${t}-3,Paris`],
    run: ['skipped', 'skipped', 'updated', 'created'],
    exit: 0,
  },
  {
    name: 'a key two records share',
    records: (t) => ['desk', 'chair'].map((name) => ({ name, serial_number: `${t}-D` })),
    rows: (t) => [`desk,${t}-D,Paris`],
    run: ['failed'],
    exit: 1,
  },
  {
    name: 'duplicates within the sheet: the same key twice, same and other values',
    records: (t) => [{ name: 'L0', serial_number: `${t}-0`, city: 'Lyon' }],
    rows: (t) => [`L0,${t}-0,Nantes`, `L0,${t}-0,Nantes`, `L5,${t}-5,Paris`, `L5,${t}-5,Rome`],
    run: ['updated', 'skipped', 'created', 'skipped'],
    exit: 1,
  },
  {
    name: 'invalid cells and a keyless row',
    records: (t) => [{ name: 'L0', serial_number: `${t}-0`, city: 'Lyon' }],
    rows: (t) => [`,${t}-0,Nantes`, `Chair,,Paris`],
    run: ['invalid', 'created'],
    exit: 1,
  },
];

/** Each row's status and message; a dry run's as the run would say them. */
const said = (rows: ReportRow[], dry: boolean): [string, string, string][] =>
  rows.map((r) => {
    const update = dry && /; would be updated(; would change: .*)?$/.test(r['#message']);
    const status = dry && r['#status'] === 'valid' ? (update ? 'updated' : 'created') : r['#status'];
    const message = dry
      ? r['#message']
          .replace(/^already in the service \(id \d+\); would be updated(; would change: .*)?$/, '')
          .replace(/; would be (skipped|updated|created)$/, '')
      : r['#message'];
    return [status, message, r['#warnings']];
  });

/** The summary's warnings, as the CLI prints them. */
const warnings = (out: string): string[] => out.split('\n').filter((l) => l.startsWith('warning: '));

/** The summary's counts by the run's words: a dry run's "valid" and "to create" are created, "to update" updated. */
function counts(out: string): Record<string, number> {
  const line = out.split('\n').find((l) => /^(Done|Checked): /.test(l)) ?? '';
  const words: Record<string, string> = { valid: 'created', 'to create': 'created', 'to update': 'updated' };
  const all: Record<string, number> = { created: 0, updated: 0, skipped: 0, invalid: 0, failed: 0 };
  for (const [, n, word] of line.replace(/^.* — /, '').matchAll(/(\d+) ([a-z ]+?)(?:,|\.$)/g))
    all[words[word] ?? word] = Number(n);
  return all;
}

let sb: TestSandbox | undefined;
afterEach(async () => sb?.close());

describe('a dry run of import --on-existing update says what the run does, row by row', () => {
  it.each(cases.map((c, n) => ({ ...c, n })))('$name', async (c) => {
    sb = await testSandbox();
    const dir = tempDir();
    const tag = `UDR${c.n}`;
    for (const r of c.records(tag)) await madeByApi(sb, r);
    writeFileSync(join(dir, 'a.csv'), ['Name,Serial number,City', ...c.rows(tag)].join('\n') + '\n');
    const cli = (...extra: string[]) =>
      runCli(['import', 'a.csv', '-r', 'asset', '--on-existing', 'update', ...extra, ...sb!.args], {
        cwd: dir,
      });
    const dry = await cli('--dry-run', '--report', 'dry.csv');
    const run = await cli('--report', 'run.csv');
    const dryRows = said(readReport(join(dir, 'dry.csv')), true);
    const runRows = said(readReport(join(dir, 'run.csv')), false);
    expect(
      runRows.map((r) => r[0]),
      run.stderr,
    ).toEqual(c.run);
    expect(dryRows).toEqual(runRows);
    expect(counts(dry.stdout)).toEqual(counts(run.stdout));
    expect(warnings(dry.stdout + dry.stderr)).toEqual(warnings(run.stdout + run.stderr));
    expect(dry.code, dry.stderr).toBe(c.exit);
    expect(run.code, run.stderr).toBe(c.exit);
  });
});
