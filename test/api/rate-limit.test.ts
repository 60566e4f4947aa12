// RateLimiter on a fake clock: never more than `limit` sends in any window, requests
// spaced evenly once the quiet-window burst is spent, a 429 pause holds every caller and
// lowers the pace, and the estimate used for plans is the same rule played forward;
// parseRetryAfter for both forms.
import { describe, expect, it } from 'vitest';
import { RateLimiter, parseRetryAfter } from '../../src/api/rate-limit.js';

/** A clock that moves only when someone sleeps on it. */
function fakeClock() {
  const clock = {
    t: 0,
    now: () => clock.t,
    sleep: async (ms: number) => {
      clock.t += ms;
    },
  };
  return clock;
}

/** Acquire `n` times at once and record when each was let through. */
async function sendTimes(limiter: RateLimiter, clock: { now: () => number }, n: number): Promise<number[]> {
  const times: number[] = [];
  await Promise.all(Array.from({ length: n }, () => limiter.acquire().then(() => times.push(clock.now()))));
  return times;
}

describe('RateLimiter keeps to the limit (a burst as large as the limit: the window alone decides)', () => {
  const cases: [string, number, number, number, number, number[]][] = [
    ['3 a second, 7 sends', 3, 1000, 0, 7, [0, 0, 0, 1000, 1000, 1000, 2000]],
    ['with a margin past the window edge', 2, 1000, 150, 5, [0, 0, 1150, 1150, 2300]],
    ['under the limit nobody waits', 10, 60_000, 150, 10, Array(10).fill(0)],
    ['a limit of 0 is no pacing', 0, 60_000, 150, 50, Array(50).fill(0)],
  ];
  it.each(cases)('%s', async (_name, limit, windowMs, marginMs, n, want) => {
    const clock = fakeClock();
    const limiter = new RateLimiter({
      limit,
      windowMs,
      marginMs,
      burst: limit,
      now: clock.now,
      sleep: clock.sleep,
    });
    const times = await sendTimes(limiter, clock, n);
    expect(times).toEqual(want);
    // The property itself: any `limit` + 1 consecutive sends span more than a window.
    if (limit > 0)
      for (let i = 0; i + limit < times.length; i++)
        expect(times[i + limit] - times[i]).toBeGreaterThanOrEqual(windowMs);
  });

  it('counts the time spent waiting', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({
      limit: 1,
      windowMs: 1000,
      marginMs: 0,
      now: clock.now,
      sleep: clock.sleep,
    });
    await sendTimes(limiter, clock, 3);
    expect(limiter.waitedMs).toBe(2000);
  });
});

describe('RateLimiter spreads the window: a burst while it is quiet, then one every window / limit', () => {
  // [name, limit, burst, sends, times]
  const cases: [string, number, number, number, number[]][] = [
    ['a burst of 2, then spaced 100 ms apart', 10, 2, 6, [0, 0, 100, 200, 300, 400]],
    ['no burst: spaced from the first', 4, 0, 4, [0, 250, 500, 750]],
  ];
  it.each(cases)('%s', async (_name, limit, burst, n, want) => {
    const clock = fakeClock();
    const limiter = new RateLimiter({
      limit,
      windowMs: 1000,
      marginMs: 0,
      burst,
      now: clock.now,
      sleep: clock.sleep,
    });
    const times = await sendTimes(limiter, clock, n);
    expect(times).toEqual(want);
    for (let i = 0; i + limit < times.length; i++)
      expect(times[i + limit] - times[i]).toBeGreaterThanOrEqual(1000);
  });
});

