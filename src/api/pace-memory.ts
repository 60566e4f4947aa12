// The share of the account the last run got, remembered for an hour: other clients of an
// account tend to keep using it, so the next run's plan, ETA and pace start from what the
// service actually let through instead of from the full limit (and its first 429). A run
// that had the whole limit is remembered too: the next plan then knows the account was
// free an hour ago, where a first run knows nothing (the service says nothing of others'
// use before it refuses a request).
// Beside it, the times of the requests this user's runs sent to the account in the last
// window: a run stopped with Ctrl-C and resumed at once finds its own requests still counted
// by the service, and must neither meet a 429 for them nor read one as other clients' use.
// Small JSON files in the cache folder, keyed by a hash of the base URL and token.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { sha256Hex } from '../util/hash.js';

/** How long a remembered share is trusted. */
export const REMEMBER_MS = 60 * 60_000;

interface Entry {
  readonly limit: number;
  readonly rate: number;
  readonly at: number;
}

export function paceFile(
  dir = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'assetbatch'),
): string {
  return join(dir, 'pace.json');
}

/** The send times of the runs against each account, beside the pace memory. */
function sendsFile(dir?: string): string {
  return join(paceFile(dir), '..', 'pace-sent.json');
}

/** The account, without keeping the token: a hash of where and who. */
export function paceKey(baseUrl: string, token: string): string {
  return sha256Hex(`${baseUrl}\0${token}`).slice(0, 24);
}

function readAll(file: string): Record<string, Entry> {
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return data && typeof data === 'object' ? (data as Record<string, Entry>) : {};
  } catch {
    return {};
  }
}

/**
 * The rate (requests per window) the last run against this account settled at, if recent
 * and for the same limit: the limit itself when that run had all of it.
 */
export function rememberedRate(
  key: string,
  limit: number,
  now = Date.now(),
  file = paceFile(),
): number | undefined {
  const e = readAll(file)[key];
  if (!e || e.limit !== limit || !(e.rate > 0) || now - e.at > REMEMBER_MS) return undefined;
  return e.rate;
}

/** Remember the rate a run settled at (the limit: it had all of it). Best effort. */
export function rememberRate(
  key: string,
  limit: number,
  rate: number,
  now = Date.now(),
  file = paceFile(),
): void {
  try {
    const all = readAll(file);
    all[key] = { limit, rate: Math.min(limit, Math.round(rate * 10) / 10), at: now };
    for (const [k, e] of Object.entries(all)) if (now - e.at > REMEMBER_MS) delete all[k];
    mkdirSync(join(file, '..'), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(all));
    renameSync(tmp, file);
  } catch {
    // A cache: a run never fails for it.
  }
}

function readSends(file: string): Record<string, number[]> {
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    if (!data || typeof data !== 'object') return {};
    const out: Record<string, number[]> = {};
    for (const [k, v] of Object.entries(data as Record<string, unknown>))
      if (Array.isArray(v))
        out[k] = v.filter((t): t is number => typeof t === 'number' && Number.isFinite(t));
    return out;
  } catch {
    return {};
  }
}

/** The account's requests this user's runs sent within `windowMs` before `now`, oldest first. */
export function rememberedSends(
  key: string,
  windowMs: number,
  now = Date.now(),
  file = sendsFile(),
): number[] {
  return (readSends(file)[key] ?? []).filter((t) => t > now - windowMs && t <= now).sort((a, b) => a - b);
}

/**
 * Add a run's own send times (those still in the window) to the account's: a run going on
 * beside this one keeps its own. A list, not a set: requests sent in the same millisecond
 * (a burst) are each a request the service counts: a set kept one of them, and a run
 * resumed at once filled a window the service already held full, met a 429 and took it
 * for other clients' use. The earlier runs' times are in the file already, not in `sends`.
 * Best effort: two runs ending in the same millisecond may keep one's times only.
 */
export function rememberSends(
  key: string,
  sends: readonly number[],
  windowMs: number,
  now = Date.now(),
  file = sendsFile(),
): void {
  try {
    const all = readSends(file);
    all[key] = [...(all[key] ?? []), ...sends].filter((t) => t > now - windowMs).sort((a, b) => a - b);
    // Accounts no run used for a window are dropped.
    for (const [k, ts] of Object.entries(all)) if (!ts.some((t) => t > now - REMEMBER_MS)) delete all[k];
    mkdirSync(join(file, '..'), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(all));
    renameSync(tmp, file);
  } catch {
    // A cache: a run never fails for it.
  }
}
