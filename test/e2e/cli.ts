// Helpers for end-to-end tests: the built CLI as users run it (package.json's bin, the
// bundle dist/bin/assetbatch.js that `pretest` builds) run as a real process against a
// sandbox started in the test, over HTTP.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll } from 'vitest';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import { memoryPath } from '../../src/send/memory.js';
import type { Json } from '../json.js';

export const ROOT = resolve(import.meta.dirname, '../..');
export const BIN = join(ROOT, 'dist/bin/assetbatch.js');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCli(
  args: readonly string[],
  opts: { cwd?: string; env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<CliResult> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      {
        cwd: opts.cwd ?? ROOT,
        env: { ...process.env, ...opts.env },
        timeout: opts.timeoutMs ?? 120_000,
        maxBuffer: 64 * 1024 * 1024,
      },
      (err, stdout, stderr) =>
        done({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr }),
    );
  });
}

/**
 * The built CLI on a terminal of its own (script(1)): progress lines are drawn only on a
 * terminal. Its stdout and stderr, as the terminal showed them (line ends as \r\n).
 */
export function onTerminal(args: readonly string[]): Promise<string> {
  return new Promise<string>((done) => {
    const line = [process.execPath, BIN, ...args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(' ');
    execFile('script', ['-qec', line, '/dev/null'], { cwd: ROOT, timeout: 60_000 }, (_e, stdout) =>
      done(stdout),
    );
  });
}

export function spawnCli(
  args: readonly string[],
  opts: { cwd?: string; env?: Record<string, string> } = {},
): ChildProcess {
  return spawn(process.execPath, [BIN, ...args], {
    cwd: opts.cwd ?? ROOT,
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** A folder in the test file's temp dir (TMPDIR, test/file-state.ts), removed when the file ends. */
export function tempDir(prefix = 'ab-e2e-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export interface TestSandbox {
  sb: Sandbox;
  /** --base-url and --token for the CLI. */
  args: string[];
  // Records in read shape, as the sandbox's admin view gives them.
  records(resource: string, company?: number): Promise<Record<string, Json>[]>;
  stats(): Promise<Json>;
  resetStats(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Ports the test sandboxes of this worker have had. The memory of what was sent, the lists'
 * cache and the pace memory are kept by service URL in the test file's folders
 * (test/file-state.ts): a sandbox handed the port of one the same file closed would take over
 * its state (its rows "already created", its lists, its pace). So each sandbox gets a port no
 * earlier one had, and with it state of its own. One started on a port asked for (a service
 * started afresh at the same address) shares that address's state, as a real one would.
 */
const portsHad = new Set<number>();

const portOf = (sb: Sandbox): number => Number(new URL(sb.url).port);

/** `start` again until it answers on a port no test sandbox of this worker had. */
async function onNewPort(start: () => Promise<Sandbox>): Promise<Sandbox> {
  // Those refused stay open until one is found: the system cannot hand their ports out again.
  const refused: Sandbox[] = [];
  try {
    for (;;) {
      const sb = await start();
      if (!portsHad.has(portOf(sb))) return sb;
      refused.push(sb);
    }
  } finally {
    await Promise.all(refused.map((sb) => sb.close()));
  }
}

/** `start`: how the sandbox is started (startSandbox; a test of the ports gives its own). */
export async function testSandbox(
  options: SandboxOptions = {},
  start: (options: SandboxOptions) => Promise<Sandbox> = startSandbox,
): Promise<TestSandbox> {
  const settings = { port: 0, rateLimit: 0, ...options };
  const sb = settings.port ? await start(settings) : await onNewPort(() => start(settings));
  portsHad.add(portOf(sb));
  return {
    sb,
    args: ['--base-url', sb.url, '--token', sb.token, '--rate-limit', '0'],
    records: async (resource, company = 1) =>
      (await (await sb.admin(`/__sandbox/records/${resource}?company=${company}`)).json()) as Record<
        string,
        Json
      >[],
    stats: async () => (await sb.admin(`/__sandbox/stats`)).json(),
    resetStats: async () => void (await sb.admin(`/__sandbox/reset`, { method: 'POST' })),
    close: () => sb.close(),
  };
}

export interface ReportRow {
  '#row': string;
  '#status': string;
  '#id': string;
  '#message': string;
  '#warnings': string;
  [header: string]: string;
}

export function readReport(path: string): ReportRow[] {
  return parse(readFileSync(path), { columns: true, bom: true }) as ReportRow[];
}

/** An asset made through the API, as another tool or a colleague's script would: no memory of ours has it. */
export async function madeByApi(sb: TestSandbox, body: Record<string, unknown>): Promise<number> {
  const res = await fetch(`${sb.sb.url}/api/v2/asset/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sb.sb.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ company: 1, ...body }),
  });
  return ((await res.json()) as { id: number }).id;
}

/** Writes and reads the sandbox counted, by method. */
export function countWrites(stats: { requests: Record<string, number> }): number {
  return Object.entries(stats.requests)
    .filter(([k]) => /^(POST|PUT|PATCH) /.test(k))
    .reduce((a, [, n]) => a + n, 0);
}

/** A sandbox and a temp folder shared by one test file, started before and closed after it. */
export function useSandbox(options: SandboxOptions = {}): { readonly sb: TestSandbox; readonly dir: string } {
  const state: { sb?: TestSandbox; dir?: string } = {};
  beforeAll(async () => {
    state.sb = await testSandbox(options);
    state.dir = tempDir();
  });
  afterAll(async () => state.sb?.close());
  return {
    get sb() {
      return state.sb!;
    },
    get dir() {
      return state.dir!;
    },
  };
}

/**
 * The lock a run holds for a moment while it claims a row (src/send/memory.ts), for the
 * sandbox's company 1. A run killed while it holds it leaves it behind; the next run takes it
 * over at once if the run had named itself beside it, else waits out its staleness (10 s): a
 * kill that is not about that lock lands outside it (killOutsideMemoryLock).
 */
export function memoryLock(sb: TestSandbox, resource: string): string {
  return `${memoryPath({ service: sb.sb.url, company: 1, resource })}.lock`;
}

/**
 * SIGKILL a run at a moment it does not hold the memory's lock `lock` unnamed (taking it, or
 * letting it go, it holds it without its name beside it for a moment): a look at the lock
 * then a kill would race the run, so it is stopped (SIGSTOP, every thread: the folder is made
 * on one of libuv's) while it is looked at, and let go on a millisecond when the moment is
 * wrong. False when the run had ended.
 */
export async function killOutsideMemoryLock(child: ChildProcess, lock: string): Promise<boolean> {
  const aMoment = () => new Promise((r) => setTimeout(r, 1));
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null || !child.kill('SIGSTOP')) return false;
    while (!stoppedOrGone(child.pid!)) await aMoment();
    if (!existsSync(lock) || named(lock)) return child.kill('SIGKILL');
    child.kill('SIGCONT');
    await aMoment();
  }
}

/** Every thread of the process stopped by a signal, or the process gone (Linux's /proc). */
function stoppedOrGone(pid: number): boolean {
  try {
    return readdirSync(`/proc/${pid}/task`).every((task) => {
      const stat = readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8');
      return /^[TtZX]/.test(stat.slice(stat.lastIndexOf(')') + 2));
    });
  } catch {
    return true;
  }
}

/** The lock's holder has written its name beside it, whole (src/send/lock.ts's nameHolder). */
function named(lock: string): boolean {
  try {
    return (
      typeof (JSON.parse(readFileSync(`${lock}.owner.json`, 'utf8')) as { pid?: unknown }).pid === 'number'
    );
  } catch {
    return false;
  }
}

/** Rows the journal of a run records as done so far (0 before it exists). */
export function journalDone(journal: string): number {
  return existsSync(journal)
    ? readFileSync(journal, 'utf8')
        .split('\n')
        .filter((l) => l.includes('"t":"done"')).length
    : 0;
}

/** A run stopped with Ctrl-C (SIGINT) once its journal (`journal`) has `at` rows done. */
export function stoppedAt(
  args: string[],
  opts: { cwd: string; env: Record<string, string> },
  journal: string,
  at: number,
) {
  const child = spawnCli(args, opts);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const timer = setInterval(() => {
    if (journalDone(journal) >= at) {
      clearInterval(timer);
      child.kill('SIGINT');
    }
  }, 5);
  return new Promise<CliResult>((done) =>
    child.on('close', (code) => {
      clearInterval(timer);
      done({ code: code ?? 1, stdout, stderr });
    }),
  );
}
