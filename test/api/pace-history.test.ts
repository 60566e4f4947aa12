// Pacing that knows its own history, on a fake clock: the send times of earlier runs still in
// the window count as ours (a run resumed at once waits for them instead of meeting a 429),
// a 429 they explain is not read as other clients' use, and the times are kept across runs
// beside the pace memory (src/api/pace-memory.ts).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rememberSends, rememberedSends } from '../../src/api/pace-memory.js';
import { countedSpanMs, RateLimiter } from '../../src/api/rate-limit.js';
import { tempDir } from '../e2e/cli.js';

/** A clock that moves only when someone sleeps on it; it starts at 10 s. */
function fakeClock() {
  const clock = { t: 10_000, now: () => clock.t, sleep: async (ms: number) => void (clock.t += ms) };
  return clock;
}

const limiterWith = (history: number[], limit = 10, clock = fakeClock()) => ({
  clock,
  limiter: new RateLimiter({
    limit,
    windowMs: 1000,
    marginMs: 0,
    burst: limit,
    now: clock.now,
    sleep: clock.sleep,
    history,
  }),
});

describe("earlier runs' requests in the window count as ours", () => {
  it.each([
    [
      'a full window, half a window ago: the first request waits for them to leave it',
      Array(10).fill(9_500),
      10_500,
      500,
    ],
    ['older than the window: forgotten', Array(10).fill(8_000), 10_000, 0],
    ['four in the window: six go at once', Array(4).fill(9_800), 10_000, 0],
    ['none', [], 10_000, 0],
  ] as const)('%s', async (_name, history, firstAt, estimate) => {
    const { limiter, clock } = limiterWith([...history]);
    expect(limiter.estimateMs(1)).toBe(estimate);
    await limiter.acquire();
    expect(clock.now()).toBe(firstAt);
  });

  it("ownSends: this run's times, one per request, without the earlier runs' it was given", async () => {
    const { limiter } = limiterWith([8_000, 9_200, 9_900]);
    await Promise.all([limiter.acquire(), limiter.acquire(), limiter.acquire()]);
    expect(limiter.ownSends()).toEqual([10_000, 10_000, 10_000]);
  });
});

describe("a 429 our own requests explain is not other clients' use", () => {
  // A limit of 40 a window: the service may count 5% (2) of ours in a window we think they left.
  it.each([
    ["the window full of ours (earlier runs' and this one's): the pace stays at the limit", 39, false, 40],
    ['two short of the limit (the service counts on arrival): still ours', 37, false, 40],
    ['three short: others use the account, the pace drops below our share', 36, true, 33.3],
    ['few of ours: others use the account', 10, true, 9.9],
  ] as const)('%s', async (_name, earlier, adapted, rate) => {
    const { limiter, clock } = limiterWith(Array(earlier).fill(9_900), 40);
    await limiter.acquire();
    limiter.pause(1000);
    expect([limiter.rate.adapted, Math.round(limiter.currentRate() * 10) / 10]).toEqual([adapted, rate]);
    // The pause holds either way: the service said when.
    await limiter.acquire();
    expect(clock.now()).toBeGreaterThanOrEqual(11_000);
  });
});

describe('send times kept beside the pace memory', () => {
  it("a run's times are found by the next run against the same account, within the window only", () => {
    const file = join(tempDir('ab-pace-'), 'pace-sent.json');
    rememberSends('acct', [1_000, 50_000, 59_000], 60_000, 60_000, file);
    expect(rememberedSends('acct', 60_000, 61_000, file)).toEqual([50_000, 59_000]);
    expect(rememberedSends('other', 60_000, 61_000, file)).toEqual([]);
  });

  it("a full window's times just past its edge, within the limiter's margin: kept, and the next run waits for them", async () => {
    const file = join(tempDir('ab-pace-'), 'pace-sent.json');
    const kept = countedSpanMs(1000, 150);
    rememberSends('acct', Array<number>(10).fill(8_950), kept, 9_000, file);
    const history = rememberedSends('acct', kept, 10_050, file);
    expect(history).toHaveLength(10);
    const clock = { t: 10_050, now: () => clock.t, sleep: async (ms: number) => void (clock.t += ms) };
    const limiter = new RateLimiter({
      limit: 10,
      windowMs: 1000,
      marginMs: 150,
      now: clock.now,
      sleep: clock.sleep,
      history,
    });
    await limiter.acquire();
    expect(clock.now()).toBe(8_950 + 1000 + 150);
  });

  it('two runs of one account keep both their times, the same millisecond too', () => {
    const file = join(tempDir('ab-pace-'), 'pace-sent.json');
    rememberSends('acct', [10_000, 20_000], 60_000, 30_000, file);
    rememberSends('acct', [15_000, 20_000, 25_000], 60_000, 31_000, file);
    expect(rememberedSends('acct', 60_000, 32_000, file)).toEqual([10_000, 15_000, 20_000, 20_000, 25_000]);
  });

  it('requests sent in the same millisecond are each remembered (a burst of four is four)', () => {
    const file = join(tempDir('ab-pace-'), 'pace-sent.json');
    rememberSends('acct', [10_000, 10_000, 10_000, 10_000, 10_600], 60_000, 11_000, file);
    expect(rememberedSends('acct', 60_000, 12_000, file)).toHaveLength(5);
  });

  it('a damaged file is an empty memory, and is replaced', () => {
    const dir = tempDir('ab-pace-');
    const file = join(dir, 'pace-sent.json');
    writeFileSync(file, '{not json');
    expect(rememberedSends('acct', 60_000, 1_000, file)).toEqual([]);
    rememberSends('acct', [900], 60_000, 1_000, file);
    expect(rememberedSends('acct', 60_000, 1_000, file)).toEqual([900]);
  });
});
