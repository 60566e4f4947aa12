// A duration in a message: a fraction of a second is shown, not rounded to "0 s".
import { describe, expect, it } from 'vitest';
import { showSeconds } from '../../src/util/seconds.js';

describe('showSeconds', () => {
  it.each([
    [300, '0.3 s'],
    [200, '0.2 s'],
    [500, '0.5 s'],
    [1500, '1.5 s'],
    [1234, '1.2 s'],
    [60_000, '60 s'],
    [371_400, '371 s'],
    [9_960, '10 s'],
    [0, '0 s'],
  ])('%i ms is "%s"', (ms, shown) => {
    expect(showSeconds(ms)).toBe(shown);
  });
});
