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
