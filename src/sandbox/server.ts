// The sandbox's server (node:http, see README.md for why): its start, the shared context
// and its close. A request's path through it is in request.ts; the API in api.ts (lists
// and pagination in lists.ts), the admin view in admin.ts, faults in faults.ts, the
// throttle in rate-limit.ts, validation in validate.ts, read shapes in read-shape.ts,
// data in store.ts and its state file in state-file.ts.
import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { startBackgroundLoad } from './background-load.js';
import { newStats, type SandboxContext, type SandboxLogger } from './context.js';
import { FaultInjector, parseFaults, type FaultRates } from './faults.js';
import { SlidingWindowLimiter } from './rate-limit.js';
import { sendReply } from './reply.js';
import { handleRequest, type RequestSetting } from './request.js';
import type { SeedKind } from './seed/index.js';
import { seedState } from './seed-file.js';
import { stateSaver, type StateSaver } from './state-file.js';
import { Store, loadState } from './store.js';
import { RATE_LIMIT } from '../resources/service.js';

// Taken, not imported: an ES module import of node:http reads every export, and since Node 22
// its WebSocket getters load Node's own copy of undici (nodejs/node#59686).
const { createServer } = process.getBuiltinModule('node:http');

export interface SandboxOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  token?: string;
  /** Requests per sliding minute for the account; 0 turns throttling off. Default RATE_LIMIT (100). */
  rateLimit?: number;
  /** The throttle's window, for rehearsals that cannot wait minutes. Default RATE_WINDOW_MS (a minute). */
  rateWindowMs?: number;
  latencyMs?: number;
  /** `429=0.05,500=0.03,503=0.02,reset=0.02,lost=0.05`, or the rates as an object. */
  faults?: string | FaultRates;
  faultSeed?: number;
  /**
   * Seconds a `429` fault's Retry-After asks for (default 1). A fraction (0.02) lets a test
   * of many faults go on at once; HTTP writes whole seconds, and assetbatch reads fractions too.
   */
  faultRetryAfter?: number;
  seed?: SeedKind;
  /** JSON file to load at start (when present) and to save after writes and on close. */
  stateFile?: string;
  /**
   * Accept PATCH on the record paths (default true). False answers it 405, as a service
   * without partial updates would, so that the client's PUT fallback can be rehearsed.
   */
  patch?: boolean;
  /**
   * Other clients of the account: this many requests a minute, evenly spread, counted
   * against the same rate limit (refused, as theirs would be, when the window is full).
   */
  backgroundLoad?: number;
  logger?: SandboxLogger;
}

export interface Sandbox {
  /** Base URL without a trailing slash; the API is under `${url}/api/v2/`. */
  url: string;
  token: string;
  /** A request to the admin view (`/__sandbox/…`), with the sandbox's token. */
  admin(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const token = options.token ?? 'sandbox-token';
  const host = options.host ?? '127.0.0.1';
  const loaded = options.stateFile ? await loadState(options.stateFile) : undefined;
  const store = new Store(loaded ?? (await seedState(options.seed ?? 'default')));
  const saver = stateSaver(options.stateFile, store, options.logger);
  const ctx = newContext(options, token, store, saver);
  const background = startBackgroundLoad(ctx, options.backgroundLoad);
  const { server, sockets } = createSandboxServer(ctx, {
    host,
    latencyMs: options.latencyMs,
    faultRetryAfter: options.faultRetryAfter,
  });

  const port = await listen(server, options.port ?? 0, host);
  const base = `http://${host}:${port}`;
  ctx.origin = base;
  options.logger?.info(`sandbox listening on ${base}`);

  return {
    url: base,
    token,
    admin: (path, init = {}) =>
      fetch(`${base}${path}`, {
        ...init,
        headers: {
          ...(init.headers as Record<string, string> | undefined),
          authorization: `Bearer ${token}`,
        },
      }),
    async close() {
      clearInterval(background);
      await closeServer(server, sockets);
      await saver.close();
    },
  };
}

function newContext(options: SandboxOptions, token: string, store: Store, saver: StateSaver): SandboxContext {
  const faultRates = parseFaults(options.faults);
  const faultSeed = options.faultSeed ?? Date.now() % 2 ** 31;
  return {
    token,
    store,
    limiter: new SlidingWindowLimiter(options.rateLimit ?? RATE_LIMIT, options.rateWindowMs),
    faultRates,
    faultSeed,
    detailWrites: options.patch === false ? ['PUT'] : ['PUT', 'PATCH'],
    logger: options.logger,
    scheduleSave: () => saver.schedule(),
    stats: newStats(),
    faults: new FaultInjector(faultRates, faultSeed),
    origin: '',
  };
}

/** The node:http server, its open sockets tracked so that close can end them. */
function createSandboxServer(
  ctx: SandboxContext,
  setting: RequestSetting,
): { server: Server; sockets: Set<Socket> } {
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    handleRequest(ctx, setting, req, res).catch((e: unknown) => {
      ctx.logger?.info(`sandbox: internal error: ${e instanceof Error ? e.stack : String(e)}`);
      if (!res.headersSent)
        sendReply(res, { status: 500, body: { detail: 'A server error occurred.' } }, ctx.stats);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return { server, sockets };
}

/** Listens; resolves with the port (the one picked when asked for 0). */
async function listen(server: Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

function closeServer(server: Server, sockets: Set<Socket>): Promise<void> {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    for (const s of sockets) s.destroy();
  });
}
