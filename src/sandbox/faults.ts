// Fault injection: each API request draws once from a seeded PRNG and may get a 429, a
// 500, a 503, a reset connection, or (for writes) a lost response. The same seed and the
// same request sequence give the same faults, so a test can count on them.
import { mulberry32, type Random } from './prng.js';

const FAULT_KINDS = ['429', '500', '503', 'reset', 'lost'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];
export type FaultRates = Partial<Record<FaultKind, number>>;

/** Parse `429=0.05,500=0.03,reset=0.02` (or take rates as given); throws on a bad spec. */
export function parseFaults(spec: string | FaultRates | undefined): FaultRates {
  if (spec === undefined || spec === '') return {};
  const entries: [string, unknown][] =
    typeof spec === 'string'
      ? spec.split(',').map((part) => {
          const [k, v, ...rest] = part.split('=').map((s) => s.trim());
          if (rest.length > 0 || v === undefined || v === '')
            throw new Error(`bad fault "${part}": expected kind=rate, e.g. 500=0.05`);
          return [k, Number(v)];
        })
      : Object.entries(spec);
  const rates: FaultRates = {};
  let total = 0;
  for (const [k, v] of entries) {
    if (!(FAULT_KINDS as readonly string[]).includes(k))
      throw new Error(`unknown fault kind "${k}": use ${FAULT_KINDS.join(', ')}`);
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 1)
      throw new Error(`fault rate for ${k} must be a number from 0 to 1`);
    rates[k as FaultKind] = v;
    total += v;
  }
  if (total > 1 + 1e-9) throw new Error(`fault rates add up to ${total}; they must not exceed 1`);
  return rates;
}

export class FaultInjector {
  private random: Random;

  constructor(
    private readonly rates: FaultRates,
    seed: number,
  ) {
    this.random = mulberry32(seed);
  }

  get enabled(): boolean {
    return FAULT_KINDS.some((k) => (this.rates[k] ?? 0) > 0);
  }

  /** The fault for the next request, if any: one draw against the cumulative rates. */
  next(): FaultKind | undefined {
    if (!this.enabled) return undefined;
    const r = this.random();
    let acc = 0;
    for (const k of FAULT_KINDS) {
      acc += this.rates[k] ?? 0;
      if (r < acc) return k;
    }
    return undefined;
  }
}
