// A contract list with a contact person's columns: "Contact" is one letter from "Contract"
// and another word, so it is not taken for the contract number (nor "Contact name" for the
// name, by Dutch "Contractnaam"); the plan says the columns are not imported, and a list
// with no contract number is stopped for it. The built CLI's validate against the sandbox.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, useSandbox } from './cli.js';

const env = useSandbox({ rateLimit: 0 });

const COLUMNS = {
  'Contract type': 'Buy side',
  Name: 'Printer lease',
  Supplier: 'Dell Technologies',
  Country: 'United States',
  Status: 'Active',
  Category: 'Hardware',
  'Start date': '2024-01-01',
  'End date': '2025-12-31',
  'Total contract value': '1000.00',
  Contact: 'Ann Lee',
  'Contact name': 'Ann Lee',
};

const NOT_IMPORTED = [
  'warning: column "Contact" is not imported (no matching field; maybe Contract type; map it with --mapping)',
  'warning: column "Contact name" is not imported (no matching field; map it with --mapping)',
];

const cases: { name: string; extra: Record<string, string>; code: number; said: string[] }[] = [
  {
    name: 'with a contract number: the contact columns are not imported',
    extra: { 'Contract number': 'C-1' },
    code: 0,
    said: NOT_IMPORTED,
  },
  {
    name: 'without one: the number is missing, not taken from "Contact"',
    extra: {},
    code: 2,
    said: ['error: FILE: no column for Contract number (number), which is required for contracts'],
  },
];

describe('contact columns on a contract list', () => {
  it.each(cases)('$name', async ({ name, extra, code, said }) => {
    const row = { ...COLUMNS, ...extra };
    const file = join(env.dir, `${name.split(':')[0].replace(/\W+/g, '-')}.csv`);
    writeFileSync(file, `${Object.keys(row).join(',')}\n${Object.values(row).join(',')}\n`);
    const res = await runCli(['validate', file, '-r', 'contract', ...env.sb.args], { cwd: env.dir });
    expect(res.code, res.stderr).toBe(code);
    const lines = res.stderr.replaceAll(file, 'FILE').split('\n');
    expect(lines.filter((l) => /^(warning: column|error:)/.test(l))).toEqual(said);
  });
});
