// A required field's column whose values are not the field's ("Vertragsart" holding the
// German "Einkauf", "Verkauf") is set aside by the mapping, and the run stops for want of the
// field (exit 2). The error says which column was set aside and why, and the value table that
// lets it through; the table it proposes does import the sheet.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, useSandbox } from './cli.js';

const env = useSandbox({ rateLimit: 0 });

const HEADER =
  'Vertragsnummer;Vertragsname;TYPE;Lieferant;Land;Status;Vertragsbeginn;Vertragsende;Gesamtwert';
const ROW = 'V-1;Wartung;VALUE;Bechtle;Deutschland;Active;01.01.2025;31.12.2025;4.800,00 €';

const cases: { name: string; type: string; value: string; hint: string }[] = [
  {
    // "Einkauf" is read as buy side (value-words.ts); a kind of contract is no side.
    name: 'a German register whose Vertragsart is the kind of contract',
    type: 'Vertragsart',
    value: 'Wartungsvertrag',
    hint:
      'Column "Vertragsart" was not taken for it: it holds "Wartungsvertrag", which is not a contract type. If it is the ' +
      'contract type, map it with a value table: {"columns": {"Vertragsart": "contract_type"}, "values": ' +
      '{"Vertragsart": {"Wartungsvertrag": "<Buy side | Sell side>"}}}. Headers seen: ',
  },
  { name: 'no column for it at all', type: 'Abteilung', value: 'IT', hint: 'Headers seen: ' },
];

describe('a required column set aside by its values', () => {
  it.each(cases)('$name', async ({ type, value, hint }) => {
    const file = join(env.dir, `${type}.csv`);
    writeFileSync(file, `${HEADER.replace('TYPE', type)}\n${ROW.replace('VALUE', value)}\n`);
    const res = await runCli(['validate', file, '-r', 'contract', ...env.sb.args], { cwd: env.dir });
    expect(res.code, res.stderr).toBe(2);
    const lines = res.stderr.split('\n');
    expect(lines.find((l) => l.startsWith('error: '))).toBe(
      `error: ${file}: no column for Contract type (contract_type), which is required for contracts`,
    );
    expect(lines.find((l) => l.startsWith('  hint: '))?.slice(0, `  hint: ${hint}"`.length)).toBe(
      `  hint: ${hint}"`,
    );
  });

  it('the value table the hint proposes imports the row', async () => {
    const file = join(env.dir, 'vertraege.csv');
    writeFileSync(file, `${HEADER.replace('TYPE', 'Vertragsart')}\n${ROW.replace('VALUE', 'Einkauf')}\n`);
    const mapping = join(env.dir, 'mapping.json');
    writeFileSync(
      mapping,
      JSON.stringify({
        columns: { Vertragsart: 'contract_type' },
        values: { Vertragsart: { Einkauf: 'Buy side' } },
      }),
    );
    const res = await runCli(['import', file, '-r', 'contract', '--mapping', mapping, ...env.sb.args], {
      cwd: env.dir,
    });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain('Done: 1 row — 1 created');
    const created = (await env.sb.records('contract')).find((c) => c.number === 'V-1');
    expect(created?.contract_type).toBe('buy_side');
  });
});
