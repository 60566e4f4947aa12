// Column letters as spreadsheets show them, for the reader's messages and the writer's cell references.
import { describe, expect, it } from 'vitest';
import { columnLetter } from '../../src/util/column-letter.js';

describe('columnLetter', () => {
  it.each([
    [0, 'A'],
    [25, 'Z'],
    [26, 'AA'],
    [51, 'AZ'],
    [52, 'BA'],
    [701, 'ZZ'],
    [702, 'AAA'],
    [16383, 'XFD'],
  ])('column %i is %s', (index, letters) => {
    expect(columnLetter(index)).toBe(letters);
  });
});
