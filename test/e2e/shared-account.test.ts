// A shared account: a run starts from the share of the account the last run got (remembered
// for an hour in the cache folder) and its plan says so; a run that has the whole limit
// again forgets it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paceFile, paceKey, rememberedRate, rememberRate } from '../../src/api/pace-memory.js';
import { runCli, tempDir, testSandbox, type TestSandbox } from './cli.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await testSandbox();
});
afterAll(() => sb.close());

describe('the share of the account an earlier run got', () => {
  it('is where the next run starts, and its plan says so', async () => {
    const cache = tempDir('ab-cache-');
    const file = paceFile(join(cache, 'assetbatch'));
    rememberRate(paceKey(sb.sb.url, sb.sb.token), 100, 72, Date.now(), file);
    const dir = tempDir();
    const input = join(dir, 'shared.csv');
    writeFileSync(input, 'Name,Serial Number\nDesk S1,SHARED-1\nDesk S2,SHARED-2\n');
    const res = await runCli(['import', input, '-r', 'asset', '--base-url', sb.sb.url, '--token', sb.sb.token, '--rate-limit', '100'], { env: { XDG_CACHE_HOME: cache } });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toMatch(/at about 72 of the account's 100 requests\/minute \(the share the last run got: others use the account\)/);
    // A short run met no 429 and kept climbing: what it ended at is remembered, a little higher.
    const after = rememberedRate(paceKey(sb.sb.url, sb.sb.token), 100, Date.now(), file);
    expect(after).toBeGreaterThanOrEqual(72);
    expect(after).toBeLessThan(100);
  }, 30_000);

  it('another account (another token) is not affected', async () => {
    const cache = tempDir('ab-cache-');
    rememberRate(paceKey(sb.sb.url, 'someone-else'), 100, 40, Date.now(), paceFile(join(cache, 'assetbatch')));
    const input = join(tempDir(), 'other.csv');
    writeFileSync(input, 'Name,Serial Number\nDesk O1,OTHER-1\n');
    const res = await runCli(['import', input, '-r', 'asset', '--base-url', sb.sb.url, '--token', sb.sb.token, '--rate-limit', '100'], { env: { XDG_CACHE_HOME: cache } });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toMatch(/at 100 requests\/minute/);
  });
});
