// Never revert a colleague's edit: the sheet's values against what the last run sent and what
// the service holds now, field by field.
import { describe, expect, it } from 'vitest';
import { withoutColleaguesEdits } from '../../src/send/merge.js';

describe('withoutColleaguesEdits', () => {
  // [case, sheet now, service now, last sent, --prefer sheet, body sent, conflicts, kept for a colleague]
  it.each([
    [
      'no memory of the record: the sheet goes as it is',
      { floor: '3' },
      { floor: '2' },
      undefined,
      false,
      { floor: '3' },
      [],
      [],
    ],
    [
      "the sheet unchanged, a colleague changed it: the colleague's value stays",
      { floor: '2' },
      { floor: '5' },
      { floor: '2' },
      false,
      {},
      [],
      ['floor'],
    ],
    [
      "the sheet changed, the service did not: the sheet's value goes",
      { floor: '3' },
      { floor: '2' },
      { floor: '2' },
      false,
      { floor: '3' },
      [],
      [],
    ],
    [
      'both changed, to different values: a conflict, not written',
      { floor: '3' },
      { floor: '5' },
      { floor: '2' },
      false,
      {},
      [{ field: 'floor', last: '2', sheet: '3', service: '5' }],
      [],
    ],
    [
      "both changed, --prefer sheet: the sheet's value goes",
      { floor: '3' },
      { floor: '5' },
      { floor: '2' },
      true,
      { floor: '3' },
      [],
      [],
    ],
    [
      'both changed to the same value: nothing to argue about',
      { floor: '3' },
      { floor: '3' },
      { floor: '2' },
      false,
      { floor: '3' },
      [],
      [],
    ],
    [
      'a field the last run did not send goes as the sheet has it',
      { room: 'B' },
      { room: 'A' },
      { floor: '2' },
      false,
      { room: 'B' },
      [],
      [],
    ],
    [
      'a colleague emptied a field the sheet still has as sent: it stays empty',
      { floor: '2' },
      {},
      { floor: '2' },
      false,
      {},
      [],
      ['floor'],
    ],
    [
      'the sheet unchanged, the service too: nothing kept for anyone',
      { floor: '2' },
      { floor: '2' },
      { floor: '2' },
      false,
      {},
      [],
      [],
    ],
  ] as const)('%s', (_name, sheet, current, last, prefer, body, conflicts, colleagues) => {
    const res = withoutColleaguesEdits({ ...sheet }, { ...current }, last, prefer);
    expect(res.sheet).toEqual(body);
    expect(res.conflicts).toEqual(conflicts);
    expect(res.colleagues).toEqual(colleagues);
  });
});

// Custom values as write bodies: template 1, Cost Centre (1) and PO Number (2).
const tpl = (...fields: [number, unknown][]) => ({
  template: { id: 1, fields: fields.map(([id, value]) => ({ id, value })) },
});

describe('withoutColleaguesEdits, custom values one by one', () => {
  // [case, sheet now, service now, last sent, emptied (--clear-empty), body sent, conflicts, still emptied]
  it.each([
    [
      "the sheet leaves PO empty, a colleague changed PO: the colleague's value stays, no conflict",
      tpl([1, 'CC-1']),
      tpl([1, 'CC-1'], [2, 'PO-2']),
      tpl([1, 'CC-1'], [2, 'PO-1']),
      [],
      {},
      [],
      [],
    ],
    [
      'the sheet changes Cost Centre, a colleague changed PO: Cost Centre goes, PO stays',
      tpl([1, 'CC-2'], [2, 'PO-1']),
      tpl([1, 'CC-1'], [2, 'PO-2']),
      tpl([1, 'CC-1'], [2, 'PO-1']),
      [],
      tpl([1, 'CC-2']),
      [],
      [],
    ],
    [
      'both changed PO, to different values: a conflict on PO alone, Cost Centre goes',
      tpl([1, 'CC-2'], [2, 'PO-3']),
      tpl([1, 'CC-1'], [2, 'PO-2']),
      tpl([1, 'CC-1'], [2, 'PO-1']),
      [],
      tpl([1, 'CC-2']),
      [{ field: 'custom.2', last: 'PO-1', sheet: 'PO-3', service: 'PO-2' }],
      [],
    ],
    [
      'a custom value the last run did not send goes as the sheet has it',
      tpl([3, 'X']),
      tpl([3, 'Y']),
      tpl([1, 'CC-1']),
      [],
      tpl([3, 'X']),
      [],
      [],
    ],
    [
      'the sheet names another template than the last run sent: judged whole',
      { template: { id: 2, fields: [{ id: 9, value: 'A' }] } },
      tpl([1, 'CC-1']),
      tpl([1, 'CC-1']),
      [],
      { template: { id: 2, fields: [{ id: 9, value: 'A' }] } },
      [],
      [],
    ],
    [
      '--clear-empty, the last run emptied Cost Centre, a colleague filled it: it stays, no conflict',
      {},
      tpl([1, 'CC-7']),
      tpl([1, null]),
      ['custom.1'],
      {},
      [],
      [],
    ],
    [
      '--clear-empty, the last run sent Cost Centre, nobody changed it since: it empties',
      {},
      tpl([1, 'CC-1']),
      tpl([1, 'CC-1']),
      ['custom.1'],
      {},
      [],
      ['custom.1'],
    ],
    [
      '--clear-empty, the last run sent Cost Centre, a colleague changed it: a conflict',
      {},
      tpl([1, 'CC-7']),
      tpl([1, 'CC-1']),
      ['custom.1'],
      {},
      [{ field: 'custom.1', last: 'CC-1', sheet: null, service: 'CC-7' }],
      [],
    ],
    [
      '--clear-empty on a plain field the last run sent empty, a colleague filled it: it stays',
      {},
      { floor: '5' },
      { floor: null },
      ['floor'],
      {},
      [],
      [],
    ],
  ] as const)('%s', (_name, sheet, current, last, emptied, body, conflicts, still) => {
    const res = withoutColleaguesEdits(
      structuredClone(sheet),
      structuredClone(current),
      last,
      false,
      emptied,
    );
    expect(res.sheet).toEqual(body);
    expect(res.conflicts).toEqual(conflicts);
    expect(res.emptied).toEqual(still);
  });
});
