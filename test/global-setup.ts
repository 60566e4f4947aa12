// Once for the whole run: one folder of the run's own, removed at the end, holds everything the
// tests and the CLIs they start write outside their fixtures: their caches (XDG_CACHE_HOME), on
// Node 22.1+ Node's compile cache, the memory of what was sent (src/send/memory.ts, under
// XDG_STATE_HOME) and the temp dir (TMPDIR: every mkdtemp(tmpdir()) of a test, tempDir of
// test/e2e/cli.ts). Each test file then takes a folder of its own under it, removed when the
// file ends (test/file-state.ts). The CLIs start without the machine's extra CA certificates.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const run = mkdtempSync(join(tmpdir(), 'ab-test-run-'));
  const dirs = { cache: join(run, 'cache'), state: join(run, 'state'), files: join(run, 'files') };
  for (const dir of Object.values(dirs)) mkdirSync(dir);
  process.env.XDG_CACHE_HOME = dirs.cache;
  process.env.NODE_COMPILE_CACHE = join(dirs.cache, 'node-compile-cache');
  process.env.XDG_STATE_HOME = dirs.state;
  process.env.TMPDIR = join(run, 'tmp');
  mkdirSync(process.env.TMPDIR);
  process.env.AB_TEST_FILES_ROOT = dirs.files;
  // A machine's extra CA file (this one sets a 200 kB bundle) is read and parsed by Node 20 at
  // every start, ~0.1 s of each CLI the tests run; no test reaches a service it would vouch
  // for, and the tests of certificates give their own (test/e2e/proxy.test.ts).
  delete process.env.NODE_EXTRA_CA_CERTS;
  return () => rmSync(run, { recursive: true, force: true, maxRetries: 3 });
}
