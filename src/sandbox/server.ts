// The sandbox's HTTP server (node:http, see README.md for why): routing, auth, throttle,
// pagination, faults and the /__sandbox admin view. Validation lives in validate.ts,
// read shapes in read-shape.ts, data in store.ts.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { type ResourceDef, RESOURCES } from '../resources/index.js';
import { FaultInjector, parseFaults, type FaultKind, type FaultRates } from './faults.js';
import { SlidingWindowLimiter, throttledDetail } from './rate-limit.js';
import { normaliseWriteBody, readShape } from './read-shape.js';
import { buildSeed, type SeedKind } from './seed/index.js';
import { Store, loadState, saveState, type StoredRecord } from './store.js';
import { drfErrors, validateWrite } from './validate.js';

export interface SandboxLogger {
  info(msg: string): void;
}

export interface SandboxOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  token?: string;
  /** Requests per sliding minute for the account; 0 turns throttling off. Default 100. */
  rateLimit?: number;
  latencyMs?: number;
  /** `429=0.05,500=0.03,503=0.02,reset=0.02,lost=0.05`, or the rates as an object. */
  faults?: string | FaultRates;
  faultSeed?: number;
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

export const PAGE_SIZE = 25;
const WRITABLE_DETAIL = new Set(['asset', 'contract', 'customer', 'asset-owner']);
const CREATABLE = new Set(['asset', 'contract', 'customer']);
const READ_SHAPED = WRITABLE_DETAIL;
const MAX_BODY = 5 * 1024 * 1024;

interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

interface Stats {
  /** Other clients' requests (--background-load): let through and refused. */
  background: { sent: number; refused: number };
  requests: Record<string, number>;
  total: number;
  writes: number;
  byStatus: Record<string, number>;
  faults: Record<string, number>;
  throttled: number;
}

const newStats = (): Stats => ({ background: { sent: 0, refused: 0 }, requests: {}, total: 0, writes: 0, byStatus: {}, faults: {}, throttled: 0 });
const detail = (status: number, text: string, headers?: Record<string, string>): Reply => ({ status, body: { detail: text }, headers });
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const isWrite = (method: string) => method === 'POST' || method === 'PUT' || method === 'PATCH';

class BadRequest extends Error {
  constructor(readonly reply: Reply) {
    super('bad request');
  }
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const token = options.token ?? 'sandbox-token';
  const host = options.host ?? '127.0.0.1';
  const seedKind: SeedKind = options.seed ?? 'default';
  const loaded = options.stateFile ? await loadState(options.stateFile) : undefined;
  const store = new Store(loaded ?? buildSeed(seedKind));
  const limiter = new SlidingWindowLimiter(options.rateLimit ?? 100);
  const faultRates = parseFaults(options.faults);
  const faultSeed = options.faultSeed ?? Date.now() % 2 ** 31;
  let faults = new FaultInjector(faultRates, faultSeed);
  let stats = newStats();
  const detailWrites = options.patch === false ? ['PUT'] : ['PUT', 'PATCH'];
  const sockets = new Set<Socket>();
  /** The sandbox's own origin, once listening. */
  let base = '';

  // --state: save soon after each write, and for sure on close.
  let saveTimer: NodeJS.Timeout | undefined;
  let saving: Promise<void> = Promise.resolve();
  const save = () => {
    if (!options.stateFile) return saving;
    const file = options.stateFile;
    saving = saving.then(() => saveState(file, store.snapshot())).catch((e: unknown) => options.logger?.info(`sandbox: could not save state: ${String(e)}`));
    return saving;
  };
  const scheduleSave = () => {
    if (!options.stateFile || saveTimer) return;
    saveTimer = setTimeout(() => {
      saveTimer = undefined;
      void save();
    }, 100);
  };

