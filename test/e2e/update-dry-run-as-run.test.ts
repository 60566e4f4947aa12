// A dry run of `import --on-existing update`, and of `update`, says of each row what the run
// then does: the same status (`valid` where the run creates or updates), the same message (the
// dry run's "…; would be updated" and "would change: …" words being the run's), the same
// warnings, summary and exit code. Each case seeds a fresh sandbox, runs the dry run, then the
// run, and compares them row by row.
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
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
  /** The sheet's rows under Name,Serial number,City (none: the records' export, `exported`). */
  rows?: (t: string) => string[];
  /** The sheet is an export of the records, a colleague's change to the first made since, each row edited. */
  exported?: { colleague?: Record<string, unknown>; edit: (row: Record<string, string>) => void };
  /** The options both runs take besides the command's (`--clear-empty`). */
  args?: string[];
  /** A warning's code the run's summary has. */
  warns?: string;
  /** What the run's report says of each row. */
  run: string[];
  /** The run's message on the first row, where a case names it. */
  /** The first row's message; a pattern where it carries the export's date. */
  says?: string | RegExp;
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
  {
    name: "an export's rows found by their ID cell (no key), changed",
    records: (t) => [0, 1].map((i) => ({ name: `L${i}`, serial_number: `${t}-${i}`, city: 'Lyon' })),
    exported: {
      edit: (r) => {
        r['Serial number'] = '';
        r.City = 'Nantes';
      },
    },
    run: ['updated', 'updated'],
    exit: 0,
  },
  {
    name: 'an export sent back, a colleague changed the record since (W_KEPT_SINCE_EXPORT)',
    records: (t) => [0, 1].map((i) => ({ name: `L${i}`, serial_number: `${t}-${i}`, city: 'Lyon' })),
    exported: {
      colleague: { city: 'Portland' },
      edit: (r) => {
        r.Name = `${r.Name} edited`;
      },
    },
    warns: 'W_KEPT_SINCE_EXPORT',
    run: ['updated', 'updated'],
    exit: 0,
  },
];

/** The records' export as the sheet, `edit` applied to each of their rows, after the colleague's change. */
async function exportedSheet(
  sb: TestSandbox,
  dir: string,
  ids: number[],
  how: NonNullable<Case['exported']>,
) {
  const file = join(dir, 'a.csv');
  const res = await runCli(['export', 'asset', '-o', file, ...sb.args]);
  expect(res.code, res.stderr).toBe(0);
  if (how.colleague) {
    const patched = await fetch(`${sb.sb.url}/api/v2/asset/${ids[0]}/`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${sb.sb.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ company: 1, ...how.colleague }),
    });
    expect(patched.status).toBe(200);
  }
  // The sandbox's seeded assets are left out: the sheet is the case's records.
  const all = parse(readFileSync(file), { columns: true, bom: true }) as Record<string, string>[];
  const rows = all.filter((r) => ids.includes(Number(r.ID)));
  rows.forEach(how.edit);
  writeFileSync(file, stringify(rows, { header: true }));
}

/** Each row's status and message; a dry run's as the run would say them. */
const said = (rows: ReportRow[], dry: boolean): [string, string, string][] =>
  rows.map((r) => {
    const update = dry && /; would be updated(; would change: .*)?$/.test(r['#message']);
    const status = dry && r['#status'] === 'valid' ? (update ? 'updated' : 'created') : r['#status'];
    const message = dry
      ? r['#message']
          .replace(/^already in the service \(id \d+\); would be updated(; would change: .*)?$/, '')
          .replace(/; would be updated(; would change: .*)?$/, '')
          .replace(/; would be (skipped|updated|created)$/, '')
      : r['#message'];
    return [status, message, r['#warnings']];
  });

/** The summary's warnings, as the CLI prints them; a dry run's "would be kept" is the run's "were kept". */
const warnings = (out: string): string[] =>
  out
    .split('\n')
    .filter((l) => l.startsWith('warning: '))
    .map((l) => l.replace('those cells would be kept', 'those cells were kept'));

