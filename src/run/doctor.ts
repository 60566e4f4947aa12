// `assetbatch doctor`: read-only checks against a base URL and token before a migration.
// Only GETs: the token is accepted, the companies it sees, a list in the expected shape
// and paginated as expected, the rate limit as observed (a 429 is never provoked), the
// proxy in use, and the time a request takes. Each check says what to do when it fails.
import { ApiError, type ApiClient } from '../api/client.js';
import type { Connection } from '../connect.js';
import type { Page } from '../api/paginate.js';
import { PAGE_SIZE } from '../resources/service.js';
import { proxyInUse, showUrl } from '../api/proxy.js';
import { DEFAULT_TIMEOUT_MS, type ConnectionConfig } from '../config.js';
import { isAssetbatchError } from '../errors.js';
import { showSeconds } from '../util/seconds.js';
import { company as companyDef, country as countryDef } from '../resources/index.js';

export interface Check {
  readonly name: string;
  readonly ok: boolean;
  readonly detail: string;
  /** What to do, when the check failed or found something odd. */
  readonly hint?: string;
}

export interface DoctorReport {
  readonly baseUrl: string;
  readonly checks: readonly Check[];
  readonly ok: boolean;
  readonly requests: number;
  readonly medianMs?: number;
}

interface Timed<T> {
  value?: T;
  error?: unknown;
  ms: number;
}

async function timed<T>(times: number[], fn: () => Promise<T>): Promise<Timed<T>> {
  const t0 = Date.now();
  try {
    const value = await fn();
    return { value, ms: push(times, Date.now() - t0) };
  } catch (error) {
    return { error, ms: push(times, Date.now() - t0) };
  }
}

const push = (times: number[], ms: number) => (times.push(ms), ms);
const messageOf = (e: unknown) => (isAssetbatchError(e) ? e.message : String((e as Error)?.message ?? e));
const hintOf = (e: unknown) => (isAssetbatchError(e) ? e.hint : undefined);

function connectionCheck(cfg: ConnectionConfig, baseUrl: string): Check {
  const proxy = cfg.sandbox ? undefined : proxyInUse(baseUrl, cfg.proxy);
  const ca = process.env.NODE_EXTRA_CA_CERTS;
  return {
    name: 'connection',
    ok: true,
    detail: `${cfg.profile ? `profile ${cfg.profile}: ` : ''}${baseUrl}, company ${cfg.company}${proxy ? ` through the proxy ${showUrl(proxy)}` : ', no proxy'}${ca ? `; extra CA certificates from ${ca}` : ''}; timeout ${showSeconds(cfg.timeoutMs ?? DEFAULT_TIMEOUT_MS)}`,
  };
}

/** The name of the check whose first request could not reach the service: the later ones are not tried. */
const UNREACHED = 'reaching the service';

async function companiesCheck(client: ApiClient, cfg: ConnectionConfig, times: number[]): Promise<Check> {
  const r = await timed(times, () =>
    client.get<Page<{ id: number; name: string; status?: string }>>(client.path(companyDef.path)),
  );
  if (r.error) {
    const auth = r.error instanceof ApiError && (r.error.status === 401 || r.error.status === 403);
    // Not reached at all (a certificate refused, no route, a proxy's refusal): its own hint says why.
    const unreached = isAssetbatchError(r.error) && r.error.code === 'E_UNREACHABLE';
    const name = auth ? 'token' : unreached ? UNREACHED : 'service';
    return { name, ok: false, detail: messageOf(r.error), hint: hintOf(r.error) };
  }
  const list = Array.isArray(r.value?.results) ? r.value!.results : [];
  const mine = list.find((c) => c.id === cfg.company);
  const names = list
    .map((c) => `${c.id} ${c.name}${c.status === 'archived' ? ' (archived)' : ''}`)
    .join(', ');
  return {
    name: 'token and companies',
    ok: mine !== undefined,
    detail: `the token is accepted (${r.ms} ms); companies it sees: ${names || 'none'}`,
    hint: mine
      ? undefined
      : `Company ${cfg.company} is not among them: give --company with one of the ids above.`,
  };
}

