import { describe, expect, it } from 'vitest';
import { isValidIsoDate } from '../../src/resources/fields.js';

describe('isValidIsoDate: yyyy-MM-dd naming a day of the calendar', () => {
  const cases: [string, boolean][] = [
    ['2024-01-31', true],
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['1900-02-29', false],
    ['2000-02-29', true],
    ['2024-04-31', false],
    ['2024-12-31', true],
    ['2024-13-01', false],
    ['2024-00-10', false],
    ['2024-01-00', false],
    ['0000-01-01', true],
    ['2024-1-01', false],
    ['2024-01-1', false],
    ['2024/01/31', false],
    ['2024-01-3a', false],
    ['2024-0a-31', false],
    ['2024-01-31T00:00', false],
    ['٢٠٢٤-01-31', false],
    ['', false],
  ];
  it.each(cases)('%j: %s', (text, valid) => {
    expect(isValidIsoDate(text)).toBe(valid);
  });
});