/** The summary's counts by the run's words: a dry run's "valid" and "to create" are created, "to update" updated; "(2 unchanged)" as it is. */
function counts(out: string): Record<string, number> {
  const line = out.split('\n').find((l) => /^(Done|Checked): /.test(l)) ?? '';
  const words: Record<string, string> = { valid: 'created', 'to create': 'created', 'to update': 'updated' };
  const all: Record<string, number> = {
    created: 0,
    updated: 0,
    skipped: 0,
    unchanged: 0,
    invalid: 0,
    failed: 0,
  };
  const parts = line.replace(/^.* — /, '').matchAll(/(\d+) ([a-z ]+?)(?: \((\d+) unchanged\))?(?:,|\.$)/g);
  for (const [, n, word, unchanged] of parts) {
    all[words[word] ?? word] = Number(n);
    if (unchanged) all.unchanged = Number(unchanged);
  }
  return all;
}

let sb: TestSandbox | undefined;
afterEach(async () => sb?.close());

describe('a dry run of import --on-existing update says what the run does, row by row', () => {
  it.each(cases.map((c, n) => ({ ...c, n })))('$name', async (c) => {
    sb = await testSandbox();
    const dir = tempDir();
    const tag = `UDR${c.n}`;
    const ids: number[] = [];
    for (const r of c.records(tag)) ids.push(await madeByApi(sb, r));
    if (c.exported) await exportedSheet(sb, dir, ids, c.exported);
    else writeFileSync(join(dir, 'a.csv'), ['Name,Serial number,City', ...c.rows!(tag)].join('\n') + '\n');
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
    if (c.warns) expect(run.stdout + run.stderr).toContain(c.warns);
    expect(dryRows).toEqual(runRows);
    expect(counts(dry.stdout)).toEqual(counts(run.stdout));
    expect(warnings(dry.stdout + dry.stderr)).toEqual(warnings(run.stdout + run.stderr));
    expect(dry.code, dry.stderr).toBe(c.exit);
    expect(run.code, run.stderr).toBe(c.exit);
  });
});

/** An `update`'s row as its run says it; a dry run's `valid` is updated, less its "would change: …". */
const saidByUpdate = (rows: ReportRow[], dry: boolean): [string, string, string][] =>
  rows.map((r) => [
    dry && r['#status'] === 'valid' ? 'updated' : r['#status'],
    dry ? r['#message'].replace(/(^|; )would change: .*$/, '') : r['#message'],
    r['#warnings'],
  ]);

/** Two assets with a Cost Centre (custom field 1 of template 1, "Asset extras"). */
function withCostCentre(t: string): Record<string, unknown>[] {
  const template = { id: 1, fields: [{ id: 1, value: 'CC-1' }] };
  return [0, 1].map((i) => ({ name: `L${i}`, serial_number: `${t}-${i}`, city: 'Lyon', template }));
}

function emptyCostCentreOfL0(r: Record<string, string>): void {
  if (r.Name === 'L0') r['Cost Centre'] = '';
}

/** An update's row still as exported: skipped, its record not read (as-exported.ts). */
const AS_EXPORTED =
  /^as exported \(\d{4}-\d\d-\d\d \d\d:\d\d UTC, a\.csv\): no cell edited since, so nothing to send; its record was not read/;

