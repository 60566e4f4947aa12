// `assetbatch sandbox` end to end: the built CLI prints the URL first, serves, and saves
// its state when stopped; --rate-window sets the rate limit's window. Needs dist/ (built by `npm test`'s pretest).
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { buildSeed } from '../../src/sandbox/seed/index.js';
import { saveState } from '../../src/sandbox/store.js';

const BIN = join(import.meta.dirname, '../../dist/bin/assetbatch.js');
const built = existsSync(join(import.meta.dirname, '../../dist/cli/sandbox.js'));

function run(args: string[]) {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited };
}

describe.skipIf(!built)('assetbatch sandbox', () => {
  it('prints the base URL first, serves the API, and saves state on SIGTERM', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'assetbatch-cli-'));
    const state = join(dir, 'state.json');
    const { child, exited } = run(['sandbox', '--port', '0', '--state', state, '--token', 't0k']);
    try {
      const first = await new Promise<string>((resolve) =>
        createInterface({ input: child.stdout! }).once('line', resolve),
      );
      expect(first).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const res = await fetch(`${first}/api/v2/customer/`, {
        method: 'POST',
        headers: { Authorization: 'Bearer t0k', 'Content-Type': 'application/json' },
        body: JSON.stringify({ company: 1, name: 'From the CLI' }),
      });
      expect(res.status).toBe(201);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(await readFile(state, 'utf8')).toContain('From the CLI');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  });

  it.each([
    [[], 200, 'PUT, PATCH'],
    [['--no-patch'], 405, 'PUT'],
  ] as const)('sandbox %j: PATCH of a record answers %i', async (flags, status, allow) => {
    const { child, exited } = run(['sandbox', '--port', '0', '--rate-limit', '0', ...flags]);
    try {
      const url = await new Promise<string>((resolve) =>
        createInterface({ input: child.stdout! }).once('line', resolve),
      );
      const res = await fetch(`${url}/api/v2/customer/1`, {
        method: 'PATCH',
        headers: { Authorization: 'Bearer sandbox-token', 'Content-Type': 'application/json' },
        body: JSON.stringify({ company: 1, website: 'https://northwind.example/patched' }),
      });
      expect(res.status).toBe(status);
      expect(
        (
          await fetch(`${url}/api/v2/customer/1`, {
            method: 'OPTIONS',
            headers: { Authorization: 'Bearer sandbox-token' },
          })
        ).headers.get('allow'),
      ).toBe(`GET, ${allow}`);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it.each([
    { flags: [], retryAfter: '60', line: undefined },
    {
      flags: ['--rate-window', '1'],
      retryAfter: '1',
      line: 'rate limit: 2 requests per 1 s (--rate-window 1)',
    },
  ])(
    '--rate-limit 2 $flags: the third request is refused for $retryAfter s',
    async ({ flags, retryAfter, line }) => {
      const { child, exited } = run(['sandbox', '--port', '0', '--rate-limit', '2', ...flags]);
      try {
        const lines: string[] = [];
        await new Promise<void>((resolve) =>
          createInterface({ input: child.stdout! }).on('line', (l) => {
            lines.push(l);
            if (l.startsWith('Ctrl-C')) resolve();
          }),
        );
        const get = () =>
          fetch(`${lines[0]}/api/v2/company/`, { headers: { Authorization: 'Bearer sandbox-token' } });
        const answers = [await get(), await get(), await get()];
        expect(answers.map((a) => a.status)).toEqual([200, 200, 429]);
        expect(answers[2].headers.get('retry-after')).toBe(retryAfter);
        if (line) {
          expect(lines).toContain(line);
          expect(lines).toContain(
            'pace the client the same: ASSETBATCH_RATE_WINDOW=1 (or "rateWindow": 1 in the config file)',
          );
          // The window frees in its second, not a minute.
          await new Promise((r) => setTimeout(r, 1100));
          expect((await get()).status).toBe(200);
        } else expect(lines.some((l) => l.startsWith('rate limit:'))).toBe(false);
        child.kill('SIGTERM');
        expect(await exited).toBe(0);
      } finally {
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    },
  );

  it.each([
    [['sandbox', '--help'], 0, /--rate-window <seconds>/],
    [
      ['sandbox', '--rate-window', '0'],
      2,
      /--rate-window must be a number of seconds above 0 and at most 3600, not "0"/,
    ],
    [
      ['sandbox', '--rate-window', 'ten'],
      2,
      /--rate-window must be a number of seconds above 0 and at most 3600, not "ten"/,
    ],
    [
      ['sandbox', '--rate-window', '3601'],
      2,
      /--rate-window must be a number of seconds above 0 and at most 3600/,
    ],
    [['sandbox', '--help'], 0, /Examples:/],
    [['sandbox', '--faults', '404=0.5'], 2, /unknown fault kind "404"/],
    [['sandbox', '--seed', 'full'], 2, /Allowed choices are default, empty/],
    [['sandbox', '--port', 'abc'], 2, /--port must be a whole number/],
  ] as const)('%j exits %i', async (args, code, text) => {
    const { child, exited } = run([...args]);
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    expect(await exited).toBe(code);
    expect(out).toMatch(text);
  });

  it('with a 40 MB state and writes until the end, SIGINT during a save exits within 2 s plus one save, the latest saved once', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'assetbatch-cli-'));
    const state = join(dir, 'big.json');
    const seed = buildSeed('default');
    const asset = seed.records.asset[0];
    const base = seed.nextId.asset;
    const notes = 'x'.repeat(400);
    seed.records.asset.push(
      ...Array.from({ length: 20_000 }, (_, i) => ({
        ...asset,
        id: base + i,
        data: { ...asset.data, name: `Bulk ${i}`, notes },
      })),
    );
    seed.nextId.asset = base + 20_000;
    await writeFile(state, JSON.stringify(seed));
    const { child, exited } = run([
      'sandbox',
      '--port',
      '0',
      '--rate-limit',
      '0',
      '--state',
      state,
      '--token',
      't0k',
    ]);
    try {
      const url = await new Promise<string>((resolve) =>
        createInterface({ input: child.stdout! }).once('line', resolve),
      );
      // Writes for half a second: each starts a save soon after it, as an import does.
      let last = '';
      for (let i = 0, end = Date.now() + 500; Date.now() < end; i++) {
        last = `Late customer ${i}`;
        const res = await fetch(`${url}/api/v2/customer/`, {
          method: 'POST',
          headers: { Authorization: 'Bearer t0k', 'Content-Type': 'application/json' },
          body: JSON.stringify({ company: 1, name: last }),
        });
        expect(res.status).toBe(201);
        await new Promise((r) => setTimeout(r, 150));
      }
      // SIGINT while a save is under way (its temporary file is there): close stops or waits for it.
      const saving = `${state}.${child.pid}.tmp`;
      for (const end = Date.now() + 10_000; !existsSync(saving) && Date.now() < end;)
        await new Promise((r) => setTimeout(r, 5));
      expect(existsSync(saving), 'a save under way').toBe(true);
      const asked = Date.now();
      child.kill('SIGINT');
      // Each save renames a new file into place: count them until the sandbox exits.
      const inodes = new Set<number>([statSync(state).ino]);
      const watch = setInterval(() => inodes.add(statSync(state).ino), 20);
      const code = await exited;
      clearInterval(watch);
      inodes.add(statSync(state).ino);
      const tookMs = Date.now() - asked;
      // One save of this state beside it, as the sandbox's last may be (none of its records'
      // JSON known): the bound is 2 s plus that save, the most a stop may cost whatever the
      // state's size (the save under way stopped or finished, then at most one of the latest).
      const t0 = Date.now();
      await saveState(join(dir, 'once.json'), seed);
      const oneSaveMs = Date.now() - t0;
      console.log(
        `sandbox exit after SIGINT, ${(JSON.stringify(seed).length / 1e6).toFixed(0)} MB state: ${tookMs} ms, ${inodes.size - 1} saves (one save beside it: ${oneSaveMs} ms)`,
      );
      expect(code).toBe(0);
      expect(inodes.size - 1, 'saves after SIGINT').toBe(1);
      expect(tookMs, 'exit after SIGINT within 2 s plus one save').toBeLessThan(2000 + oneSaveMs);
      const saved = JSON.parse(await readFile(state, 'utf8'));
      expect(saved.records.customer.some((r: { data: { name: string } }) => r.data.name === last)).toBe(true);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
