// What the sandbox's request handlers share: the data, the throttle, the fault draw and the
// counters the admin view shows. One object per running sandbox; reset replaces the
// counters and the fault sequence in place.
import { FaultInjector, type FaultRates } from './faults.js';
import type { SlidingWindowLimiter } from './rate-limit.js';
import type { Store } from './store.js';

export interface SandboxLogger {
  info(msg: string): void;
}

export interface Stats {
  /** Other clients' requests (--background-load): let through and refused. */
  background: { sent: number; refused: number };
  requests: Record<string, number>;
  total: number;
  writes: number;
  byStatus: Record<string, number>;
  faults: Record<string, number>;
  throttled: number;
}

export const newStats = (): Stats => ({
  background: { sent: 0, refused: 0 },
  requests: {},
  total: 0,
  writes: 0,
  byStatus: {},
  faults: {},
  throttled: 0,
});

export interface SandboxContext {
  readonly token: string;
  readonly store: Store;
  readonly limiter: SlidingWindowLimiter;
  readonly faultRates: FaultRates;
  readonly faultSeed: number;
  /** What a record path (`…/{id}/`) takes besides GET: PUT, and PATCH unless turned off. */
  readonly detailWrites: readonly string[];
  readonly logger?: SandboxLogger;
  /** Save the state file soon after a write (nothing without a state file). */
  readonly scheduleSave: () => void;
  /** Replaced by a reset. */
  stats: Stats;
  /** Replaced by a reset, so the same seed draws the same faults again. */
  faults: FaultInjector;
  /** The sandbox's own origin, once listening. */
  origin: string;
}

/** Counters and faults back to their start, as after a fresh start. */
export function resetCounters(ctx: SandboxContext): void {
  ctx.stats = newStats();
  ctx.limiter.reset();
  ctx.faults = new FaultInjector(ctx.faultRates, ctx.faultSeed);
}