describe('after a 429 the pace drops below our share of the window, and climbs back slowly', () => {
  it('0.9 of what we sent in the window, +2% of the limit per window after', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({
      limit: 100,
      windowMs: 60_000,
      marginMs: 0,
      now: clock.now,
      sleep: clock.sleep,
    });
    await sendTimes(limiter, clock, 80);
    limiter.pause(1000);
    // Refusals of requests sent together lower it once.
    limiter.pause(1000);
    expect(limiter.currentRate()).toBeCloseTo(72, 5);
    clock.t += 60_000;
    expect(limiter.currentRate()).toBeCloseTo(74, 5);
    clock.t += 20 * 60_000;
    expect(limiter.currentRate()).toBe(100);
  });

  it('a share remembered from an earlier run is where pacing starts, without a burst', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({
      limit: 100,
      windowMs: 60_000,
      marginMs: 0,
      startRate: 60,
      now: clock.now,
      sleep: clock.sleep,
    });
    const times = await sendTimes(limiter, clock, 3);
    expect(times.slice(0, 2)).toEqual([0, 1000]);
    // …and the pace climbs back: the next a hair sooner.
    expect(times[2]).toBeCloseTo(2000, -1);
    expect(times[2]).toBeLessThan(2000);
  });
});

describe('RateLimiter.pause', () => {
  it('holds every caller until the pause ends', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ limit: 0, now: clock.now, sleep: clock.sleep });
    limiter.pause(5000);
    expect(await sendTimes(limiter, clock, 3)).toEqual([5000, 5000, 5000]);
  });

  it('a shorter pause does not cut a longer one short', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ limit: 0, now: clock.now, sleep: clock.sleep });
    limiter.pause(5000);
    limiter.pause(1000);
    expect(await sendTimes(limiter, clock, 1)).toEqual([5000]);
  });

  it('adds to the wait for the window, and paces below our share after', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({
      limit: 4,
      windowMs: 1000,
      marginMs: 0,
      burst: 1,
      now: clock.now,
      sleep: clock.sleep,
    });
    await limiter.acquire();
    limiter.pause(3000);
    // Our share was 1 a window of 4 (so others use the account): the pace drops to 0.9 a
    // window and climbs 2% of the limit a window from the 429 on, so when the pause ends
    // (3 windows later) it is 1.14 a window: the next request goes 1000 / 1.14 ms after the first.
    const times = await sendTimes(limiter, clock, 2);
    expect(times[0]).toBe(3000);
    expect(times[1]).toBeCloseTo(3000 + 1000 / 1.14, 3);
  });
});

describe("RateLimiter.estimateMs is the limiter's own rule played forward, counting what the window already holds", () => {
  // [name, limit, sends already made, requests to estimate]
  const cases: [string, number, number, number][] = [
    ['nothing to send', 100, 0, 0],
    ['one window', 100, 0, 100],
    ['one past the limit', 100, 0, 101],
    ['several windows', 100, 0, 300],
    ['reads already in the window', 100, 50, 60],
    ['a full window already spent', 100, 100, 10],
    ['a small limit', 7, 3, 40],
  ];
  it.each(cases)('%s', async (_name, limit, before, requests) => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ limit, now: clock.now, sleep: clock.sleep });
    await sendTimes(limiter, clock, before);
    const estimate = limiter.estimateMs(requests);
    limiter.expect(requests);
    const t0 = clock.t;
    for (let i = 0; i < requests; i++) await limiter.acquire();
    expect(estimate).toBe(clock.t - t0);
  });

  it.each([
    ['100 fit an empty window: at once', 100, 0, 100, 0],
    ['101 do not: a fifth at once, the rest spread', 100, 0, 101, 60_150],
    ['reads already in the window push the last write into the next', 100, 50, 100, 60_150],
    ['no pacing', 0, 0, 10_000, 0],
  ])('%s: %i ms', async (_name, limit, before, requests, ms) => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ limit, now: clock.now, sleep: clock.sleep });
    await sendTimes(limiter, clock, before);
    expect(limiter.estimateMs(requests)).toBe(ms);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  const cases: [string, string | string[] | undefined, number | undefined][] = [
    ['seconds', '5', 5000],
    ['fractional seconds', '1.5', 1500],
    ['seconds with spaces', ' 2 ', 2000],
    ['zero', '0', 0],
    ['an HTTP date ahead', 'Thu, 01 Jan 2026 00:00:10 GMT', 10_000],
    ['an HTTP date passed', 'Wed, 31 Dec 2025 23:59:00 GMT', 0],
    ['the first of several values', ['3', '9'], 3000],
    ['absent', undefined, undefined],
    ['empty', '', undefined],
    ['a word', 'soon', undefined],
    ['a negative number', '-1', undefined],
    ['a unit', '10s', undefined],
    ['junk that Date.parse reads as 2001', 'abc 1', undefined],
  ];
  it.each(cases)('%s', (_name, value, ms) => {
    expect(parseRetryAfter(value, now)).toBe(ms);
  });
});

