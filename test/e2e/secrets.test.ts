// The token never leaves the process (issue 7): a full import under faults with --log and
// --debug, a wrong token, an unreachable service, an export and a live template, then every
// output (stdout, stderr, logs, reports, journals, caches, any file written) is searched for
// the token, plain, URL-encoded and base64.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readZip } from '../read/helpers.js';
import { readReport, runCli, tempDir, testSandbox, type CliResult, type TestSandbox } from './cli.js';

const TOKEN = 'tok-SECRET-1234567890';
const WRONG = 'tok-WRONG-0987654321';

/** Every way a token could be written down: plain, URL-encoded, and base64 at each byte alignment. */
function secretForms(secret: string): { form: string; text: string }[] {
  const forms = [
    { form: 'plain', text: secret },
    { form: 'url-encoded', text: encodeURIComponent(secret) },
    { form: 'lower-case', text: secret.toLowerCase() },
  ];
  for (const k of [0, 1, 2]) {
    // A prefix of k bytes shifts the token within base64's 3-byte groups; the middle chars are the token's alone.
    for (const prefix of [Buffer.alloc(k), Buffer.from('Bearer '.slice(0, k))]) {
      const b64 = Buffer.concat([prefix, Buffer.from(secret)]).toString('base64');
      forms.push({ form: `base64+${k}`, text: b64.slice(k ? 4 : 0, -4) });
    }
  }
  forms.push({
    form: 'base64 of Bearer',
    text: Buffer.from(`Bearer ${secret}`).toString('base64').slice(0, -4),
  });
  return forms;
}

/** Files under a folder, recursively, with their text (xlsx parts unzipped). */
async function filesUnder(root: string): Promise<{ path: string; text: string }[]> {
  const out: { path: string; text: string }[] = [];
  const walk = async (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) await walk(p);
      else if (/\.xlsx$/i.test(name)) {
        const parts = await readZip(p);
        out.push({ path: p, text: parts.map((x) => x.data.toString('utf8')).join('\n') });
      } else out.push({ path: p, text: readFileSync(p).toString('utf8') });
    }
  };
  await walk(root);
  return out;
}

let sb: TestSandbox;
let dir: string;
const outputs: { name: string; text: string }[] = [];
const runs: Record<string, CliResult> = {};

beforeAll(async () => {
  sb = await testSandbox({ token: TOKEN, faults: '500=0.05,reset=0.05', faultSeed: 3 });
  dir = tempDir('ab-secrets-');
  const lines = ['Name,Serial No.,Category,Sub Cat,Country,Purchase Cost ($),Purchase Date,Notes'];
  // Every 10th row is invalid (a negative cost): the report and stderr echo those rows' cells.
  for (let i = 1; i <= 60; i++)
    lines.push(
      `Secret laptop ${i},SEC-${String(i).padStart(4, '0')},Hardware,Laptop,USA,${i % 10 === 0 ? '-5' : `$${1000 + i}.00`},2024-01-15,row ${i}`,
    );
  writeFileSync(join(dir, 'register.csv'), lines.join('\n') + '\n');
  const base = sb.sb.url;
  // The lookup cache goes into the test folder so that it is searched too. Retries (of the
  // faults, of 127.0.0.1:9) wait 20 ms, not 0.5-8 s: they log the same lines, sooner.
  const env = { XDG_CACHE_HOME: join(dir, 'cache'), ASSETBATCH_RETRY_DELAY: '0.02' };
  const cli = async (name: string, args: string[], extraEnv: Record<string, string> = {}) => {
    runs[name] = await runCli(args, { cwd: dir, env: { ...env, ...extraEnv }, timeoutMs: 120_000 });
    outputs.push(
      { name: `${name}: stdout`, text: runs[name].stdout },
      { name: `${name}: stderr`, text: runs[name].stderr },
    );
  };
  await cli('import', [
    'import',
    'register.csv',
    '-r',
    'asset',
    '--log',
    'run.log',
    '--report',
    'r.csv',
    '--debug',
    '--concurrency',
    '4',
    '--base-url',
    base,
    '--token',
    TOKEN,
    '--rate-limit',
    '0',
  ]);
  await cli(
    'import --json (token from the environment)',
    [
      'import',
      'register.csv',
      '-r',
      'asset',
      '--log',
      'run.log',
      '--report',
      'r2.xlsx',
      '--json',
      '--debug',
      '--base-url',
      base,
      '--rate-limit',
      '0',
    ],
    { ASSETBATCH_TOKEN: TOKEN },
  );
  await cli('wrong token', [
    'import',
    'register.csv',
    '-r',
    'asset',
    '--log',
    'wrong.log',
    '--report',
    'wrong.csv',
    '--debug',
    '--base-url',
    base,
    '--token',
    WRONG,
    '--rate-limit',
    '0',
  ]);
  await cli('unreachable', [
    'validate',
    'register.csv',
    '-r',
    'asset',
    '--log',
    'unreachable.log',
    '--report',
    'unreachable.csv',
    '--debug',
    '--base-url',
    'http://127.0.0.1:9',
    '--token',
    TOKEN,
    '--rate-limit',
    '0',
  ]);
  await cli('not a URL', [
    'validate',
    'register.csv',
    '-r',
    'asset',
    '--debug',
    '--base-url',
    `https://x:${TOKEN}@`,
    '--token',
    TOKEN,
  ]);
  // The token from the variable the config file names (not a flag, not ASSETBATCH_TOKEN), in a base URL's user:password@ part.
  writeFileSync(join(dir, 'assetbatch.config.json'), JSON.stringify({ tokenEnv: 'MY_SERVICE_TOKEN' }));
  const viaConfig = { MY_SERVICE_TOKEN: TOKEN, ASSETBATCH_TOKEN: '' };
  await cli(
    'credentials in the base URL',
    ['validate', 'register.csv', '-r', 'asset', '--debug', '--base-url', `http://user:${TOKEN}@127.0.0.1:9`],
    viaConfig,
  );
  await cli(
    'credentials in a broken URL',
    ['validate', 'register.csv', '-r', 'asset', '--debug', '--base-url', `https://user:${TOKEN}@`],
    viaConfig,
  );
  await cli(
    'token from tokenEnv, service unreachable',
    [
      'validate',
      'register.csv',
      '-r',
      'asset',
      '--log',
      'tokenenv.log',
      '--report',
      'tokenenv.csv',
      '--debug',
      '--base-url',
      'http://127.0.0.1:9',
      '--rate-limit',
      '0',
    ],
    viaConfig,
  );
  await cli('export', [
    'export',
    'asset',
    '-o',
    'assets.csv',
    '--log',
    'export.log',
    '--debug',
    '--base-url',
    base,
    '--token',
    TOKEN,
    '--rate-limit',
    '0',
  ]);
  await cli('template --live', [
    'template',
    'asset',
    '--live',
    '-o',
    'template.xlsx',
    '--log',
    'template.log',
    '--debug',
    '--base-url',
    base,
    '--token',
    TOKEN,
    '--rate-limit',
    '0',
  ]);
  for (const f of await filesUnder(dir)) outputs.push({ name: relative(dir, f.path), text: f.text });
}, 300_000);
afterAll(async () => sb?.close());

