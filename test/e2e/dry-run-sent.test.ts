// Dry runs show what would be sent: `validate` and `update --dry-run` reports carry each
// row's body after coercion and lookups (#sent in CSV, a "Sent" sheet in XLSX, `sent` in
// JSON), diffs name lookups beside their ids, and such a report fed back is still ours.
// The built CLI runs the report fed back and the update whose diff it prints; the reports'
// own runs call the library in-process (library.ts), as the CLI calls it.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { updateSpreadsheet } from '../../src/index.js';
import { readReport, runCli, useSandbox } from './cli.js';
import { runLibrary } from './library.js';

const env = useSandbox();

const write = (name: string, text: string) => {
  const file = join(env.dir, name);
  writeFileSync(file, text);
  return file;
};

const REGISTER =
  'Name,Serial number,Service start date,Original cost,Country\nLaptop 1,SN-SENT-1,1/23/23,"€ 329,90",UK\nLaptop 2,SN-SENT-2,2/13/23,"€ 1.200,00",Germany\n';

/** `validate FILE -r asset --report REPORT`, in-process: the exit code the CLI would give. */
const validate = async (file: string, report: string) =>
  (await runLibrary(env.sb, { file, resource: 'asset', dryRun: true, reportPath: report })).code;

describe('validate: the report says what each row would send', () => {
  const cases = [
    {
      row: '2',
      sent: {
        company: 1,
        name: 'Laptop 1',
        serial_number: 'SN-SENT-1',
        service_start_date: '2023-01-23',
        original_cost: 329.9,
        country: 826,
      },
    },
    {
      row: '3',
      sent: {
        company: 1,
        name: 'Laptop 2',
        serial_number: 'SN-SENT-2',
        service_start_date: '2023-02-13',
        original_cost: 1200,
        country: 276,
      },
    },
  ];

  // One run: each case reads its row of the report.
  let csvRun: Promise<number> | undefined;
  it.each(cases)('CSV: row $row has its coerced, looked-up values in #sent', async ({ row, sent }) => {
    const report = join(env.dir, 'validate.report.csv');
    csvRun ??= validate(write('register.csv', REGISTER), report);
    expect(await csvRun).toBe(0);
    const line = readReport(report).find((r) => r['#row'] === row)!;
    expect(JSON.parse(line['#sent'])).toEqual(sent);
    // The user's cells stay as typed beside it.
    expect(line['Original cost']).toMatch(/^€ /);
  });

  it('JSON: each row has a `sent` field', async () => {
    const report = join(env.dir, 'validate.report.json');
    expect(await validate(write('register-json.csv', REGISTER), report)).toBe(0);
    const rows = (JSON.parse(readFileSync(report, 'utf8')) as { rows: { row: number; sent: unknown }[] })
      .rows;
    expect(rows.map((r) => [String(r.row), r.sent])).toEqual(cases.map((c) => [c.row, c.sent]));
  });

  it('XLSX: a second sheet "Sent" lists each row\'s fields and values', async () => {
    const report = join(env.dir, 'validate.report.xlsx');
    expect(await validate(write('register-xlsx.csv', REGISTER), report)).toBe(0);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(report);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Report', 'Sent']);
    const lines: unknown[][] = [];
    wb.getWorksheet('Sent')!.eachRow((r) => void lines.push((r.values as unknown[]).slice(1)));
    expect(lines[0]).toEqual(['#row', 'field', 'value']);
    expect(lines.slice(1)).toEqual(
      cases.flatMap((c) => Object.entries(c.sent).map(([k, v]) => [Number(c.row), k, v])),
    );
  });

  it('a report with #sent fed back is recognised as ours: #sent is set aside, not a column of the user', async () => {
    const first = join(env.dir, 'again.report.csv');
    expect(await validate(write('again.csv', REGISTER), first)).toBe(0);
    const second = join(env.dir, 'again2.report.csv');
    const res = await runCli(['validate', first, '-r', 'asset', '--report', second, ...env.sb.args]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).not.toContain('#sent');
    const header = readFileSync(second, 'utf8').split('\n')[0];
    expect(header).toBe(
      '#row,#status,#id,#message,#warnings,#sent,Name,Serial number,Service start date,Original cost,Country',
    );
    expect(readReport(second).map((r) => JSON.parse(r['#sent']))).toEqual(cases.map((c) => c.sent));
  });
});

describe('update --dry-run: changes by name, and the fields a real run would send', () => {
  it('lookups show their names beside their ids, on the terminal and in the report; #sent has the changed fields', async () => {
    const before = (await env.sb.records('asset')).find((a) => a.serial_number === 'SN-EXIST-0001')!;
    expect(before).toMatchObject({ country: 'United States', asset_usage_status: { name: 'In Use' } });
    const file = write(
      'edit.csv',
      'Serial number,Country,Asset usage status,Floor\nSN-EXIST-0001,Germany,Retired,4\n',
    );
    const report = join(env.dir, 'edit.report.csv');
    const res = await runCli([
      'update',
      file,
      '-r',
      'asset',
      '--dry-run',
      '--report',
      report,
      ...env.sb.args,
    ]);
    expect(res.code, res.stderr).toBe(0);
    const id = before.id as number;
    expect(res.stderr).toContain(
      `row 2: id ${id}: floor (empty) → 4; country United States (840) → Germany (276); asset_usage_status In Use (1) → Retired (4)`,
    );
    const line = readReport(report)[0];
    expect(line['#message']).toBe(
      `would change: floor: (empty) → 4; country: United States (840) → Germany (276); asset_usage_status: In Use (1) → Retired (4)`,
    );
    expect(JSON.parse(line['#sent'])).toEqual({
      floor: '4',
      country: 276,
      asset_usage_status: 4,
      company: 1,
    });
  });

  it('an unchanged row would send nothing: skipped as in the run, #sent is empty', async () => {
    const file = write('same.csv', 'Serial number,Country\nSN-EXIST-0002,United States\n');
    const report = join(env.dir, 'same.report.csv');
    const res = await runLibrary(
      env.sb,
      { file, resource: 'asset', dryRun: true, reportPath: report },
      updateSpreadsheet,
    );
    expect(res.code, res.stderr).toBe(0);
    expect(readReport(report)[0]).toMatchObject({
      '#status': 'skipped',
      '#message': 'unchanged: the record already has these values',
      '#sent': '',
    });
  });
});
