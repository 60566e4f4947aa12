// connectionConfig: flags over environment over config file, the token kept off plain
// http to other hosts, and messages that say what to give when something is missing.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  connectionConfig,
  loadConfigFile,
  type ConnectionConfig,
  type ConnectionFlags,
} from '../../src/config.js';

const dir = mkdtempSync(join(tmpdir(), 'assetbatch-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let seq = 0;
function configFile(content: unknown): string {
  const path = join(dir, `c-${++seq}.json`);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

const FILE = configFile({ baseUrl: 'https://file.example', company: 3, rateLimit: 40, tokenEnv: 'MY_TOKEN' });
const ENV = {
  ASSETBATCH_BASE_URL: 'https://env.example',
  ASSETBATCH_TOKEN: 'env-token',
  MY_TOKEN: 'file-token',
};

describe('precedence: flags > environment > config file > defaults', () => {
  const cases: [string, ConnectionFlags, NodeJS.ProcessEnv, Partial<ConnectionConfig>][] = [
    [
      'flags win',
      { config: FILE, baseUrl: 'https://flag.example', token: 'flag-token', company: '2', rateLimit: '10' },
      ENV,
      { baseUrl: 'https://flag.example', token: 'flag-token', company: 2, rateLimit: 10 },
    ],
    [
      'the environment over the file',
      { config: FILE },
      ENV,
      { baseUrl: 'https://env.example', token: 'env-token', company: 3, rateLimit: 40 },
    ],
    [
      'the file, its token from the variable it names',
      { config: FILE },
      { MY_TOKEN: 'file-token' },
      { baseUrl: 'https://file.example', token: 'file-token' },
    ],
    [
      'defaults',
      { baseUrl: 'https://flag.example', token: 't' },
      {},
      { company: 1, rateLimit: 100, sandbox: false, allowInsecureHttp: false },
    ],
    [
      'a trailing slash is dropped',
      { baseUrl: 'https://a.example/', token: 't' },
      {},
      { baseUrl: 'https://a.example' },
    ],
    [
      'a URL copied with /api/v2 is the service root',
      { baseUrl: 'https://a.example/api/v2/', token: 't' },
      {},
      { baseUrl: 'https://a.example' },
    ],
    [
      'a base path stays',
      { baseUrl: 'https://a.example/svc', token: 't' },
      {},
      { baseUrl: 'https://a.example/svc' },
    ],
    [
      'a rate limit of 0 turns pacing off',
      { baseUrl: 'https://flag.example', token: 't', rateLimit: '0' },
      {},
      { rateLimit: 0 },
    ],
    [
      "the rate window: the service's minute unless told",
      { baseUrl: 'https://flag.example', token: 't' },
      {},
      { rateWindowMs: undefined },
    ],
    [
      'the rate window from the file, in seconds',
      { config: configFile({ rateWindow: 30 }), baseUrl: 'https://f.example', token: 't' },
      {},
      { rateWindowMs: 30_000 },
    ],
    [
      'the rate window: the environment over the file',
      { config: configFile({ rateWindow: 30 }), baseUrl: 'https://f.example', token: 't' },
      { ASSETBATCH_RATE_WINDOW: '2.5' },
      { rateWindowMs: 2500 },
    ],
    [
      "the retry delay: the client's own unless told",
      { baseUrl: 'https://flag.example', token: 't' },
      {},
      { retryDelayMs: undefined },
    ],
    [
      'the retry delay from the file, in seconds',
      { config: configFile({ retryDelay: 2 }), baseUrl: 'https://f.example', token: 't' },
      {},
      { retryDelayMs: 2000 },
    ],
    [
      'the retry delay: the environment over the file',
      { config: configFile({ retryDelay: 2 }), baseUrl: 'https://f.example', token: 't' },
      { ASSETBATCH_RETRY_DELAY: '0.01' },
      { retryDelayMs: 10 },
    ],
  ];
  it.each(cases)('%s', (_name, flags, env, want) => {
    expect(connectionConfig(flags, env)).toMatchObject(want);
  });

  it('the result is frozen', () => {
    expect(Object.isFrozen(connectionConfig({ sandbox: true }, {}))).toBe(true);
  });
});

it.each(['0', 'soon', '7200'])('ASSETBATCH_RATE_WINDOW=%s is refused, naming it', (value) => {
  expect(() =>
    connectionConfig({ baseUrl: 'https://a.example', token: 't' }, { ASSETBATCH_RATE_WINDOW: value }),
  ).toThrow(
    expect.objectContaining({
      code: 'E_CONFIG',
      message: `ASSETBATCH_RATE_WINDOW must be a number of seconds between 0 and 3600, not "${value}"`,
    }),
  );
});

it.each(['0', 'soon', '120'])('ASSETBATCH_RETRY_DELAY=%s is refused, naming it', (value) => {
  expect(() =>
    connectionConfig({ baseUrl: 'https://a.example', token: 't' }, { ASSETBATCH_RETRY_DELAY: value }),
  ).toThrow(
    expect.objectContaining({
      code: 'E_CONFIG',
      message: `ASSETBATCH_RETRY_DELAY must be a number of seconds between 0 and 60, not "${value}"`,
    }),
  );
});

describe('plain http', () => {
  const cases: [string, string, boolean, string | undefined][] = [
    ['to another host is refused', 'http://assets.example.com', false, 'E_INSECURE_URL'],
    ['to another host with --allow-insecure-http', 'http://assets.example.com', true, undefined],
    ['to localhost', 'http://localhost:8000', false, undefined],
    ['to 127.0.0.1', 'http://127.0.0.1:41237', false, undefined],
    ['to [::1]', 'http://[::1]:8000', false, undefined],
    ['https anywhere', 'https://assets.example.com', false, undefined],
  ];
  it.each(cases)('%s', (_name, baseUrl, allowInsecureHttp, code) => {
    const run = () => connectionConfig({ baseUrl, token: 't', allowInsecureHttp }, {});
    if (code)
      expect(run).toThrow(
        expect.objectContaining({
          code,
          message: expect.stringContaining('refusing to send the token over plain http'),
        }),
      );
    else expect(run().baseUrl).toBe(baseUrl);
  });
});

describe('what is missing or wrong', () => {
  const cases: [
    string,
    ConnectionFlags,
    NodeJS.ProcessEnv,
    { code: string; message: RegExp; hint?: RegExp },
  ][] = [
    [
      'no base URL',
      { token: 't' },
      {},
      {
        code: 'E_CONFIG',
        message: /^no service to talk to$/,
        hint: /--base-url.*ASSETBATCH_BASE_URL.*--sandbox/,
      },
    ],
    [
      'no token',
      { baseUrl: 'https://a.example' },
      {},
      { code: 'E_CONFIG', message: /^no API token$/, hint: /ASSETBATCH_TOKEN.*--token.*tokenEnv/ },
    ],
    [
      'a token variable named but not set',
      { config: FILE },
      {},
      { code: 'E_CONFIG', message: /^no API token$/ },
    ],
    ['not a URL', { baseUrl: 'nope', token: 't' }, {}, { code: 'E_CONFIG', message: /"nope" is not a URL/ }],
    [
      'not http(s)',
      { baseUrl: 'ftp://a.example', token: 't' },
      {},
      { code: 'E_CONFIG', message: /is not an http\(s\) URL/ },
    ],
    [
      'company 0',
      { baseUrl: 'https://a.example', token: 't', company: '0' },
      {},
      { code: 'E_USAGE', message: /--company must be a whole number of at least 1, not "0"/ },
    ],
    [
      'a rate limit that is not a number',
      { baseUrl: 'https://a.example', token: 't', rateLimit: 'fast' },
      {},
      { code: 'E_USAGE', message: /--rate-limit must be a whole number \(0 or more\)/ },
    ],
  ];
  it.each(cases)('%s', (_name, flags, env, want) => {
    expect(() => connectionConfig(flags, env)).toThrow(
      expect.objectContaining({ code: want.code, message: expect.stringMatching(want.message) }),
    );
    if (want.hint) {
      try {
        connectionConfig(flags, env);
      } catch (e) {
        expect((e as { hint?: string }).hint).toMatch(want.hint);
      }
    }
  });

  it('--sandbox needs neither a base URL nor a token', () => {
    expect(connectionConfig({ sandbox: true }, {})).toMatchObject({
      sandbox: true,
      baseUrl: undefined,
      token: undefined,
    });
  });

  it('--sandbox ignores a service named elsewhere', () => {
    expect(connectionConfig({ sandbox: true, config: FILE }, ENV)).toMatchObject({
      baseUrl: undefined,
      token: undefined,
      company: 3,
    });
  });
});

describe('the config file', () => {
  const cases: [string, unknown, RegExp][] = [
    [
      'a token in the file is refused (only the name of its variable)',
      { baseUrl: 'https://a.example', token: 'secret' },
      /config file has problems: .*token/,
    ],
    ['not JSON', '{ baseUrl: ', /config file is not valid JSON/],
    ['a base URL that is not a URL', { baseUrl: 'nope' }, /baseUrl/],
    ['a company that is not positive', { company: 0 }, /company/],
  ];
  it.each(cases)('%s', (_name, content, message) => {
    expect(() => loadConfigFile(configFile(content))).toThrow(
      expect.objectContaining({ code: 'E_CONFIG', message: expect.stringMatching(message) }),
    );
  });

  it('a named file that does not exist is an error', () => {
    expect(() => loadConfigFile('missing.json', dir)).toThrow(
      expect.objectContaining({ code: 'E_CONFIG', message: 'config file not found' }),
    );
  });

  it('no assetbatch.config.json in the directory is fine', () => {
    expect(loadConfigFile(undefined, dir)).toEqual({});
  });

  it('assetbatch.config.json in the directory is read', () => {
    const d = mkdtempSync(join(dir, 'cwd-'));
    writeFileSync(join(d, 'assetbatch.config.json'), JSON.stringify({ company: 2 }));
    expect(loadConfigFile(undefined, d)).toEqual({ company: 2 });
  });
});
