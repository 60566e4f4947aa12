// Reading whole lists. The service pages 25 records at a time and gives `count` on the
// first page, so after page 1 the remaining pages are fetched by number, several at once
// (inside the rate limit), and handed on strictly in order with a bounded look-ahead:
// memory holds at most `concurrency` pages, however large the account.
import type { ResourceDef } from '../resources/fields.js';
import type { ApiClient, Query } from './client.js';
import { ApiError } from './client.js';

import { PAGE_SIZE } from '../resources/service.js';

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export interface ListOptions {
  /** The company, for company-scoped lists (ignored by the others). */
  readonly company?: number;
  /** Documented filters, e.g. {name: 'Laptop'}. */
  readonly filters?: Readonly<Record<string, string>>;
  /** Pages in flight at once after the first. Default 4. */
  readonly concurrency?: number;
  /** 'pages' fetches pages by number in parallel; 'next' follows `next` one at a time. */
  readonly mode?: 'pages' | 'next';
  readonly onPage?: (info: { page: number; pages: number; count: number; records: number }) => void;
  /** Page 1, when the caller already has it (to learn the count): it is not fetched again. */
  readonly first?: Page<unknown>;
}

function listQuery(def: ResourceDef, opts: ListOptions, page?: number): Query {
  const q: Query = { ...(opts.filters ?? {}) };
  if (def.companyScoped) q.company = opts.company ?? 1;
  if (page !== undefined && page > 1) q.page = page;
  return q;
}

export async function fetchPage<T>(
  client: ApiClient,
  def: ResourceDef,
  opts: ListOptions,
  page = 1,
): Promise<Page<T>> {
  const query = listQuery(def, opts, page);
  return checkedPage<T>(
    client,
    client.path(def.path),
    await client.get<Page<T>>(client.path(def.path), query),
    query,
  );
}

/** A list's page is an object with `results`; anything else answered is named, URL and all. */
function checkedPage<T>(
  client: ApiClient,
  path: string,
  page: unknown,
  query?: Record<string, unknown>,
): Page<T> {
  if (page && typeof page === 'object' && Array.isArray((page as Page<T>).results)) return page as Page<T>;
  const qs = query
    ? new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString()
    : '';
  throw client.unexpectedShape(qs ? `${path}?${qs}` : path, 'a list (an object with "results")');
}

export function pagesFor(count: number): number {
  return Math.max(1, Math.ceil(count / PAGE_SIZE));
}

/** Every record of a list, in the service's order (ascending id). */
export async function* listAll<T>(
  client: ApiClient,
  def: ResourceDef,
  opts: ListOptions = {},
): AsyncGenerator<T> {
  const first = (opts.first as Page<T> | undefined) ?? (await fetchPage<T>(client, def, opts, 1));
  const count = typeof first.count === 'number' ? first.count : first.results.length;
  const pages = pagesFor(count);
  let records = first.results.length;
  opts.onPage?.({ page: 1, pages, count, records });
  yield* first.results;
  if (opts.mode === 'next' || typeof first.count !== 'number') {
    yield* followNext<T>(client, first.next, opts, pages, count, records);
    return;
  }
  const concurrency = Math.max(1, opts.concurrency ?? 4);
  const inFlight: Promise<Page<T> | null>[] = [];
  let nextPage = 2;
  const launch = () => {
    const n = nextPage++;
    // A page past the end (records deleted meanwhile) answers 404: that list simply ended.
    const p = fetchPage<T>(client, def, opts, n).catch((e: unknown) => {
      if (e instanceof ApiError && e.status === 404) return null;
      throw e;
    });
    // A page that fails while an earlier one is awaited, or after the list ended early (a
    // 404, the caller stopped reading), is not an unhandled rejection: awaiting it still throws.
    p.catch(() => undefined);
    inFlight.push(p);
  };
  while (nextPage <= pages && inFlight.length < concurrency) launch();
  let page = 1;
  while (inFlight.length > 0) {
    const res = await inFlight.shift()!;
    page++;
    if (res === null) break;
    if (nextPage <= pages) launch();
    records += res.results.length;
    opts.onPage?.({ page, pages, count, records });
    yield* res.results;
    // Records added since page 1 appear on pages past the planned end: follow `next` for them.
    if (page === pages && res.next) {
      yield* followNext<T>(client, res.next, opts, pages, count, records, page);
    }
  }
}

async function* followNext<T>(
  client: ApiClient,
  next: string | null,
  opts: ListOptions,
  pages: number,
  count: number,
  records: number,
  after = 1,
): AsyncGenerator<T> {
  // Numbered on from the page before, so progress reports page 3 as 3 after pages 1 and 2.
  let page = after;
  let url = next;
  while (url) {
    const u = new URL(url);
    const query = Object.fromEntries(u.searchParams);
    const res = checkedPage<T>(client, u.pathname, await client.get<Page<T>>(u.pathname, query), query);
    page++;
    records += res.results.length;
    opts.onPage?.({ page, pages, count, records });
    yield* res.results;
    url = res.next;
  }
}

/** Every record of a list, as an array (for small reference lists). */
export async function listArray<T>(
  client: ApiClient,
  def: ResourceDef,
  opts: ListOptions = {},
): Promise<T[]> {
  const out: T[] = [];
  for await (const r of listAll<T>(client, def, opts)) out.push(r);
  return out;
}
