// The account's request budget, held in one place. The service counts requests in a
// sliding one-minute window for the whole account, so the client keeps a log of its own
// send times, spaces requests evenly over the window (src/api/pacing.ts) and never lets
// more than the limit into one; a 429 from the service (another client spending the
// budget) pauses every caller at once until Retry-After has passed, and paces lower after.
// Other runs of this user going on against the account at the same time (pace-live.ts) are
// not other clients: their requests count in the window as ours, and the runs split the pace.
import {
  AdaptiveRate,
  estimateMs,
  inWindowAt,
  nextSlot,
  type BurstRule,
  type PaceSettings,
  type SendLog,
} from './pacing.js';

/** marginMs's default: a request's send and the service's count of it differ by the network's latency. */
const RATE_MARGIN_MS = 150;

/**
 * How long a send time still counts against the account's budget: the window and the margin
 * the limiter waits past its edge. Send times kept for the next run (pace-memory.ts) are kept
 * this long, so a run resumed at the edge still waits for them.
 */
export const countedSpanMs = (windowMs: number, marginMs = RATE_MARGIN_MS): number => windowMs + marginMs;

export interface RateLimiterOptions {
  /** Requests per window; 0 or less turns pacing off (429s are still honoured). */
  readonly limit: number;
  readonly windowMs?: number;
  /**
   * Extra wait past the window edge: our send time and the service's receive time differ
   * by the network's latency, and a request that arrives a hair early is refused.
   */
  readonly marginMs?: number;
  readonly now?: () => number;
  readonly sleep?: (ms: number) => Promise<void>;
  /** Waits at least this long are announced (onWait). Default 3 s. */
  readonly announceMs?: number;
  /** Requests that may go at once while the window is quiet. Default a fifth of the limit. */
  readonly burst?: number;
  /** Start pacing at this many requests per window (the share a previous run observed), growing back to the limit. */
  readonly startRate?: number;
  /**
   * Send times of this user's earlier runs against the account (pace-memory.ts): those still
   * in the window count as ours, so a run resumed at once waits for them instead of meeting a
   * 429, and a 429 they explain is not taken for other clients' use.
   */
  readonly history?: readonly number[];
  /**
   * This user's other runs going on against the account (pace-live.ts): their send times
   * count as ours, read before each request, and the limit is shared with those sending.
   */
  readonly peers?: PeerSends;
}

/** The other live runs of this user against the account, as the limiter sees them. */
export interface PeerSends {
  /** Their send times still counted (oldest first), and how many of them are sending now. */
  read(now: number): { readonly sends: readonly number[]; readonly sending: number };
  /** This run's own send times still counted, for them. */
  publish(sends: readonly number[]): void;
}

/**
 * A 429 when our own requests in the window are this close to the limit (a share of it) is
 * ours: the service counts a request when it arrives, we when we send it, and a request of
 * ours may be counted in a window we think it left.
 */
const OWN_SLACK = 0.05;

// The timer is not unref'd: a CLI waiting out a backoff or a 429 pause has nothing else
// keeping Node alive, and would otherwise exit mid-run (code 13, unsettled top-level await).
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Whatever hands out send slots: the limiter itself, or a lease on it. */
export interface Gate {
  acquire(): Promise<void>;
}

/**
 * A hold on the limiter's queue: requests made through it go next, one after the other,
 * and nobody else's request is let in between until it is released. An update reads a
 * record and writes it back through one lease, so that the time between the two is the
 * read's round trip, not a wait behind other rows' requests for the account's budget.
 */
export class Lease implements Gate {
  private released: boolean;
  /** Requests the lease still means to make (its first waits until they all fit the window). */
  private planned: number;
  private started = false;

  constructor(
    private readonly limiter: RateLimiter,
    private readonly end: () => void,
    held = true,
    requests = 1,
  ) {
    this.released = !held;
    this.planned = requests;
  }

  /**
   * The next slot, ahead of everyone waiting; after release, an ordinary turn. The first
   * waits for room for all the planned requests, so the later ones never wait for the window.
   */
  acquire(): Promise<void> {
    if (this.released) return this.limiter.acquire();
    const need = this.planned;
    const first = !this.started;
    this.planned = 1;
    this.started = true;
    return this.limiter.slotForLease(need, first);
  }

  /** A gate for the lease's last request: the queue moves on as soon as its slot is granted. */
  get last(): Gate {
    return {
      acquire: async () => {
        try {
          await this.acquire();
        } finally {
          this.release();
        }
      },
    };
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    this.end();
  }
}

