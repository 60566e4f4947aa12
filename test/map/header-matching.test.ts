// mapHeaders without a mapping file: labels and names, synonyms (units in brackets
// ignored), fuzzy matches for typos, and columns that stay unmapped.
import { describe, expect, it } from 'vitest';
import { mapHeaders, targetName, type Mapping } from '../../src/map/headers.js';
import type { ResourceDef } from '../../src/resources/fields.js';
import { asset } from '../../src/resources/asset.js';
import { contract } from '../../src/resources/contract.js';
import { customer } from '../../src/resources/customer.js';

/** What the plan says beside an unmapped column: `closest: X`, `maybe X` (a guess to check), or nothing. */
const said = (m: Mapping) =>
  m.unmapped.map((u) => (u.suggestion ? `${u.maybe ? 'maybe' : 'closest:'} ${u.suggestion}` : undefined));

const targetOf = (m: Mapping, header: string) => {
  const c = m.columns.find((x) => x.header === header);
  return c ? `${targetName(c.target)} (${c.how})` : undefined;
};

describe('a header maps to a field', () => {
  const cases: [string, string, string][] = [
    ['the label', 'Serial number', 'serial_number (name)'],
    ['the service name', 'serial_number', 'serial_number (name)'],
    ['the label in capitals', 'ASSET TAG', 'asset_tag (name)'],
    ['a lookup by its bare name', 'category', 'category.id (name)'],
    ['"Serial No."', 'Serial No.', 'serial_number (synonym)'],
    ['"Purchase Cost ($)"', 'Purchase Cost ($)', 'original_cost (synonym)'],
    ['"Warranty Exp."', 'Warranty Exp.', 'warranty_end_date (synonym)'],
    ['"Sub Cat"', 'Sub Cat', 'category.subcategory (synonym)'],
    // Too short for a fuzzy guess, but a common abbreviation: a synonym, not a guess.
    ['"Cat"', 'Cat', 'category.id (synonym)'],
    ['"S/N"', 'S/N', 'serial_number (synonym)'],
    ['a label with units in brackets', 'Original cost (USD)', 'original_cost (name)'],
    ['a typo: "Serail Number"', 'Serail Number', 'serial_number (fuzzy)'],
    ['a typo: "Manufaturer"', 'Manufaturer', 'manufacturer (fuzzy)'],
  ];
  it.each(cases)('%s', (_name, header, want) => {
    expect(targetOf(mapHeaders(asset, [header]), header)).toBe(want);
  });
});

describe('a header stays unmapped', () => {
  const cases: [string, string, string | undefined][] = [
    // Too short to guess at (a fuzzy match would take "Cost" as readily): left to the user.
    ['"Cty", with City suggested', 'Cty', 'closest: City'],
    // Letters alone are no likeness: "Colour" has four of "Floor"'s, and no word of it.
    ['unknown words share letters, not a word: nothing suggested', 'Colour', undefined],
    ['nothing close, with no suggestion', 'Zzyzx Qqq', undefined],
    // A word our fields use ("Warranty contact phone") is no misspelling of another ("Contract"):
    // Lansweeper's Contact. One letter off "Contract", it is said as a guess to check.
    ['"Contact", a word of our own, is not guessed to be "Contract"', 'Contact', 'maybe Contract'],
    // A generic word ("number", "date", "name", "id") shared alone makes no suggestion; with
    // the rest alike it does.
    ['Snipe-IT\'s "Order Number", not "Serial number"', 'Order Number', undefined],
    ['"Invoice Number", not "Serial number"', 'Invoice Number', undefined],
    ['"Purchased date", not "Support end date"', 'Purchased date', undefined],
    ['"Date", a generic word alone, not "Name"', 'Date', undefined],
    ['"Srl number": the rest alike too, "Serial number"', 'Srl number', 'closest: Serial number'],
    ['"Parent serial no": "Parent serial number"', 'Parent serial no', 'closest: Parent serial number'],
    ['"Supplier Name": no word shared but "supplier", "Supplier"', 'Supplier Name', 'closest: Supplier'],
  ];
  it.each(cases)('%s', (_name, header, want) => {
    const m = mapHeaders(asset, [header]);
    expect(m.columns).toEqual([]);
    expect(said(m)).toEqual([want]);
  });

  it('an empty header', () => {
    expect(mapHeaders(asset, ['Name', '  ']).unmapped).toEqual([{ index: 1, header: '  ' }]);
  });
});

