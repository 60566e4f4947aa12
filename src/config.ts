// Options are normalised once: CLI flags, the config file and the environment become one
// checked, frozen RunConfig at the boundary. No stage reads a flag or a variable itself.
import { readFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { AssetbatchError } from './errors.js';
import { memoized } from './util/memo.js';
import { envProxy, showUrl } from './api/proxy.js';
import { RATE_LIMIT } from './resources/service.js';

/** How long connecting, and then each answer, may take before a request is given up (--timeout). */
export const DEFAULT_TIMEOUT_MS = 60_000;

/** The longest rate window that may be set, in seconds (config `rateWindow`, ASSETBATCH_RATE_WINDOW, the sandbox's --rate-window). */
export const RATE_WINDOW_MAX_S = 3600;

/** A rate window typed in seconds, in milliseconds; undefined when not a number above 0 and at most RATE_WINDOW_MAX_S. */
export function rateWindowOfText(text: string): number | undefined {
  const n = Number(text);
  return Number.isFinite(n) && n > 0 && n <= RATE_WINDOW_MAX_S ? Math.round(n * 1000) : undefined;
}

export interface ConnectionConfig {
  /** Base URL of the service, without /api/v2. Undefined with `sandbox`. */
  readonly baseUrl?: string;
  readonly token?: string;
  /** Start the sandbox in-process and talk to it. */
  readonly sandbox: boolean;
  readonly company: number;
  /** Requests per minute for the account; 0 = no pacing. */
  readonly rateLimit: number;
  /** The window the account's requests are counted in, when not the service's minute (config `rateWindow`, ASSETBATCH_RATE_WINDOW; seconds). */
  readonly rateWindowMs?: number;
  /** The wait before the first retry of a failed request, doubling after (config `retryDelay`, ASSETBATCH_RETRY_DELAY; seconds). */
  readonly retryDelayMs?: number;
  readonly allowInsecureHttp: boolean;
  /** Requests in flight at once, from the config file (flags win). */
  readonly concurrency?: number;
  /** The proxy (--proxy or the config file's); undefined: the environment's HTTPS_PROXY / HTTP_PROXY. */
  readonly proxy?: string;
  /** Give up connecting or waiting for an answer after this long (--timeout, seconds). */
  readonly timeoutMs?: number;
  /** The config file's profile these settings came from (--profile, ASSETBATCH_PROFILE, defaultProfile). */
  readonly profile?: string;
}

/** Made at the first config file read: a run without one does not pay for it (issue 17). */
const configFileSchema = memoized(() => {
  const settings = {
    baseUrl: z.string().url().optional(),
    company: z.number().int().positive().optional(),
    rateLimit: z.number().int().min(0).optional(),
    /** Seconds in the account's rate window, when not the service's minute. */
    rateWindow: z.number().positive().max(RATE_WINDOW_MAX_S).optional(),
    /** Seconds before the first retry of a failed request (doubling after). */
    retryDelay: z.number().positive().max(60).optional(),
    /** The name of the environment variable that holds the token (never the token itself). */
    tokenEnv: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/)
      .optional(),
    concurrency: z.number().int().min(1).max(64).optional(),
    /** http(s)://[user:password@]host:port of the company's proxy (HTTPS_PROXY and --proxy win). */
    proxy: z.string().url().optional(),
    /** Seconds to wait for a connection or an answer. */
    timeout: z.number().positive().max(3600).optional(),
  };
  // A profile holds the same settings as the top level (which are every profile's defaults), and
  // may say "sandbox": the in-process sandbox. Never a token: only the name of its variable.
  const profile = z.object({ ...settings, sandbox: z.boolean().optional() }).strict();
  // A saved export: the choices of a run made every month (`export --saved NAME`); flags win over it.
  const savedExport = z
    .object({
      resource: z.string(),
      columns: z.array(z.string()).min(1).optional(),
      finance: z.boolean().optional(),
      codes: z.boolean().optional(),
      format: z.enum(['csv', 'xlsx', 'json', 'ndjson']).optional(),
      output: z.string().optional(),
      filter: z.record(z.string(), z.string()).optional(),
      excel: z.boolean().optional(),
      profile: z.string().optional(),
    })
    .strict();
  const name = z.string().regex(PROFILE_NAME, 'a name is letters, digits, - and _');
  return z
    .object({
      ...settings,
      profiles: z.record(name, profile).optional(),
      defaultProfile: z.string().optional(),
      exports: z.record(name, savedExport).optional(),
    })
    .strict();
});

