// Preloaded into the CLI by a test (node --import): what a power cut would leave of a file.
// Each fsync of a file whose path matches DURABLE_MATCH copies the file as it then is to
// <path>.durable; a line written after the last fsync is not in the copy, as it would not
// be on the disk. Test-only: nothing in src/ knows of it.
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';

const match = new RegExp(process.env.DURABLE_MATCH ?? '$^');
const watched = new Map();

const openSync = fs.openSync;
fs.openSync = function (path, ...rest) {
  const fd = openSync.call(this, path, ...rest);
  if (match.test(String(path))) watched.set(fd, String(path));
  else watched.delete(fd);
  return fd;
};

// The copy is put in place by a rename: a kill while it is written leaves the previous copy
// whole, as the disk would still hold every line an earlier fsync made durable.
const put = (path, write) => {
  write(`${path}.durable.tmp`);
  fs.renameSync(`${path}.durable.tmp`, `${path}.durable`);
};

// Copied when the fsync is asked for: the lines written by then are what it makes durable.
const copy = (fd) => {
  const path = watched.get(fd);
  if (path) put(path, (to) => fs.copyFileSync(path, to));
};
for (const name of ['fsyncSync', 'fdatasyncSync']) {
  const real = fs[name];
  fs[name] = function (fd, ...rest) {
    const r = real.call(this, fd, ...rest);
    copy(fd);
    return r;
  };
}
for (const name of ['fsync', 'fdatasync']) {
  const real = fs[name];
  fs[name] = function (fd, cb) {
    const path = watched.get(fd);
    const snapshot = path ? fs.readFileSync(path) : undefined;
    return real.call(this, fd, (err) => {
      if (!err && snapshot) put(path, (to) => fs.writeFileSync(to, snapshot));
      cb(err);
    });
  };
}
syncBuiltinESMExports();
