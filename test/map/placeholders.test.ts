// Which cells read as "no value": the placeholders legacy registers write, in each language,
// whole-cell and case aside; and the near misses that are values and must stay so.
import { describe, expect, it } from 'vitest';
import { placeholderOf, readsPlaceholders } from '../../src/map/placeholders.js';
import { asset as ASSET } from '../../src/resources/asset.js';
import { customer } from '../../src/resources/customer.js';
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
  const cases: { name: string; target: Target; key?: boolean; reads: boolean }[] = [
    { name: 'a key (serial number)', target: field('serial_number'), reads: true },
    { name: 'a key (an asset name, the key with --unique-field name)', target: field('name'), reads: true },
    { name: 'a lookup (country)', target: field('country'), reads: true },
    { name: 'a date', target: field('service_start_date'), reads: true },
    { name: 'a number', target: field('original_cost'), reads: true },
    { name: 'an enumeration', target: field('warranty_status'), reads: true },
    { name: 'an ID column', target: { kind: 'id' }, reads: true },
    { name: 'free text (notes)', target: field('asset_notes'), reads: false },
    {
      name: 'a yes/no field (a customer\'s NDA signed), whose "-" is its no',
      target: { kind: 'field', field: customer.fields.find((f) => f.name === 'nda_signed')! },
      reads: false,
    },
    { name: 'an identifier that is no key (asset tag)', target: field('asset_tag'), reads: false },
    { name: "a sync's key (--key asset_tag)", target: field('asset_tag'), key: true, reads: true },
    { name: 'a custom text field', target: poNumber, reads: false },
    {
      name: "a custom text field that is a sync's key (--key custom:PO Number)",
      target: poNumber,
      key: true,
      reads: true,
    },
  ];
  it.each(cases)('$name', ({ target, key, reads }) => {
    expect(readsPlaceholders(ASSET, target, key)).toBe(reads);
  });
});
