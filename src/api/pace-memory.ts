// The share of the account the last run got, remembered for an hour: other clients of an
// account tend to keep using it, so the next run's plan, ETA and pace start from what the
// service actually let through instead of from the full limit (and its first 429). A run
// that had the whole limit is remembered too: the next plan then knows the account was
// free an hour ago, where a first run knows nothing (the service says nothing of others'
// use before it refuses a request).
// One small JSON file in the cache folder, keyed by a hash of the base URL and token.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** How long a remembered share is trusted. */
export const REMEMBER_MS = 60 * 60_000;

interface Entry {
  readonly limit: number;
  readonly rate: number;
  readonly at: number;
}

export function paceFile(dir = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'assetbatch')): string {
  return join(dir, 'pace.json');
}

/** The account, without keeping the token: a hash of where and who. */
export function paceKey(baseUrl: string, token: string): string {
  return createHash('sha256').update(`${baseUrl}\0${token}`).digest('hex').slice(0, 24);
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
export function rememberedRate(key: string, limit: number, now = Date.now(), file = paceFile()): number | undefined {
  const e = readAll(file)[key];
  if (!e || e.limit !== limit || !(e.rate > 0) || now - e.at > REMEMBER_MS) return undefined;
  return e.rate;
}

/** Remember the rate a run settled at (the limit: it had all of it). Best effort. */
export function rememberRate(key: string, limit: number, rate: number, now = Date.now(), file = paceFile()): void {
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
