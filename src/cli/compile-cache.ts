// V8's code cache for the CLI's bundle (issue 17). What a short run spends beyond node's
// own start is mostly compile time: the bundle's chunks as they load, then each function
// the first time it runs (V8 compiles lazily). Node 22 caches compiled code itself
// (module.enableCompileCache), Node 20 does not: there the bundle's CommonJS chunks are
// compiled here with vm.Script, given the code V8 made for them last time, and that code
// is saved as the process ends, after the run, so the functions compiled along the way are
// in it too (V8's own cache, made at load, holds little more than the top level). The
// packages' CommonJS files (undici's agent alone is some 40) are cached the same way.
import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import vm from 'node:vm';

/** A cache file unused this long is removed when the cache is next written (old builds, old node versions). */
const PRUNE_AFTER_MS = 30 * 24 * 60 * 60_000;
/** Each file starts with the SHA-1 of the code after it: node 20's V8 checks a cache's source length and flags, not its bytes. */
const DIGEST_BYTES = 20;

type Env = Readonly<Record<string, string | undefined>>;

/** Turned off by ASSETBATCH_NO_COMPILE_CACHE, or by NODE_DISABLE_COMPILE_CACHE as node 22 is. */
export function compileCacheDisabled(env: Env): boolean {
  return [env.ASSETBATCH_NO_COMPILE_CACHE, env.NODE_DISABLE_COMPILE_CACHE].some((v) => v !== undefined && v !== '' && v !== '0');
}

/**
 * The folders the cache may live in, first choice first: the user's cache folder (as the
 * lookup cache), then one of the user's own in the temporary folder, for a HOME that
 * cannot be written. One subfolder per node version and architecture: V8 refuses another's code.
 */
export function compileCacheDirs(env: Env, home: string, tmp: string, uid: number | undefined, version = process.version, arch = process.arch): string[] {
  const leaf = join('v8', `${version}-${arch}`);
  const own = env.XDG_CACHE_HOME || (home ? join(home, '.cache') : '');
  const dirs = own ? [join(own, 'assetbatch', leaf)] : [];
  return [...dirs, join(tmp, `assetbatch-${uid ?? 'user'}`, leaf)];
}

/** The cache file of a chunk: its name and its content's hash (a rebuilt chunk of the same length is other code). */
export function cacheFileName(filename: string, content: string): string {
  const base = filename.slice(filename.lastIndexOf(sep) + 1);
  return `${base}.${createHash('sha1').update(content).digest('hex').slice(0, 20)}.v8`;
}

/** The code in a cache file, or undefined if it is missing or not whole (a torn write, a flipped byte). */
export function readCodeCache(file: string): Buffer | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  const code = bytes.subarray(DIGEST_BYTES);
  if (bytes.length <= DIGEST_BYTES || !createHash('sha1').update(code).digest().equals(bytes.subarray(0, DIGEST_BYTES))) return undefined;
  return code;
}

/** Writes a cache file whole or not at all (renamed into place); false if the folder cannot be written. */
export function writeCodeCache(dir: string, name: string, code: Buffer): boolean {
  const file = join(dir, name);
  const temp = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(temp, Buffer.concat([createHash('sha1').update(code).digest(), code]), { mode: 0o600 });
    renameSync(temp, file);
    return true;
  } catch {
    try {
      rmSync(temp, { force: true });
    } catch {
      // No folder to write in: no file was made.
    }
    return false;
  }
}

/**
 * Whether code may be taken from this folder: cached code runs as this user, so a folder
 * in the shared temporary folder must be this user's alone (no one else could plant code).
 */
function trusted(dir: string, uid: number | undefined): boolean {
  if (uid === undefined) return true;
  try {
    for (let d = dir; d !== dirname(d); d = dirname(d)) {
      const s = lstatSync(d);
      if (s.uid !== uid || (s.mode & 0o022) !== 0 || s.isSymbolicLink()) return false;
      if (d.endsWith(`assetbatch-${uid}`)) return true;
    }
    return false;
  } catch {
    return false;
  }
}

/** Cache files not written for a month, removed (chunks of older builds never match again). */
function prune(dir: string, now = Date.now()): void {
  try {
    for (const name of readdirSync(dir)) {
      const file = join(dir, name);
      if (now - statSync(file).mtimeMs > PRUNE_AFTER_MS) rmSync(file, { force: true });
    }
  } catch {
    // Another run pruned it first, or the folder is gone: nothing to do.
  }
}

