// The corpus of registers (test/fixtures/registers) suggested against the sandbox over HTTP:
// with the service's lookup lists in play as well as the headers and values, still no
// header is mapped to a wrong field and none that has a field is missed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suggestMapping } from '../../src/run/suggest.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';

const DIR = 'test/fixtures/registers';
const expected = JSON.parse(readFileSync(join(DIR, 'expected.json'), 'utf8')) as Record<
  string,
  { columns: Record<string, string | null> }
>;

let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox({ port: 0, rateLimit: 0 });
});
afterAll(async () => sb.close());

describe('the corpus against the service', () => {
  it.each(Object.keys(expected))('%s: every header right', async (file) => {
    const connection = {
      baseUrl: sb.url,
      token: sb.token,
      sandbox: false,
      company: 1,
      rateLimit: 0,
      allowInsecureHttp: true,
    };
    const { mapping } = await suggestMapping({ file: join(DIR, file), resource: 'asset', connection });
    const got = mapping.columns ?? {};
    const off = Object.entries(expected[file].columns)
      .filter(([h, want]) => (got[h] ?? null) !== want)
      .map(([h, want]) => `${h} → ${got[h] ?? null} (expected ${want})`);
    expect(off).toEqual([]);
  });
});
