// An export imported back: a keyless row against the record its ID cell names. The same name
// (case and outer spaces aside) and the same cells: already there; cells changed: held back,
// naming them as a person reads them, with the command that applies them; another name:
// another tool's id, a new row. A table of a record (read shape) and rows (write bodies).
import { describe, expect, it } from 'vitest';
import { asset } from '../../src/resources/asset.js';
import type { WriteBody } from '../../src/resources/fields.js';
import {
  byIdOnExisting,
  byIdOutcome,
  judgeByIdCell,
  keptByEmptyNote,
  type ByIdWords,
} from '../../src/send/by-id-cell.js';

/** Record 12 as the service reads it back. */
const record = {
  id: 12,
  name: 'Office chair',
  category: { id: 4, name: 'Furniture', subcategory: 'Chair' },
  serial_number: null,
  country: 'Austria',
  city: 'Wien',
  original_cost: '250.00',
  asset_usage_status: { id: 1, name: 'In Use' },
};

/** The row the export wrote for it, as an import prepares it. */
const row: WriteBody = {
  company: 1,
  name: 'Office chair',
  category: { id: 4, subcategory: 'Chair' },
  country: 40,
  city: 'Wien',
  original_cost: 250,
  asset_usage_status: 1,
};

const lookups = {
  countryCode: (name: string) => ({ Austria: 40, Germany: 276 })[name],
  nameOf: (_kind: string, id: number) => ({ 1: 'In Use', 2: 'Retired' })[id],
};

const words: ByIdWords = {
  resembling: 'hold',
  existing: 'skip',
  keyName: 'serial number',
  label: (f) => asset.fields.find((x) => x.name === f)?.label ?? f,
  file: 'assets.csv',
};

describe('a keyless row against the record its ID cell names', () => {
  it.each([
    { name: 'every cell as the record has it', body: row, note: 'already in the service (ID 12, same name)' },
    {
      name: 'the name in other case: the same record, its name to change',
      body: { ...row, name: 'office CHAIR' },
      note: /^not created: no serial number, and its ID cell names record 12, of the same name: Name "Office chair" → "office CHAIR"\./,
      warning: 'not created: it resembles record 12, which its ID cell names (Name differs)',
    },
    {
      name: 'a sheet with fewer columns: only its cells are compared',
      body: { company: 1, name: 'Office chair', city: 'Wien' },
      note: 'already in the service (ID 12, same name)',
    },
    {
      name: 'a city changed',
      body: { ...row, city: 'Graz' },
      note: 'not created: no serial number, and its ID cell names record 12, of the same name: City "Wien" → "Graz". If it is that record, `assetbatch update assets.csv` (with this run\'s resource and service options) applies this row\'s values to it, as does this import again with --on-existing update; if it is another one, run this import again with --create-resembling to create it',
      warning: 'not created: it resembles record 12, which its ID cell names (City differs)',
    },
    {
      name: 'a lookup and a number changed: the lookup by its names',
      body: { ...row, asset_usage_status: 2, original_cost: 199 },
      note: /of the same name: Usage status "In Use" → "Retired"; Original cost 250 → 199\. If it is that record, `assetbatch update assets\.csv`/,
      warning:
        'not created: it resembles record 12, which its ID cell names (Usage status, Original cost differ)',
    },
    {
      name: 'a cell emptied: --clear-empty applies it',
      body: { company: 1, name: 'Office chair' },
      emptied: ['city'],
      note: /of the same name: City "Wien" → \(empty\)\. If it is that record, `assetbatch update --clear-empty assets\.csv`/,
      warning: 'not created: it resembles record 12, which its ID cell names (City differs)',
    },
    {
      name: 'another name: another tool’s id, a new row',
      body: { ...row, name: 'Laptop 7' },
      note: undefined,
    },
    { name: 'no name', body: { ...row, name: undefined }, note: undefined },
  ])('$name', ({ body, emptied, note, warning }) => {
    const verdict = judgeByIdCell(asset, record, { body, emptied: emptied ?? [] }, lookups);
    const out = byIdOutcome(12, verdict, words, 'created');
    if (note === undefined) return expect(out).toBeUndefined();
    expect(out).toMatchObject({ go: false, status: 'skipped', id: 12 });
    const skipped = out?.go === false && out.status === 'skipped' ? out : undefined;
    expect(skipped?.note).toMatch(note);
    const warnings = skipped?.warnings;
    expect(warnings?.map((w) => [w.code, w.message])).toEqual(
      warning ? [['W_RESEMBLES', warning]] : undefined,
    );
  });

  it('--create-resembling creates a changed row, saying what it resembles', () => {
    const verdict = judgeByIdCell(asset, record, { body: { ...row, city: 'Graz' }, emptied: [] }, lookups);
    expect(byIdOutcome(12, verdict, { ...words, resembling: 'create' }, 'would be created')).toEqual({
      go: true,
      note: 'would be created as a new record (--create-resembling), though its ID cell names record 12, of the same name: City "Wien" → "Graz"',
    });
  });
});

describe('a keyless row of the same name under --on-existing update or error', () => {
  it.each([
    {
      name: 'update: merged into the record its ID cell names',
      existing: 'update' as const,
      want: { go: 'update', id: 12, note: 'its ID cell names record 12, of the same name' },
    },
    {
      name: 'error: refused, as a keyed row whose record exists',
      existing: 'error' as const,
      want: {
        go: false,
        status: 'failed',
        id: 12,
        issues: [
          {
            code: 'E_DUPLICATE_ROW',
            field: 'id',
            message: 'already in the service (ID 12, which its ID cell names, same name)',
          },
        ],
      },
    },
  ])('$name', ({ existing, want }) => {
    expect(byIdOnExisting(12, existing)).toEqual(want);
  });

  it.each([
    { name: 'no cell kept: nothing said', kept: [], want: '' },
    {
      name: 'an emptied cell the record keeps: said, with the update that empties it',
      kept: [{ field: 'city', value: 'Wien' }],
      want: ' except for an empty cell: the record keeps City "Wien" (--on-existing update leaves empty cells alone; `assetbatch update --clear-empty assets.csv` empties it)',
    },
    {
      name: 'two: both named',
      kept: [
        { field: 'city', value: 'Wien' },
        { field: 'asset_usage_status', value: 'In Use' },
      ],
      want: ' except for empty cells: the record keeps City "Wien", Usage status "In Use" (--on-existing update leaves empty cells alone; `assetbatch update --clear-empty assets.csv` empties them)',
    },
  ])('$name', ({ kept, want }) => {
    expect(keptByEmptyNote(kept, words)).toBe(want);
  });
});
