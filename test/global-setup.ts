// Once for the whole run: the CLIs the tests start keep their caches (XDG_CACHE_HOME), on
// Node 22.1+ Node's compile cache, and the memory of what was sent (src/send/memory.ts, under
// XDG_STATE_HOME) in folders of the run's own, removed at the end.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'ab-test-cache-'));
  const state = mkdtempSync(join(tmpdir(), 'ab-test-state-'));
  process.env.XDG_CACHE_HOME = dir;
  process.env.NODE_COMPILE_CACHE = join(dir, 'node-compile-cache');
  process.env.XDG_STATE_HOME = state;
  return () => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(state, { recursive: true, force: true });
  };
}