/** require for a module compiled here, as node would give it (resolution from its own file). */
function requireFor(mod: Module, filename: string): NodeJS.Require {
  const local = createRequire(filename);
  return Object.assign((id: string): unknown => mod.require(id), { resolve: local.resolve, cache: local.cache, main: local.main, extensions: local.extensions });
}

interface Compiled {
  readonly name: string;
  readonly script: vm.Script;
}

/** The code cache: read from the first folder that has a file, written to the first that takes it. */
class CodeCache {
  private readonly made: Compiled[] = [];
  private readonly readable: string[];

  constructor(
    private readonly dirs: readonly string[],
    uid: number | undefined,
  ) {
    const shared = dirs[dirs.length - 1];
    this.readable = dirs.filter((d) => d !== shared || trusted(d, uid));
  }

  /** The chunk's wrapper function, compiled with the cached code if there is good code for it. */
  compile(content: string, filename: string): (...args: unknown[]) => unknown {
    const name = cacheFileName(filename, content);
    const cachedData = this.cached(name);
    const script = new vm.Script(Module.wrap(content), { filename, cachedData, importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER });
    // V8 refuses code made by another build of itself or under other flags: made again.
    if (cachedData === undefined || script.cachedDataRejected) this.made.push({ name, script });
    return script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => unknown;
  }

  private cached(name: string): Buffer | undefined {
    for (const dir of this.readable) {
      const code = readCodeCache(join(dir, name));
      if (code) return code;
    }
    return undefined;
  }

  /** At the end of the run: the code of the chunks compiled without a cache, lazily compiled functions included. */
  save(): void {
    if (this.made.length === 0) return;
    const [first, ...rest] = this.made.map(({ name, script }) => ({ name, code: script.createCachedData() }));
    const dir = this.dirs.find((d) => writeCodeCache(d, first.name, first.code));
    if (dir === undefined) return;
    for (const { name, code } of rest) writeCodeCache(dir, name, code);
    prune(dir);
  }
}

/**
 * Whether a file node compiles is compiled here, with the cache: CommonJS of the bundle's
 * folder or of a package, not an ES module required (node's to load) nor a script with a
 * #! line (which node strips and a wrapper would not parse).
 */
export function usesCache(filename: string, folder: string, content: string, format?: string): boolean {
  if (format === 'module' || content.startsWith('#!')) return false;
  return filename.startsWith(folder.endsWith(sep) ? folder : folder + sep) || filename.includes(`${sep}node_modules${sep}`);
}

/**
 * Compile the CommonJS files under `folder` and the packages' with V8's code cache, from
 * now on. Node's own cache where it has one (22.1 and later); nothing when turned off.
 */
export function useCompileCache(folder: string, env: Env = process.env): void {
  if (compileCacheDisabled(env)) return;
  const uid = process.getuid?.();
  const dirs = compileCacheDirs(env, safeHomedir(), tmpdir(), uid);
  const builtIn = (Module as unknown as { enableCompileCache?: (dir: string) => unknown }).enableCompileCache;
  if (builtIn) {
    builtIn(join(dirs[0], 'node'));
    return;
  }
  const cache = new CodeCache(dirs, uid);
  type Compile = (this: Module, content: string, filename: string, format?: string) => unknown;
  const proto = Module.prototype as unknown as { _compile: Compile };
  const nodeCompile = proto._compile;
  proto._compile = function (this: Module, content: string, filename: string, format?: string): unknown {
    if (!usesCache(filename, folder, content, format)) return nodeCompile.call(this, content, filename, format);
    let wrapper: (...args: unknown[]) => unknown;
    try {
      wrapper = cache.compile(content, filename);
    } catch (e) {
      // Not a script: node's compile says why, or loads it as an ES module (node 20.19's require of one).
      if (e instanceof SyntaxError) return nodeCompile.call(this, content, filename, format);
      throw e;
    }
    return wrapper.call(this.exports, this.exports, requireFor(this, filename), this, filename, dirname(filename));
  };
  process.once('exit', () => {
    try {
      cache.save();
    } catch {
      // The cache is an aid: a run never fails for it.
    }
  });
}

/** The home folder, or '' where there is none (a service account without one: os.homedir() throws). */
function safeHomedir(): string {
  try {
    return homedir();
  } catch {
    return '';
  }
}
