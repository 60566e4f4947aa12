// A German register's cost column: its "1.234,56 €" settles that "12.500" is 12500 and
// "12,500" is 12.5, as a date column's dates settle its order. The plan says so first, each
// such row in #warnings, and the records hold the values read. A column that writes both
// marks is read cell by cell: "12.500" there is invalid, as before, and the plan warns.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readReport, runCli, useSandbox } from './cli.js';

const env = useSandbox({ rateLimit: 0 });

function file(name: string, text: string): string {
  const path = join(env.dir, name);
  writeFileSync(path, text);
  return path;
}

const read = (text: string, value: string) =>
  `column "Anschaffungswert" → original_cost: "${text}" read as ${value}: the column's amounts have a decimal comma ("1.234,56 €", row 2)`;

describe('an amount column with a decimal comma', () => {
  it('reads "12.500" as 12500 and "12,500" as 12.5, says so, and exits 0', async () => {
    const path = file(
      'de.csv',
      'Bezeichnung;Seriennummer;Anschaffungswert\nDC Laptop;DC-1;1.234,56 €\nDC Monitor;DC-2;12.500\nDC Dock;DC-3;900\nDC Maus;DC-4;12,500\n',
    );
    const res = await runCli(['import', path, '-r', 'asset', ...env.sb.args]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toContain(
      'note: column "Anschaffungswert" has amounts with a decimal comma ("1.234,56 €", row 2): 2 amounts such as "12.500" (row 3), which alone could be read two ways, are read with it (said on the row).',
    );
    // Before, "12.500" was invalid and "12,500" was 12500 without a word.
    expect(readReport(`${path}.report.csv`).map((r) => [r['#status'], r['#warnings']])).toEqual([
      ['created', ''],
      ['created', read('12.500', '12500')],
      ['created', ''],
      ['created', read('12,500', '12.5')],
    ]);
    // The existing-record list and the 4 POSTs.
    expect(res.stdout).toMatch(/^5 requests/m);
    // The rows are sent four at a time: the records are in the order their POSTs arrived.
    const made = (await env.sb.records('asset')).filter((a) => String(a.name).startsWith('DC '));
    const costs = new Map(made.map((a) => [String(a.name), Number(a.original_cost)]));
    expect(costs).toEqual(
      new Map([
        ['DC Laptop', 1234.56],
        ['DC Monitor', 12500],
        ['DC Dock', 900],
        ['DC Maus', 12.5],
      ]),
    );
  });

  it('validate --json gives the column in plan.decimals', async () => {
    const path = file(
      'de-json.csv',
      'Bezeichnung;Seriennummer;Anschaffungswert\nJS Laptop;JS-1;1.234,56 €\nJS Monitor;JS-2;12.500\n',
    );
    const res = await runCli(['validate', path, '-r', 'asset', '--json', ...env.sb.args]);
    expect(res.code, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout).plan.decimals).toEqual([
      {
        column: 'Anschaffungswert',
        comma: { text: '1.234,56 €', row: 2 },
        unclear: 1,
        firstUnclear: { text: '12.500', row: 3 },
      },
    ]);
  });

  it('a column of both marks: "12.500" stays invalid, the plan warns, exit 1', async () => {
    const path = file(
      'mixed.csv',
      'Bezeichnung;Seriennummer;Anschaffungswert\nMX Laptop;MX-1;1.234,56 €\nMX Monitor;MX-2;12.500\nMX Dock;MX-3;7.5\n',
    );
    const res = await runCli(['import', path, '-r', 'asset', '--dry-run', ...env.sb.args]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(
      'warning: column "Anschaffungswert" has amounts with a decimal comma ("1.234,56 €", row 2) and with a decimal point ("7.5", row 4): each is read as it is written, and 1 amount such as "12.500" (row 3), which alone could be read two ways, is invalid.',
    );
    expect(readReport(`${path}.check.csv`).map((r) => r['#status'])).toEqual(['valid', 'invalid', 'valid']);
  });
});
