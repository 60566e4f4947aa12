// A home-grown register's totals line, in the languages its headers are read in: a German
// "Summe" under the costs (a SUM formula), a French "Total général :", a Dutch "Totaal". It is
// skipped as a totals row and counted in the plan, never created as an asset named "Summe".
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { countWrites, readReport, runCli, useSandbox } from './cli.js';

const env = useSandbox({ rateLimit: 0 });

const cases = [
  { name: 'a German Inventar', word: 'Summe', headers: ['Bezeichnung', 'Seriennummer', 'Anschaffungswert'] },
  {
    name: 'a French inventaire',
    word: 'Total général :',
    headers: ['Désignation', 'Numéro de série', "Prix d'achat"],
  },
  { name: 'a Dutch inventaris', word: 'Totaal', headers: ['Omschrijving', 'Serienummer', 'Aankoopprijs'] },
];

async function register(file: string, word: string, headers: string[], prefix: string): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Inventar');
  ws.addRow(['IT-Inventar Standort Berlin']);
  ws.addRow([]);
  ws.addRow(headers);
  ws.addRow(['Notebook Buchhaltung', `${prefix}-1`, 1249]);
  ws.addRow(['Arbeitsplatz Empfang', `${prefix}-2`, 899.5]);
  ws.addRow([word, '', { formula: 'SUM(C4:C5)', result: 2148.5 }]);
  await wb.xlsx.writeFile(file);
}

describe("a register's totals line in its own language", () => {
  it.each(cases.map((c, i) => ({ ...c, prefix: `TW${i}` })))(
    '$name: "$word" is skipped as a totals row, not created',
    async ({ word, headers, prefix }) => {
      const file = join(env.dir, `${prefix}.xlsx`);
      await register(file, word, headers, prefix);
      await env.sb.resetStats();
      const res = await runCli(['import', file, '-r', 'asset', ...env.sb.args], { cwd: env.dir });
      expect(res.code, res.stderr).toBe(0);
      expect(res.stderr).toContain(
        '2 rows below the header on row 3, 1 row above the header and 1 totals row skipped.',
      );
      expect(res.stdout).toContain('Done: 3 rows — 2 created, 0 updated, 1 skipped, 0 invalid, 0 failed.');
      const report = readReport(`${file}.report.csv`);
      expect(report.map((r) => [r['#status'], r['#message']])).toEqual([
        ['created', ''],
        ['created', ''],
        ['skipped', 'looks like a totals row, not a record'],
      ]);
      expect(countWrites(await env.sb.stats())).toBe(2);
    },
  );
});
