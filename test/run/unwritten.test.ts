// The plan's count of the rows an import will not write: the journal's, the keyed rows a
// listed record has (those the journal has done apart), the memory's keyless rows; none
// counted where the run would write them after all (--on-existing update, --allow-duplicates),
// and the keyless rows whose ID cell names a listed record of their name (an export imported back),
// unless --on-existing update merges them into it.
import { describe, expect, it } from 'vitest';
import type { Attempt } from '../../src/send/journal.js';
import { PriorRuns } from '../../src/send/prior.js';
import { notWrittenLeft, unwrittenRows, type KnownRows } from '../../src/run/unwritten.js';
import { KeyIndex } from '../../src/util/key-index.js';

const sheetKeys = (...keys: string[]) => {
  const index = new KeyIndex();
  keys.forEach((k, i) => index.add(k, i + 2));
  return index;
};
const listed = (...keys: string[]) => new Map(keys.map((k, i) => [`serial_number=${k}`, [i + 1]]));
const journal = (...keys: string[]): PriorRuns => {
  const attempts: Attempt[] = keys.map((key, i) => ({
    slot: `1.${i + 2}`,
    row: i + 2,
    fp: `fp${i}`,
    key: `serial_number=${key}`,
    state: 'done',
    done: { status: 'created', id: i + 1 },
  }));
  return new PriorRuns({ runs: 1, attempts });
};

const importing = {
  mode: 'create',
  sync: undefined,
  dryRun: false,
  keyField: 'serial_number',
  onExisting: 'skip',
  allowDuplicates: false,
  createResembling: false,
} as const;
const known = (more: Partial<KnownRows>): KnownRows => ({
  rows: 4,
  existing: listed('A', 'B', 'Z'),
  existingComplete: true,
  sheetKeys: sheetKeys('A', 'B', 'C', 'D'),
  keyless: { ids: new Set(), made: 0, held: 0, idCells: [] },
  ...more,
});

/** Keyless rows with ID cells 12 ("Chair") and 13 ("Desk"); the list kept record 12, a chair, and 13, named as given. */
const byId = (desk: string, more: Partial<KnownRows> = {}): Partial<KnownRows> => ({
  keyless: {
    ids: new Set(),
    made: 0,
    held: 0,
    idCells: [
      { id: 12, name: 'Chair' },
      { id: 13, name: 'Desk' },
    ],
  },
  records: new Map([
    [12, { id: 12, name: ' chair ' }],
    [13, { id: 13, name: desk }],
  ]),
  ...more,
});

describe('unwrittenRows', () => {
  it.each([
    { name: 'keyed rows a listed record has', settings: {}, known: {}, want: { listed: 2, journal: 0 } },
    {
      name: 'the journal has done one of them: counted once, as the journal’s',
      settings: {},
      known: { prior: journal('A') },
      want: { listed: 1, journal: 1 },
    },
    {
      name: 'the memory knows one keyed and one keyless row by their cells: counted once, as the memory’s',
      settings: {},
      known: {
        byMemory: new Map([
          [2, { key: 'serial_number=A' }],
          [5, {}],
        ]),
      },
      want: { memory: 2, listed: 1, journal: 0 },
    },
    {
      name: 'the memory’s keyless rows',
      settings: {},
      known: { keyless: { ids: new Set([7]), made: 1, held: 2, idCells: [] } },
      want: { listed: 2, made: 1, held: 2 },
    },
    {
      name: 'keyless rows whose ID cell names a listed record of their name (case and spaces aside)',
      settings: {},
      known: byId('Desk'),
      want: { listed: 2, byId: 2 },
    },
    {
      name: 'an ID cell naming a record of another name is another tool’s id: not counted',
      settings: {},
      known: byId('Snipe-IT asset 13'),
      want: { listed: 2, byId: 1 },
    },
    {
      name: '--create-resembling creates those whose cells differ: none counted',
      settings: { createResembling: true },
      known: byId('Desk'),
      want: { listed: 2, byId: 0 },
    },
    {
      name: 'the list not read whole: the ID cells’ records are read by the run',
      settings: {},
      known: byId('Desk', { existingComplete: false }),
      want: undefined,
    },
    { name: 'the list not read whole', settings: {}, known: { existingComplete: false }, want: undefined },
    {
      name: '--on-existing update writes them',
      settings: { onExisting: 'update' },
      known: {},
      want: undefined,
    },
    {
      name: '--on-existing update merges the keyless rows into the records their ID cells name: writes too',
      settings: { onExisting: 'update' },
      known: byId('Desk'),
      want: undefined,
    },
    {
      name: '--on-existing error refuses them, as the keyed rows: not written, said so',
      settings: { onExisting: 'error' },
      known: byId('Desk'),
      want: { listed: 2, byId: 2, byIdRefused: true },
    },
    {
      name: '--on-existing error with --create-resembling: refused all the same',
      settings: { onExisting: 'error', createResembling: true },
      known: byId('Desk'),
      want: { listed: 2, byId: 2, byIdRefused: true },
    },
    {
      name: '--allow-duplicates creates them',
      settings: { allowDuplicates: true },
      known: {},
      want: undefined,
    },
    { name: 'an update says its own', settings: { mode: 'update' }, known: {}, want: undefined },
  ] as const)('$name', ({ settings, known: more, want }) => {
    const u = unwrittenRows({ ...importing, ...settings }, known(more));
    if (want === undefined) expect(u).toBeUndefined();
    else expect(u).toMatchObject(want);
  });

  it('leaves the journal’s rows out of those left', () => {
    const u = unwrittenRows(importing, known({ prior: journal('A', 'C') }));
    expect(notWrittenLeft(u)).toBe(1);
  });
});
