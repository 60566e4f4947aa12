// The arithmetic of the account's budget, pure: when the next request may go, how long a
// number of requests will take (the same rule, played forward, so plans and progress
// lines say what the limiter will do), and the rate to pace at when other clients share
// the account (additive increase, multiplicative decrease on a 429).

export interface PaceSettings {
  /** Requests per window for the whole account (the hard ceiling). */
  readonly limit: number;
  readonly windowMs: number;
  /** Extra wait past the window edge (our send time and the service's differ by the latency). */
  readonly marginMs: number;
}

/** A send log: times in ascending order, `from` the first that may still be in a window. */
export interface SendLog {
  readonly stamps: readonly number[];
  readonly from: number;
  /** The latest send, for spacing. */
  readonly last: number;
}

/** How many of the log's sends are still in the window that ends at `t`. */
export function inWindowAt(t: number, log: SendLog, s: PaceSettings): { count: number; first: number } {
  const edge = t - s.windowMs - s.marginMs;
  let i = log.from;
  while (i < log.stamps.length && log.stamps[i] <= edge) i++;
  return { count: log.stamps.length - i, first: i };
}

/**
 * The earliest time ≥ t at which one more request may go (or, with `room`, one of `room`
 * that must fit the window together). While the window holds fewer than `burst` sends a
 * request goes at once (a short run is not slowed); after that requests are spaced
 * `window / rate` apart, so the budget is spread over the window instead of spent at its
 * start. Never more than `limit` in any window.
 */
export function nextSlot(
  t: number,
  log: SendLog,
  s: PaceSettings,
  rate: number,
  burst: number,
  room = 1,
  paced = true,
): number {
  if (s.limit <= 0) return t;
  for (let k = 0; k < 8; k++) {
    const { count, first } = inWindowAt(t, log, s);
    let next = t;
    if (paced && count >= burst && rate > 0) next = Math.max(next, log.last + s.windowMs / rate);
    const need = Math.min(Math.max(1, room), s.limit);
    if (count + need > s.limit)
      next = Math.max(next, log.stamps[first + count + need - s.limit - 1] + s.windowMs + s.marginMs);
    if (next === t) return t;
    t = next;
  }
  return t;
}

/** The burst allowed with `remaining` requests to go and `inWindow` sends in the window. */
export type BurstRule = (remaining: number, inWindow: number) => number;

/** Milliseconds from `now` until the last of `requests` more is sent, by the same rule. */
export function estimateMs(
  requests: number,
  now: number,
  log: SendLog,
  s: PaceSettings,
  rate: number,
  burst: BurstRule,
): number {
  if (s.limit <= 0 || requests <= 0) return 0;
  const stamps = log.stamps.slice(inWindowAt(now, log, s).first);
  let sim: SendLog = { stamps, from: 0, last: log.last };
  let t = now;
  for (let i = 0; i < requests; i++) {
    t = nextSlot(t, sim, s, rate, burst(requests - i, inWindowAt(t, sim, s).count));
    stamps.push(t);
    // Keep the simulated log short: only its window matters.
    sim = { stamps, from: inWindowAt(t, { ...sim, last: t }, s).first, last: t };
  }
  return t - now;
}

/** Share of the limit added back per window without a 429 (probing for room slowly). */
const INCREASE_PER_WINDOW = 0.02;
/** On a 429: pace at this fraction of what we managed to send in the last window. */
const DECREASE = 0.9;
/** Never pace below this fraction of the limit. */
const FLOOR = 0.1;

/**
 * The rate to pace at, in requests per window: the limit, until the service refuses one
 * (other clients use part of the account); then a little below the share we observed,
 * growing back by INCREASE_PER_WINDOW of the limit each window.
 */
export class AdaptiveRate {
  private base: number;
  private since: number;
  /** True once the rate is below the limit for a reason (a 429, or a remembered share). */
  adapted: boolean;
  throttles = 0;

  constructor(
    private readonly s: PaceSettings,
    now: number,
    start?: number,
  ) {
    this.base = start !== undefined ? Math.min(s.limit, Math.max(start, s.limit * FLOOR)) : s.limit;
    this.since = now;
    this.adapted = this.base < s.limit;
  }

  at(now: number): number {
    if (!this.adapted) return this.s.limit;
    return Math.min(
      this.s.limit,
      this.base + ((now - this.since) / this.s.windowMs) * this.s.limit * INCREASE_PER_WINDOW,
    );
  }

  /** A 429: `ourShare` is how many of ours the last window held. Refusals of requests sent together count once. */
  decrease(ourShare: number, now: number): void {
    this.throttles++;
    if (this.adapted && now - this.since < 2000) return;
    this.base = Math.max(this.s.limit * FLOOR, Math.min(this.at(now), ourShare) * DECREASE);
    this.since = now;
    this.adapted = true;
  }
}
