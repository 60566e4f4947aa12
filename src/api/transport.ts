// How a request reaches the service: Node's own http/https client over one keep-alive Agent.
// Not undici: Node's client parses in C, where undici's WebAssembly parser kept Node 20
// waiting at exit for V8 to finish compiling it, and undici's entry loads all of undici
// (fetch, websocket, cache …) for the one pool we use (bench/results.md, "Startup").
// Beyond node:http this adds what the client's rules need: one timeout for connecting, for
// the answer's headers and between chunks of the body, and a bound on the whole body; and whether a failed request may
// have reached the service: nothing is sent before the connection (its TLS, or the proxy's
// tunnel) is open, so a failure before that is safe to repeat, even for a POST.
import type { Agent, ClientRequest, IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';
import pLimit, { type LimitFunction } from 'p-limit';
import { certificateProblem } from './certificate.js';
import { TransportError } from './transport-error.js';
import { tunnelAgent } from './tunnel.js';

// Node's builtins are taken with process.getBuiltinModule, not imported: an ES module import
// of node:http reads every export, and since Node 22 its WebSocket getters load Node's own
// copy of undici (nodejs/node#59686). https (and tls) load only for an https service.
const http = process.getBuiltinModule('node:http');

export interface TransportOptions {
  /** The service's origin (scheme, host, port). */
  readonly origin: URL;
  /** Requests (and sockets) at once. */
  readonly connections: number;
  readonly timeoutMs: number;
  /** The proxy to tunnel through (user:password@ allowed); undefined for none. */
  readonly proxy?: string;
}

export interface Outgoing {
  readonly method: string;
  /** Path and query. */
  readonly path: string;
  readonly headers: OutgoingHttpHeaders;
  readonly body?: string;
  /** Cuts the request (with the signal's reason as the error) wherever it is. */
  readonly signal: AbortSignal;
}

export interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly text: string;
}

/** Codes of the OS that mean the connection was never made. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

/** How long a free keep-alive socket is kept (less when the service's Keep-Alive header says so). */
const KEEP_ALIVE_MS = 30_000;

export class Transport {
  private readonly agent: Agent;
  private readonly module: Pick<typeof http, 'request' | 'Agent'>;
  private readonly origin: URL;
  private readonly timeoutMs: number;
  /** At most `connections` requests at once, so a request's time is its own, not a queue's. */
  private readonly limit: LimitFunction;
  private readonly pending = new Set<Promise<unknown>>();

  constructor(opts: TransportOptions) {
    const secure = opts.origin.protocol === 'https:';
    const agentOptions = { keepAlive: true, maxSockets: opts.connections, timeout: KEEP_ALIVE_MS };
    this.origin = opts.origin;
    this.timeoutMs = opts.timeoutMs;
    this.module = secure ? process.getBuiltinModule('node:https') : http;
    this.limit = pLimit(opts.connections);
    this.agent = opts.proxy
      ? tunnelAgent(secure, new URL(opts.proxy), opts.timeoutMs, agentOptions)
      : new this.module.Agent(agentOptions);
  }

  /** Send one request and read its whole answer; rejects with the reason of the failure. */
  request(out: Outgoing): Promise<Answer> {
    const done = this.limit(() => this.exchange(out));
    this.pending.add(done);
    const forget = () => void this.pending.delete(done);
    done.then(forget, forget);
    return done;
  }