describe('RateLimiter.lease', () => {
  // A read and a write through one lease, with another caller asking for a slot in between.
  const cases: [string, number, string[]][] = [
    ['with a limit, nobody gets in between the read and the write', 10, ['read', 'write', 'other']],
    ['without a limit nothing is held (nobody waits for slots anyway)', 0, ['read', 'other', 'write']],
  ];
  it.each(cases)('%s', async (_name, limit, want) => {
    const limiter = new RateLimiter({ limit, burst: limit });
    const order: string[] = [];
    const lease = await limiter.lease();
    await lease.acquire();
    order.push('read');
    const other = limiter.acquire().then(() => order.push('other'));
    // The read's round trip.
    await new Promise((r) => setTimeout(r, 20));
    await lease.last.acquire();
    order.push('write');
    await other;
    expect(order).toEqual(want);
  });

  it('a lease waits for the callers before it, and release lets the next one in', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({
      limit: 1,
      windowMs: 1000,
      marginMs: 0,
      now: clock.now,
      sleep: clock.sleep,
    });
    const times: [string, number][] = [];
    const first = limiter.acquire().then(() => times.push(['first', clock.now()]));
    const lease = await limiter.lease();
    await first;
    await lease.acquire();
    times.push(['read', clock.now()]);
    const after = limiter.acquire().then(() => times.push(['after', clock.now()]));
    await lease.last.acquire();
    times.push(['write', clock.now()]);
    await after;
    expect(times).toEqual([
      ['first', 0],
      ['read', 1000],
      ['write', 2000],
      ['after', 3000],
    ]);
  });
});

describe('a lease keeps the pace: its later requests go at once but count as spaced', () => {
  it('read, write, then the next read two intervals after the first', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({
      limit: 10,
      windowMs: 1000,
      marginMs: 0,
      burst: 0,
      now: clock.now,
      sleep: clock.sleep,
    });
    const times: number[] = [];
    for (let row = 0; row < 2; row++) {
      const lease = await limiter.lease(2);
      await lease.acquire();
      times.push(clock.now());
      await lease.last.acquire();
      times.push(clock.now());
    }
    expect(times).toEqual([0, 0, 200, 200]);
  });
});

describe('RateLimiter.lease(n) waits until its n requests fit, so they go out together', () => {
  // [limit, sends before the lease, lease requests, times of the lease's sends]
  const cases: [string, number, number, number, number[]][] = [
    ['one slot left, two wanted: both after the window moves', 2, 1, 2, [1000, 1000]],
    ['two slots left: both at once', 3, 1, 2, [0, 0]],
    ['one wanted: the free slot now', 2, 1, 1, [0]],
    ['more wanted than the limit: as many as fit, then the window', 1, 0, 2, [0, 1000]],
  ];
  it.each(cases)('%s', async (_name, limit, before, requests, want) => {
    const clock = fakeClock();
    const limiter = new RateLimiter({
      limit,
      windowMs: 1000,
      marginMs: 0,
      burst: limit,
      now: clock.now,
      sleep: clock.sleep,
    });
    await sendTimes(limiter, clock, before);
    const lease = await limiter.lease(requests);
    const times: number[] = [];
    for (let i = 0; i < requests; i++) {
      await (i === requests - 1 ? lease.last : lease).acquire();
      times.push(clock.now());
    }
    expect(times).toEqual(want);
  });
});
