// Before each test file: the memory of what was sent (XDG_STATE_HOME) and the caches
// (XDG_CACHE_HOME: the reference lists, the pace memory) in folders of the file's own, under
// the run's (test/global-setup.ts removes them). All three are keyed by the service's URL,
// and every test sandbox is http://127.0.0.1:<a free port>: a port one file's sandbox freed
// is handed to another file's (3 of 300 sandboxes started one after the other here), which
// would then find the first one's rows "already created", its lists cached, its pace kept.
// Within a file, each sandbox of testSandbox (test/e2e/cli.ts) gets a port no earlier one had,
// so state of its own in these folders. The CLIs a file starts inherit its folders; the runs
// it makes in-process read them too.
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';

const cacheRoot = process.env.AB_TEST_CACHE_ROOT;
const stateRoot = process.env.AB_TEST_STATE_ROOT;
if (cacheRoot && stateRoot) {
  process.env.XDG_CACHE_HOME = mkdtempSync(join(cacheRoot, 'file-'));
  process.env.XDG_STATE_HOME = mkdtempSync(join(stateRoot, 'file-'));
}
