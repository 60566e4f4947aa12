// A French contract list as purchasing keeps it (Windows-1252, semicolons, day-first dates,
// amounts with a decimal comma): its headers map ("N° contrat", "Statut", "Type",
// "Conditions de paiement") and its words for the service's values ("Actif", "Résilié",
// "En cours", "Achat", "30 jours") are read as the values they mean, with no mapping file
// beyond the country no column gives. The built CLI against the sandbox.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readReport, runCli, useSandbox } from './cli.js';

const env = useSandbox();
const FILE = 'test/fixtures/languages/fr-contrats.csv';

describe('a French contract register', () => {
  it('imports every row with the statuses, types and payment terms its words mean', async () => {
    const mapping = join(env.dir, 'fr.json');
    writeFileSync(mapping, JSON.stringify({ resource: 'contract', defaults: { country: 'France' } }));
    const report = join(env.dir, 'fr.report.csv');
    const res = await runCli([
      'import',
      FILE,
      '-r',
      'contract',
      '--mapping',
      mapping,
      '--report',
      report,
      ...env.sb.args,
    ]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toContain(
      'Columns: "N° contrat" → number, "Intitulé" → name, "Fournisseur" → supplier, "Date de début" → contract_start_date, "Date de fin" → contract_end_date, "Préavis (jours)" → notice_period, "Montant total" → total_contract_spend_value, "Statut" → status, "Type" → contract_type, "Conditions de paiement" → payment_terms',
    );
    expect(readReport(report).map((r) => r['#status'])).toEqual(['created', 'created', 'created']);
    const made = (await env.sb.records('contract'))
      .filter((c) => String(c.number).startsWith('FR-2024-'))
      .sort((a, b) => String(a.number).localeCompare(String(b.number)));
    expect(made.map((c) => [c.number, c.status, c.contract_type, c.payment_terms])).toEqual([
      ['FR-2024-01', 'active', 'buy_side', 'net_30'],
      ['FR-2024-02', 'terminated', 'buy_side', 'net_45'],
      ['FR-2024-03', 'active', 'buy_side', 'net_60'],
    ]);
  });
});
