// Formula injection: which text is dangerous, and how CSV text is made inert.
import { describe, expect, it } from 'vitest';
import { isDangerous, neutralizeCell } from '../../src/export/neutralize.js';

describe('neutralizeCell', () => {
  it.each([
    ['equals sign', '=1+2', "'=1+2"],
    ['hyperlink formula', '=HYPERLINK("http://x","y")', `'=HYPERLINK("http://x","y")`],
    ['plus sign', '+44 20 7946 0000', "'+44 20 7946 0000"],
    ['minus sign', '-2+3', "'-2+3"],
    ['at sign', '@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['tab', '\t=cmd', "'\t=cmd"],
    ['carriage return', '\r=cmd', "'\r=cmd"],
    ['plain text stays', 'Acme Ltd', 'Acme Ltd'],
    ['equals inside stays', 'a=b', 'a=b'],
    ['empty stays', '', ''],
    ['leading space stays', ' =x', ' =x'],
  ])('%s', (_name, input, expected) => {
    expect(neutralizeCell(input)).toBe(expected);
    expect(isDangerous(input)).toBe(input !== expected);
  });
});