const PROFILE_NAME = /^[A-Za-z0-9_-]+$/;

export type ConfigFile = z.infer<ReturnType<typeof configFileSchema>>;
type ProfileSettings = NonNullable<ConfigFile['profiles']>[string];
export type SavedExport = NonNullable<ConfigFile['exports']>[string];

export function loadConfigFile(path?: string, cwd = process.cwd()): ConfigFile {
  const file = path ? resolve(cwd, path) : resolve(cwd, 'assetbatch.config.json');
  if (!existsSync(file)) {
    if (path) throw new AssetbatchError('E_CONFIG', `config file not found`, { location: { file: path } });
    return {};
  }
  const text = readFileSync(file, 'utf8');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    // JSON.parse's message quotes the text, and a config file may hold a token: say where, not what.
    const line = jsonErrorLine(text, e);
    throw new AssetbatchError('E_CONFIG', 'config file is not valid JSON', { location: { file, line } });
  }
  const parsed = configFileSchema().safeParse(data);
  if (!parsed.success) {
    const msg = parsed.error.issues.map((i) => `${i.path.join('.') || '(top)'}: ${i.message}`).join('; ');
    throw new AssetbatchError('E_CONFIG', `config file has problems: ${msg}`, {
      location: { file },
      hint: 'Allowed keys: baseUrl, company, rateLimit, rateWindow (seconds), retryDelay (seconds), tokenEnv (the NAME of the variable holding the token), concurrency, proxy, timeout (seconds), profiles, defaultProfile, exports (saved exports: resource, columns, finance, codes, format, output, filter, excel, profile); in a profile the same as the top level, and sandbox.',
    });
  }
  return parsed.data;
}

/** The line a JSON.parse error points at, from its "position N" (V8's messages), if it gives one. */
function jsonErrorLine(text: string, e: unknown): number | undefined {
  const m = /position (\d+)/.exec(String((e as Error)?.message ?? ''));
  if (!m) return text.trim() === '' ? 1 : undefined;
  return text.slice(0, Number(m[1])).split('\n').length;
}

export interface ConnectionFlags {
  baseUrl?: string;
  token?: string;
  sandbox?: boolean;
  company?: string | number;
  rateLimit?: string | number;
  config?: string;
  allowInsecureHttp?: boolean;
  proxy?: string;
  timeout?: string | number;
  /** A profile of the config file (else ASSETBATCH_PROFILE, else its defaultProfile). */
  profile?: string;
}

export function positiveInt(value: string | number | undefined, name: string, min = 1): number | undefined {
  if (value === undefined) return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(n) || n < min)
    throw new AssetbatchError(
      'E_USAGE',
      `${name} must be a whole number${min > 0 ? ` of at least ${min}` : ' (0 or more)'}, not "${value}"`,
    );
  return n;
}

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|::1)$/i;

/** Every token this process has resolved, whatever its source (flag, env, tokenEnv): the CLI scrubs them from all it prints and logs. */
const resolvedTokens = new Set<string>();
export function knownSecrets(): readonly string[] {
  return [...resolvedTokens];
}

