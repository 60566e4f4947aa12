// RateLimiter on a fake clock: never more than `limit` sends in any window, a 429 pause
// holds every caller, and the estimate used for plans; parseRetryAfter for both forms.
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

describe('RateLimiter keeps to the limit', () => {
  const cases: [string, number, number, number, number, number[]][] = [
    ['3 a second, 7 sends', 3, 1000, 0, 7, [0, 0, 0, 1000, 1000, 1000, 2000]],
    ['with a margin past the window edge', 2, 1000, 150, 5, [0, 0, 1150, 1150, 2300]],
    ['under the limit nobody waits', 10, 60_000, 150, 10, Array(10).fill(0)],
    ['a limit of 0 is no pacing', 0, 60_000, 150, 50, Array(50).fill(0)],
  ];
  it.each(cases)('%s', async (_name, limit, windowMs, marginMs, n, want) => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ limit, windowMs, marginMs, now: clock.now, sleep: clock.sleep });
    const times = await sendTimes(limiter, clock, n);
    expect(times).toEqual(want);
    // The property itself: any `limit` + 1 consecutive sends span more than a window.
    if (limit > 0) for (let i = 0; i + limit < times.length; i++) expect(times[i + limit] - times[i]).toBeGreaterThanOrEqual(windowMs);
  });

  it('counts the time spent waiting', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ limit: 1, windowMs: 1000, marginMs: 0, now: clock.now, sleep: clock.sleep });
    await sendTimes(limiter, clock, 3);
    expect(limiter.waitedMs).toBe(2000);
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

  it('adds to the wait for the window', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ limit: 1, windowMs: 1000, marginMs: 0, now: clock.now, sleep: clock.sleep });
    await limiter.acquire();
    limiter.pause(3000);
    expect(await sendTimes(limiter, clock, 2)).toEqual([3000, 4000]);
  });
});

describe('RateLimiter.estimateMs', () => {
  const cases: [string, number, number, number][] = [
    ['nothing to send', 100, 0, 0],
    ['within one window', 100, 100, 0],
    ['one past the limit', 100, 101, 60_000],
    ['two full windows', 100, 200, 60_000],
    ['into a third window', 100, 201, 120_000],
    ['no pacing', 0, 10_000, 0],
  ];
  it.each(cases)('%s', (_name, limit, requests, ms) => {
    expect(new RateLimiter({ limit }).estimateMs(requests)).toBe(ms);
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
    const limiter = new RateLimiter({ limit });
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
    const limiter = new RateLimiter({ limit: 1, windowMs: 1000, marginMs: 0, now: clock.now, sleep: clock.sleep });
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
    expect(times).toEqual([['first', 0], ['read', 1000], ['write', 2000], ['after', 3000]]);
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
    const limiter = new RateLimiter({ limit, windowMs: 1000, marginMs: 0, now: clock.now, sleep: clock.sleep });
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
