// What a sync learns of a record besides what it sends: the sheet's fields the record already
// holds (agreedFields), laid over what is known of it (layAgreed), so that a later sync keeps a
// colleague's edit of them (withoutColleaguesEdits judges against both).
import { describe, expect, it } from 'vitest';
import { agreedFields, layAgreed, withoutColleaguesEdits } from '../../src/send/merge.js';

// Custom values as write bodies: template 1, Cost Centre (1) and PO Number (2).
const tpl = (...fields: [number, unknown][]) => ({
  template: { id: 1, fields: fields.map(([id, value]) => ({ id, value })) },
});

describe('agreedFields', () => {
  // [case, sheet, record now, known, --clear-empty's fields, agreed]
  it.each([
    [
      'a record made elsewhere: the fields it holds as the sheet has them',
      { name: 'Desk 2', asset_notes: 'A', company: 1 },
      { name: 'Desk', asset_notes: 'A', company: 1 },
      undefined,
      [],
      { asset_notes: 'A' },
    ],
    [
      'known with the same value: nothing new',
      { asset_notes: 'A' },
      { asset_notes: 'A' },
      { asset_notes: 'A' },
      [],
      {},
    ],
    [
      'known with another value (sent before, changed back by a colleague): learnt again',
      { asset_notes: 'A' },
      { asset_notes: 'A' },
      { asset_notes: 'B' },
      [],
      { asset_notes: 'A' },
    ],
    [
      'a field the record holds otherwise: not agreed',
      { asset_notes: 'A' },
      { asset_notes: 'B' },
      undefined,
      [],
      {},
    ],
    [
      'a lookup by id, a nested value whole',
      { category: 4 },
      { category: 4 },
      undefined,
      [],
      { category: 4 },
    ],
    [
      '--clear-empty on a field the record has empty: agreed empty',
      {},
      { floor: null },
      undefined,
      ['floor'],
      { floor: null },
    ],
    ['--clear-empty on a field the record has: not agreed', {}, { floor: '3' }, undefined, ['floor'], {}],
    [
      'custom values one by one, of the record template',
      tpl([1, 'CC-1'], [2, 'PO-9']),
      tpl([1, 'CC-1'], [2, 'PO-2']),
      undefined,
      [],
      tpl([1, 'CC-1']),
    ],
    [
      'custom values known alike: nothing new',
      tpl([1, 'CC-1']),
      tpl([1, 'CC-1']),
      tpl([1, 'CC-1'], [2, 'PO-1']),
      [],
      {},
    ],
    [
      'a custom value --clear-empty empties, the record has none: agreed empty',
      {},
      tpl([1, 'CC-1']),
      undefined,
      ['custom.2'],
      tpl([2, null]),
    ],
  ] as const)('%s', (_name, sheet, current, known, emptied, agreed) => {
    expect(agreedFields({ ...sheet }, { ...current }, known, emptied)).toEqual(agreed);
  });
});

describe('layAgreed', () => {
  it.each([
    [
      'plain fields replace what was known',
      { name: 'Desk', floor: '2' },
      { floor: '3' },
      { name: 'Desk', floor: '3' },
    ],
    [
      'custom values merge into the known list by id',
      tpl([1, 'CC-1'], [2, 'PO-1']),
      tpl([2, 'PO-2'], [3, 'X']),
      tpl([1, 'CC-1'], [2, 'PO-2'], [3, 'X']),
    ],
    [
      'another template replaces the known list',
      tpl([1, 'CC-1']),
      { template: { id: 2, fields: [{ id: 9, value: 'A' }] } },
      { template: { id: 2, fields: [{ id: 9, value: 'A' }] } },
    ],
  ] as const)('%s', (_name, known, agreed, out) => {
    expect(layAgreed(known, agreed)).toEqual(out);
  });
});

describe('a sync run again after a colleague edits a field it found agreed', () => {
  it.each([
    [
      'a plain field',
      { asset_notes: 'A' },
      { asset_notes: 'A' },
      { asset_notes: 'Colleague' },
      ['asset_notes'],
    ],
    ['a custom value', tpl([2, 'PO-1']), tpl([2, 'PO-1']), tpl([2, 'PO-COLL']), ['custom.2']],
  ] as const)("%s: the colleague's value stays, and is named", (_name, sheet, first, edited, colleagues) => {
    const known = agreedFields({ ...sheet }, { ...first }, undefined);
    const res = withoutColleaguesEdits({ ...sheet }, { ...edited }, known);
    expect(res.sheet).toEqual({});
    expect(res.conflicts).toEqual([]);
    expect(res.colleagues).toEqual(colleagues);
    // Without what was found, the sheet's value would go back over the colleague's.
    expect(withoutColleaguesEdits({ ...sheet }, { ...edited }, undefined).sheet).toEqual(sheet);
  });
});
