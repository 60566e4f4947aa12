// Which cells read as "no value": the placeholders legacy registers write, in each language,
// whole-cell and case aside; and the near misses that are values and must stay so.
import { describe, expect, it } from 'vitest';
import { placeholderOf, readsPlaceholders } from '../../src/map/placeholders.js';
import { asset as ASSET } from '../../src/resources/asset.js';
import { contract } from '../../src/resources/contract.js';
import { customer } from '../../src/resources/customer.js';
import type { ResourceDef } from '../../src/resources/fields.js';
import type { Target } from '../../src/map/target.js';

describe('a placeholder is read as no value', () => {
  const cases: { language: string; cells: string[] }[] = [
    { language: 'signs', cells: ['-', '--', '—', '–', '?', ' - '] },
    {
      language: 'English',
      cells: ['N/A', 'n/a', 'n.a.', 'none', 'None', 'unknown', 'UNKNOWN', 'TBD', 'null', ' n/a '],
    },
    {
      language: 'German',
      cells: ['k.A.', 'k. A.', 'keine Angabe', 'n.v.', 'unbekannt', 'Unbekannt', 'entfällt'],
    },
    {
      language: 'French',
      cells: ['N/C', 'n.c.', 'non communiqué', 'Non Communique', 'inconnu', 'néant', 'NEANT'],
    },
  ];
  it.each(cases)('$language', ({ cells }) => {
    for (const cell of cells) expect(placeholderOf(cell), cell).toBe(cell.trim());
  });
});

describe('in a name, only the signs and abbreviations are read as no value', () => {
  const cases: { name: string; cell: string; none: boolean }[] = [
    { name: 'a dash', cell: '-', none: true },
    { name: 'two dashes', cell: '--', none: true },
    { name: 'an em dash', cell: '—', none: true },
    { name: 'a question mark', cell: '?', none: true },
    { name: 'N/A', cell: 'N/A', none: true },
    { name: 'n.a.', cell: 'n.a.', none: true },
    { name: 'German k. A.', cell: 'k. A.', none: true },
    { name: 'French N/C', cell: 'N/C', none: true },
    { name: 'the word Unknown', cell: 'Unknown', none: false },
    { name: 'the word None', cell: 'None', none: false },
    { name: 'TBD', cell: 'TBD', none: false },
    { name: 'German unbekannt', cell: 'unbekannt', none: false },
    { name: 'French inconnu', cell: 'inconnu', none: false },
    { name: 'the phrase not applicable', cell: 'not applicable', none: false },
  ];
  it.each(cases)('$name', ({ cell, none }) => {
    expect(placeholderOf(cell, 'marks')).toBe(none ? cell : undefined);
  });
});

describe('a value that looks like one stays a value', () => {
  const cases: { name: string; cell: string | number | boolean | null }[] = [
    { name: "Namibia's two-letter code", cell: 'NA' },
    { name: 'another two-letter code (New Caledonia)', cell: 'NC' },
    { name: 'a company named so', cell: 'N/A Corp' },
    { name: 'a negative number', cell: '-5' },
    { name: 'an album title', cell: 'Unknown Pleasures' },
    { name: 'a question', cell: 'unknown?' },
    { name: 'a date', cell: '2024-01-01' },
    { name: 'a number cell', cell: 0 },
    { name: 'a boolean cell', cell: false },
    { name: 'an empty cell', cell: '' },
    { name: 'no cell', cell: null },
    { name: 'a long text that ends in n/a', cell: 'serial not readable, n/a' },
  ];
  it.each(cases)('$name', ({ cell }) => {
    expect(placeholderOf(cell)).toBeUndefined();
  });
});

describe('the fields a placeholder applies to', () => {
  const field = (name: string): Target => ({
    kind: 'field',
    field: ASSET.fields.find((f) => f.name === name)!,
  });
  const poNumber: Target = {
    kind: 'custom',
    source: 'template',
    fieldId: 2,
    fieldName: 'PO Number',
    templateId: 1,
    templateName: 'Asset extras',
    dataType: 'text',
  };
  const cases: {
    name: string;
    def?: ResourceDef;
    target: Target;
    key?: boolean;
    reads: 'all' | 'marks' | undefined;
  }[] = [
    { name: 'a key (serial number)', target: field('serial_number'), reads: 'all' },
    {
      name: 'an asset name (the key with --unique-field name): its marks only',
      target: field('name'),
      reads: 'marks',
    },
    {
      name: "a customer's name (its key): its marks only",
      def: customer,
      target: { kind: 'field', field: customer.fields.find((f) => f.name === 'name')! },
      reads: 'marks',
    },
    {
      name: "a contract's name (free text: its number is the key)",
      def: contract,
      target: { kind: 'field', field: contract.fields.find((f) => f.name === 'name')! },
      reads: undefined,
    },
    {
      name: "an asset name that is a sync's key: its marks only",
      target: field('name'),
      key: true,
      reads: 'marks',
    },
    { name: 'a lookup (country)', target: field('country'), reads: 'all' },
    { name: 'a date', target: field('service_start_date'), reads: 'all' },
    { name: 'a number', target: field('original_cost'), reads: 'all' },
    { name: 'an enumeration', target: field('warranty_status'), reads: 'all' },
    { name: 'an ID column', target: { kind: 'id' }, reads: 'all' },
    { name: 'free text (notes)', target: field('asset_notes'), reads: undefined },
    {
      name: 'a yes/no field (a customer\'s NDA signed), whose "-" is its no',
      target: { kind: 'field', field: customer.fields.find((f) => f.name === 'nda_signed')! },
      reads: undefined,
    },
    { name: 'an identifier that is no key (asset tag)', target: field('asset_tag'), reads: undefined },
    { name: "a sync's key (--key asset_tag)", target: field('asset_tag'), key: true, reads: 'all' },
    { name: 'a custom text field', target: poNumber, reads: undefined },
    {
      name: "a custom text field that is a sync's key (--key custom:PO Number)",
      target: poNumber,
      key: true,
      reads: 'all',
    },
  ];
  it.each(cases)('$name', ({ def, target, key, reads }) => {
    expect(readsPlaceholders(def ?? ASSET, target, key)).toBe(reads);
  });
});
