// The words registers use for the service's enum values (src/resources/value-words.ts): a
// cell holding one is read as its value, as a label is; each word means one value of its
// field, never another value's code or label.
import { describe, expect, it } from 'vitest';
import { coerceEnum } from '../../src/map/coerce.js';
import { compactName } from '../../src/map/normalize.js';
import { findResource, RESOURCES } from '../../src/resources/index.js';

const field = (resource: string, name: string) =>
  findResource(resource)!.fields.find((f) => f.name === name)!;

describe('a register word is read as the value it means', () => {
  it.each([
    ['contract', 'status', 'Actif', 'active'],
    ['contract', 'status', 'Résilié', 'terminated'],
    ['contract', 'status', 'expiré', 'expired'],
    ['contract', 'status', 'In Kraft', 'active'],
    ['contract', 'status', 'Gekündigt', 'terminated'],
    ['contract', 'contract_type', 'Achat', 'buy_side'],
    ['contract', 'contract_type', 'Verkauf', 'sell_side'],
    ['contract', 'payment_terms', '30 jours', 'net_30'],
    ['contract', 'payment_terms', '45 Tage netto', 'net_45'],
    ['contract', 'payment_terms', '60 days', 'net_60'],
    ['contract', 'expenditure_type.type', 'Investissement', 'capex'],
    ['contract', 'end_of_term_clause', 'Tacite reconduction', 'auto_renewed'],
    ['contract', 'financing', 'Leasing', 'leased'],
    ['asset', 'warranty_status', 'Hors garantie', 'out_of_warranty'],
    ['asset', 'warranty_status', 'Ausserhalb der Garantie', 'out_of_warranty'],
    ['asset', 'depreciation_schedule', '36 Monate', '3_year_33_percent'],
    ['asset', 'depreciation_schedule', '5 ans', '5_year_20_percent'],
    ['customer', 'contact_person.type', 'Facturation', 'billing'],
    // The labels and codes, as before.
    ['contract', 'status', 'ACTIVE', 'active'],
    ['contract', 'payment_terms', 'Net 30', 'net_30'],
  ])('%s %s: "%s" → %s', (resource, name, cell, value) => {
    expect(coerceEnum(cell, field(resource, name))).toEqual({ value });
  });

  it.each([
    ['contract', 'status', 'Offen'],
    ['contract', 'payment_terms', '90 jours'],
    ['contract', 'contract_type', 'Miete'],
  ])('%s %s: "%s" is no value (its words are listed)', (resource, name, cell) => {
    expect(coerceEnum(cell, field(resource, name)).problem).toMatch(/^"[^"]+" is not one of/);
  });
});

describe.each(
  RESOURCES.filter((d) => d.fields.some((f) => f.values?.some((v) => v.words))).map((d) => d.name),
)('%s: each enum word means one value', (resource) => {
  it('no word is two values, nor another value’s code or label', () => {
    const clashes: string[] = [];
    for (const f of findResource(resource)!.fields) {
      const owner = new Map<string, string>();
      for (const v of f.values ?? [])
        for (const w of [v.value, v.label, ...(v.words ?? [])]) {
          const k = compactName(w);
          const was = owner.get(k);
          if (was !== undefined && was !== v.value)
            clashes.push(`${f.name}: "${w}" is ${was} and ${v.value}`);
          owner.set(k, v.value);
        }
    }
    expect(clashes).toEqual([]);
  });
});