/** The country list is long enough to have a second page: both pages, by `page` and by `next`. */
async function paginationCheck(client: ApiClient, times: number[]): Promise<Check> {
  const path = client.path(countryDef.path);
  const first = await timed(times, () => client.get<Page<unknown>>(path));
  const page = first.value;
  const shaped =
    page &&
    typeof page === 'object' &&
    typeof page.count === 'number' &&
    Array.isArray(page.results) &&
    'next' in page;
  if (first.error || !shaped) {
    return {
      name: 'list shape',
      ok: false,
      detail: first.error
        ? messageOf(first.error)
        : `GET ${path} did not answer {count, next, previous, results}`,
      hint: 'Check --base-url: the service root, without /api/v2.',
    };
  }
  if (page.count <= PAGE_SIZE)
    return {
      name: 'list shape and pages',
      ok: true,
      detail: `{count, next, previous, results}; ${page.count} countries fit one page`,
    };
  const second = await timed(times, () => client.get<Page<unknown>>(path, { page: 2 }));
  const problems: string[] = [];
  if (page.results.length !== PAGE_SIZE)
    problems.push(`page 1 has ${page.results.length} records, not ${PAGE_SIZE}`);
  if (!page.next) problems.push('page 1 has no link to the next');
  if (second.error) problems.push(`page 2: ${messageOf(second.error)}`);
  else if (!Array.isArray(second.value?.results) || second.value!.results.length === 0)
    problems.push('page 2 is empty');
  return {
    name: 'list shape and pages',
    ok: problems.length === 0,
    detail: problems.length
      ? problems.join('; ')
      : `{count, next, previous, results}, ${PAGE_SIZE} a page, page 2 by number (${page.count} countries)`,
    hint: problems.length
      ? `assetbatch reads ${PAGE_SIZE} records a page and fetches pages by number; try --follow-next on export, and tell us what the service answers.`
      : undefined,
  };
}

function rateCheck(client: ApiClient, cfg: ConnectionConfig): Check {
  const throttled = client.stats.throttled;
  const remembered = client.limiter.rate.adapted ? Math.round(client.limiter.currentRate()) : undefined;
  return {
    name: 'rate limit',
    ok: throttled === 0,
    detail: `pacing at ${cfg.rateLimit || 'no'} requests a minute (--rate-limit)${remembered ? `; the last run got about ${remembered} of them (others use the account), and starts there` : ''}; ${throttled ? `${throttled} of these requests were refused (429): others are using the account now` : 'no request refused (a 429 is never provoked)'}`,
    hint: throttled
      ? 'Other clients use the account: an import paces itself below their share, but it will take longer.'
      : undefined,
  };
}

const median = (xs: number[]) =>
  xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] : undefined;

export async function runDoctor(conn: Connection, cfg: ConnectionConfig): Promise<DoctorReport> {
  const times: number[] = [];
  const checks: Check[] = [connectionCheck(cfg, conn.baseUrl)];
  checks.push(await companiesCheck(conn.client, cfg, times));
  if (checks[1].name !== 'token' && checks[1].name !== UNREACHED)
    checks.push(await paginationCheck(conn.client, times));
  checks.push(rateCheck(conn.client, cfg));
  const medianMs = median(times);
  if (medianMs !== undefined) {
    checks.push({
      name: 'time a request takes',
      ok: true,
      detail: `${medianMs} ms (median of ${times.length}); at ${cfg.rateLimit || 'no'} requests a minute the limit, not this, sets the pace`,
      hint: medianMs > 5000 ? 'Slow answers: consider a larger --timeout.' : undefined,
    });
  }
  return {
    baseUrl: conn.baseUrl,
    checks,
    ok: checks.every((c) => c.ok),
    requests: conn.client.stats.requests,
    medianMs,
  };
}
