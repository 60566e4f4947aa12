// --state: the sandbox's data saved soon after each write, and for sure on close. Saves
// run one after another, so a later snapshot never lands before an earlier one.
import type { SandboxLogger } from './context.js';
import { saveState, type Store } from './store.js';

export interface StateSaver {
  /** Save now (after any save under way); resolves when done, never rejects. */
  save(): Promise<void>;
  /** Save within 100 ms, once for any number of writes in that time. */
  schedule(): void;
  /** Drop a scheduled save (close saves for sure itself). */
  cancel(): void;
}

export function stateSaver(file: string | undefined, store: Store, logger: SandboxLogger | undefined): StateSaver {
  let timer: NodeJS.Timeout | undefined;
  let saving: Promise<void> = Promise.resolve();
  const save = () => {
    if (!file) return saving;
    saving = saving.then(() => saveState(file, store.snapshot())).catch((e: unknown) => logger?.info(`sandbox: could not save state: ${String(e)}`));
    return saving;
  };
  return {
    save,
    schedule() {
      if (!file || timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        void save();
      }, 100);
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