  /** Waits for the requests under way, then ends every socket. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.pending]);
    this.agent.destroy();
  }

  private exchange(out: Outgoing): Promise<Answer> {
    if (out.signal.aborted) return Promise.reject(out.signal.reason);
    const { hostname, port } = this.origin;
    const headers =
      out.body === undefined
        ? out.headers
        : { ...out.headers, 'content-length': Buffer.byteLength(out.body) };
    const req = this.module.request({
      host: hostname.replace(/^\[|\]$/g, ''),
      port,
      method: out.method,
      path: out.path,
      headers,
      agent: this.agent,
    });
    const answer = watch(req, this.timeoutMs, out.signal);
    req.end(out.body);
    return answer;
  }
}

type Phase = 'connect' | 'headers' | 'body';

/** A body may take this many timeouts in all, however steadily it comes. */
const BODY_TIMEOUTS = 4;
/** No answer of the service comes near this (a list page is some 25 records). */
const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

/**
 * The answer to `req`, under one timeout per phase: connecting (from the moment it has a
 * socket; a tunnel keeps its own time), the headers once connected, each chunk of the body;
 * and the whole body within BODY_TIMEOUTS timeouts and MAX_ANSWER_BYTES.
 * A failure before the connection opened is marked as such by its code.
 */
function watch(req: ClientRequest, timeoutMs: number, signal: AbortSignal): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let phase: Phase = 'connect';
    let open = false;
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    let whole: NodeJS.Timeout | undefined;
    const settle = (error: unknown, answer?: Answer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(whole);
      signal.removeEventListener('abort', onAbort);
      if (answer) return resolve(answer);
      req.destroy();
      reject(error);
    };
    const arm = (next: Phase) => {
      phase = next;
      clearTimeout(timer);
      timer = setTimeout(() => settle(timedOut(phase, timeoutMs)), timeoutMs);
    };
    const onAbort = () => settle(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    req.on('socket', (socket: Socket) => {
      arm('connect');
      whenOpen(req, socket, () => {
        open = true;
        if (phase === 'connect') arm('headers');
      });
    });
    req.on('error', (e) => settle(open ? e : beforeOpen(e)));
    req.on('response', (res) => {
      arm('body');
      // A body that keeps coming, a byte at a time or without end, is given a bound too.
      whole = setTimeout(() => settle(tooSlow(timeoutMs)), timeoutMs * BODY_TIMEOUTS);
      const chunks: Buffer[] = [];
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > MAX_ANSWER_BYTES) return settle(tooLarge());
        chunks.push(chunk);
        arm('body');
      });
      res.on('error', (e) => settle(e));
      res.on('close', () => {
        if (!res.complete)
          return settle(Object.assign(new Error('the connection closed mid-answer'), { code: 'ECONNRESET' }));
        const text = Buffer.concat(chunks).toString('utf8');
        settle(undefined, {
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: text.replace(/^\uFEFF/, ''),
        });
      });
    });
  });
}

/** Calls `opened` once bytes written to `socket` can reach the service. */
function whenOpen(req: ClientRequest, socket: Socket, opened: () => void): void {
  if (req.reusedSocket) opened();
  else if ('encrypted' in socket)
    socket.once('secureConnect', opened); // a TLSSocket
  else if (socket.connecting) socket.once('connect', opened);
  else opened(); // a proxy's tunnel, open already
}

function timedOut(phase: Phase, timeoutMs: number): TransportError {
  const code = { connect: 'CONNECT_TIMEOUT', headers: 'HEADERS_TIMEOUT', body: 'BODY_TIMEOUT' } as const;
  return new TransportError(
    code[phase],
    `no progress ${phase === 'connect' ? 'connecting' : `on the ${phase}`} in ${timeoutMs} ms`,
  );
}

function tooSlow(timeoutMs: number): TransportError {
  return new TransportError('BODY_TIMEOUT', `the answer did not end in ${BODY_TIMEOUTS * timeoutMs} ms`);
}

function tooLarge(): TransportError {
  return new TransportError(
    'BODY_TOO_LARGE',
    `the answer was longer than ${MAX_ANSWER_BYTES / 1024 / 1024} MiB`,
  );
}

/** A failure before the connection opened: the OS's own codes for that, CERT_REFUSED, else CONNECT_FAILED. */
function beforeOpen(e: Error): Error {
  const code = (e as NodeJS.ErrnoException).code;
  if (e instanceof TransportError || (code && NOT_CONNECTED.has(code))) return e;
  const certificate = certificateProblem(code);
  if (certificate) return new TransportError('CERT_REFUSED', e.message, { cause: e, certificate });
  return new TransportError('CONNECT_FAILED', `could not connect: ${e.message}`, { cause: e });
}
