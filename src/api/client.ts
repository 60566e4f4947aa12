// The HTTP client of the service: one keep-alive connection pool (transport.ts), the bearer
// token added in one place (and kept out of every log line), the account's rate limit, and retries that
// know which failures are safe to repeat. Reads and PUTs are idempotent and retried; a
// POST that may have reached the service is never repeated here: it surfaces as an
// ambiguous failure so the writer can look the record up first.
import { setMaxListeners } from 'node:events';
import type { Logger } from 'pino';
import { AssetbatchError, type ErrorCode } from '../errors.js';
import { RateLimiter, parseRetryAfter, type Gate, type PeerSends } from './rate-limit.js';
import { proxyRoute, showUrl } from './proxy.js';
import { Transport, type Answer } from './transport.js';
import { TransportError } from './transport-error.js';
import { certificateHint, type CertificateProblem } from './certificate.js';
import { showSeconds } from '../util/seconds.js';
import { DEFAULT_TIMEOUT_MS } from '../config.js';
import { RATE_LIMIT } from '../resources/service.js';

export type Query = Record<string, string | number | boolean | undefined | null>;
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';

export interface ClientOptions {
  /** Base URL of the service, e.g. https://dashboard-api.revnue.com (the client adds /api/v2). */
  readonly baseUrl: string;
  readonly token: string;
  /** Requests per minute for the whole account; 0 turns pacing off. Default RATE_LIMIT (100). */
  readonly rateLimit?: number;
  /** Connections in the pool. Default 8. */
  readonly connections?: number;
  /** Attempts after the first for retryable failures (5xx, network). Default 5. */
  readonly maxRetries?: number;
  /** Give up connecting, or waiting for an answer, after this long. Default 60 s. */
  readonly timeoutMs?: number;
  /**
   * The proxy to go through (user:password@ allowed). Undefined: HTTPS_PROXY, HTTP_PROXY
   * and NO_PROXY from the environment, as curl reads them; '' for none. NO_PROXY applies either way.
   */
  readonly proxy?: string;
  /** First backoff step; doubles each attempt, with jitter. Default 500 ms. */
  readonly backoffMs?: number;
  /** Longest single wait a 429 may impose before the run stops. Default 10 min. */
  readonly maxRetryAfterMs?: number;
  readonly logger?: Logger;
  /** Share a limiter between clients of one account (tests, benchmarks). */
  readonly limiter?: RateLimiter;
  /** Start pacing at this many requests a minute (the share an earlier run got), rising back to the limit. */
  readonly startRate?: number;
  /** The account's window (default a minute). */
  readonly rateWindowMs?: number;
  /** Send times of earlier runs of this user against the account (the limiter counts those in the window as ours). */
  readonly history?: readonly number[];
  /** This user's other runs going on against the account (their requests count as ours, the pace is shared). */
  readonly peers?: PeerSends;
}

/** Per-request options. */
export interface RequestOptions {
  /** Where the request takes its slot of the account's budget (a Lease); default the limiter's queue. */
  readonly gate?: Gate;
}

export interface ClientStats {
  requests: number;
  byMethod: Record<string, number>;
  retries: number;
  throttled: number;
  serverErrors: number;
  networkErrors: number;
}

/** An error answer from the service, with its status and body. */
export class ApiError extends AssetbatchError {
  readonly status: number;
  readonly body: unknown;
  readonly method: string;
  readonly path: string;
  constructor(
    code: ErrorCode,
    message: string,
    status: number,
    body: unknown,
    method: string,
    path: string,
    hint?: string,
  ) {
    super(code, message, { hint, details: body });
    this.status = status;
    this.body = body;
    this.method = method;
    this.path = path;
  }
}

/**
 * A write whose outcome is unknown: the connection broke, or no answer came, after the
 * request may have reached the service. Only a look-up can tell whether it was done.
 */
export class AmbiguousWriteError extends AssetbatchError {
  readonly method: string;
  readonly path: string;
  constructor(
    method: string,
    path: string,
    cause: unknown,
    message = `no answer to ${method} ${path}: it may or may not have been done`,
  ) {
    super('E_NETWORK', message, { cause });
    this.method = method;
    this.path = path;
  }
}

