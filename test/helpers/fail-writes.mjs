// Preloaded into the CLI by a test (node --import): writes to files whose path matches
// FAIL_WRITES_MATCH fail with ENOSPC once FAIL_WRITES_AFTER bytes have gone to them, as on
// a disk that fills up. Test-only: nothing in src/ knows of it.
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';

const match = new RegExp(process.env.FAIL_WRITES_MATCH ?? '$^');
const after = Number(process.env.FAIL_WRITES_AFTER ?? 0);
const watched = new Map();
let written = 0;

const openSync = fs.openSync;
fs.openSync = function (path, ...rest) {
  const fd = openSync.call(this, path, ...rest);
  if (match.test(String(path))) watched.set(fd, String(path));
  else watched.delete(fd);
  return fd;
};

const writeSync = fs.writeSync;
fs.writeSync = function (fd, data, ...rest) {
  if (watched.has(fd)) {
    const size = typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
    if (written + size > after)
      throw Object.assign(new Error(`ENOSPC: no space left on device, write`), {
        code: 'ENOSPC',
        errno: -28,
        syscall: 'write',
      });
    written += size;
  }
  return writeSync.call(this, fd, data, ...rest);
};

syncBuiltinESMExports();
