// Which resource and record a path under /api/v2/ names, and the bounded key the admin
// view counts requests under.
import { type ResourceDef, RESOURCES } from '../resources/index.js';
import type { Stats } from './context.js';

export interface Route {
  def?: ResourceDef;
  segment?: string;
  id?: number;
  /** A path under /api/v2/ that names no resource or a bad id. */
  notFound: boolean;
  normalised: string;
}

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
export const isWrite = (method: string) => method === 'POST' || method === 'PUT' || method === 'PATCH';

export function parseRoute(pathname: string): Route {
  const m = /^\/api\/v2\/([A-Za-z_-]+)\/?(?:([^/]+)\/?)?$/.exec(pathname);
  if (!m) return { notFound: true, normalised: pathname };
  const def = RESOURCES.find((r) => r.path === m[1]);
  if (!def) return { notFound: true, normalised: pathname };
  if (m[2] === undefined) return { def, segment: m[1], notFound: false, normalised: `/api/v2/${m[1]}/` };
  const id = /^\d+$/.test(m[2]) ? Number(m[2]) : undefined;
  return { def, segment: m[1], id, notFound: id === undefined, normalised: `/api/v2/${m[1]}/{id}/` };
}

export function countRequest(stats: Stats, method: string, route: Route): void {
  // Bounded: paths that name no resource, and methods no client sends, share one key each.
  const key = `${KNOWN_METHODS.has(method) ? method : 'OTHER'} ${route.notFound ? '(unknown path)' : route.normalised}`;
  stats.requests[key] = (stats.requests[key] ?? 0) + 1;
  stats.total++;
  if (isWrite(method)) stats.writes++;
}
