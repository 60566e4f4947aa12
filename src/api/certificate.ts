// A service certificate Node refused: which of Node's TLS codes mean that, and what a person
// can do about each. Not a network fault: trying again gets the same certificate, so the
// client stops at once (nothing was sent: the token goes only over a connection it trusts).

/** What is wrong with the certificate, as far as the user can act on it. */
export type CertificateProblem = 'self-signed' | 'unknown-ca' | 'dates' | 'wrong-host' | 'other';

/** Node's codes for a certificate it would not accept (OpenSSL's verify results, and Node's host check). */
const PROBLEMS: Readonly<Record<string, CertificateProblem>> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'unknown-ca',
  UNABLE_TO_GET_ISSUER_CERT: 'unknown-ca',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'unknown-ca',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'unknown-ca',
  CERT_UNTRUSTED: 'unknown-ca',
  CERT_HAS_EXPIRED: 'dates',
  CERT_NOT_YET_VALID: 'dates',
  ERR_TLS_CERT_ALTNAME_INVALID: 'wrong-host',
  HOSTNAME_MISMATCH: 'wrong-host',
  CERT_REVOKED: 'other',
  CERT_REJECTED: 'other',
  CERT_SIGNATURE_FAILURE: 'other',
  CERT_CHAIN_TOO_LONG: 'other',
  INVALID_CA: 'other',
  INVALID_PURPOSE: 'other',
  PATH_LENGTH_EXCEEDED: 'other',
  ERROR_IN_CERT_NOT_BEFORE_FIELD: 'other',
  ERROR_IN_CERT_NOT_AFTER_FIELD: 'other',
  UNABLE_TO_DECRYPT_CERT_SIGNATURE: 'other',
  UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY: 'other',
};

/** The problem a TLS error's code names, or undefined when the error is not about the certificate. */
export function certificateProblem(code: string | undefined): CertificateProblem | undefined {
  return code === undefined ? undefined : PROBLEMS[code];
}

const GIVE_CA = 'NODE_EXTRA_CA_CERTS=/path/to/ca.pem, set before assetbatch starts';

/**
 * What to do about `problem`. `extraCa` is the NODE_EXTRA_CA_CERTS the process started with:
 * when set, the CA that signed the certificate is not in it. `names` are the host names the
 * certificate is for (a wrong host only).
 */
export function certificateHint(problem: CertificateProblem, extraCa?: string, names?: string): string {
  const given = extraCa ? ` (NODE_EXTRA_CA_CERTS=${extraCa} does not hold it)` : '';
  switch (problem) {
    case 'self-signed':
      return `The service's certificate is signed by itself, so Node cannot check it${given}. If this is the service you mean (ask who runs it), give Node that certificate as a CA: ${GIVE_CA}.`;
    case 'unknown-ca':
      return `The certificate authority that signed it is unknown to Node${given}: behind a company proxy that inspects TLS, it is the company's CA. Get its certificate (a PEM file) from your IT department and give it to Node: ${GIVE_CA}.`;
    case 'dates':
      return "The certificate is outside its dates: check this computer's date and time; if they are right, tell who runs the service (or the company proxy) to renew it.";
    case 'wrong-host':
      return `The certificate is for another host${names ? ` (${names})` : ''}: give --base-url with the host name the service is known by, not its IP address or an alias.`;
    case 'other':
      return 'Tell who runs the service (or the company proxy) what Node said about its certificate.';
  }
}
