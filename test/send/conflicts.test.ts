// Never revert a colleague's edit: the sheet's values against what the last run sent and what
// the service holds now, field by field.
import { describe, expect, it } from 'vitest';
import { withoutColleaguesEdits } from '../../src/send/merge.js';

describe('withoutColleaguesEdits', () => {
  // [case, sheet now, service now, last sent, --prefer sheet, body sent, conflicts]
  it.each([
    [
      'no memory of the record: the sheet goes as it is',
      { floor: '3' },
      { floor: '2' },
      undefined,
      false,
      { floor: '3' },
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
    ],
    [
      "the sheet changed, the service did not: the sheet's value goes",
      { floor: '3' },
      { floor: '2' },
      { floor: '2' },
      false,
      { floor: '3' },
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
    ],
    [
      "both changed, --prefer sheet: the sheet's value goes",
      { floor: '3' },
      { floor: '5' },
      { floor: '2' },
      true,
      { floor: '3' },
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
    ],
    [
      'a field the last run did not send goes as the sheet has it',
      { room: 'B' },
      { room: 'A' },
      { floor: '2' },
      false,
      { room: 'B' },
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
    ],
  ] as const)('%s', (_name, sheet, current, last, prefer, body, conflicts) => {
    const res = withoutColleaguesEdits({ ...sheet }, { ...current }, last, prefer);
    expect(res.sheet).toEqual(body);
    expect(res.conflicts).toEqual(conflicts);
  });
});
