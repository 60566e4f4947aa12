// Once for the whole run: the CLIs the tests start keep their caches (XDG_CACHE_HOME), on
// Node 22.1+ Node's compile cache, and the memory of what was sent (src/send/memory.ts, under
// XDG_STATE_HOME) in folders of the run's own, removed at the end; and start without the
// machine's extra CA certificates.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'ab-test-cache-'));
  const state = mkdtempSync(join(tmpdir(), 'ab-test-state-'));
  process.env.XDG_CACHE_HOME = dir;
  process.env.NODE_COMPILE_CACHE = join(dir, 'node-compile-cache');
  process.env.XDG_STATE_HOME = state;
  // Each test file then takes folders of its own under these (test/file-state.ts).
  process.env.AB_TEST_CACHE_ROOT = dir;
  process.env.AB_TEST_STATE_ROOT = state;
  // A machine's extra CA file (this one sets a 200 kB bundle) is read and parsed by Node 20 at
  // every start, ~0.1 s of each CLI the tests run; no test reaches a service it would vouch
  // for, and the tests of certificates give their own (test/e2e/proxy.test.ts).
  delete process.env.NODE_EXTRA_CA_CERTS;
  return () => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(state, { recursive: true, force: true });
  };
}
