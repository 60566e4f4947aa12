// The compact first-row-of-key index behaves like a Map from key to its first row.
import { describe, expect, it } from 'vitest';
import { KeyIndex } from '../../src/util/key-index.js';

describe('KeyIndex', () => {
  const cases: { name: string; adds: [string, number][]; expect: [string, number | undefined][] }[] = [
    { name: 'an unknown key', adds: [['A', 2]], expect: [['B', undefined]] },
    {
      name: 'the first row wins',
      adds: [
        ['SN-1', 2],
        ['SN-1', 9],
      ],
      expect: [['SN-1', 2]],
    },
    {
      name: 'keys differ by case',
      adds: [
        ['sn-1', 2],
        ['SN-1', 3],
      ],
      expect: [
        ['sn-1', 2],
        ['SN-1', 3],
      ],
    },
    { name: 'the empty string is a key like any other', adds: [['', 4]], expect: [['', 4]] },
  ];
  it.each(cases)('$name', ({ adds, expect: wanted }) => {
    const idx = new KeyIndex(4);
    for (const [k, r] of adds) idx.add(k, r);
    for (const [k, r] of wanted) expect(idx.get(k)).toBe(r);
  });

  it('agrees with a Map over 200,000 keys, through many growths', () => {
    const idx = new KeyIndex(2);
    const map = new Map<string, number>();
    for (let i = 0; i < 200_000; i++) {
      const k = `SN-${(i * 7919) % 150_000}`;
      idx.add(k, i + 2);
      if (!map.has(k)) map.set(k, i + 2);
    }
    expect(idx.size).toBe(map.size);
    for (const [k, r] of map) if (idx.get(k) !== r) throw new Error(`${k}: ${idx.get(k)} ≠ ${r}`);
    expect(idx.get('SN-150000')).toBeUndefined();
  });

  it.each([
    ['before any key', 0],
    ['part-way', 40_000],
  ])('keeps every key when room is reserved %s, and takes no more room for keys it was told of', (_, at) => {
    const idx = new KeyIndex(3);
    const keys = Array.from({ length: 100_000 }, (_, i) => `Laptop ${i * 13}`);
    keys.forEach((k, i) => {
      if (i === at) idx.reserve(100_000);
      idx.add(k, i + 2);
    });
    keys.forEach((k, i) => expect(idx.get(k)).toBe(i + 2));
    expect(idx.get('Laptop 1')).toBeUndefined();
    expect(idx.size).toBe(100_000);
    // Sized once for 100,000 keys: no doubling after (a doubled table would hold 2^18 slots or more).
    expect(idx.capacity).toBe(Math.ceil(100_000 / 0.75) + 1);
  });
});
