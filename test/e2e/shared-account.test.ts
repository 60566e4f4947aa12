// A shared account: a run starts from the share of the account the last run got (remembered
// for an hour in the cache folder) and its plan says so; a run that had the whole limit is
// remembered as such. A first run, which knows nothing of others' use, says its ETA
// assumes the whole limit.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paceFile, paceKey, rememberedRate, rememberRate } from '../../src/api/pace-memory.js';
import { runCli, spawnCli, tempDir, testSandbox, type TestSandbox } from './cli.js';

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
    const res = await runCli(
      [
        'import',
        input,
        '-r',
        'asset',
        '--base-url',
        sb.sb.url,
        '--token',
        sb.sb.token,
        '--rate-limit',
        '100',
      ],
      { env: { XDG_CACHE_HOME: cache } },
    );
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toMatch(
      /at about 72 of the account's 100 requests\/minute \(the share the last run got: others use the account\)/,
    );
    // A short run met no 429 and kept climbing: what it ended at is remembered, a little higher.
    const after = rememberedRate(paceKey(sb.sb.url, sb.sb.token), 100, Date.now(), file);
    expect(after).toBeGreaterThanOrEqual(72);
    expect(after).toBeLessThan(100);
  }, 30_000);

  it('another account (another token) is not affected', async () => {
    const cache = tempDir('ab-cache-');
    rememberRate(
      paceKey(sb.sb.url, 'someone-else'),
      100,
      40,
      Date.now(),
      paceFile(join(cache, 'assetbatch')),
    );
    const input = join(tempDir(), 'other.csv');
    writeFileSync(input, 'Name,Serial Number\nDesk O1,OTHER-1\n');
    const res = await runCli(
      [
        'import',
        input,
        '-r',
        'asset',
        '--base-url',
        sb.sb.url,
        '--token',
        sb.sb.token,
        '--rate-limit',
        '100',
      ],
      { env: { XDG_CACHE_HOME: cache } },
    );
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toMatch(/at 100 requests\/minute/);
  });

  /** The plan line of an import of `rows` rows at 100 requests a minute (over a minute's work), then Ctrl-C. */
  async function planOf(rows: number, cache: string): Promise<string> {
    const input = join(tempDir(), 'long.csv');
    writeFileSync(
      input,
      [
        'Name,Serial Number',
        ...Array.from({ length: rows }, (_, i) => `Desk L${i},LONG-${cache.slice(-6)}-${i}`),
      ].join('\n') + '\n',
    );
    const child = spawnCli(
      [
        'import',
        input,
        '-r',
        'asset',
        '--base-url',
        sb.sb.url,
        '--token',
        sb.sb.token,
        '--rate-limit',
        '100',
      ],
      { env: { XDG_CACHE_HOME: cache } },
    );
    let err = '';
    child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    for (const deadline = Date.now() + 20_000; !/^Plan: .*$/m.test(err) && Date.now() < deadline;)
      await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGINT');
    expect(await exited).toBe(3);
    return /^Plan: .*$/m.exec(err)?.[0] ?? err;
  }

  it('a first run says its ETA holds if no one else uses the account now', async () => {
    const plan = await planOf(150, tempDir('ab-cache-'));
    expect(plan).toMatch(
      /at 100 requests\/minute about \dm\d\ds if no one else uses the account now \(the service shows others' use only by refusing a request/,
    );
  }, 30_000);

  it('after a run that had the whole limit, the plan says nothing of others', async () => {
    const cache = tempDir('ab-cache-');
    rememberRate(paceKey(sb.sb.url, sb.sb.token), 100, 100, Date.now(), paceFile(join(cache, 'assetbatch')));
    const plan = await planOf(150, cache);
    expect(plan).toMatch(/at 100 requests\/minute about \dm\d\ds\.$/);
  }, 30_000);
});
