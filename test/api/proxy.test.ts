// Which proxy a request goes through (src/api/proxy.ts), as curl decides: the one given, else
// HTTPS_PROXY (for https) or HTTP_PROXY, unless NO_PROXY names the host. test/e2e/proxy.test.ts
// runs the CLI through a real proxy and around it; this is the table of settings.
import { describe, expect, it } from 'vitest';
import { proxyRoute } from '../../src/api/proxy.js';

const PROXY = 'http://proxy.acme.example:3128';
const OTHER = 'http://other.acme.example:8080';

describe('the proxy in use', () => {
  it.each([
    [
      'NO_PROXY names the host',
      'http://127.0.0.1:4000',
      { HTTP_PROXY: PROXY, NO_PROXY: '127.0.0.1' },
      undefined,
    ],
    [
      'NO_PROXY lists it among others',
      'http://127.0.0.1:4000',
      { HTTP_PROXY: PROXY, NO_PROXY: 'localhost,127.0.0.1' },
      undefined,
    ],
    [
      'NO_PROXY=* goes around for every host',
      'https://api.example.com',
      { HTTPS_PROXY: PROXY, NO_PROXY: '*' },
      undefined,
    ],
    [
      'NO_PROXY names another host',
      'http://127.0.0.1:4000',
      { HTTP_PROXY: PROXY, NO_PROXY: 'localhost' },
      PROXY,
    ],
    [
      'a .domain covers its hosts',
      'https://api.acme.example',
      { HTTPS_PROXY: PROXY, NO_PROXY: '.acme.example' },
      undefined,
    ],
    [
      'a domain does not cover a longer name',
      'https://notacme.example',
      { HTTPS_PROXY: PROXY, NO_PROXY: 'acme.example' },
      PROXY,
    ],
    [
      'host:port goes around on that port only',
      'https://api.example.com:8443',
      { HTTPS_PROXY: PROXY, NO_PROXY: 'api.example.com:443' },
      PROXY,
    ],
    [
      'lower-case names are read too',
      'http://127.0.0.1:4000',
      { http_proxy: PROXY, no_proxy: '127.0.0.1' },
      undefined,
    ],
    ['https takes HTTPS_PROXY', 'https://api.example.com', { HTTP_PROXY: OTHER, HTTPS_PROXY: PROXY }, PROXY],
    ['https falls back to HTTP_PROXY', 'https://api.example.com', { HTTP_PROXY: PROXY }, PROXY],
    ['http never takes HTTPS_PROXY', 'http://api.example.com', { HTTPS_PROXY: PROXY }, undefined],
  ] as const)('%s', (_name, baseUrl, env, inUse) => {
    expect(proxyRoute(baseUrl, undefined, env).inUse).toBe(inUse);
  });

  it('a proxy given (--proxy, the config) wins over the environment, and "" is none', () => {
    expect(proxyRoute('https://api.example.com', OTHER, { HTTPS_PROXY: PROXY }).inUse).toBe(OTHER);
    expect(proxyRoute('https://api.example.com', '', { HTTPS_PROXY: PROXY }).inUse).toBeUndefined();
  });
});
