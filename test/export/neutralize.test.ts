// Formula injection: which text is dangerous, and how CSV text is made inert.
import { describe, expect, it } from 'vitest';
import { isDangerous, neutralizeCell, restoreCell } from '../../src/export/neutralize.js';

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

// A report fed back: only the mark neutralizeCell adds comes off; any other ' is the user's.
describe('restoreCell', () => {
  it.each([
    ['the no/empty marker', "'-", '-'],
    ['a formula', "'=1+2", '=1+2'],
    ['a phone number', "'+44 20 7946 0000", '+44 20 7946 0000'],
    ['an at sign', "'@home", '@home'],
    ['a tab', "'\t=cmd", '\t=cmd'],
    ['a carriage return', "'\r=cmd", '\r=cmd'],
    ["the user's own apostrophe", "'80s kit", "'80s kit"],
    ['a lone apostrophe', "'", "'"],
    ['two marks: only ours comes off', "''-", "''-"],
    ['plain text', 'Desk 1', 'Desk 1'],
    ['a bare minus', '-', '-'],
  ])('%s', (_name, input, expected) => {
    expect(restoreCell(input)).toBe(expected);
  });

  it.each(['-', '=1+2', '+1', '@x', '\t=x', '\r=x', 'plain', "'80s"])('undoes neutralizeCell: %j', (text) => {
    expect(restoreCell(neutralizeCell(text))).toBe(text);
  });
});
