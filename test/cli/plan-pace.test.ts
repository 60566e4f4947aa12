// The plan's pace and ETA (src/cli/plan-text.ts): the limit said per its window, a minute
// unless ASSETBATCH_RATE_WINDOW (config `rateWindow`) sets another, as a person reads it on
// the plan's line. The last case runs the CLI with the variable set, against the sandbox.
import { describe, expect, it } from 'vitest';
import { paceText, type PaceOfPlan } from '../../src/cli/plan-text.js';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, ROOT, tempDir } from '../e2e/cli.js';

const base: PaceOfPlan = { rateLimit: 100, etaSeconds: 0, share: 'remembered' };

describe('the plan says the rate limit per its window', () => {
  it.each([
    { name: 'the service minute', plan: base, text: 'at 100 requests/minute well under a minute' },
    {
      name: 'a 10 s window',
      plan: { ...base, rateLimit: 30, rateWindowSeconds: 10 },
      text: 'at 30 requests per 10 s well under a minute',
    },
    {
      name: 'a fraction of a second',
      plan: { ...base, rateLimit: 5, rateWindowSeconds: 2.5 },
      text: 'at 5 requests per 2.5 s well under a minute',
    },
    {
      name: 'whole minutes',
      plan: { ...base, rateLimit: 200, rateWindowSeconds: 120 },
      text: 'at 200 requests per 2 min well under a minute',
    },
    {
      name: 'no limit, a window set',
      plan: { ...base, rateLimit: 0, rateWindowSeconds: 10 },
      text: 'at unlimited requests per 10 s well under a minute',
    },
    {
      name: 'the share the last run got',
      plan: { ...base, rateLimit: 30, rateWindowSeconds: 10, sharedRate: 20, etaSeconds: 90 },
      text: "at about 20 of the account's 30 requests per 10 s (the share the last run got: others use the account) about 1m30s",
    },
    {
      name: 'another run of ours beside it',
      plan: { ...base, rateLimit: 30, rateWindowSeconds: 10, otherRuns: 1 },
      text: "at about 15 of the account's 30 requests per 10 s (another assetbatch run is using this account: sharing its 30 requests per 10 s) well under a minute",
    },
    {
      name: 'another run of ours, the minute',
      plan: { ...base, otherRuns: 1 },
      text: "at about 50 of the account's 100 requests/minute (another assetbatch run is using this account: sharing its 100 requests a minute) well under a minute",
    },
  ])('$name', ({ plan, text }) => {
    expect(paceText(plan)).toBe(text);
  });

  it.each([
    { name: 'a run longer than its 10 s window, the share unknown: said unsure', window: 10, unsure: true },
    { name: 'the same run in a minute window: it fits, nothing said', window: undefined, unsure: false },
  ])('$name', ({ window, unsure }) => {
    const text = paceText({
      ...base,
      rateLimit: 30,
      rateWindowSeconds: window,
      share: 'unknown',
      etaSeconds: 30,
    });
    expect(text.includes(' if no one else uses the account now')).toBe(unsure);
  });

  it.each([
    { env: '10', pace: 'at 100 requests per 10 s' },
    { env: '60', pace: 'at 100 requests/minute' },
  ])('ASSETBATCH_RATE_WINDOW=$env: the plan says "$pace"', async ({ env, pace }) => {
    const dir = tempDir();
    copyFileSync(join(ROOT, 'samples/customers.csv'), join(dir, 'c.csv'));
    const res = await runCli(['import', 'c.csv', '-r', 'customer', '--sandbox', '--rate-limit', '100'], {
      cwd: dir,
      env: {
        ASSETBATCH_RATE_WINDOW: env,
        XDG_STATE_HOME: join(dir, 'state'),
        XDG_CACHE_HOME: join(dir, 'cache'),
      },
    });
    expect(res.stderr).toMatch(new RegExp(`^Plan: .*; ${pace} `, 'm'));
  });
});
