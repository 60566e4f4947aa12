// Which verb updates a record: PATCH (only the fields that change, so a field someone else
// changes meanwhile is kept) where the service accepts it, else PUT (the whole record). The
// service's documentation does not say which paths take PATCH, so the first update of a run
// finds out; one run shares the answer between all its rows in flight.

export type UpdateVerb = 'PATCH' | 'PUT';

/** How the first PATCH went: answered (accepted), refused with 405, or no answer to learn from. */
export type ProbeOutcome = 'accepted' | 'refused' | 'unknown';

export interface UpdateTicket {
  readonly verb: UpdateVerb;
  /** Say how the PATCH went (a probe must be settled, else the rows waiting on it never go). */
  settle(outcome: ProbeOutcome): void;
}

const SETTLED: Omit<UpdateTicket, 'verb'> = { settle: () => undefined };

export class UpdateMethod {
  private verb: UpdateVerb | undefined;
  /** Set while one row probes with PATCH; the others wait for its answer. */
  private probing: Promise<void> | undefined;

  constructor(known?: UpdateVerb) {
    this.verb = known;
  }

  /** The verb for one update. While unknown, the first caller probes with PATCH and the others wait. */
  async take(): Promise<UpdateTicket> {
    for (;;) {
      if (this.verb) return { verb: this.verb, ...SETTLED };
      if (!this.probing) return this.startProbe();
      await this.probing;
    }
  }

  /** The service answered 405 to a PATCH: PUT from now on. True the first time (warn once). */
  refused(): boolean {
    const first = this.verb !== 'PUT';
    this.verb = 'PUT';
    return first;
  }

  get known(): UpdateVerb | undefined {
    return this.verb;
  }

  private startProbe(): UpdateTicket {
    let done!: () => void;
    this.probing = new Promise<void>((resolve) => (done = resolve));
    let open = true;
    return {
      verb: 'PATCH',
      settle: (outcome) => {
        if (!open) return;
        open = false;
        if (outcome === 'accepted') this.verb ??= 'PATCH';
        else if (outcome === 'refused') this.refused();
        // 'unknown' (no change to send, a lost answer): the next row in line probes instead.
        this.probing = undefined;
        done();
      },
    };
  }
}