describe('the runs did what they were meant to (so the search below means something)', () => {
  it('the full import created rows, reported the invalid ones, and met faults', async () => {
    expect(runs.import.code, runs.import.stderr).toBe(1);
    const report = readReport(join(dir, 'r.csv'));
    expect(report).toHaveLength(60);
    expect(report.filter((r) => r['#status'] === 'invalid')).toHaveLength(6);
    expect(report.filter((r) => r['#status'] === 'created')).toHaveLength(54);
    const stats = await sb.stats();
    expect(Object.values(stats.faults as Record<string, number>).reduce((a, b) => a + b, 0)).toBeGreaterThan(
      0,
    );
  });

  it('the wrong token stopped the run with exit 3 and the 401 message', () => {
    expect(runs['wrong token'].code).toBe(3);
    expect(runs['wrong token'].stderr).toMatch(/error: .*(401|token|authenticat)/i);
  });

  it('the unreachable service stopped the run with exit 3', () => {
    expect(runs.unreachable.code, runs.unreachable.stderr).toBe(3);
    expect(runs.unreachable.stderr).toMatch(/error: /);
  });

  it('a base URL holding user:password@ is refused (exit 2) without showing them', () => {
    for (const name of ['credentials in the base URL', 'credentials in a broken URL']) {
      expect(runs[name].code, runs[name].stderr).toBe(2);
      expect(runs[name].stderr).toMatch(/\/\/\[redacted\]@/);
    }
  });

  it('the token the config file points at was used (the run got as far as the network)', () => {
    expect(
      runs['token from tokenEnv, service unreachable'].code,
      runs['token from tokenEnv, service unreachable'].stderr,
    ).toBe(3);
  });

  it('export and template --live succeeded', () => {
    expect(runs.export.code, runs.export.stderr).toBe(0);
    expect(runs['template --live'].code, runs['template --live'].stderr).toBe(0);
  });

  it('the log is pino NDJSON and has request lines', () => {
    const lines = readFileSync(join(dir, 'run.log'), 'utf8').trim().split('\n');
    const records = lines.map(
      (l) =>
        JSON.parse(l) as {
          level: number;
          time: number;
          msg: string;
          method?: string;
          path?: string;
          status?: number;
        },
    );
    for (const r of records)
      expect(r).toEqual(expect.objectContaining({ level: expect.any(Number), time: expect.any(Number) }));
    const requests = records.filter((r) => r.msg === 'request');
    expect(requests.length).toBeGreaterThan(60);
    expect(requests.some((r) => r.method === 'POST' && /\/api\/v2\/asset\b/.test(r.path ?? ''))).toBe(true);
    expect(records.some((r) => r.status === 500 || r.msg === 'network error')).toBe(true);
  });

  it('the searched outputs include every log, report, journal and cache file', () => {
    const names = outputs.map((o) => o.name);
    for (const f of [
      'run.log',
      'wrong.log',
      'unreachable.log',
      'export.log',
      'r.csv',
      'r2.xlsx',
      'r.journal.ndjson',
      'assets.csv',
      'template.xlsx',
    ])
      expect(names).toContain(f);
    expect(names.some((n) => n.startsWith('cache'))).toBe(true);
    // The search finds what is there: the rows' own cells are in the report and the journal.
    expect(outputs.filter((o) => o.text.includes('SEC-0007')).map((o) => o.name)).toEqual(
      expect.arrayContaining(['r.csv', 'r2.xlsx', 'register.csv']),
    );
  });

  it('--debug really showed internals on the stopped runs (the path the token could leak by)', () => {
    expect(runs['wrong token'].stderr).toMatch(/\n\s+at /);
  });
});

describe('every command writes the log it is asked for', () => {
  it('template --live --log writes the log it was asked for', () => {
    expect(outputs.map((o) => o.name)).toContain('template.log');
  });
});

describe('the token appears in no output', () => {
  const forms = [
    ...secretForms(TOKEN).map((f) => ({ ...f, which: 'token' })),
    ...secretForms(WRONG).map((f) => ({ ...f, which: 'wrong token' })),
  ];
  it.each(forms)('$which, $form', ({ text }) => {
    const leaks = outputs.filter((o) => o.text.includes(text)).map((o) => o.name);
    expect(leaks).toEqual([]);
  });
});
