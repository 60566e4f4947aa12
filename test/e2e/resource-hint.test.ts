// A run given no --resource for a CSV says which resource the headers look like when their
// fields name one (a serial number, a contract number), and names none when they do not: a
// hint, never a choice (exit 2, nothing read beyond the header).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from './cli.js';

const dir = tempDir('ab-resource-hint-');

const cases = [
  {
    what: 'a German asset register',
    text: 'Inventarnummer;Hersteller;Modell;Seriennummer;Land\nINV-1;Dell;Latitude 5540;SN1;Deutschland\n',
    hint: 'hint: The headers look like assets ("Inventarnummer" → asset_tag, "Hersteller" → manufacturer, "Modell" → asset_hardware_model.id): if they are, give --resource asset.',
  },
  {
    what: 'a contract list',
    text: 'Contract number,Name,Supplier,Start date,End date\nC-1,Support,Dell,2024-01-01,2025-01-01\n',
    hint: 'hint: The headers look like contracts ("Contract number" → number, "Supplier" → supplier, "Start date" → contract_start_date): if they are, give --resource contract.',
  },
  {
    what: 'headers every resource has (a name and a country)',
    text: 'Name,Country\nAcme,DE\n',
    hint: undefined,
  },
];

describe('no --resource', () => {
  it.each(cases)('$what', async ({ text, hint }) => {
    const file = join(dir, 'sheet.csv');
    writeFileSync(file, text);
    const res = await runCli(['validate', file, '--sandbox']);
    expect(res.code).toBe(2);
    const lines = res.stderr.trim().split('\n');
    expect(lines[0]).toBe('error: say what the rows are: --resource asset, contract or customer');
    expect(lines.slice(1)).toEqual(hint ? [`  ${hint}`] : []);
  });
});
