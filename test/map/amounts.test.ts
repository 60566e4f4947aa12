// parseAmount, coerceMoney and coerceInteger: amounts as people type them (symbols, codes,
// thousands separators of either kind) and the ones to refuse rather than guess.
import { describe, expect, it } from 'vitest';
import { coerceInteger, coerceMoney, parseAmount, plainAmount } from '../../src/map/coerce.js';
import type { CellValue } from '../../src/read/types.js';

describe('coerceMoney reads an amount', () => {
  const cases: [string, CellValue, number][] = [
    ['dollar sign and thousands comma', '$1,234.50', 1234.5],
    ['space thousands and decimal comma', '1 234,50', 1234.5],
    ['no-break space thousands', '1\u00a0234,50', 1234.5],
    ['dot thousands and decimal comma', '1.234,50', 1234.5],
    ['euro sign with a space', '€ 899', 899],
    ['plain digits', '1299', 1299],
    ['decimal comma', '12,5', 12.5],
    ['several thousands commas', '1,234,567', 1234567],
    ['several thousands dots', '1.234.567', 1234567],
    ['Indian grouping', '12,34,567', 1234567],
    ['a currency code before', 'USD 10', 10],
    ['a currency code after', '10 EUR', 10],
    ['a number cell', 42.5, 42.5],
    ['zero', '0', 0],
    ['apostrophe thousands (Swiss)', "1'234.50", 1234.5],
  ];
  it.each(cases)('%s', (_name, cell, value) => {
    const r = coerceMoney(cell);
    expect(r.problem).toBeUndefined();
    expect(r.value).toBe(value);
  });
});

describe('coerceMoney refuses', () => {
  const cases: [string, CellValue, RegExp][] = [
    ['brackets as negative', '(12.00)', /"\(12.00\)" is negative/],
    ['a leading minus', '-5', /"-5" is negative/],
    ['a trailing minus', '5-', /is negative/],
    ['a negative number cell', -1, /is negative/],
    ['letters', 'abc', /"abc" is not a number/],
    ['a symbol alone', '$', /is not a number/],
    ['a stray trailing dot', '1.5.', /is not a number/],
    ['commas that are not thousands groups', '1,2,3', /is not a number/],
    ['a bad group before the decimal', '1,23.50', /is not a number/],
    ['thousands groups after a 0', '0,123,456', /is not a number/],
    ['a boolean cell', true, /is not a number/],
    ['a formula error', { error: '#DIV/0!' }, /formula error \(#DIV\/0!\)/],
    // German "1.299 €" is 1299, English "1.299" a little over one: said, not guessed.
    [
      'one dot and three digits, with a euro sign',
      '1.299 €',
      /^"1\.299 €" could be 1299 or 1\.299: write it with its decimals \("1\.299,00" or "1,299\.00"\), or as 1299$/,
    ],
    ['one dot and three digits, bare', '12.500', /could be 12500 or 12\.5/],
  ];
  it.each(cases)('%s', (_name, cell, problem) => {
    const r = coerceMoney(cell);
    expect(r.value).toBeUndefined();
    expect(r.problem).toMatch(problem);
  });
});

describe('coerceMoney rounds to cents, with a warning', () => {
  const cases: [string, CellValue, number, boolean][] = [
    ['two decimals stay', '10.25', 10.25, false],
    ['four decimals round', '10.2551', 10.26, true],
    ['a number cell with float noise', 0.1 + 0.2, 0.3, true],
  ];
  it.each(cases)('%s', (_name, cell, value, warns) => {
    const r = coerceMoney(cell);
    expect(r.value).toBe(value);
    expect(r.warning !== undefined).toBe(warns);
  });
});

describe('parseAmount', () => {
  const cases: [string, CellValue, number, boolean][] = [
    ['brackets', '(12.00)', -12, true],
    ['minus after a symbol', '$-3', -3, true],
    ['positive', '7', 7, false],
    ['a decimal comma after 0 is no thousands separator', '0,125', 0.125, false],
    ['one comma and three digits is thousands', '1,250', 1250, false],
  ];
  it.each(cases)('%s', (_name, cell, n, negative) => {
    expect(parseAmount(cell)).toEqual({ n, negative });
  });
});

describe('plainAmount: the quick reading of a plain amount', () => {
  // The rule it stands for, as the regular expression it replaced wrote it.
  const RULE = /^[$€£¥₹]?(?:([1-9]\d{0,2}(?:,\d{3})+)|(\d+))(\.\d+)?$/;
  const byRule = (s: string): number | undefined => {
    const m = RULE.exec(s);
    return m ? Number((m[1] ? m[1].replace(/,/g, '') : m[2]) + (m[3] ?? '')) : undefined;
  };
  const cases: [string, number | undefined][] = [
    ['1234.50', 1234.5],
    ['$1,234.50', 1234.5],
    ['€12,345,678.99', 12345678.99],
    ['007', 7],
    ['0.125', 0.125],
    ['229.19', 229.19],
    ['0,125', undefined],
    ['1,25', undefined],
    ['1,2345', undefined],
    ['1234,567', undefined],
    [',123', undefined],
    ['1.', undefined],
    ['.5', undefined],
    ['$', undefined],
    ['', undefined],
    ['1 234', undefined],
    ['-3', undefined],
    ['12.5.1', undefined],
    ['1e5', undefined],
    ['123456789012345678', undefined],
  ];
  it.each(cases)('%j reads as %j, as the rule reads it', (text, want) => {
    expect(plainAmount(text)).toBe(want);
    if (want !== undefined) expect(want).toBe(byRule(text));
  });

  it('agrees with the rule on 20,000 generated texts (digits, commas, points, symbols)', () => {
    const alphabet = ['0', '1', '2', '5', '9', '9', '3', ',', '.', '$', '€'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % alphabet.length;
    for (let k = 0; k < 20_000; k++) {
      const text = Array.from({ length: 1 + (k % 12) }, () => alphabet[next()]).join('');
      const rule = byRule(text);
      const got = plainAmount(text);
      // Past 15 digits the long way (Number) reads it: the quick one may decline.
      if (got !== undefined || text.replace(/\D/g, '').length <= 15)
        expect([text, got]).toEqual([text, rule]);
    }
  });
});

describe('coerceInteger', () => {
  const cases: [string, CellValue, { value?: number; problem?: RegExp }][] = [
    ['digits', '30', { value: 30 }],
    ['thousands', '1,200', { value: 1200 }],
    ['a number cell', 90, { value: 90 }],
    ['negative integers are whole numbers', '-5', { value: -5 }],
    ['a fraction', '12.5', { problem: /"12.5" is not a whole number/ }],
    ['text', 'thirty', { problem: /"thirty" is not a whole number/ }],
    ['a formula error', { error: '#N/A' }, { problem: /formula error \(#N\/A\)/ }],
  ];
  it.each(cases)('%s', (_name, cell, want) => {
    const r = coerceInteger(cell);
    if (want.problem) expect(r.problem).toMatch(want.problem);
    else expect(r).toEqual({ value: want.value });
  });
});
