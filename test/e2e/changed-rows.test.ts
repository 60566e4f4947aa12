// A row edited after an earlier import created its record is skipped by the next import (a
// create never sends a row twice), and the summary says so: the user's edit did not reach the
// service, and `assetbatch update` is what applies it. The built CLI runs against a sandbox
// that outlives the runs, as a user's `assetbatch sandbox` does.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countWrites, readReport, runCli, useSandbox } from './cli.js';

const env = useSandbox({ rateLimit: 0 });

const HEADER = 'Name,Serial number,Category,Subcategory,Usage status,Original cost';
const row = (serial: string, name: string, cost: string) =>
  `${name},${serial},Hardware,Laptop,In Use,${cost}`;

const cases: {
  name: string;
  edit: (serial: string, i: number) => [name: string, cost: string];
  summary?: string;
}[] = [
  {
    name: 'no row edited: no warning',
    edit: (_s, i) => [`Laptop ${i}`, '900.00'],
  },
  {
    name: 'one cost edited',
    edit: (_s, i) => [`Laptop ${i}`, i === 1 ? '950.00' : '900.00'],
    summary:
      "warning: 1 row has changed since an earlier run created its record: skipped, so the service keeps the earlier values; `assetbatch update` with the same file changes them (the report's #message says which rows)",
  },
  {
    name: 'two names edited',
    edit: (_s, i) => [i > 0 ? `Laptop ${i} (renamed)` : `Laptop ${i}`, '900.00'],
    summary:
      "warning: 2 rows have changed since an earlier run created their records: skipped, so the service keeps the earlier values; `assetbatch update` with the same file changes them (the report's #message says which rows)",
  },
];

describe('an import of rows edited since an earlier import created them', () => {
  it.each(cases.map((c, n) => ({ ...c, n })))('$name', async ({ edit, summary, n }) => {
    const serials = [0, 1, 2].map((i) => `CHG-${n}-${i}`);
    const file = join(env.dir, `register-${n}.csv`);
    const write = (cells: (s: string, i: number) => [string, string]) =>
      writeFileSync(file, [HEADER, ...serials.map((s, i) => row(s, ...cells(s, i)))].join('\n') + '\n');
    const args = ['import', file, '-r', 'asset', ...env.sb.args];

    write((_s, i) => [`Laptop ${i}`, '900.00']);
    const first = await runCli(args);
    expect(first.code, first.stderr).toBe(0);

    write(edit);
    const second = await runCli(args);
    const warnings = second.stdout.split('\n').filter((l) => l.includes('changed since an earlier run'));
    expect(warnings).toEqual(summary ? [summary] : []);
    // Skipped rows are ok rows: the exit code stays 0, as docs/import.md's table says.
    expect(second.code, second.stderr).toBe(0);
    const edited = readReport(`${file}.report.csv`).filter((r) =>
      r['#message'].includes('has changed since'),
    );
    expect(edited.length).toBe(summary ? Number(summary.split(' ')[1]) : 0);

    await env.sb.resetStats();
    const json = await runCli([...args, '--json']);
    expect(JSON.parse(json.stdout).changedRows).toBe(edited.length);
    expect(countWrites(await env.sb.stats())).toBe(0);
    const names = (await env.sb.records('asset'))
      .filter((r) => serials.includes(r.serial_number as string))
      .map((r) => r.name as string)
      .sort();
    expect(names).toEqual(['Laptop 0', 'Laptop 1', 'Laptop 2']);
  });
});

// A copy of the register under another name is matched through the memory of what was sent,
// not the journal: its edited rows must say what the original's say, not "already created".
describe('a copy of the register under another name, some rows edited since', () => {
  const changed = /has changed since; use `assetbatch update` to change the record/;
  it.each([
    { name: 'one cost edited', edited: [1], warning: /^warning: 1 row has changed since an earlier run/ },
    {
      name: 'two rows edited',
      edited: [0, 2],
      warning: /^warning: 2 rows have changed since an earlier run/,
    },
  ])('$name: the copy says changed since where the original does', async ({ name, edited, warning }) => {
    const n = name.replace(/\W+/g, '-');
    const serials = [0, 1, 2].map((i) => `COPY-${n}-${i}`);
    const original = join(env.dir, `original-${n}.csv`);
    const copy = join(env.dir, `copy-${n}.csv`);
    const write = (file: string, edit: (i: number) => boolean) =>
      writeFileSync(
        file,
        [
          HEADER,
          ...serials.map((s, i) =>
            edit(i) ? row(s, `Laptop ${i} (renamed)`, '950.00') : row(s, `Laptop ${i}`, '900.00'),
          ),
        ].join('\n') + '\n',
      );
    write(original, () => false);
    const first = await runCli(['import', original, '-r', 'asset', ...env.sb.args]);
    expect(first.code, first.stderr).toBe(0);

    write(copy, (i) => edited.includes(i));
    const ofCopy = await runCli(['import', copy, '-r', 'asset', ...env.sb.args]);
    expect(ofCopy.code, ofCopy.stderr).toBe(0);
    write(original, (i) => edited.includes(i));
    const ofOriginal = await runCli(['import', original, '-r', 'asset', ...env.sb.args]);
    expect(ofOriginal.code, ofOriginal.stderr).toBe(0);

    // Unedited rows differ on purpose (the original's journal says "created", the copy "skipped").
    const said = (file: string) =>
      readReport(`${file}.report.csv`).map((r) =>
        changed.test(r['#message']) ? r['#status'] : 'not changed',
      );
    const expected = serials.map((_s, i) => (edited.includes(i) ? 'skipped' : 'not changed'));
    expect(said(original)).toEqual(expected);
    expect(said(copy)).toEqual(expected);
    const copyRows = readReport(`${copy}.report.csv`);
    for (const i of edited)
      expect(copyRows[i]['#message']).toMatch(
        /^created by an earlier import of .*original-.* on \d{4}-\d\d-\d\d \d\d:\d\d UTC \(id \d+\) but the row has changed since/,
      );
    for (const out of [ofCopy.stdout, ofOriginal.stdout])
      expect(out.split('\n').filter((l) => l.includes('changed since an earlier run'))).toEqual([
        expect.stringMatching(warning),
      ]);
  });
});
