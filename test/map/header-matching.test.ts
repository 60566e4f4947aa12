// mapHeaders without a mapping file: labels and names, synonyms (units in brackets
// ignored), fuzzy matches for typos, and columns that stay unmapped.
import { describe, expect, it } from 'vitest';
import { mapHeaders, targetName, type Mapping } from '../../src/map/headers.js';
import type { ResourceDef } from '../../src/resources/fields.js';
import { asset } from '../../src/resources/asset.js';
import { contract } from '../../src/resources/contract.js';
import { customer } from '../../src/resources/customer.js';

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
    ['"Cty", with City suggested', 'Cty', 'City'],
    ['unknown words, with the closest label suggested', 'Colour', 'Floor'],
    ['nothing close, with no suggestion', 'Zzyzx Qqq', undefined],
    // A word our fields use ("Warranty contact phone") is no misspelling of another ("Contract"): Lansweeper's Contact.
    ['"Contact", a word of our own, is not guessed to be "Contract"', 'Contact', 'Contract'],
    // A generic word ("number", "date", "name", "id") shared alone makes no suggestion; with
    // the rest alike it does.
    ['Snipe-IT\'s "Order Number", not "Serial number"', 'Order Number', undefined],
    ['"Invoice Number", not "Serial number"', 'Invoice Number', undefined],
    ['"Purchased date", not "Support end date"', 'Purchased date', undefined],
    ['"Date", a generic word alone, not "Name"', 'Date', undefined],
    ['"Srl number": the rest alike too, "Serial number"', 'Srl number', 'Serial number'],
    ['"Parent serial no": "Parent serial number"', 'Parent serial no', 'Parent serial number'],
    ['"Supplier Name": no word shared but "supplier", "Supplier"', 'Supplier Name', 'Supplier'],
  ];
  it.each(cases)('%s', (_name, header, suggestion) => {
    const m = mapHeaders(asset, [header]);
    expect(m.columns).toEqual([]);
    expect(m.unmapped).toEqual([{ index: 0, header, suggestion }]);
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
    ['Snipe-IT\'s "Checkout Type", not "Support type"', asset, 'Checkout Type', undefined],
    // GLPI's suppliers (Supplier::rawSearchOptions, option 9) and its financial information.
    ['GLPI\'s "Third party type"', customer, 'Third party type', undefined],
    ['GLPI\'s "Amortization type"', asset, 'Amortization type', undefined],
    ['"Cost Code", not "Zip code"', asset, 'Cost Code', undefined],
    ['"Site code", not "Zip code"', asset, 'Site code', undefined],
    ['"Code" alone, not "Zip code"', asset, 'Code', undefined],
    ['"Model Type", nothing', asset, 'Model Type', undefined],
    ['"Renewal type", not "Contract type"', contract, 'Renewal type', undefined],
    ['"Customer type", not "Contact type"', customer, 'Customer type', undefined],
    ['"Wty type": "Warranty type" (an abbreviation)', asset, 'Wty type', 'Warranty type'],
    ['"Supp. type": "Support type"', asset, 'Supp. type', 'Support type'],
    ['"Zip/post code": "Zip code"', asset, 'Zip/post code', 'Zip code'],
    ['"Expend. type": "Expenditure type"', contract, 'Expend. type', 'Expenditure type'],
    ['"Expense type": "Expenditure type"', contract, 'Expense type', 'Expenditure type'],
    ['"Contr. type": "Contract type"', contract, 'Contr. type', 'Contract type'],
    [
      '"Postal/zip code": "Zip/postal code" (the words in another order)',
      customer,
      'Postal/zip code',
      'Zip/postal code',
    ],
    ['"Cont. type": "Contact type"', customer, 'Cont. type', 'Contact type'],
  ];
  it.each(cases)('%s', (_name, def, header, suggestion) => {
    const m = mapHeaders(def, [header]);
    expect(m.columns).toEqual([]);
    expect(m.unmapped).toEqual([{ index: 0, header, suggestion }]);
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
