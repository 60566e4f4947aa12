// The packed strings table (src/read/xlsx/packed-strings.ts) gives back each string as it was
// given, as text or as UTF-8 bytes, whatever its characters and however the table grew.
import { describe, expect, it } from 'vitest';
import { LONGEST_PACKED, PackedStrings } from '../../src/read/xlsx/packed-strings.js';

const cases: { name: string; text: string; kept?: boolean }[] = [
  { name: 'ASCII', text: 'Laptop Latitude 7440' },
  { name: 'empty', text: '' },
  { name: 'Latin-1 and beyond (two-byte UTF-8)', text: 'Łódź Müller café' },
  { name: 'CJK (three-byte UTF-8)', text: '東京都 漢字' },
  { name: 'an emoji (a surrogate pair, four-byte UTF-8)', text: 'ok 😀 👍🏽' },
  { name: 'control characters and NUL', text: 'a\r\nb\t\u0000c' },
  { name: 'U+FFFD itself', text: 'bad \uFFFD byte' },
  { name: 'a lone high surrogate (kept as a string)', text: 'x\uD800y', kept: true },
  { name: 'a lone low surrogate at the end (kept as a string)', text: 'x\uDC00', kept: true },
  { name: 'exactly the longest packed', text: 'x'.repeat(LONGEST_PACKED) },
  {
    name: 'one past the longest packed (kept as a string)',
    text: 'y'.repeat(LONGEST_PACKED + 1),
    kept: true,
  },
  { name: 'long text in few units but many bytes', text: '漢'.repeat(100) },
];

describe('PackedStrings', () => {
  it.each(cases)('$name, pushed as text', ({ text, kept }) => {
    const t = new PackedStrings();
    t.push('before');
    t.push(text);
    t.push('after');
    expect([t.at(0), t.at(1), t.at(2)]).toEqual(['before', text, 'after']);
    expect(t.keptCount).toBe(kept ? 1 : 0);
  });

  it.each(cases.filter((c) => !/lone/.test(c.name)))('$name, pushed as UTF-8 bytes', ({ text }) => {
    const t = new PackedStrings();
    const bytes = Buffer.from(`<t>${text}</t>`, 'utf8');
    t.pushBytes(bytes, 3, bytes.length - 4);
    expect(t.at(0)).toBe(text);
  });

  it('invalid UTF-8 bytes read as U+FFFD, as Buffer#toString reads them', () => {
    const bytes = Buffer.from([0x61, 0xff, 0x62, 0xe6, 0x97, 0x63, 0xed, 0xa0, 0x80]);
    const t = new PackedStrings();
    t.pushBytes(bytes, 0, bytes.length);
    expect(t.at(0)).toBe(bytes.toString('utf8'));
  });

  it('a long string is the same string at each lookup (one copy, however many cells name it)', () => {
    const t = new PackedStrings();
    const bytes = Buffer.from('z'.repeat(LONGEST_PACKED * 4));
    t.pushBytes(bytes, 0, bytes.length);
    expect(t.at(0)).toHaveLength(LONGEST_PACKED * 4);
    expect(Object.is(t.at(0), t.at(0))).toBe(true);
    expect(t.keptCount).toBe(1);
  });

  it.each([
    { name: 'a negative index', index: -1 },
    { name: 'NaN', index: Number.NaN },
    { name: 'a fraction', index: 0.5 },
    { name: 'the length', index: 2 },
    { name: 'past 2^32', index: 2 ** 32 },
  ])('$name names no string', ({ index }) => {
    const t = new PackedStrings();
    t.push('a');
    t.push('b');
    expect(t.at(index)).toBeUndefined();
  });

  it.each([
    { name: 'no size given', size: {} },
    { name: 'room for one string of one byte', size: { strings: 1, bytes: 1 } },
    { name: 'a claim far past the truth', size: { strings: 1e12, bytes: 1e12 } },
  ])('10,000 strings of every kind, sized by $name', ({ size }) => {
    const t = new PackedStrings(size);
    const want: string[] = [];
    for (let i = 0; i < 10_000; i++) {
      const c = cases[i % cases.length];
      const text = `${i}:${c.text}`;
      want.push(text);
      if (i % 2 === 0 || /lone/.test(c.name)) t.push(text);
      else {
        const bytes = Buffer.from(`>${text}<`, 'utf8');
        t.pushBytes(bytes, 1, bytes.length - 1);
      }
    }
    expect(t.length).toBe(want.length);
    expect([...t]).toEqual(want);
  });
});
