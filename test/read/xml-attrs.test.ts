// The sheet scanner reads a cell's `r`, `t` and `s` in place from its tag's text, in one
// walk (attrValues), and a row's `r` alone (attrValue): both read any order, spacing and
// quote, take a name's first value, tell a prefixed name apart, and stop where the text no
// longer reads as attributes, as a tag written by any producer may have it.
import { describe, expect, it } from 'vitest';
import { attrValue, attrValues } from '../../src/read/xlsx/xml-attrs.js';

const NAMES = ['r', 't', 's'] as const;

const cases: { tag: string; r?: string; t?: string; s?: string; what: string }[] = [
  { what: 'the usual order', tag: ' r="A1" s="3" t="s"', r: 'A1', t: 's', s: '3' },
  { what: 'another order, no style', tag: ' t="n" r="B2"', r: 'B2', t: 'n' },
  { what: 'spaces around = and single quotes', tag: ' r = \'C3\'\n\tt= "str" ', r: 'C3', t: 'str' },
  { what: 'a name given twice: the first', tag: ' r="A1" r="B1" s="2" s="9"', r: 'A1', s: '2' },
  { what: 'a prefixed name is another name', tag: ' x:r="A1" r="B1" xs="4"', r: 'B1' },
  {
    what: 'other attributes around',
    tag: ' cm="1" r="D4" vm="2" t="e" ph="1" s="7"',
    r: 'D4',
    t: 'e',
    s: '7',
  },
  { what: 'an empty value', tag: ' r="E5" t=""', r: 'E5', t: '' },
  { what: 'no attributes', tag: '' },
  { what: 'only spaces', tag: '   ' },
  {
    what: 'a name without a value runs into the next: neither is read',
    tag: ' r="A1" foo t="s" s="1"',
    r: 'A1',
    s: '1',
  },
  { what: 'a value without quotes stops the walk', tag: ' r=A1 t="s"' },
  { what: 'a quote never closed stops the walk', tag: ' s="1" r="A1', s: '1' },
  { what: 'the end of the tag is where it stops', tag: ' r="F6">x t="s" s="1"', r: 'F6' },
];

describe('attributes read in place from a tag', () => {
  it.each(cases)('$what', ({ tag, r, t, s }) => {
    const to = tag.includes('>') ? tag.indexOf('>') : tag.length;
    const expected = [r, t, s];
    const out: (string | undefined)[] = ['stale', 'stale', 'stale'];
    attrValues(tag, 0, to, NAMES, out);
    expect(out).toEqual(expected);
    expect(NAMES.map((name) => attrValue(tag, 0, to, name))).toEqual(expected);
  });

  it('reads inside the range given, not before it', () => {
    const text = '<c r="A1" t="s"><v>0</v></c>';
    const out: (string | undefined)[] = [];
    attrValues(text, 2, text.indexOf('>'), ['r', 't', 'v'], out);
    expect(out).toEqual(['A1', 's', undefined]);
  });
});
