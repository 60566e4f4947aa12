// The error of a request that got no answer (src/api/transport.ts, src/api/tunnel.ts), with a
// code of ours where the OS gives none: the client's rules (which failures to repeat, which
// POSTs are unsure) and its messages go by the code.

import type { CertificateProblem } from './certificate.js';

/** Codes of ours; the OS's own (ECONNREFUSED, ECONNRESET …) pass through as they are. */
export type TransportCode =
  /** Connecting (TCP, TLS) took longer than the timeout: nothing was sent. */
  | 'CONNECT_TIMEOUT'
  /** The connection failed before it opened (a TLS handshake cut): nothing was sent. */
  | 'CONNECT_FAILED'
  /** Node refused the service's certificate (`certificate` says why): nothing was sent, and a retry gets the same. */
  | 'CERT_REFUSED'
  /** Connected and sent, but no answer's headers within the timeout. */
  | 'HEADERS_TIMEOUT'
  /** The answer stopped for longer than the timeout between two chunks, or did not end in four timeouts. */
  | 'BODY_TIMEOUT'
  /** The answer was longer than any of the service's (64 MiB): cut. */
  | 'BODY_TOO_LARGE'
  /** The proxy did not answer CONNECT within the timeout: nothing reached the service. */
  | 'PROXY_CONNECT_TIMEOUT'
  /** The proxy's connection failed before the tunnel opened: nothing reached the service. */
  | 'PROXY_CONNECT_FAILED'
  /** The proxy answered CONNECT with an error status (`proxyStatus`). */
  | 'PROXY_REFUSED';

export class TransportError extends Error {
  readonly code: TransportCode;
  /** The status the proxy refused the tunnel with (PROXY_REFUSED). */
  readonly proxyStatus?: number;
  /** What is wrong with the service's certificate (CERT_REFUSED). */
  readonly certificate?: CertificateProblem;
  constructor(
    code: TransportCode,
    message: string,
    opts: { cause?: unknown; proxyStatus?: number; certificate?: CertificateProblem } = {},
  ) {
    super(message, { cause: opts.cause });
    this.name = 'TransportError';
    this.code = code;
    this.proxyStatus = opts.proxyStatus;
    this.certificate = opts.certificate;
  }
}
