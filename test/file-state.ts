// Before each test file: a folder of the file's own under the run's (test/global-setup.ts),
// removed when the file ends, so a suite run leaves nothing behind (it left 13,000 folders in
// /tmp after a few runs). It holds the memory of what was sent (XDG_STATE_HOME), the caches
// (XDG_CACHE_HOME: the reference lists, the pace memory) and the temp dir (TMPDIR), where
// every mkdtemp(tmpdir()) of the file and tempDir (test/e2e/cli.ts) land.
// The memory and the caches are keyed by the service's URL, and every test sandbox is
// http://127.0.0.1:<a free port>: a port one file's sandbox freed is handed to another file's
// (3 of 300 sandboxes started one after the other here), which would then find the first
// one's rows "already created", its lists cached, its pace kept. Within a file, each sandbox
// of testSandbox (test/e2e/cli.ts) gets a port no earlier one had, so state of its own in
// these folders. The CLIs a file starts inherit its folders; the runs it makes in-process read
// them too.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const filesRoot = process.env.AB_TEST_FILES_ROOT;
if (filesRoot) {
  const file = mkdtempSync(join(filesRoot, 'file-'));
  for (const [name, dir] of [
    ['XDG_CACHE_HOME', 'cache'],
    ['XDG_STATE_HOME', 'state'],
    ['TMPDIR', 'tmp'],
  ] as const) {
    process.env[name] = join(file, dir);
    mkdirSync(process.env[name]);
  }
  // After the file's own afterAll hooks (they run last registered first): its sandboxes and
  // CLIs have stopped by then.
  afterAll(() => rmSync(file, { recursive: true, force: true, maxRetries: 3 }));
}
