// A loop over a sheet's rows whose rows are at hand (read ahead by the reading thread) runs
// on promises alone, which never give the event loop a turn: Ctrl-C, the stop's grace
// period, the progress line and any I/O would wait for the last row (a dry run of 1,000,000
// rows ignored Ctrl-C for its whole 8 s). Such loops give the event loop a turn this often.
import { setImmediate as nextTurn } from 'node:timers/promises';

/** At most this long between turns of the event loop. */
const TURN_MS = 50;

/** `due()` is a promise to await when the loop has held the thread for TURN_MS; else undefined (most calls). */
export class Turns {
  private last = performance.now();
  private calls = 0;

  due(): Promise<unknown> | undefined {
    // The clock is read every 16th call: a row takes microseconds, a reading of the clock
    // about a twentieth of one (50 ms of a 1,000,000-row run).
    if ((++this.calls & 15) !== 0) return undefined;
    const now = performance.now();
    if (now - this.last < TURN_MS) return undefined;
    this.last = now;
    return nextTurn();
  }
}
