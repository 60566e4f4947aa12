// One way to get a client for a run: the service named by the configuration, or the
// sandbox started in-process (--sandbox), which then stops with the run. It sits beside
// config.ts, above src/api/ (the transport) and src/sandbox/: it composes them, and it is
// how the CLI and a library user reach the service (src/index.ts exports it).
import type { Logger } from 'pino';
import type { ConnectionConfig } from './config.js';
import { ApiClient } from './api/client.js';
import { RATE_WINDOW_MS } from './resources/service.js';
import { paceKey, rememberSends, rememberedRate, rememberedSends } from './api/pace-memory.js';
import { countedSpanMs } from './api/rate-limit.js';
import { LivePeers, liveDir } from './api/pace-live.js';

export interface Connection {
  readonly client: ApiClient;
  readonly baseUrl: string;
  /** True when talking to an in-process sandbox. */
  readonly sandbox: boolean;
  /** The account's key in the pace memory (src/api/pace-memory.ts); none for the in-process sandbox. */
  readonly paceKey?: string;
  /** The share of the limit the last run in the hour got (the limit: all of it); undefined when no run is remembered. */
  readonly lastShare?: number;
  close(): Promise<void>;
}

export interface ConnectOptions {
  readonly logger?: Logger;
  readonly connections?: number;
  /** Options for the in-process sandbox (tests and rehearsals: latency, faults). */
  readonly sandboxOptions?: Record<string, unknown>;
  readonly maxRetries?: number;
  readonly timeoutMs?: number;
}

export async function connect(cfg: ConnectionConfig, opts: ConnectOptions = {}): Promise<Connection> {
  let baseUrl = cfg.baseUrl;
  let token = cfg.token;
  let stopSandbox: (() => Promise<void>) | undefined;
  if (cfg.sandbox) {
    // Imported lazily: the sandbox is only loaded when asked for.
    const { startSandbox } = await import('./sandbox/index.js');
    const sb = await startSandbox({
      port: 0,
      rateLimit: cfg.rateLimit,
      rateWindowMs: cfg.rateWindowMs,
      ...(opts.sandboxOptions ?? {}),
    });
    baseUrl = sb.url;
    token = sb.token;
    stopSandbox = () => sb.close();
  }
  // An in-process sandbox is new each time, on a port of its own: no earlier run used it,
  // and nothing a run learns of it is worth remembering (api/pace-memory.ts).
  const paceAt = cfg.sandbox ? undefined : paceKey(baseUrl!, token!);
  const lastShare =
    paceAt !== undefined && cfg.rateLimit > 0 ? rememberedRate(paceAt, cfg.rateLimit) : undefined;
  const windowMs = cfg.rateWindowMs ?? RATE_WINDOW_MS;
  // Kept and read back as long as the limiter counts them: the window and its margin.
  const keptMs = countedSpanMs(windowMs);
  const since = Date.now();
  const history = paceAt === undefined ? [] : rememberedSends(paceAt, keptMs, since);
  // This user's runs going on at the same time against the account share its limit.
  const peers =
    paceAt === undefined || cfg.rateLimit <= 0
      ? undefined
      : new LivePeers(liveDir(paceAt), { spanMs: keptMs, idleMs: windowMs / 10, since });
  const client = new ApiClient({
    baseUrl: baseUrl!,
    token: token!,
    rateLimit: cfg.rateLimit,
    startRate: lastShare !== undefined && lastShare < cfg.rateLimit ? lastShare : undefined,
    rateWindowMs: windowMs,
    history,
    peers,
    logger: opts.logger,
    connections: opts.connections,
    maxRetries: opts.maxRetries,
    backoffMs: cfg.retryDelayMs,
    timeoutMs: opts.timeoutMs ?? cfg.timeoutMs,
    // The in-process sandbox is on this machine: a proxy could not reach it.
    proxy: cfg.sandbox ? '' : cfg.proxy,
  });
  return {
    client,
    baseUrl: baseUrl!,
    sandbox: cfg.sandbox,
    paceKey: paceAt,
    lastShare,
    async close() {
      // The requests this run sent, for a run that starts before they leave the window.
      // Then, for the runs still going, it is marked ended: they keep counting its times.
      if (paceAt !== undefined && client.stats.requests > 0) {
        const own = client.limiter.ownSends();
        rememberSends(paceAt, own, keptMs);
        peers?.end(own);
      }
      await client.close();
      await stopSandbox?.();
    },
  };
}
