// Once for the whole run: the CLIs the tests start keep V8's compile cache (src/cli/compile-cache.ts)
// in a folder of the run's own, not in the user's ~/.cache, and it is removed at the end. So does
// the memory of what was sent (src/send/memory.ts), under XDG_STATE_HOME.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'ab-test-cache-'));
  const state = mkdtempSync(join(tmpdir(), 'ab-test-state-'));
  process.env.XDG_CACHE_HOME = dir;
  process.env.XDG_STATE_HOME = state;
  return () => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(state, { recursive: true, force: true });
  };
}
