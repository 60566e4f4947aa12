// Each row's fingerprint with its row number, in the order added: what goes in comes out, a
// million rows' worth as well as a few (the arrays grow past their first 1,024 rows).
import { describe, expect, it } from 'vitest';
import { RowPrints } from '../../src/util/row-prints.js';

const print = (i: number) => (i * 2654435761).toString(16).padStart(16, '0').slice(-16);

describe('RowPrints', () => {
  it.each([
    ['none', 0],
    ['one', 1],
    ['as many as the first arrays hold', 1024],
    ['past them (the arrays grow)', 1025],
    ['a sheet of 5,000 rows', 5000],
  ])('%s: each row and print back, in order', (_name, n) => {
    const prints = new RowPrints();
    // Row numbers as a sheet's are: from 2, with gaps (blank rows).
    const added = Array.from({ length: n }, (_, i): [number, string] => [2 + i * 3, print(i)]);
    for (const [row, p] of added) prints.add(row, p);
    expect(prints.size).toBe(n);
    expect([...prints.entries()]).toEqual(added);
  });
});
