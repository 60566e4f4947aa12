// The share of the account a run got, remembered for the next run's plan and pace.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paceKey, rememberRate, rememberedRate, REMEMBER_MS } from '../../src/api/pace-memory.js';

const dir = mkdtempSync(join(tmpdir(), 'ab-pace-'));
let n = 0;

describe('pace memory', () => {
  const T = 1_000_000;
  it.each([
    ['remembered within the hour', 100, 72, T + 10 * 60_000, 100, 72],
    ['forgotten after an hour', 100, 72, T + REMEMBER_MS + 1, 100, undefined],
    ['another limit: not this share', 100, 72, T + 1000, 300, undefined],
    ['a run that had the whole limit: remembered as the limit', 100, 100, T + 1000, 100, 100],
    ['never more than the limit', 100, 130, T + 1000, 100, 100],
  ])('%s', (_name, limit, rate, later, askedLimit, want) => {
    const file = join(dir, `pace-${++n}.json`);
    const key = paceKey('https://a.example', 'token');
    rememberRate(key, limit, 80, T, file);
    rememberRate(key, limit, rate, T, file);
    expect(rememberedRate(key, askedLimit, later, file)).toBe(want);
  });

  it('accounts are kept apart, and the token is not in the file', async () => {
    const file = join(dir, 'pace-accounts.json');
    rememberRate(paceKey('https://a.example', 'secret-token-1'), 100, 60, 0, file);
    rememberRate(paceKey('https://a.example', 'secret-token-2'), 100, 40, 0, file);
    expect(rememberedRate(paceKey('https://a.example', 'secret-token-1'), 100, 1, file)).toBe(60);
    expect(rememberedRate(paceKey('https://a.example', 'secret-token-2'), 100, 1, file)).toBe(40);
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(file, 'utf8')).not.toContain('secret-token');
  });
});
