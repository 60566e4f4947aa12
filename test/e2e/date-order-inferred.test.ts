// A date column whose dates all read both ways ("12/05/2023") is settled by the rest of the
// sheet, and said so in the plan and on each row it affects:
// - by its other date columns, when a day past 12 in them shows one order and all agree
//   (W_DATE_ORDER_INFERRED, a note: the sheet shows it, the exit code is as usual);
// - else by its headers' language, when they are German, French, Spanish, Italian, Dutch or
//   Portuguese, which write dates day-first (W_DATE_ORDER_ASSUMED, a guess: exit 1).
// It used to stop (E_DATE_AMBIGUOUS, exit 2) until --date-format was given.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readReport, runCli, useSandbox } from './cli.js';

const env = useSandbox({ rateLimit: 0 });

interface Case {
  name: string;
  csv: string;
  /** The plan's line on the column. */
  plan: string;
  /** The first row's #warnings. */
  warning: string;
  field: string;
  sent: string;
  code: number;
}

/** The end of a language's plan line: every language the headers are read in is day-first. */
const LANGUAGE_TAIL =
  ': a guess, said on each row (W_DATE_ORDER_ASSUMED, exit 1); --date-format dd/MM/yyyy confirms it, --date-format MM/dd/yyyy reads it otherwise.';

const cases: Case[] = [
  {
    name: 'Excel in a UK locale: two other columns are day-first',
    csv:
      'Name,Serial number,Warranty start date,Warranty end date,End of life date\n' +
      'A,DA-1,01/02/2023,31/01/2026,15/01/2030\nB,DA-2,01/03/2023,28/02/2026,28/02/2031\n',
    plan:
      'note: column "Warranty start date" has only dates that read both ways; read day-first, as the sheet\'s other ' +
      'date columns are day-first ("Warranty end date", row 2: 31/01/2026, and 1 more column) ' +
      '(W_DATE_ORDER_INFERRED on each row; --date-format MM/dd/yyyy reads it otherwise).',
    warning:
      'column "Warranty start date" → warranty_start_date: "01/02/2023" read day-first as 2023-02-01, as the ' +
      'sheet\'s other date columns are day-first ("Warranty end date", row 2: 31/01/2026, and 1 more column)',
    field: 'warranty_start_date',
    sent: '2023-02-01',
    code: 0,
  },
  {
    name: 'Excel in a US locale: the end dates are month-first',
    csv: 'Name,Serial number,Warranty start date,Warranty end date\nA,DA-1,1/2/2023,12/31/2025\nB,DA-2,3/1/2023,2/28/2026\n',
    plan:
      'note: column "Warranty start date" has only dates that read both ways; read month-first, as the sheet\'s other ' +
      'date columns are month-first ("Warranty end date", row 2: 12/31/2025) ' +
      '(W_DATE_ORDER_INFERRED on each row; --date-format dd/MM/yyyy reads it otherwise).',
    warning:
      'column "Warranty start date" → warranty_start_date: "1/2/2023" read month-first as 2023-01-02, as the ' +
      'sheet\'s other date columns are month-first ("Warranty end date", row 2: 12/31/2025)',
    field: 'warranty_start_date',
    sent: '2023-01-02',
    code: 0,
  },
  {
    name: 'German headers and a day-first warranty column: the column decides',
    csv: 'Bezeichnung;Seriennummer;Kaufdatum;Garantieende\nPC-1;DA-1;03/04/2022;31/03/2025\n',
    plan:
      'note: column "Kaufdatum" has only dates that read both ways; read day-first, as the sheet\'s other date ' +
      'columns are day-first ("Garantieende", row 2: 31/03/2025) (W_DATE_ORDER_INFERRED on each row; ' +
      '--date-format MM/dd/yyyy reads it otherwise).',
    warning:
      'column "Kaufdatum" → service_start_date: "03/04/2022" read day-first as 2022-04-03, as the sheet\'s other ' +
      'date columns are day-first ("Garantieende", row 2: 31/03/2025)',
    field: 'service_start_date',
    sent: '2022-04-03',
    code: 0,
  },
  {
    name: 'a German register with slashed dates',
    csv: 'Bezeichnung;Seriennummer;Kaufdatum\nPC-1;DA-1;03/04/2022\nPC-2;DA-2;12/05/2023\n',
    plan:
      'warning: column "Kaufdatum" has only dates that read both ways; read day-first, as the sheet\'s headers are ' +
      'German ("Bezeichnung", "Seriennummer" and 1 more), and German registers write dates day-first' +
      LANGUAGE_TAIL,
    warning:
      'column "Kaufdatum" → service_start_date: "03/04/2022" read day-first as 2022-04-03, as the sheet\'s headers ' +
      'are German ("Bezeichnung", "Seriennummer" and 1 more), and German registers write dates day-first; ' +
      'if it is 2022-03-04, give --date-format MM/dd/yyyy',
    field: 'service_start_date',
    sent: '2022-04-03',
    code: 1,
  },
  {
    name: 'a French register',
    csv: "Désignation;Numéro de série;Date d'achat\nPC-1;DF-1;12/05/2023\n",
    plan:
      'warning: column "Date d\'achat" has only dates that read both ways; read day-first, as the sheet\'s headers are ' +
      'French ("Désignation", "Numéro de série" and 1 more), and French registers write dates day-first' +
      LANGUAGE_TAIL,
    warning:
      'column "Date d\'achat" → service_start_date: "12/05/2023" read day-first as 2023-05-12, as the sheet\'s ' +
      'headers are French ("Désignation", "Numéro de série" and 1 more), and French registers write dates ' +
      'day-first; if it is 2023-12-05, give --date-format MM/dd/yyyy',
    field: 'service_start_date',
    sent: '2023-05-12',
    code: 1,
  },
  {
    name: 'an Italian register',
    csv: 'Denominazione;Matricola;Data di acquisto\nPC-1;DI-1;12/05/2023\n',
    plan:
      'warning: column "Data di acquisto" has only dates that read both ways; read day-first, as the sheet\'s headers ' +
      'are Italian ("Denominazione", "Matricola" and 1 more), and Italian registers write dates day-first' +
      LANGUAGE_TAIL,
    warning:
      'column "Data di acquisto" → service_start_date: "12/05/2023" read day-first as 2023-05-12, as the sheet\'s ' +
      'headers are Italian ("Denominazione", "Matricola" and 1 more), and Italian registers write dates ' +
      'day-first; if it is 2023-12-05, give --date-format MM/dd/yyyy',
    field: 'service_start_date',
    sent: '2023-05-12',
    code: 1,
  },
  {
    name: 'a Dutch register with dashes',
    csv: 'Benaming;Serienummer;Aankoopdatum\nPC-1;DN-1;12-05-2023\n',
    plan:
      'warning: column "Aankoopdatum" has only dates that read both ways; read day-first, as the sheet\'s headers are ' +
      'Dutch ("Benaming", "Serienummer" and 1 more), and Dutch registers write dates day-first' +
      LANGUAGE_TAIL,
    warning:
      'column "Aankoopdatum" → service_start_date: "12-05-2023" read day-first as 2023-05-12, as the sheet\'s ' +
      'headers are Dutch ("Benaming", "Serienummer" and 1 more), and Dutch registers write dates day-first; ' +
      'if it is 2023-12-05, give --date-format MM/dd/yyyy',
    field: 'service_start_date',
    sent: '2023-05-12',
    code: 1,
  },
];

