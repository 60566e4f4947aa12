// A date column whose dates all read both ways, that the rest of the sheet does not settle,
// stops the run (exit 2). Settled ones are in date-order-inferred.test.ts. The hint names
// each --date-format with what it reads the column's first such date as, and, when the
// sheet's other date columns (or its headers' language) disagree, what each of them says.
// Dotted dates (a German or Russian export) are day-first wherever they are written: they
// never stop.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readReport, runCli, useSandbox } from './cli.js';

const env = useSandbox({ rateLimit: 0 });

const cases: { name: string; csv: string; error: string; hint: string }[] = [
  {
    name: 'no other date column, English headers',
    csv: 'Name,Serial number,Warranty start date\nA,DA-1,1/2/2023\n',
    error: 'column "Warranty start date" has dates such as 1/2/2023 (row 2)',
    hint: 'Give --date-format dd/MM/yyyy if 1/2/2023 (row 2) is 2023-02-01, or --date-format MM/dd/yyyy if it is 2023-01-02.',
  },
  {
    name: 'the other columns disagree',
    csv:
      'Name,Serial number,Warranty start date,Warranty end date,End of life date\n' +
      'A,DA-1,1/2/2023,31/01/2026,12/31/2030\n',
    error: 'column "Warranty start date" has dates such as 1/2/2023 (row 2)',
    hint:
      'The sheet says both: "Warranty end date" is day-first (row 2: 31/01/2026); "End of life date" is month-first (row 2: 12/31/2030). ' +
      'Give --date-format dd/MM/yyyy if 1/2/2023 (row 2) is 2023-02-01, or --date-format MM/dd/yyyy if it is 2023-01-02 ' +
      '(it applies to every column: dates of the other order are then reported row by row, to write as yyyy-MM-dd).',
  },
  {
    name: 'German headers, but another date column is month-first',
    csv: 'Bezeichnung;Seriennummer;Kaufdatum;Garantieende\nPC-1;DA-1;03/04/2022;12/31/2025\n',
    error: 'column "Kaufdatum" has dates such as 03/04/2022 (row 2)',
    hint:
      'The sheet says both: "Garantieende" is month-first (row 2: 12/31/2025); the headers are German ("Bezeichnung"), day-first. ' +
      'Give --date-format dd/MM/yyyy if 03/04/2022 (row 2) is 2022-04-03, or --date-format MM/dd/yyyy if it is 2022-03-04 ' +
      '(it applies to every column: dates of the other order are then reported row by row, to write as yyyy-MM-dd).',
  },
];

describe('a date column that reads both ways, which the sheet does not settle', () => {
  it.each(cases)('$name: exit 2, the hint names both formats', async ({ csv, error, hint }) => {
    const file = join(env.dir, 'dates.csv');
    writeFileSync(file, csv);
    const res = await runCli(['validate', file, '-r', 'asset', ...env.sb.args], { cwd: env.dir });
    expect(res.code, res.stderr).toBe(2);
    const lines = res.stderr.split('\n');
    expect(lines.find((l) => l.startsWith('error: '))).toContain(
      `${error} that could be day-first or month-first, and no date in it settles which`,
    );
    expect(lines.find((l) => l.startsWith('  hint: '))).toBe(`  hint: ${hint}`);
  });
});

describe('dotted dates are day-first without --date-format', () => {
  const cases = [
    { name: 'a German export whose dates all read both ways', cell: '01.02.2023', sent: '2023-02-01' },
    { name: 'a two-digit year', cell: '03.04.23', sent: '2023-04-03' },
  ];
  it.each(cases)('$name: $cell is sent as $sent', async ({ cell, sent }) => {
    const file = join(env.dir, 'dotted.csv');
    writeFileSync(file, `Name;Serial number;Service start date\nA;DA-1;${cell}\n`);
    const report = join(env.dir, 'dotted-report.csv');
    const res = await runCli(['validate', file, '-r', 'asset', '--report', report, ...env.sb.args], {
      cwd: env.dir,
    });
    expect(res.code, res.stderr).toBe(0);
    const [row] = readReport(report);
    expect(JSON.parse(row['#sent'])).toMatchObject({ service_start_date: sent });
  });
});

// One program wrote a register's dates, whichever company each row is of: the rows of another
// company (left for their own run) and those naming none (invalid) settle a column's order
// where the run's own rows read both ways. They used to be left out, and the run stopped
// (exit 2) saying no date in the column settles which.
describe("a date column settled only by rows that are not the run's company's", () => {
  const HEADER = "Nom;Entité;Numéro de série;Date d'achat";
  const cases = [
    {
      name: 'settled by a row of another company and a row naming none',
      rows: [
        'PC-1;Acme Corporation;DC-1;02/11/2022',
        'PC-2;Entité racine > Lyon;DC-2;14/03/2023',
        'PC-3;Acme Europe GmbH;DC-3;15/03/2023',
      ],
      status: ['valid', 'invalid', 'skipped'],
      sent: '2022-11-02',
    },
    {
      name: 'settled month-first by a row of another company',
      rows: ['PC-4;Acme Corporation;DC-4;02/11/2022', 'PC-5;Acme Europe GmbH;DC-5;12/31/2023'],
      status: ['valid', 'skipped'],
      sent: '2022-02-11',
    },
  ];
  it.each(cases)('$name: the run reads $sent, exit 1', async ({ rows, status, sent }) => {
    const file = join(env.dir, `companies-${sent}.csv`);
    writeFileSync(file, [HEADER, ...rows].join('\n') + '\n');
    const report = join(env.dir, `companies-${sent}.report.csv`);
    const res = await runCli(['validate', file, '-r', 'asset', '--report', report, ...env.sb.args], {
      cwd: env.dir,
    });
    expect(res.code, res.stderr).toBe(1);
    const lines = readReport(report);
    expect(lines.map((r) => r['#status'])).toEqual(status);
    expect(JSON.parse(lines[0]['#sent'])).toMatchObject({ service_start_date: sent });
    expect(res.stderr).not.toContain('could be day-first or month-first');
  });
});
