// Rows of an import that repeat an earlier row's key (a serial number). The same values: a
// duplicate, skipped, exit 0. Other values: two things under one key, or a typo — not
// created, since which row is right is the user's call; the row says which cells differ
// (W_KEY_CONFLICT), the summary counts them (keyConflictRows in --json), and the run exits 1.
// A dry run (validate) says the same.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readReport, runCli, useSandbox } from './cli.js';

const env = useSandbox({ rateLimit: 0 });

function sheet(name: string, text: string): string {
  const file = join(env.dir, name);
  writeFileSync(file, text);
  return file;
}

const conflict = (serial: string) =>
  `not sent: same serial number "${serial}" as row 2, but Name "Desk" → "Chair": if they are different assets, correct one serial number; if the same, delete one row`;

const cases = [
  { command: 'import', created: 'created', serial: 'KC-I' },
  { command: 'validate', created: 'valid', serial: 'KC-V' },
];

describe.each(cases)(
  '$command of a sheet where one serial number names a desk and a chair',
  ({ command, created, serial }) => {
    it('creates the first, skips the chair as a conflict and the second desk as a duplicate, and exits 1', async () => {
      const file = sheet(
        `conflict-${command}.csv`,
        `Name,Serial Number\nDesk,${serial}\nChair,${serial}\nDesk,${serial}\n`,
      );
      const res = await runCli([command, file, '-r', 'asset', ...env.sb.args]);
      expect(res.code, res.stderr).toBe(1);
      expect(res.stdout + res.stderr).toContain(
        "warning: 1 row has the key of an earlier row with other values: not sent, since which is right is your call; the report's #message names the cells that differ (W_KEY_CONFLICT)",
      );
      const rows = readReport(`${file}.${command === 'validate' ? 'check' : 'report'}.csv`).map((r) => ({
        status: r['#status'],
        message: r['#message'],
        warnings: r['#warnings'],
      }));
      expect(rows).toEqual([
        { status: created, message: '', warnings: '' },
        {
          status: 'skipped',
          message: conflict(serial),
          warnings:
            'column "Serial Number" → serial_number: row 2 has the same serial number with other values (Name differs)',
        },
        { status: 'skipped', message: `duplicate of row 2 (same serial number "${serial}")`, warnings: '' },
      ]);
    });
  },
);

describe('what the counts and the service show', () => {
  it('--json counts the conflicting rows; the service has one record of the serial number', async () => {
    const file = sheet(
      'conflict-json.csv',
      'Name,Serial Number,Country\nLamp,KC-J,Germany\nLamp,KC-J,France\n',
    );
    const res = await runCli(['import', file, '-r', 'asset', '--json', ...env.sb.args]);
    expect(res.code, res.stderr).toBe(1);
    expect(JSON.parse(res.stdout)).toMatchObject({ keyConflictRows: 1, counts: { created: 1, skipped: 1 } });
    expect(readReport(`${file}.report.csv`)[1]['#message']).toContain('but Country "Germany" → "France"');
    const records = (await env.sb.records('asset')).filter((a) => a.serial_number === 'KC-J');
    expect(records).toHaveLength(1);
  });

  it('two rows whose cells name the same values in other words are duplicates: exit 0', async () => {
    const file = sheet(
      'same-after-coercion.csv',
      'Name,Serial Number,Country\nShelf,KC-S,Germany\n Shelf ,KC-S,DE\n',
    );
    const res = await runCli(['import', file, '-r', 'asset', ...env.sb.args]);
    expect(res.code, res.stderr).toBe(0);
    expect(readReport(`${file}.report.csv`).map((r) => [r['#status'], r['#message']])).toEqual([
      ['created', ''],
      ['skipped', 'duplicate of row 2 (same serial number "KC-S")'],
    ]);
  });
});
