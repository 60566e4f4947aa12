// The headers of real German and French registers (SAP's asset list, GLPI's French computer
// list, hand-kept Inventar sheets; the contract and customer lists purchasing, legal and sales
// keep), each with the field it is, or none and why. Each sheet is mapped whole, so a word that
// steals another's column fails here.
import { describe, expect, it } from 'vitest';
import { mapHeaders, targetName, type CustomFieldSet, type Mapping } from '../../src/map/headers.js';
import { asset } from '../../src/resources/asset.js';
import { contract } from '../../src/resources/contract.js';
import { customer } from '../../src/resources/customer.js';
import type { ResourceDef } from '../../src/resources/fields.js';

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

/** A contract register kept by purchasing (a Vertragsverzeichnis). */
const VERTRAEGE: Row[] = [
  ['Vertragsnummer', 'number', 'the contract number'],
  ['Vertragsbezeichnung', 'name', "the contract's title"],
  ['Vertragspartner', 'supplier', 'the other party of a buy-side register'],
  ['Kunde', 'customer', 'the customer of a sell-side contract'],
  ['Vertragsbeginn', 'contract_start_date', 'start'],
  ['Vertragsende', 'contract_end_date', 'end'],
  ['Laufzeit', null, 'the term ("24 Monate"): the service keeps start and end dates, no duration (spec 4.3)'],
  ['Kündigungsfrist', 'notice_period', 'notice period (the field counts days)'],
  ['Automatische Verlängerung', 'end_of_term_clause', 'auto renewal: what the contract says at its end'],
  ['Status', 'status', 'status'],
  ['Vertragswert', 'total_contract_spend_value', 'the total value'],
  ['Monatliche Kosten', 'mrc', 'the monthly cost'],
  ['Währung', null, 'a contract has no currency field (spec 4.3)'],
  ['Kategorie', 'category.id', 'the category list'],
  ['Abteilung', 'business_unit', 'department: the business unit list'],
  ['Land', 'country', 'country'],
  ['Unterzeichnet am', 'signed_date', 'signature date'],
  ['Kostenstelle', null, 'no cost centre field (spec 4.3): a custom field, by its name'],
];

const CONTRATS: Row[] = [
  ['Numéro de contrat', 'number', 'the contract number'],
  ['Intitulé', 'name', "the contract's title"],
  ['Fournisseur', 'supplier', 'supplier'],
  ['Client', 'customer', 'the customer of a sell-side contract'],
  ['Date de début', 'contract_start_date', 'start'],
  ['Date de fin', 'contract_end_date', 'end'],
  ['Durée', null, 'the term ("36 mois"): the service keeps start and end dates, no duration (spec 4.3)'],
  ['Préavis', 'notice_period', 'notice period (the field counts days)'],
  ['Reconduction tacite', 'end_of_term_clause', 'tacit renewal: what the contract says at its end'],
  ['Date de mise en service', 'service_start_date', 'first day of service'],
  ['Statut', 'status', 'status'],
  ['Montant du contrat', 'total_contract_spend_value', 'the total value'],
  ['Devise', null, 'a contract has no currency field (spec 4.3)'],
  ['Catégorie', 'category.id', 'the category list'],
  ['Service', 'business_unit', 'department: the business unit list'],
  ['Pays', 'country', 'country'],
  ['Date de signature', 'signed_date', 'signature date'],
];

/** A customer list kept by sales (a Kundenliste). */
const KUNDEN: Row[] = [
  ['Kundennummer', null, 'the service has no customer number (spec 4.4): a custom field, by its name'],
  ['Firma', 'name', "the customer's name"],
  ['Ansprechpartner', 'contact_person.name', 'the contact person'],
  ['E-Mail', 'contact_person.email', "the contact's email: the only email a customer has"],
  ['Kontaktart', 'contact_person.type', "the contact's role (Vertrieb, Buchhaltung: value-words.ts)"],
  ['Telefon', 'phone', 'phone'],
  ['Mobil', 'mobile', 'mobile'],
  ['Fax', 'fax', 'fax'],
  ['Straße', 'address_line_1', 'street and number'],
  ['Adresszusatz', 'address_line_2', 'the second address line'],
  ['PLZ', 'zip_postal_code', 'postcode'],
  ['Ort', 'city', 'town'],
  ['Bundesland', 'state_province', 'state'],
  ['Land', 'country', 'country'],
  ['Webseite', 'website', 'website'],
  ['Branche', 'category', 'industry: the category list'],
  ['Bemerkungen', 'general_description', 'notes'],
  ['Umsatz', null, 'revenue: the service keeps none for a customer'],
];

const CLIENTS: Row[] = [
  ['Code client', null, 'the service has no customer number (spec 4.4): a custom field, by its name'],
  ['Raison sociale', 'name', "the customer's registered name"],
  ['Interlocuteur', 'contact_person.name', 'the contact person'],
  ['Type de contact', 'contact_person.type', "the contact's role"],
  ['Courriel', 'contact_person.email', "the contact's email"],
  ['Téléphone', 'phone', 'phone'],
  ['Portable', 'mobile', 'mobile'],
  ['Adresse', 'address_line_1', 'street and number'],
  ["Complément d'adresse", 'address_line_2', 'the second address line'],
  ['Code postal', 'zip_postal_code', 'postcode'],
  ['Ville', 'city', 'town'],
  ['Région', 'state_province', 'region'],
  ['Pays', 'country', 'country'],
  ['Site web', 'website', 'website'],
  ["Secteur d'activité", 'category', 'industry: the category list'],
  ['Remarques', 'general_description', 'notes'],
  ['SIRET', null, 'the French company register number: no such field'],
];

describe.each<[string, ResourceDef, Row[]]>([
  ['an SAP asset list (German)', asset, SAP],
  ['a GLPI computer list (French)', asset, GLPI],
  ['a contract register (German)', contract, VERTRAEGE],
  ['a contract register (French)', contract, CONTRATS],
  ['a customer list (German)', customer, KUNDEN],
  ['a customer list (French)', customer, CLIENTS],
])('%s: each header, in the whole sheet', (_name, def, rows) => {
  const got = targets(
    mapHeaders(
      def,
      rows.map(([h]) => h),
    ),
  );
  it.each(rows)('%s → %s (%s)', (header, field) => {
    expect(got[header] ?? null).toBe(field);
  });
});

describe('a word alone maps to its field', () => {
  const alone: [ResourceDef, string, string | undefined][] = [
    [asset, 'Zustand', 'asset_usage_status'],
    [asset, 'Aktivierungsdatum', 'service_start_date'],
    [asset, 'Anlagenbezeichnung', 'name'],
    [asset, 'Valeur', 'original_cost'],
    [asset, 'Usager', 'asset_owner'],
    // A customer list's name column, whichever word it is, with nothing beside it.
    [customer, 'Kunde', 'name'],
    [customer, 'Firma', 'name'],
    [customer, 'Client', 'name'],
    [customer, 'Société', 'name'],
    [customer, 'Raison sociale', 'name'],
    [customer, 'E-Mail', 'contact_person.email'],
    [customer, 'Courriel', 'contact_person.email'],
    [contract, 'Kunde', 'customer'],
    [contract, 'Client', 'customer'],
    [contract, 'Laufzeit', undefined],
    [contract, 'Durée', undefined],
  ];
  it.each(alone.map(([def, header, field]) => [def.name, header, field, def] as const))(
    '%s: %s → %s',
    (_resource, header, field, def) => {
      expect(targets(mapHeaders(def, [header]))[header]).toBe(field);
    },
  );
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
