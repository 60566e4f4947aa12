// Once for the whole run: the CLIs the tests start keep their caches (XDG_CACHE_HOME) and,
// on Node 22.1+, Node's compile cache in a folder of the run's own, removed at the end.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'ab-test-cache-'));
  process.env.XDG_CACHE_HOME = dir;
  process.env.NODE_COMPILE_CACHE = join(dir, 'node-compile-cache');
  return () => rmSync(dir, { recursive: true, force: true });
}