describe('a date column that reads both ways, settled by the rest of the sheet', () => {
  it.each(cases)(
    '$name: read as $sent, said in the plan and on the row, exit $code',
    async ({ csv, plan, warning, field, sent, code }) => {
      const file = join(env.dir, 'inferred.csv');
      writeFileSync(file, csv);
      const report = join(env.dir, 'inferred.check.csv');
      const res = await runCli(['validate', file, '-r', 'asset', '--report', report, ...env.sb.args], {
        cwd: env.dir,
      });
      expect(res.code, res.stderr).toBe(code);
      expect(res.stderr.split('\n')).toContain(plan);
      const [row] = readReport(report);
      expect(row['#status']).toBe('valid');
      expect(row['#warnings']).toBe(warning);
      expect(JSON.parse(row['#sent'])).toMatchObject({ [field]: sent });
    },
  );
});

describe('what the row notes leave alone', () => {
  const GERMAN = 'Bezeichnung;Seriennummer;Kaufdatum\nPC-1;DA-1;03/04/2022\nPC-2;DA-2;05/05/2023\n';
  it.each([
    {
      name: '--date-format dd/MM/yyyy: no guess, no note, exit 0',
      args: ['--date-format', 'dd/MM/yyyy'],
      warnings: ['', ''],
      code: 0,
    },
    {
      name: 'a date that reads the same both ways (05/05/2023) has no note',
      args: [],
      warnings: [expect.stringContaining('"03/04/2022" read day-first as 2022-04-03'), ''],
      code: 1,
    },
  ])('$name', async ({ args, warnings, code }) => {
    const file = join(env.dir, 'german.csv');
    writeFileSync(file, GERMAN);
    const report = join(env.dir, 'german.check.csv');
    const res = await runCli(['validate', file, '-r', 'asset', '--report', report, ...args, ...env.sb.args], {
      cwd: env.dir,
    });
    expect(res.code, res.stderr).toBe(code);
    expect(readReport(report).map((r) => r['#warnings'])).toEqual(warnings);
  });
});

it('an import of a German register: the records have the dates day-first, the summary says why exit 1', async () => {
  const file = join(env.dir, 'register-de.csv');
  writeFileSync(file, 'Bezeichnung;Seriennummer;Kaufdatum\nPC-1;DI-11;03/04/2022\nPC-2;DI-12;12/05/2023\n');
  const report = join(env.dir, 'register-de.report.csv');
  const res = await runCli(['import', file, '-r', 'asset', '--report', report, ...env.sb.args], {
    cwd: env.dir,
  });
  expect(res.code, res.stderr).toBe(1);
  expect(res.stdout).toContain('Done: 2 rows — 2 created, 0 updated, 0 skipped, 0 invalid, 0 failed.');
  expect(res.stdout).toContain(
    "warning: 2 rows have dates that read both ways, read day-first from the language of the headers alone (W_DATE_ORDER_ASSUMED in the report's #warnings says which, and as what); if they are right, --date-format dd/MM/yyyy says so next time; if not, give --date-format MM/dd/yyyy",
  );
  const records = await env.sb.records('asset');
  const dates = Object.fromEntries(
    records
      .filter((r) => /^DI-1/.test(String(r.serial_number)))
      .map((r) => [r.serial_number, r.service_start_date]),
  );
  expect(dates).toEqual({ 'DI-11': '2022-04-03', 'DI-12': '2023-05-12' });
  expect(readReport(report).map((r) => r['#status'])).toEqual(['created', 'created']);
});
