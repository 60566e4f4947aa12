// Rows meet the earlier runs' attempts by what they send, not by their row number: an
// inserted, deleted or moved row does not shift the others, and identical rows take one
// attempt each.
import { describe, expect, it } from 'vitest';
import type { Attempt } from '../../src/send/journal.js';
import { PriorRuns } from '../../src/send/prior.js';

const done = (slot: string, row: number, fp: string, id: number, key?: string): Attempt => ({
  slot,
  row,
  fp,
  key,
  state: 'done',
  done: { status: 'created', id },
});
const sent = (slot: string, row: number, fp: string, mark = 10): Attempt => ({
  slot,
  row,
  fp,
  mark,
  state: 'sent',
});
const refused = (slot: string, row: number, fp: string): Attempt => ({ slot, row, fp, state: 'failed' });

describe('PriorRuns.take', () => {
  const cases: [string, Attempt[], [string, number, string?][], (string | undefined)[]][] = [
    ['a row that moved down keeps its record', [done('1.2', 2, 'a', 41)], [['a', 3]], ['done 41']],
    [
      'a row inserted at the top is new; the one below is still done',
      [done('1.2', 2, 'a', 41)],
      [
        ['new', 2],
        ['a', 3],
      ],
      [undefined, 'done 41'],
    ],
    [
      'identical rows take one record each, then a third is new',
      [done('1.2', 2, 'x', 5), done('1.3', 3, 'x', 6)],
      [
        ['x', 2],
        ['x', 3],
        ['x', 4],
      ],
      ['done 5', 'done 6', undefined],
    ],
    [
      'the same row number is preferred among identical rows',
      [done('1.2', 2, 'x', 5), done('1.3', 3, 'x', 6)],
      [
        ['x', 3],
        ['x', 2],
      ],
      ['done 6', 'done 5'],
    ],
    ['a sent attempt without an outcome is unsure', [sent('1.4', 4, 'b')], [['b', 9]], ['unsure 1.4']],
    [
      'a keyed row changed since it was created',
      [done('1.2', 2, 'old', 41, 'number=C-1')],
      [['new', 2, 'number=C-1']],
      ['changed 41'],
    ],
    ['a keyless changed row is a new row', [done('1.2', 2, 'old', 41)], [['new', 2]], [undefined]],
    ['a refused attempt is taken afresh', [refused('1.2', 2, 'c')], [['c', 2]], ['refused 1.2']],
  ];
  it.each(cases)('%s', (_name, attempts, rows, want) => {
    const prior = new PriorRuns({ runs: 1, attempts });
    const got = rows.map(([fp, row, key]) => {
      const m = prior.take(fp, row, key);
      if (!m) return undefined;
      return m.kind === 'done' || m.kind === 'changed' ? `${m.kind} ${m.id}` : `${m.kind} ${m.attempt.slot}`;
    });
    expect(got).toEqual(want);
  });

  it('counts done and unsure rows for the plan, and gives the ids no other row may adopt', () => {
    const prior = new PriorRuns({
      runs: 2,
      attempts: [
        done('1.2', 2, 'a', 41),
        sent('1.3', 3, 'b'),
        { ...refused('1.4', 4, 'c'), unsure: true },
        refused('1.5', 5, 'd'),
      ],
    });
    expect([prior.doneRows, prior.unsureRows]).toEqual([1, 2]);
    expect(prior.ids()).toEqual([41]);
  });

  it('counts a row once however many runs sent it: edited and sent again by three runs, it is one row', () => {
    // The sheet's one row: updated by a first run, edited, updated again by two more.
    const prior = new PriorRuns({
      runs: 3,
      attempts: [done('1.2', 2, 'a', 41), done('2.2', 2, 'b', 41), done('3.2', 2, 'c', 41)],
    });
    expect(prior.doneRows).toBe(1);
  });
});

describe('PriorRuns.finished', () => {
  it.each([
    ['a row an earlier run finished', [done('1.2', 2, 'a', 41)], 2, true],
    ['a row it sent and never heard of', [sent('1.2', 2, 'a')], 2, false],
    ['a row it was refused', [refused('1.2', 2, 'a')], 2, false],
    ['another row', [done('1.2', 2, 'a', 41)], 3, false],
  ])('%s', (_name, attempts, row, expected) => {
    const prior = new PriorRuns({ runs: 1, attempts });
    expect(prior.finished(row)).toBe(expected);
  });
});

