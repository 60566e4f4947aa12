// ValueMemo: answers by value for the values a sheet repeats, bounded, and giving up (and
// letting go of what it held) on values that rarely repeat.
import { describe, expect, it } from 'vitest';
import { ValueMemo } from '../../src/util/memo.js';

/** Asks for each key in turn, storing an answer on a miss; returns how many were answered from the memo. */
function ask(memo: ValueMemo<string>, keys: readonly unknown[]): number {
  let hits = 0;
  for (const k of keys) {
    if (memo.get(k) !== undefined) hits++;
    else memo.set(k, `answer for ${String(k)}`);
  }
  return hits;
}

describe('ValueMemo', () => {
  const cases: {
    name: string;
    keys: unknown[];
    capacity: number;
    hits: number;
    size: number;
    off: boolean;
  }[] = [
    {
      name: 'a repeated value is answered from the memo',
      keys: ['USA', 'USA', 'Germany', 'USA'],
      capacity: 8,
      hits: 2,
      size: 2,
      off: false,
    },
    {
      name: 'numbers and texts are different keys',
      keys: [1, '1', 1],
      capacity: 8,
      hits: 1,
      size: 2,
      off: false,
    },
    {
      name: 'null and undefined are keys too',
      keys: [null, undefined, null, undefined],
      capacity: 8,
      hits: 2,
      size: 2,
      off: false,
    },
    {
      name: 'values that never repeat: it gives up once full, holding nothing',
      keys: Array.from({ length: 20 }, (_, i) => `SN-${i}`),
      capacity: 8,
      hits: 0,
      size: 0,
      off: true,
    },
    {
      name: 'values that repeat often: full, it keeps what it has',
      keys: [...Array.from({ length: 8 }, (_, i) => i), ...Array.from({ length: 40 }, (_, i) => i % 8), 99],
      capacity: 8,
      hits: 40,
      size: 8,
      off: false,
    },
  ];
  it.each(cases)('$name', ({ keys, capacity, hits, size, off }) => {
    const memo = new ValueMemo<string>(capacity);
    expect(ask(memo, keys)).toBe(hits);
    expect(memo.size).toBe(size);
    expect(memo.off).toBe(off);
  });

  it('a memo that gave up answers nothing, even for values it had', () => {
    const memo = new ValueMemo<string>(4);
    ask(memo, ['a', 'b', 'c', 'd', 'e', 'f']);
    expect(memo.off).toBe(true);
    expect(memo.get('a')).toBeUndefined();
  });

  it('clear forgets the answers and starts counting again', () => {
    const memo = new ValueMemo<string>(4);
    ask(memo, ['a', 'b', 'c', 'd', 'e', 'f']);
    memo.clear();
    expect(memo.off).toBe(false);
    expect(ask(memo, ['a', 'a'])).toBe(1);
  });
});