export class RateLimiter implements Gate {
  readonly limit: number;
  private readonly settings: PaceSettings;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  /** Send times, oldest first (earlier runs' and this one's); those before `from` have left the window. */
  private sent: number[] = [];
  /** This run's send times alone, oldest first, for the next run (pace-memory.ts): several may share a millisecond. */
  private own: number[] = [];
  private from = 0;
  private last = -Infinity;
  private pausedUntil = 0;
  /** Callers wait in order: each acquire chains on the one before. */
  private queue: Promise<void> = Promise.resolve();
  /** The pace: the limit, or less while other clients use part of the account. */
  readonly rate: AdaptiveRate;
  /** Milliseconds spent waiting for the budget, for the summary. */
  waitedMs = 0;
  /** Told of each wait longer than `announceMs` as it starts (the CLI says so once on stderr). */
  onWait?: (ms: number) => void;
  private readonly announceMs: number;
  private readonly quietBurst: number;
  /** Requests still expected (expect()), counted down as they go. */
  private demand = 0;
  /** Set by interrupt(): every wait, and every acquire after, fails with it. */
  private interrupted: Error | undefined;
  private readonly cancels = new Set<(e: Error) => void>();
  private readonly peers?: PeerSends;
  /** The other live runs' send times in the window, as last read (none without peers). */
  private peerSends: readonly number[] = [];
  /** Other live runs sending now: this run paces at its part of the rate. */
  private sharing = 0;

  constructor(opts: RateLimiterOptions) {
    this.limit = opts.limit;
    this.settings = {
      limit: opts.limit,
      windowMs: opts.windowMs ?? 60_000,
      marginMs: opts.marginMs ?? RATE_MARGIN_MS,
    };
    this.now = opts.now ?? Date.now;
    this.sleep = opts.sleep ?? sleep;
    this.announceMs = opts.announceMs ?? 3000;
    this.rate = new AdaptiveRate(this.settings, this.now(), opts.startRate);
    this.quietBurst = opts.burst ?? Math.ceil(opts.limit / 5);
    this.peers = opts.limit > 0 ? opts.peers : undefined;
    const now = this.now();
    this.sent = (opts.history ?? []).filter((t) => t <= now).sort((a, b) => a - b);
    this.from = inWindowAt(now, this.ownLog, this.settings).first;
    if (this.sent.length > this.from) this.last = this.sent[this.sent.length - 1];
  }

  /**
   * This run's send times still in the window, one per request (requests sent in the same
   * millisecond each count), for the next run. The earlier runs' times it was given are not
   * among them: they are still in the memory this run read them from.
   */
  ownSends(): number[] {
    const edge = this.now() - this.settings.windowMs - this.settings.marginMs;
    return this.own.filter((t) => t > edge);
  }

  /** The window the account's requests are counted in, in milliseconds. */
  get windowMs(): number {
    return this.settings.windowMs;
  }

  /**
   * Requests that may go at once while the window is quiet: all of them when the work
   * ahead (expect()) fits what the window has left, so a short run is not slowed; else a
   * fifth of the limit, the rest spread evenly. None once pacing adapted to other clients,
   * nor while another run of ours is sending: the two spread their requests.
   */
  private readonly burstFor: BurstRule = (demand, inWindow) => {
    if (this.rate.adapted || this.sharing > 0) return 0;
    return demand > 0 && demand <= this.limit - inWindow ? this.limit : this.quietBurst;
  };

  private get burst(): number {
    return this.burstFor(this.demand, this.inWindow());
  }

  /** The requests the run is about to make (its plan): a run that fits the window's room goes at once. */
  expect(requests: number): void {
    this.demand = Math.max(0, requests);
  }

  /** This run's sends and the earlier runs' (history). */
  private get ownLog(): SendLog {
    return { stamps: this.sent, from: this.from, last: this.last };
  }

  /**
   * The account's requests as far as we know them: ours and the other live runs'. Spacing
   * goes from our own last request (each run keeps its own even pace).
   */
  private get log(): SendLog {
    if (this.peerSends.length === 0) return this.ownLog;
    const stamps = [...this.sent.slice(this.from), ...this.peerSends].sort((a, b) => a - b);
    return { stamps, from: 0, last: this.last };
  }

  /** The other live runs' sends, read afresh: before each decision, so a slot they took is not taken twice. */
  private readPeers(): void {
    if (!this.peers) return;
    const seen = this.peers.read(this.now());
    this.peerSends = seen.sends;
    this.sharing = seen.sending;
  }

  /** Other live runs of ours sending now, as last read: they share the limit with this one. */
  otherRuns(): number {
    this.readPeers();
    return this.sharing;
  }

  /** Our pace: the rate, split evenly with the other runs of ours sending now. */
  private paceAt(t: number): number {
    return this.rate.at(t) / (1 + this.sharing);
  }

