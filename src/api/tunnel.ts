// Requests through a company's proxy: a CONNECT tunnel to the service, per keep-alive socket.
// Our own code on Node's http client rather than https-proxy-agent, because that agent's
// socket to the proxy is out of reach: a proxy that never answers CONNECT could be neither
// timed out nor closed, and the open socket kept the process alive after the run.
import type { AgentOptions, ClientRequestArgs, IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { ConnectionOptions } from 'node:tls';
import { TransportError } from './transport-error.js';

// As in transport.ts: taken, not imported (an import of node:http loads Node's undici); https and tls only when used.
const http = process.getBuiltinModule('node:http');
const { isIPv6 } = process.getBuiltinModule('node:net');

/** Node's agent takes a socket made asynchronously through createConnection's callback. */
type Callback = (err: Error | null, socket?: Duplex) => void;

function handOver(socket: Promise<Duplex>, callback: Callback): undefined {
  socket.then(
    (s) => callback(null, s),
    (e: Error) => callback(e),
  );
  return undefined;
}

/** A keep-alive agent whose every socket is a tunnel through `proxy` (TLS inside it when `secure`). */
export function tunnelAgent(
  secure: boolean,
  proxy: URL,
  timeoutMs: number,
  options: AgentOptions,
): InstanceType<typeof http.Agent> {
  const open = (target: ClientRequestArgs) => openTunnel(proxy, target, timeoutMs);
  if (!secure) {
    return new (class extends http.Agent {
      override createConnection(target: ClientRequestArgs, callback: Callback): undefined {
        return handOver(open(target), callback);
      }
    })(options);
  }
  const { Agent } = process.getBuiltinModule('node:https');
  const tls = process.getBuiltinModule('node:tls');
  return new (class extends Agent {
    override createConnection(target: ClientRequestArgs, callback: Callback): undefined {
      // The request's TLS options (servername, CA …), as Node's https agent passes them, over the tunnel.
      const secured = open(target).then((socket) =>
        tls.connect({ ...(target as ConnectionOptions), path: undefined, socket }),
      );
      return handOver(secured, callback);
    }
  })(options);
}

/**
 * Ask the proxy for a tunnel to the target's host and port. It ends within `timeoutMs` of no
 * progress; every failure says that nothing went through the tunnel.
 */
function openTunnel(proxy: URL, target: ClientRequestArgs, timeoutMs: number): Promise<Socket> {
  const host = String(target.host ?? target.hostname ?? 'localhost');
  const authority = `${isIPv6(host) ? `[${host}]` : host}:${target.port}`;
  const headers: OutgoingHttpHeaders = { host: authority };
  if (proxy.username || proxy.password) {
    const user = `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`;
    headers['proxy-authorization'] = `Basic ${Buffer.from(user).toString('base64')}`;
  }
  return new Promise((resolve, reject) => {
    const client = proxy.protocol === 'https:' ? process.getBuiltinModule('node:https') : http;
    const req = client.request({
      host: proxy.hostname.replace(/^\[|\]$/g, ''),
      port: proxy.port || (proxy.protocol === 'https:' ? 443 : 80),
      method: 'CONNECT',
      path: authority,
      headers,
      agent: false,
      timeout: timeoutMs,
    });
    req.once('connect', (res: IncomingMessage, socket: Socket, head: Buffer) => {
      socket.setTimeout(0);
      const status = res.statusCode ?? 0;
      if (status < 200 || status > 299) {
        socket.destroy();
        const message = `the proxy refused the tunnel (HTTP ${status})`;
        return reject(new TransportError('PROXY_REFUSED', message, { proxyStatus: status }));
      }
      if (head.length > 0) socket.unshift(head);
      resolve(socket);
    });
    req.once('timeout', () =>
      req.destroy(
        new TransportError('PROXY_CONNECT_TIMEOUT', `the proxy did not answer CONNECT in ${timeoutMs} ms`),
      ),
    );
    req.on('error', (e) =>
      reject(
        e instanceof TransportError
          ? e
          : new TransportError('PROXY_CONNECT_FAILED', `the proxy's tunnel failed: ${e.message}`, {
              cause: e,
            }),
      ),
    );
    req.end();
  });
}
