// Runs docs/library.md's examples (test/docs/library.test.ts), one after another in this one
// process, each in its own folder as the whole program it is: Node and the library load once,
// not once an example. After each, a marker line says how it ended: finished, threw, or left
// something open (a server, a socket, a timer) that would have kept a process of its own from
// ending. One that left something open makes this process end by exit code 1 once all have
// run (it would not end by itself); one that does not end within a minute ends it at once.
// Usage: node run-examples.mjs '[{"dir": "...", "file": "..."}, ...]'
import { pathToFileURL } from 'node:url';

/** Written after each example's output; test/docs/library.test.ts splits the output on it. */
const MARK = '\u0000example-end ';
const LIMIT_MS = 60_000;

/** What keeps the event loop alive, by kind (timers that are unref'd do not). */
function openResources() {
  const counts = new Map();
  for (const r of process.getActiveResourcesInfo())
    if (r !== 'FSReqCallback') counts.set(r, (counts.get(r) ?? 0) + 1);
  return counts;
}

const examples = JSON.parse(process.argv[2]);
let leftOpen = false;
let before = openResources();
for (const [i, { dir, file }] of examples.entries()) {
  process.chdir(dir);
  let error;
  let timer;
  try {
    const late = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`did not end within ${LIMIT_MS / 1000} s`)), LIMIT_MS);
    });
    await Promise.race([import(pathToFileURL(file).href), late]);
  } catch (e) {
    error = e instanceof Error ? (e.stack ?? e.message) : String(e);
  } finally {
    clearTimeout(timer);
  }
  // A moment for closes under way to finish, then what this program added to what was open.
  await new Promise((r) => setTimeout(r, 20));
  const now = openResources();
  const open = [...now].flatMap(([r, n]) => Array(Math.max(0, n - (before.get(r) ?? 0))).fill(r));
  before = now;
  process.stdout.write(`\n${MARK}${JSON.stringify({ i, error, open })}\n`);
  if (error?.includes('did not end within')) process.exit(1);
  leftOpen ||= open.length > 0;
}
if (leftOpen) process.exit(1);