describe('PriorRuns.takeByCells', () => {
  const withCells = (a: Attempt, cells: string): Attempt => ({ ...a, cells });
  // Each row: its cells, its number, and then the body fingerprint a row checked as before sends (take).
  const cases: [string, Attempt[], [string, number, string?][], (string | undefined)[]][] = [
    [
      'a row with the cells it had is done',
      [withCells(done('1.2', 2, 'a', 41), 'c')],
      [['c', 5]],
      ['done 41'],
    ],
    [
      'a row whose cells changed is checked as before',
      [withCells(done('1.2', 2, 'a', 41), 'c')],
      [['c2', 2]],
      [undefined],
    ],
    [
      'a journal written before cells were kept knows none',
      [done('1.2', 2, 'a', 41)],
      [['c', 2]],
      [undefined],
    ],
    [
      'a row sent, never heard of, is not done',
      [withCells(sent('1.2', 2, 'a'), 'c')],
      [['c', 2]],
      [undefined],
    ],
    [
      'identical rows take one each, the same row number first',
      [withCells(done('1.2', 2, 'x', 5), 'c'), withCells(done('1.3', 3, 'x', 6), 'c')],
      [
        ['c', 3],
        ['c', 2],
        ['c', 4],
      ],
      ['done 6', 'done 5', undefined],
    ],
    [
      'an attempt taken by its cells is not taken again by its body',
      [withCells(done('1.2', 2, 'a', 41), 'c')],
      [
        ['c', 2],
        ['other cells', 3, 'a'],
      ],
      ['done 41', undefined],
    ],
  ];
  it.each(cases)('%s', (_name, attempts, rows, want) => {
    const prior = new PriorRuns({ runs: 1, attempts });
    const got = rows.map(([cells, row, fp]) => {
      const m = prior.takeByCells(cells, row) ?? (fp === undefined ? undefined : prior.take(fp, row));
      return m?.kind === 'done' ? `done ${m.id}` : m && `${m.kind} ${m.attempt.slot}`;
    });
    expect(got).toEqual(want);
  });
});

describe("PriorRuns.takeUpdated: an update's rows left holding their values, by their cells", () => {
  const same = (slot: string, row: number, cells: string, id: number, wrote = false): Attempt => ({
    slot,
    row,
    fp: cells,
    state: 'failed',
    unchanged: id,
    wrote: wrote || undefined,
  });
  // [case, attempts, rows asked (cells, row, the row's ID cell), what each takes]
  const cases: [string, Attempt[], [string, number, number?][], (string | undefined)[]][] = [
    [
      'found unchanged: taken, the record its id',
      [same('1.2.same', 2, 'c', 41)],
      [['c', 2]],
      ['41 unchanged'],
    ],
    ['updated by that run', [same('1.2.same', 2, 'c', 41, true)], [['c', 5]], ['41 wrote']],
    ['the cells edited since: none', [same('1.2.same', 2, 'c', 41)], [['d', 2]], [undefined]],
    ['an ID cell naming another record: none', [same('1.2.same', 2, 'c', 41)], [['c', 2, 42]], [undefined]],
    [
      'two identical rows take one each, the one on the same row first; a third is read',
      [same('1.2.same', 2, 'c', 41), same('1.3.same', 3, 'c', 42)],
      [
        ['c', 3],
        ['c', 2],
        ['c', 4],
      ],
      ['42 unchanged', '41 unchanged', undefined],
    ],
    [
      "a create's or a refused attempt of the same fingerprint: none",
      [done('1.2', 2, 'c', 41), refused('1.3', 3, 'c')],
      [['c', 2]],
      [undefined],
    ],
  ];
  it.each(cases)('%s', (_name, attempts, rows, want) => {
    const prior = new PriorRuns({ runs: 1, attempts });
    const got = rows.map(([cells, row, id]) => {
      const m = prior.takeUpdated(cells, row, id);
      return m && `${m.id} ${m.wrote ? 'wrote' : 'unchanged'}`;
    });
    expect(got).toEqual(want);
  });

  it('counts those rows among the done rows, for the plan', () => {
    const prior = new PriorRuns({
      runs: 1,
      attempts: [same('1.2.same', 2, 'c', 41), refused('1.3', 3, 'd')],
    });
    expect([prior.doneRows, prior.unsureRows]).toEqual([1, 0]);
  });
});
