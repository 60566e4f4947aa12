// The headers of real German and French asset registers (SAP's asset list, GLPI's French
// computer list, hand-kept Inventar sheets), each with the field it is, or none and why. Each
// sheet is mapped whole, so a word that steals another's column fails here.
import { describe, expect, it } from 'vitest';
import { mapHeaders, targetName, type CustomFieldSet, type Mapping } from '../../src/map/headers.js';
import { asset } from '../../src/resources/asset.js';

/** [header, field (null: no field takes it), why]. */
type Row = [string, string | null, string];

const SAP: Row[] = [
  ['Anlagenbezeichnung', 'name', "SAP's asset description: what the asset is called"],
  ['Inventarnummer', 'asset_tag', 'the inventory number on the label'],
  [
    'Aktivierungsdatum',
    'service_start_date',
    'capitalisation date: the start of depreciation, as the field says',
  ],
  ['Anschaffungswert', 'original_cost', 'acquisition value'],
  ['Kostenstelle', null, 'the service has no cost centre field (spec 4.2): a custom field, by its name'],
  ['Standort', 'location_description', 'the site, free text'],
  ['Raum', 'room', 'room'],
  ['Zustand', 'asset_usage_status', 'the state (In Betrieb, defekt …), as French "État"'],
  ['Hersteller', 'manufacturer', 'maker'],
  ['Modell', 'asset_hardware_model.id', 'the hardware model list'],
  ['Seriennummer', 'serial_number', 'serial number'],
  ['Lieferant', 'attached_supplier', 'supplier'],
  ['Garantie bis', 'warranty_end_date', 'warranty end'],
  ['Abteilung', 'business_unit', 'department: the business unit list'],
  ['Verantwortlicher', 'asset_owner', 'the person responsible'],
  ['Bemerkung', 'asset_notes', 'notes'],
  ['Buchwert', null, 'net book value: the service keeps cost and salvage value, not a book value'],
  ['Anlagenklasse', null, "SAP's account class (3100), a code, not the category list's names"],
];

const GLPI: Row[] = [
  ['Nom', 'name', 'name'],
  ['Fabricant', 'manufacturer', 'maker'],
  ['Modèle', 'asset_hardware_model.id', 'the hardware model list'],
  ['Numéro de série', 'serial_number', 'serial number'],
  ["Numéro d'inventaire", 'asset_tag', "GLPI's inventory number"],
  ['Statut', 'asset_usage_status', 'the state'],
  ['Lieu', 'location_description', 'GLPI\'s location, "Paris > Bât A", free text'],
  ["Date d'achat", 'service_start_date', 'purchase date'],
  ['Fin de garantie', 'warranty_end_date', 'warranty end'],
  ['Fournisseur', 'attached_supplier', 'supplier'],
  ['Commentaires', 'asset_notes', 'notes'],
  ['Centre de coût', null, 'the service has no cost centre field (spec 4.2): a custom field, by its name'],
  ['Valeur', 'original_cost', "GLPI's financial value: the purchase value"],
  ['Service', 'business_unit', 'department: the business unit list'],
  ['Utilisateur', 'asset_owner', 'the user the asset is with'],
  ['Usager', null, "GLPI's free-text user; Utilisateur, beside it, takes the owner"],
  ['Entité', null, "GLPI's entity: the company is the run's --company (company column)"],
  ['Type', 'category.id', 'the category list'],
  ['Numéro de facture', null, 'the invoice number: no such field'],
];

const targets = (m: Mapping) => Object.fromEntries(m.columns.map((c) => [c.header, targetName(c.target)]));

describe.each([
  ['an SAP asset list (German)', SAP],
  ['a GLPI computer list (French)', GLPI],
])('%s: each header, in the whole sheet', (_name, rows) => {
  const got = targets(
    mapHeaders(
      asset,
      rows.map(([h]) => h),
    ),
  );
  it.each(rows)('%s → %s (%s)', (header, field) => {
    expect(got[header] ?? null).toBe(field);
  });
});

describe('a word alone maps to its field', () => {
  const alone: [string, string][] = [
    ['Zustand', 'asset_usage_status'],
    ['Aktivierungsdatum', 'service_start_date'],
    ['Anlagenbezeichnung', 'name'],
    ['Valeur', 'original_cost'],
    ['Usager', 'asset_owner'],
  ];
  it.each(alone)('%s → %s', (header, field) => {
    expect(targets(mapHeaders(asset, [header]))[header]).toBe(field);
  });
});

describe('a cost centre is a custom field, by its name', () => {
  const custom: CustomFieldSet = {
    fieldTemplates: [
      {
        id: 1,
        name: 'Anlagen',
        is_active: true,
        type: 'asset',
        fields: [{ id: 11, name: 'Kostenstelle', data_type: 'text', is_active: true, order: 1 }],
      },
    ],
    formTemplates: [],
  };
  it('"Kostenstelle", with a custom field of that name, maps to it', () => {
    const m = mapHeaders(asset, ['Kostenstelle', 'Abteilung'], { custom });
    expect(targets(m)).toEqual({ Kostenstelle: 'custom:Anlagen/Kostenstelle', Abteilung: 'business_unit' });
  });
});
