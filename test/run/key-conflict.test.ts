// Two rows of an import with one key: the same values (as coerced) make a duplicate, other
// values a conflict, whose words name the cells that differ as resemblance does.
import { describe, expect, it } from 'vitest';
import { conflictWords, differingFields, KeyedRows } from '../../src/run/key-conflict.js';
import type { WriteBody } from '../../src/resources/fields.js';

const row = (n: number, body: WriteBody, cells: Record<string, string> = {}) =>
  KeyedRows.valuesOf(n, body, new Map(Object.entries(cells)));

describe('which fields two rows of one key set differently', () => {
  const cases: { name: string; first: WriteBody; later: WriteBody; differs: string[] }[] = [
    {
      name: 'the same values',
      first: { name: 'Desk', serial_number: 'X' },
      later: { serial_number: 'X', name: 'Desk' },
      differs: [],
    },
    {
      name: 'another name',
      first: { name: 'Desk', serial_number: 'X' },
      later: { name: 'Chair', serial_number: 'X' },
      differs: ['name'],
    },
    {
      name: 'a value on one side only',
      first: { name: 'Desk' },
      later: { name: 'Desk', notes: 'old' },
      differs: ['notes'],
    },
    {
      name: 'the same country, however the cell named it (one id)',
      first: { country: 276 },
      later: { country: 276 },
      differs: [],
    },
    {
      name: 'nested values in another order',
      first: { category: { id: 1, subcategory: 'Laptop' } },
      later: { category: { subcategory: 'Laptop', id: 1 } },
      differs: [],
    },
    {
      name: 'the company, sent with every row, is no difference',
      first: { company: 1, name: 'A' },
      later: { company: 2, name: 'A' },
      differs: [],
    },
    {
      name: 'several, sorted',
      first: { name: 'A', notes: 'x', cost: 1 },
      later: { name: 'B', notes: 'y', cost: 1 },
      differs: ['name', 'notes'],
    },
  ];
  it.each(cases)('$name', ({ first, later, differs }) => {
    expect(differingFields(row(2, first).values, row(3, later).values)).toEqual(differs);
  });
});

describe('the verdict on a later row of a key', () => {
  it('kept first row: a duplicate, or a conflict naming the fields', () => {
    const keyed = new KeyedRows(false);
    keyed.first('X-9', row(2, { name: 'Desk' }), true);
    expect(keyed.judge('X-9', 2, row(4, { name: 'Desk' }))).toEqual({ kind: 'duplicate' });
    expect(keyed.judge('X-9', 2, row(3, { name: 'Chair' }))).toMatchObject({
      kind: 'conflict',
      differs: ['name'],
    });
  });
  it('a first row the scan saw no repeat of is not kept: nothing to judge by, but its fingerprint (one pass)', () => {
    const plain = new KeyedRows(false);
    plain.first('X-9', row(2, { name: 'Desk' }), false);
    expect(plain.judge('X-9', 2, row(3, { name: 'Chair' }))).toBeUndefined();
    const prints = new KeyedRows(true);
    prints.first('X-9', row(2, { name: 'Desk' }), false);
    expect(prints.judge('X-9', 2, row(3, { name: 'Desk' }))).toEqual({ kind: 'duplicate' });
    expect(prints.judge('X-9', 2, row(3, { name: 'Chair' }))).toEqual({ kind: 'conflict', differs: [] });
  });
});

describe('what the skipped row says', () => {
  const words = {
    label: (f: string) => ({ name: 'Name', country: 'Country' })[f] ?? f,
    keyName: 'serial number',
    plural: 'assets',
  };
  it('names each differing cell as the sheet shows it', () => {
    const first = row(2, { name: 'Desk', country: 276 }, { name: 'Desk', country: 'Germany' });
    const later = row(3, { name: 'Chair', country: 250 }, { name: 'Chair', country: 'France' });
    const out = conflictWords(
      { kind: 'conflict', first, differs: ['country', 'name'] },
      2,
      'X-9',
      later,
      words,
    );
    expect(out.note).toBe(
      'not sent: same serial number "X-9" as row 2, but Country "Germany" → "France"; Name "Desk" → "Chair": if they are different assets, correct one serial number; if the same, delete one row',
    );
    expect(out.warning).toBe('row 2 has the same serial number with other values (Country, Name differ)');
  });
  it('an empty cell on one side is said so', () => {
    const first = row(2, { name: 'Desk' }, { name: 'Desk' });
    const later = row(3, { name: 'Desk', notes: 'x' }, { name: 'Desk', notes: 'x' });
    const out = conflictWords({ kind: 'conflict', first, differs: ['notes'] }, 2, 'X-9', later, words);
    expect(out.note).toContain('but notes (empty) → "x":');
    expect(out.warning).toBe('row 2 has the same serial number with other values (notes differs)');
  });
});