/** Codes of failures before anything was sent (transport.ts): a POST that failed so may be repeated. */
const NETWORK_BEFORE_SEND = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'CONNECT_TIMEOUT',
  'CONNECT_FAILED',
  'CERT_REFUSED',
  'PROXY_CONNECT_TIMEOUT',
  'PROXY_CONNECT_FAILED',
]);

function errorCodeOf(e: unknown): string | undefined {
  let cur: unknown = e;
  for (let i = 0; i < 4 && cur && typeof cur === 'object'; i++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}

/** `c`, its signal allowed `n` listeners before Node warns of a leak. */
function withListenerBound(c: AbortController, n: number): AbortController {
  setMaxListeners(n, c.signal);
  return c;
}

export class ApiClient {
  readonly baseUrl: string;
  readonly limiter: RateLimiter;
  readonly stats: ClientStats = {
    requests: 0,
    byMethod: {},
    retries: 0,
    throttled: 0,
    serverErrors: 0,
    networkErrors: 0,
  };
  private readonly transport: Transport;
  private interrupted: Error | undefined;
  /**
   * Cuts the requests still in flight some time after an interrupt. Each request in flight
   * listens to it, and with retries and list reads beside the writes more than
   * Node's default of 10 may at once: no leak (none are left after a run), so Node's
   * warning of one, printed to the user, is raised to a bound no run's requests reach.
   */
  private readonly inFlight = withListenerBound(new AbortController(), 256);
  private readonly auth: string;
  private readonly token: string;
  private readonly opts: Required<
    Pick<ClientOptions, 'maxRetries' | 'timeoutMs' | 'backoffMs' | 'maxRetryAfterMs'>
  >;
  private readonly logger?: Logger;
  private readonly prefix: string;
  /** The proxy requests go through (for messages), undefined when none. */
  private readonly proxy?: string;

  constructor(opts: ClientOptions) {
    const url = new URL(opts.baseUrl);
    this.baseUrl = opts.baseUrl.replace(/\/+$/, '');
    this.prefix = url.pathname.replace(/\/+$/, '') + '/api/v2';
    this.proxy = proxyRoute(opts.baseUrl, opts.proxy).inUse;
    this.transport = new Transport({
      origin: url,
      connections: opts.connections ?? 8,
      timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      proxy: this.proxy,
    });
    // The token lives only here and in the header; it is never logged or put in errors.
    this.auth = `Bearer ${opts.token}`;
    this.token = opts.token;
    this.limiter =
      opts.limiter ??
      new RateLimiter({
        limit: opts.rateLimit ?? RATE_LIMIT,
        startRate: opts.startRate,
        windowMs: opts.rateWindowMs,
        history: opts.history,
        peers: opts.peers,
      });
    this.opts = {
      maxRetries: opts.maxRetries ?? 5,
      timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      backoffMs: opts.backoffMs ?? 500,
      maxRetryAfterMs: opts.maxRetryAfterMs ?? 600_000,
    };
    this.logger = opts.logger;
  }

  /** The API path for a resource (`asset`) and optional id, as the spec writes them. */
  path(resourcePath: string, id?: number | string, trailingSlash = true): string {
    const base = `${this.prefix}/${resourcePath}`;
    if (id === undefined) return trailingSlash ? `${base}/` : base;
    return trailingSlash ? `${base}/${id}/` : `${base}/${id}`;
  }

  async get<T>(path: string, query?: Query, opts?: RequestOptions): Promise<T> {
    return this.request<T>('GET', path, undefined, query, opts?.gate);
  }

  /**
   * Send a write. PUT and PATCH are repeated on any retryable failure (they are idempotent);
   * POST only when the service certainly did not act (429, 503, connection refused),
   * otherwise AmbiguousWriteError.
   */
  async write<T>(
    method: 'POST' | 'PUT' | 'PATCH',
    path: string,
    body: unknown,
    query?: Query,
    opts?: RequestOptions,
  ): Promise<T> {
    return this.request<T>(method, path, body, query, opts?.gate);
  }

  async close(): Promise<void> {
    await this.transport.close();
  }

  private async request<T>(
    method: Method,
    path: string,
    body: unknown,
    query?: Query,
    gate: Gate = this.limiter,
  ): Promise<T> {
    const idempotent = method !== 'POST';
    const qs = query ? buildQuery(query) : '';
    const fullPath = path + qs;
    let throttledFor = 0;
    const firstTry = Date.now();
    for (let attempt = 0; ; attempt++) {
      if (this.interrupted) throw this.interrupted;
      await gate.acquire();
      this.stats.requests++;
      this.stats.byMethod[method] = (this.stats.byMethod[method] ?? 0) + 1;
      const started = Date.now();
      let answer: Answer;
      try {
        answer = await this.transport.request({
          signal: this.inFlight.signal,
          method,
          path: fullPath,
          headers: {
            authorization: this.auth,
            accept: 'application/json',
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          body: body !== undefined ? JSON.stringify(body) : undefined,
        });
      } catch (e) {
        this.stats.networkErrors++;
        if (e instanceof TransportError && e.proxyStatus) throw this.proxyRefused(e.proxyStatus, e);
        const code = errorCodeOf(e) ?? 'UNKNOWN';
        this.logger?.warn({ method, path: fullPath, attempt, code }, 'network error');
        if (e instanceof TransportError && e.certificate) throw this.certificateRefused(e.certificate, e);
        const sentNothing = NETWORK_BEFORE_SEND.has(code);
        if (!idempotent && !sentNothing) throw new AmbiguousWriteError(method, path, e);
        if (attempt >= this.opts.maxRetries) {
          const tries = `; ${attempt + 1} ${attempt ? 'tries' : 'try'} over ${showSeconds(Date.now() - firstTry)}`;
          throw new AssetbatchError(
            sentNothing ? 'E_UNREACHABLE' : 'E_NETWORK',
            describeNetworkError(code, e, this.baseUrl, this.opts.timeoutMs) + this.via() + tries,
            {
              cause: e,
              hint: sentNothing
                ? 'Check the base URL, the proxy (--proxy, HTTPS_PROXY, NO_PROXY) and that the service (or the sandbox) is running.'
                : undefined,
            },
          );
        }
        await this.backoff(attempt);
        continue;
      }
      const { status, headers, text } = answer;
      this.logger?.debug({ method, path: fullPath, status, ms: Date.now() - started, attempt }, 'request');

      if (status >= 200 && status < 300) return this.success<T>(method, fullPath, status, headers, text);
      // A service (or proxy) that echoes the credentials back must not put them in our errors.
      const parsed = safeJson(this.token.length >= 4 ? text.replaceAll(this.token, '[redacted]') : text);
      if (status === 429) {
        this.stats.throttled++;
        // Without a word on how long, until our oldest request leaves the window (a slot frees), not a whole minute.
        const wait =
          parseRetryAfter(headers['retry-after']) ??
          retryAfterFromDetail(parsed) ??
          this.limiter.untilSlotFrees();
        throttledFor += wait;
        // One long wait, or a service that keeps refusing for as long: stop rather than hang.
        if (wait > this.opts.maxRetryAfterMs || throttledFor > this.opts.maxRetryAfterMs) {
          throw new ApiError(
            'E_HTTP_RATE_LIMITED',
            `the service keeps refusing requests for the rate limit (asked to wait ${Math.round(throttledFor / 1000)} s in all)`,
            status,
            parsed,
            method,
            path,
            "Another client may be spending the account's budget; try again later, or lower --rate-limit.",
          );
        }
        this.logger?.info({ method, path: fullPath, waitMs: wait }, 'rate limited: pausing all requests');
        this.limiter.pause(wait);
        this.stats.retries++;
        // A 429 is a refusal: the request was not acted on, so even a POST may be repeated.
        attempt--;
        continue;
      }
      if (status >= 500) {
        this.stats.serverErrors++;
        // 503 means the service did not take the request; a 500/502/504 on a POST may have been acted on.
        const safe = idempotent || status === 503;
        if (!safe)
          throw new AmbiguousWriteError(
            method,
            path,
            new Error(`HTTP ${status}`),
            `the service failed (HTTP ${status}) on ${method} ${path}: it may or may not have been done`,
          );
        if (attempt >= this.opts.maxRetries) {
          throw new ApiError(
            'E_HTTP_SERVER',
            `the service failed (HTTP ${status}) ${this.opts.maxRetries + 1} times on ${method} ${path}`,
            status,
            parsed,
            method,
            path,
          );
        }
        await this.backoff(attempt);
        continue;
      }
      throw this.statusError(status, parsed, method, path);
    }
  }

  /** ", through the proxy …" when one is in use, its credentials hidden. */
  private via(): string {
    return this.proxy ? ` (through the proxy ${showUrl(this.proxy)})` : '';
  }

  /** The proxy answered the tunnel's CONNECT with an error: nothing reached the service, and retrying will not help. */
  private proxyRefused(status: number, cause: unknown): AssetbatchError {
    const why = status === 407 ? 'it wants credentials, or refused the ones given' : `HTTP ${status}`;
    return new AssetbatchError(
      'E_UNREACHABLE',
      `the proxy would not connect to ${this.baseUrl}: ${why}${this.via()}`,
      {
        cause,
        hint:
          status === 407
            ? "Put the proxy's user name and password in its URL: --proxy http://user:password@proxy:3128 (or HTTPS_PROXY)."
            : 'Ask who runs the proxy whether it lets this host through, or set NO_PROXY for it.',
      },
    );
  }

  /**
   * Node refused the service's certificate: nothing was sent, and another try would meet the
   * same certificate. The message gives Node's reason; the hint, what to do about it.
   */
  private certificateRefused(problem: CertificateProblem, e: TransportError): AssetbatchError {
    const cause = e.cause as { cert?: { subjectaltname?: string } } | undefined;
    const names = cause?.cert?.subjectaltname?.replace(/\b(DNS|IP Address):/g, '');
    const reason = e.message.replace(/[\s:]+$/, '');
    return new AssetbatchError(
      'E_UNREACHABLE',
      `cannot connect to ${this.baseUrl}: its certificate is not trusted (${reason})${this.via()}; nothing was sent`,
      { cause: e, hint: certificateHint(problem, process.env.NODE_EXTRA_CA_CERTS, names) },
    );
  }

  /**
   * A success's body. A read answered with something that is not JSON (a proxy's or a
   * login page's HTML) is no data at all: a clear error naming the URL, not a crash later.
   */
  private success<T>(
    method: Method,
    fullPath: string,
    status: number,
    headers: Record<string, string | string[] | undefined>,
    text: string,
  ): T {
    if (text === '') return undefined as T;
    const value = safeJson(text);
    if (method === 'GET' && typeof value === 'string' && !/^\s*"/.test(text)) {
      const type = String(headers['content-type'] ?? 'no content type').split(';')[0];
      throw new ApiError(
        'E_HTTP_UNEXPECTED',
        `GET ${this.baseUrl}${fullPath} answered HTTP ${status} with ${type} instead of JSON`,
        status,
        undefined,
        method,
        fullPath,
        'Something other than the service answered (a proxy, a login page, a wrong --base-url): open the URL in a browser to see what it is.',
      );
    }
    return value as T;
  }

  /** A read whose answer is JSON but not what the call returns (a list's page): a clear error naming the URL. */
  unexpectedShape(path: string, what: string): ApiError {
    return new ApiError(
      'E_HTTP_UNEXPECTED',
      `GET ${this.baseUrl}${path} answered HTTP 200 with something that is not ${what}`,
      200,
      undefined,
      'GET',
      path,
      'Check --base-url: it should be the service root (e.g. https://dashboard-api.revnue.com), with /api/v2 added by assetbatch.',
    );
  }

  private statusError(status: number, body: unknown, method: string, path: string): ApiError {
    const detail =
      body && typeof body === 'object' && 'detail' in body
        ? String((body as { detail: unknown }).detail)
        : undefined;
    switch (status) {
      case 401:
      case 403:
        return new ApiError(
          'E_HTTP_AUTH',
          `the service refused the token (HTTP ${status}${detail ? `: ${detail}` : ''})`,
          status,
          body,
          method,
          path,
          "Check --token or ASSETBATCH_TOKEN (an administrator creates tokens on the service's settings page).",
        );
      case 404:
        return new ApiError(
          'E_HTTP_NOT_FOUND',
          `not found: ${method} ${path}${detail ? ` (${detail})` : ''}`,
          status,
          body,
          method,
          path,
        );
      case 400:
        return new ApiError(
          'E_HTTP_BAD_REQUEST',
          `the service rejected ${method} ${path}${detail ? `: ${detail}` : ''}`,
          status,
          body,
          method,
          path,
        );
      default:
        return new ApiError(
          'E_HTTP_UNEXPECTED',
          `unexpected answer HTTP ${status} to ${method} ${path}${detail ? `: ${detail}` : ''}`,
          status,
          body,
          method,
          path,
        );
    }
  }

  private async backoff(attempt: number): Promise<void> {
    this.stats.retries++;
    const base = this.opts.backoffMs * 2 ** attempt;
    await this.limiter.delay(Math.min(30_000, base / 2 + Math.random() * base));
  }

  /** True once interrupt() was called. */
  get isInterrupted(): boolean {
    return this.interrupted !== undefined;
  }

  /**
   * Stop the run: nobody waits for the budget or a backoff any more (they fail with
   * `reason` at once), no new request starts, and requests still in flight after
   * `graceMs` are cut (a write cut so is unsure: its journal entry stays "in flight").
   */
  interrupt(reason: Error, graceMs = 1200): void {
    if (this.interrupted) return;
    this.interrupted = reason;
    this.limiter.interrupt(reason);
    setTimeout(() => this.inFlight.abort(reason), graceMs).unref();
  }
}

function buildQuery(q: Query): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null) p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** A body that is not JSON (a proxy's HTML page) stays text. */
function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function retryAfterFromDetail(body: unknown): number | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const m = /available in (\d+) seconds?/.exec(String((body as { detail?: unknown }).detail ?? ''));
  return m ? Number(m[1]) * 1000 : undefined;
}

function describeNetworkError(code: string, e: unknown, baseUrl: string, timeoutMs: number): string {
  const limit = `${showSeconds(timeoutMs)}, --timeout`;
  switch (code) {
    case 'ECONNREFUSED':
      return `cannot connect to ${baseUrl} (connection refused)`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `cannot find the host of ${baseUrl}`;
    case 'CONNECT_TIMEOUT':
      return `connecting to ${baseUrl} timed out (${limit})`;
    case 'CONNECT_FAILED':
      // Node's own words for a TLS failure (a handshake cut) say what to look at.
      return `cannot connect to ${baseUrl} (${String(((e as Error).cause as Error | undefined)?.message ?? e)})`;
    case 'PROXY_CONNECT_TIMEOUT':
      return `the proxy did not open a tunnel to ${baseUrl} in time (${limit})`;
    case 'PROXY_CONNECT_FAILED':
      return `the proxy closed the connection before opening a tunnel to ${baseUrl}`;
    case 'HEADERS_TIMEOUT':
      return `the service at ${baseUrl} did not answer in time (${limit})`;
    case 'BODY_TIMEOUT':
      return `the service at ${baseUrl} did not finish its answer in time (${limit}: no pause that long, and the whole answer within 4 times it)`;
    case 'BODY_TOO_LARGE':
      return `the service at ${baseUrl} sent an answer longer than 64 MiB, which no answer of the service is: is the base URL right?`;
    default:
      return `the connection to ${baseUrl} failed (${code})`;
  }
}
