// Recovery tells a write's record from others by what it holds: every field sent that the
// service shows back must be the same (numbers as numbers, text trimmed); a field sent and
// shown back empty means another record.
import { describe, expect, it } from 'vitest';
import { findResource } from '../../src/resources/index.js';
import { holdsWhatWasSent, narrowingFilter } from '../../src/send/recovery.js';

const asset = findResource('asset')!;
const country = (name: string) => (name === 'United States' ? 840 : undefined);
const record = {
  id: 51,
  name: 'Desk 7',
  serial_number: null,
  manufacturer: 'Ikea',
  country: 'United States',
  original_cost: '120.00',
  category: { id: 3, name: 'Hardware', subcategory: 'Desktop' },
};

describe('holdsWhatWasSent', () => {
  const cases: [string, Record<string, unknown>, boolean][] = [
    [
      'the same fields',
      { company: 1, name: 'Desk 7', manufacturer: 'Ikea', country: 840, original_cost: 120 },
      true,
    ],
    ['a decimal sent as text', { name: 'Desk 7', original_cost: '120.00' }, true],
    ['another name', { name: 'Desk 8', manufacturer: 'Ikea' }, false],
    ['another cost', { name: 'Desk 7', original_cost: 121 }, false],
    ['another country', { name: 'Desk 7', country: 276 }, false],
    ['a serial number sent, none in the record', { name: 'Desk 7', serial_number: 'SN-1' }, false],
    ['the same category', { name: 'Desk 7', category: { id: 3, subcategory: 'Desktop' } }, true],
    ['another subcategory', { name: 'Desk 7', category: { id: 3, subcategory: 'Laptop' } }, false],
    ['nothing comparable sent', { company: 1 }, false],
  ];
  it.each(cases)('%s', (_name, body, want) => {
    expect(holdsWhatWasSent(asset, record, body, country)).toBe(want);
  });
});

describe('narrowingFilter', () => {
  const cases: [string, string, Record<string, unknown>, Record<string, string> | undefined][] = [
    ['a contract by its number', 'contract', { name: 'Supply', number: 'C-1' }, { contract_no: 'C-1' }],
    [
      'an asset by its serial number',
      'asset',
      { name: 'Desk', serial_number: 'SN-1' },
      { serial_number: 'SN-1' },
    ],
    ['a keyless asset by its name', 'asset', { name: 'Desk' }, { name: 'Desk' }],
    ['a customer: no filter, the last pages', 'customer', { name: 'Acme' }, undefined],
  ];
  it.each(cases)('%s', (_name, resource, body, want) => {
    expect(narrowingFilter(findResource(resource)!, body)).toEqual(want);
  });
});
