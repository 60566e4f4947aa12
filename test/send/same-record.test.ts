// Rows that name one record: the verdicts come in the order the rows took their turns, not the
// order they learnt their record; a row that passes lets the next go; the words name the
// first row and the fields that differ.
import { describe, expect, it } from 'vitest';
import {
  RecordTurns,
  SameRecordRows,
  sameRecordMessage,
  type SameRecordVerdict,
} from '../../src/send/same-record.js';

const body = (city: string) => ({ name: 'Laptop', city, company: 1 });

describe('RecordTurns', () => {
  it.each([
    {
      name: 'the later row answering first is still the duplicate',
      order: [3, 2],
      cities: { 2: 'Graz', 3: 'Graz' } as Record<number, string>,
      want: { 2: { kind: 'first' }, 3: { kind: 'duplicate', row: 2 } },
    },
    {
      name: 'the later row with other values answering first is still the one that differs',
      order: [3, 2],
      cities: { 2: 'Graz', 3: 'Linz' } as Record<number, string>,
      want: { 2: { kind: 'first' }, 3: { kind: 'differs', row: 2, fields: ['city'] } },
    },
  ])('$name', async (c) => {
    const turns = new RecordTurns();
    const turn = { 2: turns.take(), 3: turns.take() } as Record<number, ReturnType<RecordTurns['take']>>;
    const got: Record<number, SameRecordVerdict> = {};
    const judged = c.order.map(async (row) => {
      got[row] = await turn[row].judge('id=7', row, body(c.cities[row]));
    });
    await Promise.all(judged);
    expect(got).toEqual(c.want);
  });

  it('a row that passes (a new record) lets the rows after it judge, and counts as no first row', async () => {
    const turns = new RecordTurns();
    const first = turns.take();
    const second = turns.take();
    const verdict = second.judge('id=7', 3, body('Graz'));
    first.pass();
    expect(await verdict).toEqual({ kind: 'first' });
  });

  it('a row that judges before an earlier row decides waits for it', async () => {
    const turns = new RecordTurns();
    const first = turns.take();
    const second = turns.take();
    let done = false;
    const verdict = second.judge('id=7', 3, body('Graz')).then((v) => ((done = true), v));
    await new Promise((r) => setTimeout(r, 10));
    expect(done).toBe(false);
    expect(await first.judge('id=7', 2, body('Graz'))).toEqual({ kind: 'first' });
    expect(await verdict).toEqual({ kind: 'duplicate', row: 2 });
  });
});

describe('sameRecordMessage', () => {
  const label = (f: string) => ({ city: 'City', asset_notes: 'Asset notes' })[f] ?? f;
  it.each([
    {
      name: 'other values: the first row and the fields that differ',
      v: { kind: 'differs', row: 2, fields: ['city', 'asset_notes'] } as const,
      want: 'row 2 sets the same record to other values (same ID 7; City, Asset notes differ): keep one of the two rows',
    },
    {
      name: 'the first row invalid: fix it or remove one',
      v: { kind: 'first-invalid', row: 4 } as const,
      want: 'row 4 names the same record (same ID 7) and is invalid: fix row 4 or remove one of the two rows',
    },
  ])('$name', ({ v, want }) => {
    expect(sameRecordMessage(v, { same: 'same ID 7', label })).toBe(want);
  });
});

describe('SameRecordRows: the key field', () => {
  const laptop = (serial?: string) => ({ name: 'Laptop', serial_number: serial, city: 'Graz' });
  it.each([
    {
      name: 'a copy without the key is a duplicate',
      later: laptop(undefined),
      emptied: [],
      want: 'duplicate',
    },
    { name: 'another key is a difference', later: laptop('SN-2'), emptied: [], want: 'differs' },
    {
      name: 'a key emptied with --clear-empty is a difference',
      later: laptop(undefined),
      emptied: ['serial_number'],
      want: 'differs',
    },
  ])('$name', ({ later, emptied, want }) => {
    const rows = new SameRecordRows();
    rows.judge('id=7', 2, laptop('SN-1'), [], 'serial_number');
    expect(rows.judge('id=7', 3, later, emptied, 'serial_number').kind).toBe(want);
  });
});
