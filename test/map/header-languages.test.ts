// Headers in German, French, Spanish, Italian, Dutch and Portuguese map like English ones
// (src/resources/languages.ts), and where two languages or two fields share a word, the
// English meaning or the likelier field wins.
import { describe, expect, it } from 'vitest';
import { mapHeaders, targetName, type Mapping } from '../../src/map/headers.js';
import { asset } from '../../src/resources/asset.js';
import { customer } from '../../src/resources/customer.js';
import { contract } from '../../src/resources/contract.js';

const targets = (m: Mapping) =>
  Object.fromEntries(m.columns.map((c) => [c.header, `${targetName(c.target)} (${c.how})`]));

describe('a header in another language maps to its field', () => {
  const cases: [string, string, string][] = [
    ['German "Modell"', 'Modell', 'asset_hardware_model.id (synonym)'],
    ['"Model", English before it is Dutch', 'Model', 'asset_hardware_model.id (synonym)'],
    ['Spanish "Nombre"', 'Nombre', 'name (synonym)'],
    ['French "N° de série", with the degree sign', 'N° de série', 'serial_number (synonym)'],
    ['Portuguese "Nº de Série", with the ordinal sign', 'Nº de Série', 'serial_number (synonym)'],
    ['German "Garantie bis"', 'Garantie bis', 'warranty_end_date (synonym)'],
    ['Dutch "Garantie (maanden)", the months', 'Garantie (maanden)', 'warranty_months (synonym)'],
    ['Italian "Matricola", the serial', 'Matricola', 'serial_number (synonym)'],
    ['German "Inventarnummer", the tag', 'Inventarnummer', 'asset_tag (synonym)'],
    ['French "Service", the department', 'Service', 'business_unit (synonym)'],
    ['German "Anschaffungswert" in capitals', 'ANSCHAFFUNGSWERT', 'original_cost (synonym)'],
    ['French "N° inventaire", without "d\'"', 'N° inventaire', 'asset_tag (synonym)'],
    ['Italian "Cespite", the fixed-asset code', 'Cespite', 'asset_tag (synonym)'],
    ['Dutch "Aanschafwaarde excl. btw"', 'Aanschafwaarde excl. btw', 'original_cost (synonym)'],
    ['Portuguese "Valor de aquisição s/ IVA"', 'Valor de aquisição s/ IVA', 'original_cost (synonym)'],
    ['Spanish "Precio de compra IVA incluido"', 'Precio de compra IVA incluido', 'original_cost (synonym)'],
    ['Spanish "Nº de activo", the tag', 'Nº de activo', 'asset_tag (synonym)'],
    ['French "Prix d\'achat HT", before tax', "Prix d'achat HT", 'original_cost (synonym)'],
    ['French "Montant TTC", tax included', 'Montant TTC', 'original_cost (synonym)'],
    ['German "Kaufpreis netto"', 'Kaufpreis netto', 'original_cost (synonym)'],
    ['German "Anschaffungswert inkl. MwSt."', 'Anschaffungswert inkl. MwSt.', 'original_cost (synonym)'],
    ['English "Purchase price excl. VAT"', 'Purchase price excl. VAT', 'original_cost (synonym)'],
    ['Spanish "Precio de compra sin IVA"', 'Precio de compra sin IVA', 'original_cost (synonym)'],
  ];
  it.each(cases)('%s', (_name, header, want) => {
    expect(targets(mapHeaders(asset, [header]))[header]).toBe(want);
  });
});

describe('two columns for one field: the likelier keeps it (null: the column is not imported)', () => {
  const cases: [string, string[], Record<string, string | null>][] = [
    [
      '"Name" (the label) over German "Bezeichnung"',
      ['Bezeichnung', 'Name'],
      { Name: 'name (name)', Bezeichnung: null },
    ],
    [
      'German "Bezeichnung" is the name, "Beschreibung" the notes',
      ['Beschreibung', 'Bezeichnung'],
      { Bezeichnung: 'name (synonym)', Beschreibung: 'asset_notes (synonym)' },
    ],
    [
      'Spanish "Descripción" alone is the name',
      ['Descripción', 'Número de serie'],
      { Descripción: 'name (synonym)', 'Número de serie': 'serial_number (synonym)' },
    ],
    [
      'English "Notes" over Portuguese "Observações"',
      ['Observações', 'Notes'],
      { Notes: 'asset_notes (synonym)', Observações: null },
    ],
  ];
  it.each(cases)('%s', (_name, headers, want) => {
    const got = targets(mapHeaders(asset, headers));
    for (const [h, t] of Object.entries(want)) expect(got[h] ?? null, h).toBe(t);
  });
});

describe('customers', () => {
  it('a German customer list: Firma, Ansprechpartner, E-Mail-Adresse, Straße, PLZ, Ort, Land, NDA unterschrieben', () => {
    const headers = [
      'Firma',
      'Ansprechpartner',
      'E-Mail-Adresse',
      'Straße',
      'PLZ',
      'Ort',
      'Land',
      'NDA unterschrieben',
    ];
    expect(targets(mapHeaders(customer, headers))).toEqual({
      Firma: 'name (synonym)',
      Ansprechpartner: 'contact_person.name (synonym)',
      'E-Mail-Adresse': 'contact_person.email (synonym)',
      Straße: 'address_line_1 (synonym)',
      PLZ: 'zip_postal_code (synonym)',
      Ort: 'city (synonym)',
      Land: 'country (synonym)',
      'NDA unterschrieben': 'nda_signed (synonym)',
    });
  });
});

describe('contracts', () => {
  const cases: [string, string[], Record<string, string>][] = [
    [
      'a German contract list',
      [
        'Vertragsnummer',
        'Vertragsname',
        'Vertragsart',
        'Lieferant',
        'Vertragsbeginn',
        'Vertragsende',
        'Kündigungsfrist (Tage)',
        'Vertragswert',
        'Status',
      ],
      {
        Vertragsnummer: 'number (synonym)',
        Vertragsname: 'name (synonym)',
        Vertragsart: 'contract_type (synonym)',
        Lieferant: 'supplier (synonym)',
        Vertragsbeginn: 'contract_start_date (synonym)',
        Vertragsende: 'contract_end_date (synonym)',
        'Kündigungsfrist (Tage)': 'notice_period (synonym)',
        Vertragswert: 'total_contract_spend_value (synonym)',
        Status: 'status (name)',
      },
    ],
    [
      'a French one',
      [
        'N° de contrat',
        'Intitulé',
        'Fournisseur',
        'Date de début',
        'Date de fin',
        'Préavis (jours)',
        'Montant du contrat',
        'Statut',
      ],
      {
        'N° de contrat': 'number (synonym)',
        Intitulé: 'name (synonym)',
        Fournisseur: 'supplier (synonym)',
        'Date de début': 'contract_start_date (synonym)',
        'Date de fin': 'contract_end_date (synonym)',
        'Préavis (jours)': 'notice_period (synonym)',
        'Montant du contrat': 'total_contract_spend_value (synonym)',
        Statut: 'status (synonym)',
      },
    ],
  ];
  it.each(cases)('%s', (_name, headers, want) => {
    expect(targets(mapHeaders(contract, headers))).toEqual(want);
  });
});
