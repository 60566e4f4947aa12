// Which proxy a request to the service goes through, decided as curl does (the proxy given,
// else HTTPS_PROXY / HTTP_PROXY, unless NO_PROXY names the host): the client tunnels through
// it (tunnel.ts), and `doctor` and the messages say it. The proxy's credentials are never shown.

/** A URL as it may be shown: any user:password@ part is hidden. */
export function showUrl(text: string): string {
  return text.replace(/\/\/[^/?#]*@/, '//[redacted]@');
}

const envOf = (env: NodeJS.ProcessEnv, name: string): string | undefined =>
  env[name.toLowerCase()] || env[name.toUpperCase()] || undefined;

/** The proxies named in the environment, for the protocol of `target`. */
export function envProxy(target: URL, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const http = envOf(env, 'http_proxy');
  return target.protocol === 'https:' ? (envOf(env, 'https_proxy') ?? http) : http;
}

/** Whether NO_PROXY (comma- or space-separated hosts, `.domain`, `*.domain`, `host:port`, `*`) names this host. */
function bypassesProxy(target: URL, env: NodeJS.ProcessEnv = process.env): boolean {
  const list = (envOf(env, 'no_proxy') ?? '').split(/[,\s]+/).filter(Boolean);
  const host = target.hostname.toLowerCase();
  const port = target.port || (target.protocol === 'https:' ? '443' : '80');
  return list.some((entry) => {
    if (entry === '*') return true;
    const [name, p] = entry.toLowerCase().split(/:(?=\d+$)/);
    if (p && p !== port) return false;
    const bare = name.replace(/^\*?\./, '');
    return host === bare || host.endsWith(`.${bare}`);
  });
}

/** The proxy a request to `baseUrl` goes through: the one given ('' = none), else the environment's. */
export function proxyInUse(
  baseUrl: string,
  given: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  return proxyRoute(baseUrl, given, env).inUse;
}

/** Everything the client needs of the proxy settings, read from the environment in this one place. */
export interface ProxyRoute {
  /** The proxy for the service's protocol, given or from the environment ('' for none), before NO_PROXY. */
  readonly proxy: string;
  /** NO_PROXY as the environment has it ('' for none). */
  readonly noProxy: string;
  /** The proxy a request to the base URL actually goes through (NO_PROXY applied), for messages. */
  readonly inUse?: string;
}

export function proxyRoute(
  baseUrl: string,
  given: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): ProxyRoute {
  const target = new URL(baseUrl);
  const proxy = given ?? envProxy(target, env) ?? '';
  return {
    proxy,
    noProxy: envOf(env, 'no_proxy') ?? '',
    inUse: proxy && !bypassesProxy(target, env) ? proxy : undefined,
  };
}
