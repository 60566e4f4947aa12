// One request through the sandbox, in the order a real server takes it: count it, read
// the body whole, draw a fault, act (commit a write), wait out the latency, answer.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { adminGate, handleAdmin } from './admin.js';
import { handleApi } from './api.js';
import type { SandboxContext } from './context.js';
import type { FaultKind } from './faults.js';
import { throttledDetail } from './rate-limit.js';
import { BadRequest, detail, readBody, type Reply, sendReply } from './reply.js';
import { countRequest, isWrite, parseRoute } from './routes.js';

export interface RequestSetting {
  /** The host name a request without a Host header is taken to have asked for. */
  host: string;
  latencyMs?: number;
  /** Seconds a 429 fault's Retry-After asks for. Default 1. */
  faultRetryAfter?: number;
}

export async function handleRequest(
  ctx: SandboxContext,
  setting: RequestSetting,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const method = (req.method ?? 'GET').toUpperCase();
  const url = new URL(req.url ?? '/', `http://${req.headers.host ?? `${setting.host}`}`);
  if (url.pathname.startsWith('/__sandbox')) {
    sendReply(res, adminGate(req, ctx.origin, ctx.token) ?? handleAdmin(ctx, method, url));
    return;
  }
  const route = parseRoute(url.pathname);
  countRequest(ctx.stats, method, route);

  const raw = await receiveBody(ctx, req, res);
  if (raw === undefined) return;

  const latency = () => wait(setting.latencyMs);
  const fault = ctx.faults.next();
  if (fault) ctx.stats.faults[fault] = (ctx.stats.faults[fault] ?? 0) + 1;
  const standIn = faultStandIn(fault, method, setting.faultRetryAfter ?? 1);
  if (standIn) return answerFault(ctx, standIn, fault, method, url, req, res, latency);

  // Committed now; the latency is the time the answer takes to come back, as on a real
  // server, so a client that gives up while waiting leaves the write done.
  const reply = handleApi(ctx, req, method, url, route, raw);
  ctx.logger?.info(`${method} ${url.pathname}${url.search} -> ${fault === 'lost' ? 'lost' : reply.status}`);
  await latency();
  if (fault === 'lost') {
    // The write is committed; only the answer is lost.
    req.socket.destroy();
    return;
  }
  if (res.destroyed || req.socket.destroyed) return;
  sendReply(res, reply, ctx.stats);
}

/**
 * The body, read whole first: a real server acts on a request it has fully received,
 * whether or not the client is still there for the answer. Undefined when there is
 * nothing to act on (too large: answered 413; the client went away: no answer).
 */
async function receiveBody(
  ctx: SandboxContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<string | undefined> {
  try {
    return await readBody(req);
  } catch (e) {
    if (e instanceof BadRequest) {
      sendReply(res, e.reply, ctx.stats);
      return undefined;
    }
    // The client went away before its request was whole: nothing to act on.
    if (req.aborted || req.socket.destroyed) return undefined;
    throw e;
  }
}

/**
 * What a fault answers instead of the API: a dropped connection (reset, or a lost answer
 * to a read, which is the same to the client), or a 429, 500 or 503. Undefined for no
 * fault and for a write's lost answer: that write is committed, only its answer is lost.
 */
function faultStandIn(
  fault: FaultKind | undefined,
  method: string,
  retryAfter: number,
): Reply | 'drop' | undefined {
  if (fault === 'reset' || (fault === 'lost' && !isWrite(method))) return 'drop';
  if (fault === '429') return detail(429, throttledDetail(retryAfter), { 'Retry-After': String(retryAfter) });
  if (fault === '500') return detail(500, 'A server error occurred.');
  if (fault === '503') return detail(503, 'Service temporarily unavailable, try again later.');
  return undefined;
}

/** The fault's stand-in, after the latency, as the real service's would come. */
async function answerFault(
  ctx: SandboxContext,
  standIn: Reply | 'drop',
  fault: FaultKind | undefined,
  method: string,
  url: URL,
  req: IncomingMessage,
  res: ServerResponse,
  latency: () => Promise<void>,
): Promise<void> {
  if (standIn === 'drop') {
    ctx.logger?.info(`${method} ${url.pathname} -> fault ${fault}`);
    await latency();
    req.socket.destroy();
    return;
  }
  await latency();
  sendReply(res, standIn, ctx.stats);
}

function wait(ms: number | undefined): Promise<void> {
  return ms ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve();
}
