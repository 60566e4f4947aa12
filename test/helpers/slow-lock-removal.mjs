// Preloaded into a test's child process (node --import): removing a journal's lock folder
// (a path ending in ".lock") takes half a second, as a busy machine can make any step of a
// takeover slow, so that two runs taking over one abandoned lock overlap for certain.
// Test-only: nothing in src/ knows of it.
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';

const rmSync = fs.rmSync;
fs.rmSync = function (path, ...rest) {
  if (String(path).endsWith('.lock')) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
  return rmSync.call(this, path, ...rest);
};
syncBuiltinESMExports();