const updateCases: Case[] = [
  {
    name: 'found by key: unchanged, an empty cell kept, changed, not found',
    records: (t) => [0, 1, 2].map((i) => ({ name: `L${i}`, serial_number: `${t}-${i}`, city: 'Lyon' })),
    rows: (t) => [`L0,${t}-0,Lyon`, `L1,${t}-1,`, `L2,${t}-2,Nantes`, `L3,${t}-3,Paris`],
    run: ['skipped', 'skipped', 'updated', 'failed'],
    exit: 1,
  },
  {
    name: "an export's rows by their ID cell: one unchanged but an empty cell kept, one changed",
    records: (t) => [0, 1].map((i) => ({ name: `L${i}`, serial_number: `${t}-${i}`, city: 'Lyon' })),
    exported: {
      edit: (r) => {
        if (r.Name === 'L0') r.City = '';
        else r.City = 'Nantes';
      },
    },
    run: ['skipped', 'updated'],
    exit: 0,
  },
  {
    // Its rows send nothing whatever the records have now: neither run reads them (as-exported.ts).
    name: 'an export sent back unedited, a colleague changed a record since: skipped as exported, unread',
    records: (t) => [0, 1].map((i) => ({ name: `L${i}`, serial_number: `${t}-${i}`, city: 'Lyon' })),
    exported: { colleague: { city: 'Portland' }, edit: () => {} },
    says: AS_EXPORTED,
    run: ['skipped', 'skipped'],
    exit: 0,
  },
  {
    name: 'the same key twice, same and other values',
    records: (t) => [0, 1].map((i) => ({ name: `L${i}`, serial_number: `${t}-${i}`, city: 'Lyon' })),
    rows: (t) => [`L0,${t}-0,Nantes`, `L0,${t}-0,Nantes`, `L1,${t}-1,Paris`, `L1,${t}-1,Rome`],
    run: ['updated', 'skipped', 'updated', 'invalid'],
    exit: 1,
  },
  {
    name: "an export's custom cell emptied: the record keeps it, said",
    records: withCostCentre,
    exported: { edit: emptyCostCentreOfL0 },
    run: ['skipped', 'skipped'],
    exit: 0,
  },
  {
    name: "--clear-empty, an export's custom cell emptied: emptied",
    records: withCostCentre,
    exported: { edit: emptyCostCentreOfL0 },
    args: ['--clear-empty'],
    run: ['updated', 'skipped'],
    exit: 0,
  },
  {
    name: '--clear-empty, a custom field exported empty that a colleague filled since: skipped as exported, unread',
    records: withCostCentre,
    exported: {
      colleague: {
        template: {
          id: 1,
          fields: [
            { id: 1, value: 'CC-1' },
            { id: 4, value: 2 },
          ],
        },
      },
      edit: () => {},
    },
    args: ['--clear-empty'],
    says: AS_EXPORTED,
    run: ['skipped', 'skipped'],
    exit: 0,
  },
  {
    name: 'cells exported empty that a colleague filled since (plain, custom): skipped as exported, unread',
    records: withCostCentre,
    exported: {
      colleague: {
        floor: '3',
        template: {
          id: 1,
          fields: [
            { id: 1, value: 'CC-1' },
            { id: 4, value: 2 },
          ],
        },
      },
      edit: () => {},
    },
    run: ['skipped', 'skipped'],
    says: AS_EXPORTED,
    exit: 0,
  },
  {
    name: 'one cell emptied in the sheet, one filled by a colleague since the export: each said as it is',
    records: withCostCentre,
    exported: {
      colleague: { floor: '3' },
      edit: emptyCostCentreOfL0,
    },
    run: ['skipped', 'skipped'],
    says: 'unchanged: the record already has these values except for empty cells: the record keeps Cost Centre "CC-1" (an update leaves empty cells alone; --clear-empty empties it) and Floor "3" (set in the service after the export: kept even with --clear-empty)',
    exit: 0,
  },
];

describe('a dry run of update says what the run does, row by row', () => {
  it.each(updateCases.map((c, n) => ({ ...c, n })))('$name', async (c) => {
    sb = await testSandbox();
    const dir = tempDir();
    const tag = `UPD${c.n}`;
    const ids: number[] = [];
    for (const r of c.records(tag)) ids.push(await madeByApi(sb, r));
    if (c.exported) await exportedSheet(sb, dir, ids, c.exported);
    else writeFileSync(join(dir, 'a.csv'), ['Name,Serial number,City', ...c.rows!(tag)].join('\n') + '\n');
    const cli = (...extra: string[]) =>
      runCli(['update', 'a.csv', '-r', 'asset', ...(c.args ?? []), ...extra, ...sb!.args], { cwd: dir });
    const dry = await cli('--dry-run', '--report', 'dry.csv');
    const run = await cli('--report', 'run.csv');
    const dryRows = saidByUpdate(readReport(join(dir, 'dry.csv')), true);
    const runRows = saidByUpdate(readReport(join(dir, 'run.csv')), false);
    expect(
      runRows.map((r) => r[0]),
      run.stderr,
    ).toEqual(c.run);
    if (typeof c.says === 'string') expect(runRows[0][1]).toBe(c.says);
    else if (c.says) expect(runRows[0][1]).toMatch(c.says);
    if (c.warns) expect(run.stdout + run.stderr).toContain(c.warns);
    expect(dryRows).toEqual(runRows);
    expect(counts(dry.stdout)).toEqual(counts(run.stdout));
    expect(warnings(dry.stdout + dry.stderr)).toEqual(warnings(run.stdout + run.stderr));
    expect(dry.code, dry.stderr).toBe(c.exit);
    expect(run.code, run.stderr).toBe(c.exit);
  });
});
