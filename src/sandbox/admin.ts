// The admin view under /__sandbox/: the counters (stats), a reset (optionally to a seed)
// and every record of a resource. Not part of the service; the tests and the demo use it.
import type { IncomingMessage } from 'node:http';
import { RESOURCES } from '../resources/index.js';
import { resetCounters, type SandboxContext } from './context.js';
import { answerShape } from './read-shape.js';
import { detail, type Reply } from './reply.js';
import { buildSeed } from './seed/index.js';

/**
 * The admin view wipes data and shows it all: it takes the sandbox's token, and refuses
 * a browser's request from another site (a page the user visits could otherwise POST
 * /__sandbox/reset: a "simple" request needs no preflight).
 */
export function adminGate(req: IncomingMessage, own: string, token: string): Reply | undefined {
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== own)
    return detail(403, 'The admin view does not answer other sites.');
  const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  if (!m || m[1] !== token)
    return detail(401, "The admin view needs the sandbox's token (Authorization: Bearer <token>).", {
      'WWW-Authenticate': 'Bearer',
    });
  return undefined;
}

export function handleAdmin(ctx: SandboxContext, method: string, url: URL): Reply {
  const path = url.pathname.replace(/\/+$/, '');
  if (path === '/__sandbox/stats' && method === 'GET')
    return { status: 200, body: { ...ctx.stats, records: ctx.store.counts() } };
  if (path === '/__sandbox/reset' && method === 'POST') return reset(ctx, url.searchParams.get('seed'));
  const m = /^\/__sandbox\/records\/([A-Za-z_-]+)$/.exec(path);
  if (m && method === 'GET') return records(ctx, m[1], url.searchParams.get('company'));
  return detail(404, 'Not found.');
}

/** Counters, throttle window and fault sequence back to the start; the data too when a seed is named. */
function reset(ctx: SandboxContext, seed: string | null): Reply {
  if (seed !== null) {
    if (seed !== 'default' && seed !== 'empty') return detail(400, 'seed must be default or empty');
    ctx.store.replace(buildSeed(seed));
    ctx.scheduleSave();
  }
  resetCounters(ctx);
  return { status: 200, body: { ok: true } };
}

/** Every record of a resource (by path or name), of one company when `company` is given. */
function records(ctx: SandboxContext, resource: string, c: string | null): Reply {
  const def = RESOURCES.find((r) => r.path === resource || r.name === resource);
  if (!def) return detail(404, `no resource ${resource}`);
  const company = c === null ? null : Number(c);
  return { status: 200, body: ctx.store.list(def.name, company).map((r) => answerShape(def, r, ctx.store)) };
}
