// undici's proxy-aware agent without the rest of undici. `import 'undici'` loads all of it
// (fetch, WebSocket, caches, mocks, interceptors …): about 60 ms of CPU at every start of
// the CLI, more than half of a 3-row validate's own work (issue 17). The agent and the
// request API it needs are a few of its files. Their paths are undici's internals, not its
// public surface, so a version that moves them falls back to the whole package
// (test/api/undici-agent.test.ts checks that the two give the same agent).
import { createRequire } from 'node:module';
import type { EnvHttpProxyAgent as Agent, Pool as PoolClass } from 'undici';

const require = createRequire(import.meta.url);

function loadAgent(): typeof Agent {
  try {
    const agent = require('undici/lib/dispatcher/env-http-proxy-agent.js') as typeof Agent;
    const dispatcher = require('undici/lib/dispatcher/dispatcher.js') as { prototype: object };
    // What undici's index.js does as it loads: request() and the rest are a mixin of Dispatcher.
    if (!('request' in dispatcher.prototype)) Object.assign(dispatcher.prototype, require('undici/lib/api/index.js') as object);
    return agent;
  } catch {
    return (require('undici') as typeof import('undici')).EnvHttpProxyAgent;
  }
}

export const EnvHttpProxyAgent: typeof Agent = loadAgent();

/** The pool undici's proxy agent talks to the proxy with (we give it our timeouts). */
function loadPool(): typeof PoolClass {
  try {
    return require('undici/lib/dispatcher/pool.js') as typeof PoolClass;
  } catch {
    return (require('undici') as typeof import('undici')).Pool;
  }
}

export const Pool: typeof PoolClass = loadPool();
