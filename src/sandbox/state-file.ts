// --state: the sandbox's data saved soon after writes, and for sure on close. One save at a
// time, always of the latest data: writes during a save only mark the state changed, and
// one more save follows that one. Close waits for a save of the latest data that is under
// way, or stops one of older data (its temporary file removed) and makes the final save,
// so stopping takes one save, however many writes came before.
import type { SandboxLogger } from './context.js';
import { saveState, type Store } from './store.js';

export interface StateSaver {
  /** Note a write: saved within 100 ms, or after the save under way. */
  schedule(): void;
  /** The final save: the latest data on disk when this resolves; never rejects. */
  close(): Promise<void>;
}

const SOON_MS = 100;

export function stateSaver(
  file: string | undefined,
  store: Store,
  logger: SandboxLogger | undefined,
): StateSaver {
  let timer: NodeJS.Timeout | undefined;
  let running: { done: Promise<void>; stop: AbortController } | undefined;
  // Changed since the last save began (true at start: close writes the file once at least).
  let changed = true;
  let closing = false;

  const run = (): Promise<void> => {
    timer = undefined;
    changed = false;
    const stop = new AbortController();
    const done = saveState(file!, store.snapshot(), stop.signal)
      .catch((e: unknown) => {
        if (!stop.signal.aborted) logger?.info(`sandbox: could not save state: ${String(e)}`);
      })
      .finally(() => {
        running = undefined;
        if (changed && !closing) timer = setTimeout(run, SOON_MS);
      });
    running = { done, stop };
    return done;
  };

  return {
    schedule() {
      if (!file) return;
      changed = true;
      if (!timer && !running && !closing) timer = setTimeout(run, SOON_MS);
    },
    async close() {
      closing = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      if (!file) return;
      if (running) {
        // A save of older data is not worth waiting for: the final one replaces it.
        if (changed) running.stop.abort();
        await running.done;
      }
      if (changed) await run();
    },
  };
}