  const background = options.backgroundLoad ? setInterval(() => {
    if (limiter.take().ok) stats.background.sent++;
    else stats.background.refused++;
  }, 60_000 / options.backgroundLoad) : undefined;
  background?.unref();

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      options.logger?.info(`sandbox: internal error: ${e instanceof Error ? e.stack : String(e)}`);
      if (!res.headersSent) send(res, { status: 500, body: { detail: 'A server error occurred.' } });
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  function send(res: ServerResponse, reply: Reply, count = true): void {
    if (count) stats.byStatus[String(reply.status)] = (stats.byStatus[String(reply.status)] ?? 0) + 1;
    const text = JSON.stringify(reply.body);
    res.writeHead(reply.status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), ...reply.headers });
    res.end(text);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? `${host}`}`);
    if (url.pathname.startsWith('/__sandbox')) {
      send(res, adminGate(req, base) ?? admin(method, url), false);
      return;
    }
    const route = parseRoute(url.pathname);
    // Bounded: paths that name no resource, and methods no client sends, share one key each.
    const key = `${KNOWN_METHODS.has(method) ? method : 'OTHER'} ${route.notFound ? '(unknown path)' : route.normalised}`;
    stats.requests[key] = (stats.requests[key] ?? 0) + 1;
    stats.total++;
    if (isWrite(method)) stats.writes++;

    // The body is read whole first: a real server acts on a request it has fully received,
    // whether or not the client is still there for the answer.
    let raw: string;
    try {
      raw = await readBody(req);
    } catch (e) {
      if (e instanceof BadRequest) return send(res, e.reply);
      // The client went away before its request was whole: nothing to act on.
      if (req.aborted || req.socket.destroyed) return;
      throw e;
    }

    const fault = faults.next();
    if (fault) stats.faults[fault] = (stats.faults[fault] ?? 0) + 1;
    if (fault === 'reset' || (fault === 'lost' && !isWrite(method))) {
      options.logger?.info(`${method} ${url.pathname} -> fault ${fault}`);
      await latency();
      req.socket.destroy();
      return;
    }
    if (fault === '429') return latency().then(() => send(res, detail(429, throttledDetail(1), { 'Retry-After': '1' })));
    if (fault === '500') return latency().then(() => send(res, detail(500, 'A server error occurred.')));
    if (fault === '503') return latency().then(() => send(res, detail(503, 'Service temporarily unavailable, try again later.')));

    // Committed now; the latency is the time the answer takes to come back, as on a real
    // server, so a client that gives up while waiting leaves the write done.
    const reply = api(req, method, url, route, raw);
    options.logger?.info(`${method} ${url.pathname}${url.search} -> ${fault === 'lost' ? 'lost' : reply.status}`);
    await latency();
    if (fault === 'lost') {
      // The write is committed; only the answer is lost.
      req.socket.destroy();
      return;
    }
    if (res.destroyed || req.socket.destroyed) return;
    send(res, reply);
  }

  function latency(): Promise<void> {
    return options.latencyMs ? new Promise((r) => setTimeout(r, options.latencyMs)) : Promise.resolve();
  }

  function api(req: IncomingMessage, method: string, url: URL, route: Route, raw: string): Reply {
    const authz = req.headers.authorization;
    if (!authz) return detail(401, 'Authentication credentials were not provided.', { 'WWW-Authenticate': 'Bearer' });
    const m = /^Bearer\s+(\S+)\s*$/i.exec(authz);
    if (!m || m[1] !== token) return detail(401, 'Invalid token.', { 'WWW-Authenticate': 'Bearer' });
    const slot = limiter.take();
    if (!slot.ok) {
      stats.throttled++;
      return detail(429, throttledDetail(slot.retryAfter), { 'Retry-After': String(slot.retryAfter) });
    }
    if (route.notFound || !route.def) return detail(404, 'Not found.');
    const def = route.def;
    const allowed = route.id === undefined ? ['GET', ...(CREATABLE.has(def.name) ? ['POST'] : [])] : ['GET', ...(WRITABLE_DETAIL.has(def.name) ? detailWrites : [])];
    if (!allowed.includes(method)) return detail(405, `Method "${method}" not allowed.`, { Allow: allowed.join(', ') });
    try {
      if (method === 'GET') return route.id === undefined ? list(def, url) : retrieve(def, url, route.id);
      const body = parseJson(raw);
      if (method === 'POST') return create(def, url, body);
      return update(def, url, route.id!, body, method === 'PATCH');
    } catch (e) {
      if (e instanceof BadRequest) return e.reply;
      throw e;
    }
  }

  /** `company` of a company-scoped list or read: required, an integer, a known company. */
  function queryCompany(def: ResourceDef, url: URL): number | null {
    if (!def.companyScoped) return null;
    const c = url.searchParams.get('company');
    if (c === null || c === '') throw new BadRequest(detail(400, 'company is required'));
    if (!/^\d+$/.test(c) || !store.get('company', Number(c), null)) throw new BadRequest(detail(400, `company ${c} does not exist`));
    return Number(c);
  }

  function retrieve(def: ResourceDef, url: URL, id: number): Reply {
    const company = queryCompany(def, url);
    const rec = store.get(def.name, id, company);
    return rec ? { status: 200, body: shape(def, rec) } : detail(404, 'Not found.');
  }

  function list(def: ResourceDef, url: URL): Reply {
    const company = queryCompany(def, url);
    const q = url.searchParams;
    let recs = store.list(def.name, company).filter((r) => matches(def, r, q));
    let items: unknown[];
    if (def.name === 'asset' && q.get('serial_number') === 'list') {
      // The public reference: serial_number=list answers the serial numbers only.
      recs = store.list(def.name, company);
      items = recs.map((r) => r.data.serial_number).filter((s) => s !== null && s !== undefined);
    } else {
      // Only the page's records are put in read shape: a 20,000-asset rehearsal would
      // otherwise build every record's shape for each page of 25.
      return paginate(recs, url, (r) => shape(def, r as StoredRecord));
    }
    return paginate(items, url);
  }

  function paginate(items: unknown[], url: URL, render: (item: unknown) => unknown = (x) => x): Reply {
    // As DRF: an absent or empty page is the first; anything but a positive integer is 404.
    const p = url.searchParams.get('page') || null;
    if (p !== null && !/^[1-9]\d*$/.test(p)) return detail(404, 'Invalid page.');
    const page = p === null ? 1 : Number(p);
    const pages = Math.max(1, Math.ceil(items.length / PAGE_SIZE));
    if (page > pages) return detail(404, 'Invalid page.');
    const link = (n: number) => {
      const u = new URL(url.href);
      // DRF drops `page` from the link to the first page.
      if (n === 1) u.searchParams.delete('page');
      else u.searchParams.set('page', String(n));
      return u.href;
    };
    return {
      status: 200,
      body: {
        count: items.length,
        next: page < pages ? link(page + 1) : null,
        previous: page > 1 ? link(page - 1) : null,
        results: items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map(render),
      },
    };
  }

  /** Documented filters, exact (case-sensitive) matches as django-filter's default. */
  function matches(def: ResourceDef, r: StoredRecord, q: URLSearchParams): boolean {
    const eq = (param: string, value: unknown) => !q.has(param) || q.get(param) === value;
    const d = r.data;
    switch (def.name) {
      case 'category':
        return eq('name', d.category) && (!q.has('subcategory') || ((d.subcategories as string[] | null) ?? []).includes(q.get('subcategory')!));
      case 'usage-status':
        return eq('name', d.name);
      case 'hardware_model':
        return eq('name', d.asset_hardware_model);
      case 'contract':
        return eq('name', d.name) && eq('contract_no', d.number);
      case 'asset': {
        if (!eq('name', d.name) || !eq('manufacturer_name', d.manufacturer)) return false;
        if (q.has('serial_number') && q.get('serial_number') !== 'list' && q.get('serial_number') !== d.serial_number) return false;
        const formId = q.get('custom_form_id');
        if (formId === null) return true;
        const forms = (d.form_template as { id: number; custom_form_data: Record<string, unknown> }[] | null) ?? [];
        const name = q.get('custom_form_name');
        const value = q.get('custom_form_value');
        return forms.some(
          (f) => String(f.id) === formId && (name === null || (name in (f.custom_form_data ?? {}) && (value === null || String(f.custom_form_data[name]) === value))),
        );
      }
      default:
        return true;
    }
  }

  function parseJson(raw: string): Record<string, unknown> {
    let body: unknown;
    try {
      body = raw.trim() === '' ? {} : JSON.parse(raw);
    } catch (e) {
      throw new BadRequest(detail(400, `JSON parse error - ${(e as Error).message}`));
    }
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      const got = Array.isArray(body) ? 'list' : body === null ? 'NoneType' : typeof body;
      throw new BadRequest({ status: 400, body: { non_field_errors: [`Invalid data. Expected a dictionary, but got ${got}.`] } });
    }
    return body as Record<string, unknown>;
  }

  function uniqueField(def: ResourceDef, url: URL): string | undefined {
    const u = url.searchParams.get('unique_field');
    if (def.name !== 'asset' || u === null || u === '') return undefined;
    if (u !== 'name' && u !== 'serial_number') throw new BadRequest({ status: 400, body: { unique_field: [`"${u}" is not a valid choice.`] } });
    return u;
  }

  function create(def: ResourceDef, url: URL, body: Record<string, unknown>): Reply {
    const issues = validateWrite({ def, store, mode: 'create', body, uniqueField: uniqueField(def, url) });
    if (issues.length > 0) return { status: 400, body: drfErrors(issues) };
    const rec = store.insert(def.name, body.company as number, normaliseWriteBody(def, body));
    scheduleSave();
    return { status: 201, body: shape(def, rec) };
  }

  function update(def: ResourceDef, url: URL, id: number, sent: Record<string, unknown>, partial: boolean): Reply {
    const existing = store.all(def.name).find((r) => r.id === id);
    const company = typeof sent.company === 'number' ? sent.company : partial ? Number(url.searchParams.get('company') ?? existing?.company) : undefined;
    // A record of another company is as good as absent (404), as a scoped queryset does.
    if (!existing || (company !== undefined && company !== existing.company)) return detail(404, 'Not found.');
    // PATCH validates the merged record; PUT the body alone (omitted fields become null).
    const body = partial ? { ...storedAsBody(def, existing), ...sent } : sent;
    const issues = validateWrite({ def, store, mode: 'update', body, existing, uniqueField: uniqueField(def, url) });
    if (issues.length > 0) return { status: 400, body: drfErrors(issues) };
    const data = def.name === 'asset-owner' ? { name: body.name, email: body.email ?? null, phone: body.phone ?? null } : normaliseWriteBody(def, body, existing.data);
    store.update(def.name, id, data);
    scheduleSave();
    return { status: 200, body: shape(def, store.get(def.name, id, null)!) };
  }

  /** The stored record as a write body, the base a PATCH is merged onto. */
  function storedAsBody(def: ResourceDef, rec: StoredRecord): Record<string, unknown> {
    void def;
    return { ...rec.data, company: rec.company };
  }

  // --- routing -------------------------------------------------------------------
  interface Route {
    def?: ResourceDef;
    segment?: string;
    id?: number;
    /** A path under /api/v2/ that names no resource or a bad id. */
    notFound: boolean;
    normalised: string;
  }

  function parseRoute(pathname: string): Route {
    const m = /^\/api\/v2\/([A-Za-z_-]+)\/?(?:([^/]+)\/?)?$/.exec(pathname);
    if (!m) return { notFound: true, normalised: pathname };
    const def = RESOURCES.find((r) => r.path === m[1]);
    if (!def) return { notFound: true, normalised: pathname };
    if (m[2] === undefined) return { def, segment: m[1], notFound: false, normalised: `/api/v2/${m[1]}/` };
    const id = /^\d+$/.test(m[2]) ? Number(m[2]) : undefined;
    return { def, segment: m[1], id, notFound: id === undefined, normalised: `/api/v2/${m[1]}/{id}/` };
  }


  // --- admin ---------------------------------------------------------------------
  /**
   * The admin view wipes data and shows it all: it takes the sandbox's token, and refuses
   * a browser's request from another site (a page the user visits could otherwise POST
   * /__sandbox/reset: a "simple" request needs no preflight).
   */
  function adminGate(req: IncomingMessage, own: string): Reply | undefined {
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== own) return detail(403, 'The admin view does not answer other sites.');
    const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
    if (!m || m[1] !== token) return detail(401, "The admin view needs the sandbox's token (Authorization: Bearer <token>).", { 'WWW-Authenticate': 'Bearer' });
    return undefined;
  }

  function admin(method: string, url: URL): Reply {
    const path = url.pathname.replace(/\/+$/, '');
    if (path === '/__sandbox/stats' && method === 'GET') return { status: 200, body: { ...stats, records: store.counts() } };
    if (path === '/__sandbox/reset' && method === 'POST') {
      const seed = url.searchParams.get('seed');
      if (seed !== null) {
        if (seed !== 'default' && seed !== 'empty') return detail(400, 'seed must be default or empty');
        store.replace(buildSeed(seed));
        scheduleSave();
      }
      stats = newStats();
      limiter.reset();
      faults = new FaultInjector(faultRates, faultSeed);
      return { status: 200, body: { ok: true } };
    }
    const m = /^\/__sandbox\/records\/([A-Za-z_-]+)$/.exec(path);
    if (m && method === 'GET') {
      const def = RESOURCES.find((r) => r.path === m[1] || r.name === m[1]);
      if (!def) return detail(404, `no resource ${m[1]}`);
      const c = url.searchParams.get('company');
      const company = c === null ? null : Number(c);
      return { status: 200, body: store.list(def.name, company).map((r) => shape(def, r)) };
    }
    return detail(404, 'Not found.');
  }

  function shape(def: ResourceDef, rec: StoredRecord): Record<string, unknown> {
    if (!READ_SHAPED.has(def.name)) return rec.data;
    if (def.name === 'asset-owner') return { id: rec.id, ...rec.data };
    return readShape(def, rec, store);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  base = `http://${host}:${port}`;
  options.logger?.info(`sandbox listening on ${base}`);

  return {
    url: base,
    token,
    admin: (path, init = {}) => fetch(`${base}${path}`, { ...init, headers: { ...(init.headers as Record<string, string> | undefined), authorization: `Bearer ${token}` } }),
    async close() {
      clearInterval(background);
      if (saveTimer) clearTimeout(saveTimer);
      saveTimer = undefined;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
      await save();
    },
  };

  async function readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > MAX_BODY) throw new BadRequest(detail(413, 'Request body too large.'));
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks).toString('utf8');
  }
}
