// The service's throttle: N requests per sliding 60-second window for the whole account
// (one token is one account). Refused requests do not use up the window, as in DRF.
import { RATE_WINDOW_MS } from '../resources/service.js';

export class SlidingWindowLimiter {
  private stamps: number[] = [];

  constructor(
    private readonly limit: number,
    private readonly windowMs = RATE_WINDOW_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Take a slot, or say in how many whole seconds the oldest one frees. */
  take(): { ok: true } | { ok: false; retryAfter: number } {
    if (this.limit <= 0) return { ok: true };
    const t = this.now();
    while (this.stamps.length > 0 && this.stamps[0] <= t - this.windowMs) this.stamps.shift();
    if (this.stamps.length >= this.limit) {
      return { ok: false, retryAfter: Math.max(1, Math.ceil((this.stamps[0] + this.windowMs - t) / 1000)) };
    }
    this.stamps.push(t);
    return { ok: true };
  }

  reset(): void {
    this.stamps = [];
  }
}

export function throttledDetail(seconds: number): string {
  return `Request was throttled. Expected available in ${seconds} second${seconds === 1 ? '' : 's'}.`;
}