// "code" and "type" end many labels (Zip code, Warranty type, Contract type, Contact type) and
// many headers of other tools that are none of them: shared alone, they suggest nothing. Real
// headers first (where each is written so), then ours in the same shapes; last, the right
// suggestions that share the word and are kept (an abbreviation, words in another order).
describe('"code" or "type" shared alone makes no suggestion', () => {
  const cases: [string, ResourceDef, string, string | undefined][] = [
    // Snipe-IT's importer (app/Livewire/Importer.php, checkout_class): "Support type" was offered.
    [`Snipe-IT's "Checkout Type", not "Support type"`, asset, 'Checkout Type', undefined],
    // GLPI's suppliers (Supplier::rawSearchOptions, option 9) and its financial information.
    [`GLPI's "Third party type"`, customer, 'Third party type', undefined],
    [`GLPI's "Amortization type"`, asset, 'Amortization type', undefined],
    ['"Cost Code", not "Zip code"', asset, 'Cost Code', undefined],
    ['"Site code", not "Zip code"', asset, 'Site code', undefined],
    ['"Code" alone, not "Zip code"', asset, 'Code', undefined],
    ['"Model Type", nothing', asset, 'Model Type', undefined],
    ['"Renewal type", not "Contract type"', contract, 'Renewal type', undefined],
    ['"Customer type", not "Contact type"', customer, 'Customer type', undefined],
    ['"Wty type": "Warranty type" (an abbreviation)', asset, 'Wty type', 'closest: Warranty type'],
    ['"Supp. type": "Support type"', asset, 'Supp. type', 'closest: Support type'],
    // "post" is no word of "Zip code": a guess to check.
    ['"Zip/post code": maybe "Zip code"', asset, 'Zip/post code', 'maybe Zip code'],
    ['"Expend. type": "Expenditure type"', contract, 'Expend. type', 'closest: Expenditure type'],
    ['"Expense type": "Expenditure type"', contract, 'Expense type', 'closest: Expenditure type'],
    ['"Contr. type": "Contract type"', contract, 'Contr. type', 'closest: Contract type'],
    [
      '"Postal/zip code": "Zip/postal code" (the words in another order)',
      customer,
      'Postal/zip code',
      'closest: Zip/postal code',
    ],
    ['"Cont. type": "Contact type"', customer, 'Cont. type', 'closest: Contact type'],
  ];
  it.each(cases)('%s', (_name, def, header, want) => {
    const m = mapHeaders(def, [header]);
    expect(m.columns).toEqual([]);
    expect(said(m)).toEqual([want]);
  });
});

// A suggestion must stand for each meaningful word of the label (as written, cut short, or,
// said as "maybe", misspelt): a shared prefix ("Service type", "Service start date") or
// letters ("OScode", "Zip code") are not enough. Real headers of other tools' exports, each
// named with where it is written so, and the wrong suggestion each had.
describe("other tools' headers: a suggestion shares the label's words", () => {
  const cases: [string, ResourceDef, string, string | undefined][] = [
    // Lansweeper's asset columns (tblAssets: OScode, AssetTypename, AssetUnique, FQDN, IPAddress,
    // SiteID, FirstSeen; tblAssetCustom: Custom1 …).
    [`Lansweeper's "OScode", not "Zip code"`, asset, 'OScode', undefined],
    [`Lansweeper's "AssetTypename"`, asset, 'AssetTypename', undefined],
    [`Lansweeper's "AssetUnique"`, asset, 'AssetUnique', undefined],
    [`Lansweeper's "FQDN"`, asset, 'FQDN', undefined],
    [`Lansweeper's "IPAddress", not "Address"`, customer, 'IPAddress', undefined],
    [`Lansweeper's "SiteID"`, asset, 'SiteID', undefined],
    [`Lansweeper's "FirstSeen"`, asset, 'FirstSeen', undefined],
    [`Lansweeper's "Custom1", not "Customer"`, contract, 'Custom1', undefined],
    // Freshservice's assets (API fields usage_type, impact, group_id "Managed By Group", assigned_on).
    [`Freshservice's "Usage Type", not "Usage status"`, asset, 'Usage Type', undefined],
    [`Freshservice's "Impact"`, asset, 'Impact', undefined],
    [`Freshservice's "Managed By Group"`, asset, 'Managed By Group', undefined],
    [`Freshservice's "Assigned on"`, asset, 'Assigned on', undefined],
    ['"Service type", not "Service start date"', asset, 'Service type', undefined],
    ['"Service type" of a contract, not "Service start date"', contract, 'Service type', undefined],
    // A word of the label's ("contact" for "Contract") misspelt and one it lacks ("support"): too far.
    ['"Support contract type", not "Contact type"', customer, 'Support contract type', undefined],
    ['"Support contract type": maybe "Support type"', asset, 'Support contract type', 'maybe Support type'],
    ['"Invoice period", not "Notice period (days)"', contract, 'Invoice period', undefined],
    ['"Location code", not "Asset location address"', asset, 'Location code', undefined],
    // ServiceNow's hardware assets (alm_hardware's form: Configuration Item, Substate, Stockroom …).
    [`ServiceNow's "Configuration Item"`, asset, 'Configuration Item', undefined],
    [`ServiceNow's "Substate"`, asset, 'Substate', undefined],
    [`ServiceNow's "Stockroom"`, asset, 'Stockroom', undefined],
    [`ServiceNow's "Support group", not "Support type"`, asset, 'Support group', undefined],
    [`ServiceNow's "Lease contract": maybe "Contract"`, asset, 'Lease contract', 'maybe Contract'],
    // Snipe-IT's importer (app/Importer/import_mappings.md).
    [`Snipe-IT's "Licensed to email"`, asset, 'Licensed to email', undefined],
    [`Snipe-IT's "Requestable"`, asset, 'Requestable', undefined],
    // Headers that name our field with a word more or a word short get it.
    ['"Category Name": "Category"', asset, 'Category Name', 'closest: Category'],
    ['"Country name": "Country"', contract, 'Country name', 'closest: Country'],
    ['"Business unit name": "Business unit"', asset, 'Business unit name', 'closest: Business unit'],
    ['"Hardware model name": "Hardware model"', asset, 'Hardware model name', 'closest: Hardware model'],
    [
      '"Support provider name": "Support provider"',
      asset,
      'Support provider name',
      'closest: Support provider',
    ],
    ['"Service start": "Service start date"', asset, 'Service start', 'closest: Service start date'],
  ];
  it.each(cases)('%s', (_name, def, header, want) => {
    const m = mapHeaders(def, [header]);
    expect(m.columns).toEqual([]);
    expect(said(m)).toEqual([want]);
  });
});

