// The API under /api/v2/: auth, the account's throttle, the methods each path takes, and
// the handlers per kind (list, retrieve, create, update/patch). Each answers a Reply; the
// writes are committed in the store here, before the server waits out its latency.
import type { IncomingMessage } from 'node:http';
import type { ResourceDef } from '../resources/index.js';
import type { SandboxContext } from './context.js';
import { matches, paginate } from './lists.js';
import { throttledDetail } from './rate-limit.js';
import { answerShape, normaliseWriteBody } from './read-shape.js';
import { BadRequest, detail, parseJson, type Reply } from './reply.js';
import type { Route } from './routes.js';
import type { StoredRecord } from './store.js';
import { drfErrors, validateWrite } from './validate.js';

const WRITABLE_DETAIL = new Set(['asset', 'contract', 'customer', 'asset-owner']);
const CREATABLE = new Set(['asset', 'contract', 'customer']);

export function handleApi(
  ctx: SandboxContext,
  req: IncomingMessage,
  method: string,
  url: URL,
  route: Route,
  raw: string,
): Reply {
  const refused = authenticate(ctx.token, req.headers.authorization) ?? throttle(ctx);
  if (refused) return refused;
  if (route.notFound || !route.def) return detail(404, 'Not found.');
  const def = route.def;
  const allowed = allowedMethods(ctx, def, route.id);
  if (!allowed.includes(method))
    return detail(405, `Method "${method}" not allowed.`, { Allow: allowed.join(', ') });
  try {
    if (method === 'GET')
      return route.id === undefined ? list(ctx, def, url) : retrieve(ctx, def, url, route.id);
    const body = parseJson(raw);
    if (method === 'POST') return create(ctx, def, url, body);
    return update(ctx, def, url, route.id!, body, method === 'PATCH');
  } catch (e) {
    if (e instanceof BadRequest) return e.reply;
    throw e;
  }
}

function authenticate(token: string, authz: string | undefined): Reply | undefined {
  if (!authz)
    return detail(401, 'Authentication credentials were not provided.', { 'WWW-Authenticate': 'Bearer' });
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authz);
  if (!m || m[1] !== token) return detail(401, 'Invalid token.', { 'WWW-Authenticate': 'Bearer' });
  return undefined;
}

/** Takes a slot of the account's window, or answers 429 (refused requests take none). */
function throttle(ctx: SandboxContext): Reply | undefined {
  const slot = ctx.limiter.take();
  if (slot.ok) return undefined;
  ctx.stats.throttled++;
  return detail(429, throttledDetail(slot.retryAfter), { 'Retry-After': String(slot.retryAfter) });
}

function allowedMethods(ctx: SandboxContext, def: ResourceDef, id: number | undefined): string[] {
  if (id === undefined) return ['GET', ...(CREATABLE.has(def.name) ? ['POST'] : [])];
  return ['GET', ...(WRITABLE_DETAIL.has(def.name) ? ctx.detailWrites : [])];
}

/** `company` of a company-scoped list or read: required, an integer, a known company. */
function queryCompany(ctx: SandboxContext, def: ResourceDef, url: URL): number | null {
  if (!def.companyScoped) return null;
  const c = url.searchParams.get('company');
  if (c === null || c === '') throw new BadRequest(detail(400, 'company is required'));
  if (!/^\d+$/.test(c) || !ctx.store.get('company', Number(c), null))
    throw new BadRequest(detail(400, `company ${c} does not exist`));
  return Number(c);
}

function retrieve(ctx: SandboxContext, def: ResourceDef, url: URL, id: number): Reply {
  const company = queryCompany(ctx, def, url);
  const rec = ctx.store.get(def.name, id, company);
  return rec ? { status: 200, body: answerShape(def, rec, ctx.store) } : detail(404, 'Not found.');
}

function list(ctx: SandboxContext, def: ResourceDef, url: URL): Reply {
  const company = queryCompany(ctx, def, url);
  const q = url.searchParams;
  const recs = ctx.store.list(def.name, company).filter((r) => matches(def, r, q));
  if (def.name === 'asset' && q.get('serial_number') === 'list') {
    // The public reference: serial_number=list answers the serial numbers only.
    const serials = ctx.store
      .list(def.name, company)
      .map((r) => r.data.serial_number)
      .filter((s) => s !== null && s !== undefined);
    return paginate(serials, url);
  }
  // Only the page's records are put in read shape: a 20,000-asset rehearsal would
  // otherwise build every record's shape for each page of 25.
  return paginate(recs, url, (r) => answerShape(def, r as StoredRecord, ctx.store));
}

function uniqueField(def: ResourceDef, url: URL): string | undefined {
  const u = url.searchParams.get('unique_field');
  if (def.name !== 'asset' || u === null || u === '') return undefined;
  if (u !== 'name' && u !== 'serial_number')
    throw new BadRequest({ status: 400, body: { unique_field: [`"${u}" is not a valid choice.`] } });
  return u;
}

function create(ctx: SandboxContext, def: ResourceDef, url: URL, body: Record<string, unknown>): Reply {
  const { store } = ctx;
  const issues = validateWrite({ def, store, mode: 'create', body, uniqueField: uniqueField(def, url) });
  if (issues.length > 0) return { status: 400, body: drfErrors(issues) };
  const rec = store.insert(def.name, body.company as number, normaliseWriteBody(def, body));
  ctx.scheduleSave();
  return { status: 201, body: answerShape(def, rec, store) };
}

function update(
  ctx: SandboxContext,
  def: ResourceDef,
  url: URL,
  id: number,
  sent: Record<string, unknown>,
  partial: boolean,
): Reply {
  const { store } = ctx;
  const existing = store.all(def.name).find((r) => r.id === id);
  const company =
    typeof sent.company === 'number'
      ? sent.company
      : partial
        ? Number(url.searchParams.get('company') ?? existing?.company)
        : undefined;
  // A record of another company is as good as absent (404), as a scoped queryset does.
  if (!existing || (company !== undefined && company !== existing.company)) return detail(404, 'Not found.');
  // PATCH validates the merged record; PUT the body alone (omitted fields become null).
  const body = partial ? { ...storedAsBody(existing), ...sent } : sent;
  const found = validateWrite({
    def,
    store,
    mode: 'update',
    body,
    existing,
    uniqueField: uniqueField(def, url),
  });
  // A PATCH's fields are validated as sent (DRF's partial update): a stored value an update
  // could not set (a draft contract's status) stands when the PATCH does not send it.
  const issues = partial
    ? found.filter((i) => !(restrictedOnUpdate(def, i.field) && !(i.field.split('.')[0] in sent)))
    : found;
  if (issues.length > 0) return { status: 400, body: drfErrors(issues) };
  const data =
    def.name === 'asset-owner'
      ? { name: body.name, email: body.email ?? null, phone: body.phone ?? null }
      : normaliseWriteBody(def, body, existing.data);
  store.update(def.name, id, data);
  ctx.scheduleSave();
  return { status: 200, body: answerShape(def, store.get(def.name, id, null)!, store) };
}

/** A field whose update values are fewer than its create values (a contract's status). */
function restrictedOnUpdate(def: ResourceDef, field: string): boolean {
  return def.fields.some((f) => f.name === field && f.updateValues !== undefined);
}

/** The stored record as a write body, the base a PATCH is merged onto. */
function storedAsBody(rec: StoredRecord): Record<string, unknown> {
  return { ...rec.data, company: rec.company };
}