  /** Wait until one more request fits in the budget, then count it as sent. */
  acquire(): Promise<void> {
    const turn = this.queue.then(() => this.waitForSlot());
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  /**
   * Wait for the queue, then hold it: the lease's requests take slots without queueing
   * until it is released (always release it: the queue stays closed until then). Without
   * a limit nobody waits for a slot, so nothing is held.
   */
  lease(requests = 1): Promise<Lease> {
    if (this.limit <= 0) return Promise.resolve(new Lease(this, () => undefined, false));
    let end!: () => void;
    const held = new Promise<void>((resolve) => (end = resolve));
    const turn = this.queue;
    this.queue = turn.then(() => held);
    return turn.then(() => new Lease(this, end, true, requests));
  }

  /**
   * A slot for the holder of the queue (Lease.acquire), once `room` slots are free: the
   * window and any 429 pause still apply; only the lease's first request is spaced.
   */
  slotForLease(room: number, first = true): Promise<void> {
    return this.waitForSlot(room, first);
  }

  /** Wait until `room` more requests fit (at most the limit), then count one as sent. */
  private async waitForSlot(room = 1, paced = true): Promise<void> {
    for (;;) {
      if (this.interrupted) throw this.interrupted;
      const now = this.now();
      if (now < this.pausedUntil) {
        await this.wait(this.pausedUntil - now);
        continue;
      }
      this.readPeers();
      const at = nextSlot(now, this.log, this.settings, this.paceAt(now), this.burst, room, paced);
      if (at <= now) break;
      await this.wait(at - now);
    }
    this.record(this.now(), paced);
  }

  /**
   * A lease's later requests go without spacing, but count as spaced: the next request
   * waits one interval more, so a read-and-write pair keeps the run at its pace.
   */
  private record(t: number, paced = true): void {
    if (this.demand > 0) this.demand--;
    const spacing = this.limit > 0 && !paced ? this.settings.windowMs / this.paceAt(t) : 0;
    this.sent.push(t);
    this.own.push(t);
    this.last = paced ? t : Math.max(t, this.last + spacing);
    this.from = inWindowAt(t, this.ownLog, this.settings).first;
    // Published before the request goes: a run killed the moment after still told the others.
    this.peers?.publish(this.ownSends());
    // Compact now and then: the log holds about one window.
    if (this.from > 1024) {
      this.sent = this.sent.slice(this.from);
      this.from = 0;
      this.own = this.ownSends();
    }
  }

  private async wait(ms: number): Promise<void> {
    const start = this.now();
    // The regular spacing between requests is the pace, shown on the progress line; a wait
    // well past it (a full window, a 429's pause) is news.
    const spacing = this.limit > 0 ? this.settings.windowMs / this.paceAt(start) : 0;
    if (ms >= this.announceMs && ms > 1.5 * spacing) this.onWait?.(ms);
    await this.delay(ms);
    this.waitedMs += this.now() - start;
  }

  /** Sleep, unless interrupted first: then fail at once with the interruption. */
  delay(ms: number): Promise<void> {
    if (this.interrupted) return Promise.reject(this.interrupted);
    return new Promise<void>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const cancel = (e: Error) => {
        clearTimeout(timer);
        this.cancels.delete(cancel);
        reject(e);
      };
      const done = () => {
        if (!this.cancels.delete(cancel)) return;
        resolve();
      };
      this.cancels.add(cancel);
      // The real clock's timer is cleared on interrupt, so nothing keeps the process alive after it.
      if (this.sleep === sleep) timer = setTimeout(done, Math.max(1, ms));
      else void this.sleep(Math.max(1, ms)).then(done);
    });
  }

  /** Stop: every caller waiting for a slot (or a pause, or a backoff) fails now with `reason`, and so does every later one. */
  interrupt(reason: Error): void {
    this.interrupted ??= reason;
    for (const cancel of [...this.cancels]) cancel(this.interrupted);
  }

  /**
   * The service said 429: nobody sends until `retryAfterMs` has passed, and the pace drops
   * below our share, unless our own requests in the window (this run's and earlier runs')
   * fill it: then no one else needs to be using the account, and the pace stays.
   */
  pause(retryAfterMs: number): void {
    const now = this.now();
    this.pausedUntil = Math.max(this.pausedUntil, now + retryAfterMs);
    const ours = this.inWindow();
    if (this.limit > 0 && ours >= this.limit - Math.floor(this.limit * OWN_SLACK)) return;
    this.rate.decrease(ours, now);
  }

  /** Our requests in the current window. */
  inWindow(): number {
    return inWindowAt(this.now(), this.log, this.settings).count;
  }

  /** Until our oldest request in the window leaves it (a slot of the account's frees): at least 1 s, a window when we have none in it. */
  untilSlotFrees(): number {
    const now = this.now();
    const log = this.log;
    const { count, first } = inWindowAt(now, log, this.settings);
    if (count === 0) return this.settings.windowMs;
    return Math.max(1000, log.stamps[first] + this.settings.windowMs + this.settings.marginMs - now);
  }

  /** Requests per window we pace at now. */
  currentRate(): number {
    return this.limit <= 0 ? 0 : this.rate.at(this.now());
  }

  /** Time needed to send `requests` more from now, counting what this window already holds and any pause, for plans and ETAs. */
  estimateMs(requests: number): number {
    this.readPeers();
    const now = this.now();
    const start = Math.max(now, this.pausedUntil);
    return (
      start - now + estimateMs(requests, start, this.log, this.settings, this.paceAt(now), this.burstFor)
    );
  }
}

/** Parse Retry-After (seconds or an HTTP date) into milliseconds; undefined when absent or odd. */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  if (v === undefined || v.trim() === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(v.trim())) return Math.round(Number(v) * 1000);
  // An HTTP date starts with the day's name; Date.parse alone reads junk such as "-1"
  // as a date in 2001, which would mean "retry at once".
  if (!/^(mon|tue|wed|thu|fri|sat|sun)[a-z]*,?\s/i.test(v.trim())) return undefined;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
