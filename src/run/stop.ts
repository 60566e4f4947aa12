// Why a run stopped: the first reason, shared by the plan, the rows and the outcomes. On its
// own so that the plan (which may be interrupted before any row) and the rows need not
// import each other.
import { AssetbatchError, isAssetbatchError } from '../errors.js';
import type { RowOutcome } from '../report/report.js';

type Base = Pick<RowOutcome, 'row' | 'cells' | 'text' | 'warnings'>;

export const isInterruption = (e: unknown): boolean => isAssetbatchError(e) && e.code === 'E_INTERRUPTED';

/** A stop as a run's summary carries it. */
export interface Stop {
  readonly code: string;
  readonly message: string;
}

/** An error as the stop it causes. */
export const stopOf = (e: unknown): Stop =>
  isAssetbatchError(e)
    ? { code: e.code, message: e.describe() }
    : { code: 'E_INTERNAL', message: String((e as Error)?.message ?? e) };

/**
 * Stops that leave the rows they reach unsent, which the same command sends on resuming:
 * Ctrl-C, and a wait for the memory's lock that another run held too long (it ends before
 * the row is claimed, so before it is sent).
 */
const RESUMABLE_STOPS: ReadonlySet<string> = new Set(['E_INTERRUPTED', 'E_MEMORY_LOCKED']);

/** A stop of this code leaves its rows not sent, for the same command to send on resuming. */
export const isResumableStop = (code: string): boolean => RESUMABLE_STOPS.has(code);

/** A row's write that threw this stopped before the row was sent. */
export const stoppedBeforeSending = (e: unknown): boolean => isAssetbatchError(e) && isResumableStop(e.code);

/** Why the run stopped (the first reason), shared by the rows and the outcomes. */
export class StopState {
  stopped?: Stop;
  /** Rows the stop left undone: not sent (not checked), or cut in flight (the next run looks for them). */
  private undone = 0;
  /** `dryRun`: a row past the stop was not checked (a dry run sends nothing anyway). */
  constructor(private readonly dryRun = false) {}
  stop(e: unknown): void {
    if (this.stopped) return;
    this.stopped = stopOf(e);
  }
  /** Each row's outcome, as it is reported: one the stop left undone is counted. */
  settled(out: RowOutcome): void {
    if (out.issues.some((i) => i.code === 'E_INTERRUPTED')) this.undone++;
  }
  /**
   * The stop as the run ends with it. Ctrl-C or SIGTERM once every row was through left
   * nothing to resume: the run ended as it would have, and says so ("Done", its exit code).
   */
  get ending(): Stop | undefined {
    return this.stopped?.code === 'E_INTERRUPTED' && this.undone === 0 ? undefined : this.stopped;
  }
  /** A row the run stopped before sending (or checking): listed, with why. */
  notSent(base: Base): RowOutcome {
    return {
      ...base,
      status: 'not sent',
      issues: [
        {
          code: 'E_INTERRUPTED',
          message: `${this.dryRun ? 'not checked' : 'not sent'}: ${this.stopped?.message ?? 'interrupted'}`,
        },
      ],
    };
  }
}

/** How to go on after a stop, as the stop's message ends with it (status prints it on a line of its own). */
export const RESUME_ADVICE = 'run the same command again to resume';

/** Ctrl-C or SIGTERM, in words for the report and the summary (a dry run has nothing to resume). */
export const interrupted = (dryRun = false): AssetbatchError =>
  new AssetbatchError(
    'E_INTERRUPTED',
    dryRun ? 'interrupted before every row was checked' : `interrupted (${RESUME_ADVICE})`,
  );

/**
 * A stop reason as the run worded it for its report ("interrupted (run the same command again
 * to resume)"), without that advice: the summary and the status say how to resume on a line
 * of their own.
 */
export function withoutResumeAdvice(reason: string): string {
  const advice = ` (${RESUME_ADVICE})`;
  return reason.endsWith(advice) ? reason.slice(0, -advice.length) : reason;
}
