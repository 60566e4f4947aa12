// A date column whose dates all read both ways stops the run (exit 2). A sheet saved by one
// program in one locale usually settles the order in its other date columns (Excel's
// 12/31/2025, a British 31/01/2026): the hint names them and the --date-format that fits,
// and gives the plain choice when no other column settles it or they disagree. Dotted dates
// (a German or Russian export) are day-first wherever they are written: they never stop.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readReport, runCli, useSandbox } from './cli.js';

const env = useSandbox({ rateLimit: 0 });

const PLAIN = 'Give --date-format dd/MM/yyyy (day first) or --date-format MM/dd/yyyy (month first).';

const cases: { name: string; csv: string; error: string; hint: string }[] = [
  {
    name: 'Excel in a US locale: the end dates are month-first',
    csv: 'Name,Serial number,Warranty start date,Warranty end date\nA,DA-1,1/1/2023,12/31/2025\nB,DA-2,3/1/2023,2/28/2026\n',
    error: 'column "Warranty start date" has dates such as 3/1/2023 (row 3)',
    hint:
      'The other date columns of this sheet are month-first ("Warranty end date", row 2): if this one is too, ' +
      'give --date-format MM/dd/yyyy (it applies to every column); if not, write its dates as yyyy-MM-dd.',
  },
  {
    name: 'Excel in a UK locale: two other columns are day-first',
    csv:
      'Name,Serial number,Warranty start date,Warranty end date,End of life date\n' +
      'A,DA-1,01/02/2023,31/01/2026,15/01/2030\nB,DA-2,01/03/2023,28/02/2026,28/02/2031\n',
    error: 'column "Warranty start date" has dates such as 01/02/2023 (row 2)',
    hint:
      'The other date columns of this sheet are day-first ("Warranty end date", row 2 and 1 more): if this one is ' +
      'too, give --date-format dd/MM/yyyy (it applies to every column); if not, write its dates as yyyy-MM-dd.',
  },
  {
    name: 'no other date column',
    csv: 'Name,Serial number,Warranty start date\nA,DA-1,1/2/2023\n',
    error: 'column "Warranty start date" has dates such as 1/2/2023 (row 2)',
    hint: PLAIN,
  },
  {
    name: 'the other columns disagree',
    csv:
      'Name,Serial number,Warranty start date,Warranty end date,End of life date\n' +
      'A,DA-1,1/2/2023,31/01/2026,12/31/2030\n',
    error: 'column "Warranty start date" has dates such as 1/2/2023 (row 2)',
    hint: PLAIN,
  },
];

describe('a date column that reads both ways', () => {
  it.each(cases)('$name', async ({ csv, error, hint }) => {
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