// A fuzzy match maps a header only when its words are surely a name of the field's
// (likeness): "Contact" is one letter from "Contract", and another word. A contract list with
// a contact person's column sent the person's name as the contract's number.
describe('a fuzzy match needs the words of a name of the field', () => {
  const cases: [string, ResourceDef, string, string | undefined, string | undefined][] = [
    // Letters alike ("contractnummer", "contract name"); the words are not.
    ['"Contact" on a contract: not the number', contract, 'Contact', undefined, 'maybe Contract type'],
    ['"Contact name" on a contract: not the name', contract, 'Contact name', undefined, undefined],
    ['"Contact email" on a contract: nothing', contract, 'Contact email', undefined, undefined],
    [
      '"Contact" on a customer: the contact person',
      customer,
      'Contact',
      'contact_person.name (synonym)',
      undefined,
    ],
    ['"Contact name" on a customer', customer, 'Contact name', 'contact_person.name (name)', undefined],
    ['"Contact email" on a customer', customer, 'Contact email', 'contact_person.email (name)', undefined],
    ['"Contact" on an asset: a guess to check', asset, 'Contact', undefined, 'maybe Contract'],
    ['"Contact name" on an asset: a guess to check', asset, 'Contact name', undefined, 'maybe Contract'],
    ['"Contact email" on an asset: nothing', asset, 'Contact email', undefined, undefined],
    // Typos of the field's own words still map: two letters swapped, one left out of a long word.
    ['"Contarct number": the number', contract, 'Contarct number', 'number (fuzzy)', undefined],
    ['Dutch "Contractnumer": the number', contract, 'Contractnumer', 'number (fuzzy)', undefined],
    ['"Serail Number": the serial number', asset, 'Serail Number', 'serial_number (fuzzy)', undefined],
  ];
  it.each(cases)('%s', (_name, def, header, target, suggestion) => {
    const m = mapHeaders(def, [header]);
    expect(targetOf(m, header)).toBe(target);
    expect(said(m)).toEqual(target ? [] : [suggestion]);
  });
});

describe("our report's columns (starting with #) stay unmapped", () => {
  const cases: [string, 'create' | 'update'][] = [
    ['#row', 'create'],
    ['#status', 'create'],
    ['#id', 'update'],
    ['#message', 'create'],
    ['#warnings', 'create'],
  ];
  it.each(cases)('%s (%s)', (header, mode) => {
    const m = mapHeaders(asset, [header, 'Name'], { mode });
    expect(m.columns.map((c) => c.header)).toEqual(['Name']);
    expect(m.unmapped).toEqual([{ index: 0, header }]);
  });
});

describe('fuzzy matching comes last', () => {
  it('an exact header later in the sheet keeps its field from a typo earlier', () => {
    const m = mapHeaders(asset, ['Serail Number', 'Serial number']);
    expect(targetOf(m, 'Serial number')).toBe('serial_number (name)');
    expect(targetOf(m, 'Serail Number')).toBeUndefined();
  });
});

describe('the id column', () => {
  const cases: [string, 'create' | 'update', string | undefined][] = [
    ['maps on update', 'update', 'id (name)'],
    ['does not map on create', 'create', undefined],
  ];
  it.each(cases)('%s', (_name, mode, want) => {
    expect(targetOf(mapHeaders(asset, ['ID', 'Name'], { mode }), 'ID')).toBe(want);
  });

  it('create-only fields are not targets on update', () => {
    expect(
      targetOf(mapHeaders(contract, ['Contract type'], { mode: 'update' }), 'Contract type'),
    ).toBeUndefined();
    expect(targetOf(mapHeaders(contract, ['Contract type'], { mode: 'create' }), 'Contract type')).toBe(
      'contract_type (name)',
    );
  });
});