/** Flags > environment > config file > defaults. */
export function connectionConfig(
  flags: ConnectionFlags,
  env: NodeJS.ProcessEnv = process.env,
): ConnectionConfig {
  // An empty variable (`ASSETBATCH_TOKEN= assetbatch …`) counts as unset.
  const envVar = (name: string | undefined) => (name && env[name] ? env[name] : undefined);
  const { settings: file, profile } = chooseProfile(
    loadConfigFile(flags.config),
    flags.profile ?? envVar('ASSETBATCH_PROFILE'),
    flags.config,
  );
  // A sandbox profile gives way to a service named by a flag or the environment (flags > env > profile).
  const sandbox =
    flags.sandbox === true || (file.sandbox === true && !flags.baseUrl && !envVar('ASSETBATCH_BASE_URL'));
  const baseUrl = sandbox ? undefined : (flags.baseUrl ?? envVar('ASSETBATCH_BASE_URL') ?? file.baseUrl);
  const token = sandbox ? undefined : (flags.token ?? envVar('ASSETBATCH_TOKEN') ?? envVar(file.tokenEnv));
  if (token) resolvedTokens.add(token);
  const allowInsecureHttp = flags.allowInsecureHttp === true;
  if (!sandbox) {
    if (!baseUrl) {
      throw new AssetbatchError('E_CONFIG', 'no service to talk to', {
        hint: 'Give --base-url URL (or ASSETBATCH_BASE_URL), or add --sandbox to try it on the local sandbox.',
      });
    }
    let url: URL;
    try {
      url = new URL(baseUrl);
    } catch {
      throw new AssetbatchError('E_CONFIG', `"${showUrl(baseUrl)}" is not a URL`, {
        hint: 'Example: --base-url https://dashboard-api.revnue.com',
      });
    }
    // user:secret@ is never how this service authenticates, and every message naming the URL would show it.
    if (url.username || url.password) {
      throw new AssetbatchError(
        'E_CONFIG',
        `the base URL holds a user name or password (${showUrl(baseUrl)}); the service takes a token, not these`,
        {
          hint: 'Give the base URL without "user:password@", and the token with ASSETBATCH_TOKEN (or --token).',
        },
      );
    }
    if (url.protocol === 'http:' && !LOOPBACK.test(url.hostname) && !allowInsecureHttp) {
      throw new AssetbatchError(
        'E_INSECURE_URL',
        `refusing to send the token over plain http to ${url.host}`,
        {
          hint: 'Use https://, or add --allow-insecure-http if you really mean it.',
        },
      );
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new AssetbatchError('E_CONFIG', `"${showUrl(baseUrl)}" is not an http(s) URL`);
    if (!token) {
      throw new AssetbatchError('E_CONFIG', 'no API token', {
        hint: 'Set ASSETBATCH_TOKEN (or --token, or "tokenEnv" in assetbatch.config.json naming the variable that holds it).',
      });
    }
  }
  return Object.freeze({
    // The client adds /api/v2 itself; a URL copied with it would ask for /api/v2/api/v2/….
    baseUrl: baseUrl?.replace(/\/+$/, '').replace(/\/api\/v2$/i, ''),
    token,
    sandbox,
    company: positiveInt(flags.company, '--company') ?? file.company ?? 1,
    rateLimit: positiveInt(flags.rateLimit, '--rate-limit', 0) ?? file.rateLimit ?? RATE_LIMIT,
    rateWindowMs: rateWindowMs(envVar('ASSETBATCH_RATE_WINDOW'), file.rateWindow),
    retryDelayMs: retryDelayMs(envVar('ASSETBATCH_RETRY_DELAY'), file.retryDelay),
    allowInsecureHttp,
    concurrency: file.concurrency,
    proxy: proxySetting(flags.proxy, file.proxy, baseUrl, env),
    timeoutMs: Math.round(
      (timeoutSeconds(flags.timeout) ?? file.timeout ?? DEFAULT_TIMEOUT_MS / 1000) * 1000,
    ),
    profile,
  });
}

/**
 * The settings of the chosen profile over the file's top level (its defaults for every profile).
 * The name comes from --profile, else ASSETBATCH_PROFILE, else the file's defaultProfile.
 */
export function chooseProfile(
  file: ConfigFile,
  asked: string | undefined,
  path?: string,
): { settings: ProfileSettings; profile?: string } {
  const { profiles = {}, defaultProfile, exports: _saved, ...defaults } = file;
  const name = asked ?? defaultProfile;
  if (name === undefined) return { settings: defaults };
  const names = Object.keys(profiles);
  const chosen = Object.hasOwn(profiles, name) ? profiles[name] : undefined;
  if (!chosen) {
    const where = path ?? 'assetbatch.config.json';
    const what =
      asked === undefined
        ? `its defaultProfile "${name}" is not among its profiles`
        : `there is no profile "${name}"`;
    throw new AssetbatchError(asked === undefined ? 'E_CONFIG' : 'E_USAGE', what, {
      location: { file: where },
      hint: names.length
        ? `Profiles there: ${names.join(', ')}.`
        : `${where} has no "profiles"; see docs/configuration.md#profiles.`,
    });
  }
  return { settings: { ...defaults, ...chosen }, profile: name };
}

/** A saved export of the config file (`export --saved NAME`); an unknown name is a usage error naming those there. */
export function savedExport(name: string, path?: string, cwd = process.cwd()): SavedExport {
  const file = loadConfigFile(path, cwd);
  const where = path ?? 'assetbatch.config.json';
  const saved = file.exports ?? {};
  if (Object.hasOwn(saved, name)) return saved[name];
  const names = Object.keys(saved);
  throw new AssetbatchError('E_USAGE', `there is no saved export "${name}"`, {
    location: { file: where },
    hint: names.length
      ? `Saved exports there: ${names.join(', ')}.`
      : `${where} has no "exports"; see docs/export.md#saved-exports.`,
  });
}

/** Where a run writes, as its plan says it first: the in-process sandbox, this machine, or a service. */
export interface WriteTarget {
  readonly where: 'in-process sandbox' | 'this machine' | 'service';
  readonly baseUrl?: string;
  readonly company: number;
  readonly profile?: string;
}

export function writeTarget(cfg: ConnectionConfig): WriteTarget {
  if (cfg.sandbox || !cfg.baseUrl)
    return { where: 'in-process sandbox', company: cfg.company, profile: cfg.profile };
  const local = LOOPBACK.test(new URL(cfg.baseUrl).hostname);
  return {
    where: local ? 'this machine' : 'service',
    baseUrl: cfg.baseUrl,
    company: cfg.company,
    profile: cfg.profile,
  };
}

/** --proxy, else the environment's (read by the client itself), else the config file's. Its password becomes a secret. */
function proxySetting(
  flag: string | undefined,
  fromFile: string | undefined,
  baseUrl: string | undefined,
  env: NodeJS.ProcessEnv,
): string | undefined {
  const inEnv = baseUrl ? envProxy(new URL(baseUrl), env) : undefined;
  const proxy = flag ?? (inEnv ? undefined : fromFile);
  for (const p of [proxy, inEnv]) {
    if (!p) continue;
    let url: URL;
    try {
      url = new URL(p);
    } catch {
      throw new AssetbatchError('E_CONFIG', `the proxy "${showUrl(p)}" is not a URL`, {
        hint: 'Example: --proxy http://proxy.example.com:3128 (or http://user:password@proxy.example.com:3128)',
      });
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new AssetbatchError('E_CONFIG', `the proxy "${showUrl(p)}" is not an http(s) URL`);
    for (const secret of [url.password, decodeURIComponent(url.password), `${url.username}:${url.password}`])
      if (url.password && secret.length >= 4) resolvedTokens.add(secret);
  }
  return proxy;
}

function timeoutSeconds(value: string | number | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || n > 3600)
    throw new AssetbatchError(
      'E_USAGE',
      `--timeout must be a number of seconds between 0 and 3600, not "${value}"`,
    );
  return n;
}

/** ASSETBATCH_RETRY_DELAY, else the config file's retryDelay (seconds), else undefined: the client's half second. */
function retryDelayMs(fromEnv: string | undefined, fromFile: number | undefined): number | undefined {
  if (fromEnv !== undefined) {
    const n = Number(fromEnv);
    if (!Number.isFinite(n) || n <= 0 || n > 60)
      throw new AssetbatchError(
        'E_CONFIG',
        `ASSETBATCH_RETRY_DELAY must be a number of seconds between 0 and 60, not "${fromEnv}"`,
      );
    return n * 1000;
  }
  return fromFile === undefined ? undefined : fromFile * 1000;
}

/** ASSETBATCH_RATE_WINDOW, else the config file's rateWindow (seconds), else undefined: the service's minute. */
function rateWindowMs(fromEnv: string | undefined, fromFile: number | undefined): number | undefined {
  if (fromEnv !== undefined) {
    const ms = rateWindowOfText(fromEnv);
    if (ms === undefined)
      throw new AssetbatchError(
        'E_CONFIG',
        `ASSETBATCH_RATE_WINDOW must be a number of seconds between 0 and ${RATE_WINDOW_MAX_S}, not "${fromEnv}"`,
      );
    return ms;
  }
  return fromFile === undefined ? undefined : Math.round(fromFile * 1000);
}
