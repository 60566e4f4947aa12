// Every valid row exactly once, whatever the user or the network does. Each case runs the
// real CLI as a child process against a real sandbox over HTTP, and checks three things:
// every row is in the service once (no duplicate, none missing), the report agrees with the
// service, and the exit code tells the truth. The figures of each case are printed at the end.
import { createServer, request as httpRequest, type Server } from 'node:http';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  killOutsideMemoryLock,
  memoryLock,
  readReport,
  runCli,
  spawnCli,
  tempDir,
  testSandbox,
  type TestSandbox,
} from './cli.js';
import type { SandboxOptions } from '../../src/sandbox/server.js';
import { connectionOf, runLibrary } from './library.js';

const FAULTS = '429=0.04,500=0.04,503=0.04,reset=0.04,lost=0.08';
const figures: {
  case: string;
  rows: number;
  kills: number;
  faults: string;
  duplicates: number;
  missing: number;
}[] = [];
afterAll(() =>
  console.log(
    [
      'exactly-once matrix:',
      ...figures.map(
        (f) =>
          `  ${f.case}: ${f.rows} rows, ${f.kills} kills, faults ${f.faults || 'none'}, ${f.duplicates} duplicates, ${f.missing} missing`,
      ),
    ].join('\n'),
  ),
);

// The retries that faults bring wait 20 ms, not the half second a user's run waits
// (ASSETBATCH_RETRY_DELAY, docs/configuration.md), and a memory lock left by a run killed
// before it named itself is taken over 2 s after it was last touched, not 10 s
// (ASSETBATCH_TEST_MEMORY_LOCK_STALE_MS, src/send/memory.ts): what is checked is that each
// row is sent once, not how long the client waits.
const FAST = { ASSETBATCH_RETRY_DELAY: '0.02', ASSETBATCH_TEST_MEMORY_LOCK_STALE_MS: '2000' };
const run = (args: string[], opts: { timeoutMs?: number } = {}) => runCli(args, { ...opts, env: FAST });
const spawn = (args: string[]) => spawnCli(args, { env: FAST });

/**
 * The import `importArgs(s, report)` would run, through the library in-process (the same
 * 20 ms retries): for a run whose outcome is checked as the CLI's, but that differs from one
 * the file runs as a CLI only in its input (or only prepares the case).
 */
const runInProcess = (s: Sheet, report: string) =>
  runLibrary(sb!, {
    file: s.file,
    resource: s.resource,
    reportPath: report,
    concurrency: 4,
    connection: () => ({ ...connectionOf(sb!), retryDelayMs: 20 }),
  });

let sb: TestSandbox | undefined;
afterEach(async () => {
  await sb?.close();
  sb = undefined;
});

interface Sheet {
  readonly file: string;
  /** The key each row's record is found by in the service (its name, or its contract number). */
  readonly keys: string[];
  readonly resource: 'asset' | 'contract' | 'customer';
}

/** Assets with no serial number: nothing but their fields tells their records apart. Three rows are identical. */
function keylessAssets(tag: string, n: number, dir = tempDir()): Sheet {
  const names = [
    ...Array.from({ length: n - 3 }, (_, i) => `Desk ${tag} ${String(i + 1).padStart(3, '0')}`),
    `Chair ${tag}`,
    `Chair ${tag}`,
    `Chair ${tag}`,
  ];
  const lines = [
    'Name,Category,Sub Cat,Country,Purchase Cost ($)',
    ...names.map((name, i) => `${name},Hardware,Desktop,USA,$${i < n - 3 ? 100 + i : 75}`),
  ];
  const file = join(dir, `${tag}.csv`);
  writeFileSync(file, lines.join('\n') + '\n');
  return { file, keys: names, resource: 'asset' };
}

/** A contract's values follow from its number, so the same contract reads the same wherever it sits. */
const contractLine = (number: string) =>
  `Buy side,Supply ${number},${number},Dell Technologies,United States,Active,Hardware,Laptop,2024-01-01,2025-12-31,30,${1000 + (Number(number.replace(/\D/g, '')) || 0)},CapEx`;
function contracts(tag: string, numbers: string[], dir = tempDir()): Sheet {
  const lines = [
    'Contract type,Name,Contract number,Supplier,Country,Status,Category,Subcategory,Start date,End date,Notice period (days),Total contract value,Expenditure type',
    ...numbers.map((n) => contractLine(n)),
  ];
  const file = join(dir, `${tag}.csv`);
  writeFileSync(file, lines.join('\n') + '\n');
  return { file, keys: numbers, resource: 'contract' };
}
/** Customers: keyed by name, and their list has no filter, so recovery walks the list's last pages. */
function customers(tag: string, n: number, dir = tempDir()): Sheet {
  const names = Array.from({ length: n }, (_, i) => `Customer ${tag} ${String(i + 1).padStart(3, '0')}`);
  const file = join(dir, `${tag}.csv`);
  writeFileSync(file, ['Name,City,Country', ...names.map((name) => `${name},Lyon,France`)].join('\n') + '\n');
  return { file, keys: names, resource: 'customer' };
}
const numbersFor = (tag: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${tag}-${String(i + 1).padStart(4, '0')}`);

/**
 * The sheet rows the journal has an outcome for. Read while the run writes it, so the text
 * after the last newline may be half a line: only whole lines count.
 */
const doneRows = (journal: string): number[] =>
  existsSync(journal)
    ? readFileSync(journal, 'utf8')
        .split('\n')
        .slice(0, -1)
        .filter((l) => l.includes('"t":"done"'))
        .map((l) => (JSON.parse(l) as { row: number }).row)
    : [];
const journalOf = (report: string) => report.replace(/\.csv$/, '') + '.journal.ndjson';
const importArgs = (s: Sheet, report: string, extra: string[] = []) => [
  'import',
  s.file,
  '-r',
  s.resource,
  '--report',
  report,
  '--concurrency',
  '4',
  ...extra,
  ...sb!.args,
];

/**
 * Start a run and SIGKILL it once the journal holds `at` outcomes, `rows` among them (a row
 * whose answer is slow can still be in flight when later rows are done), at a moment the
 * memory's lock is free or named (killOutsideMemoryLock; with `lockHeld`, held); false if it
 * ended first.
 */
async function killAt(
  args: string[],
  journal: string,
  at: number,
  { rows = [], lockHeld = false }: { rows?: readonly number[]; lockHeld?: boolean } = {},
): Promise<boolean> {
  const lock = memoryLock(sb!, args[args.indexOf('-r') + 1]);
  const child = spawn(args);
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const killed = await new Promise<boolean>((resolve) => {
    const timer = setInterval(() => {
      const done = doneRows(journal);
      if (done.length < at || !rows.every((r) => done.includes(r))) return;
      if (!lockHeld) {
        clearInterval(timer);
        void killOutsideMemoryLock(child, lock).then(resolve);
      } else if (existsSync(lock)) {
        clearInterval(timer);
        resolve(child.kill('SIGKILL'));
      }
    }, 3);
    child.once('exit', () => {
      clearInterval(timer);
      resolve(false);
    });
  });
  await exited;
  return killed;
}

const keyOf = (s: Sheet, rec: Record<string, unknown>) =>
  String(s.resource === 'contract' ? rec.number : rec.name);

/** Every row's record once in the service, and the report saying which. Returns the figures. */
async function expectExactlyOnce(
  s: Sheet,
  report: string,
  tag: string,
  alsoInService: string[] = [],
): Promise<{ duplicates: number; missing: number }> {
  const records = (await sb!.records(s.resource)).filter((r) => keyOf(s, r).includes(tag));
  const want = new Map<string, number>();
  for (const k of [...s.keys, ...alsoInService]) want.set(k, (want.get(k) ?? 0) + 1);
  const got = new Map<string, number>();
  for (const r of records) got.set(keyOf(s, r), (got.get(keyOf(s, r)) ?? 0) + 1);
  let duplicates = 0;
  let missing = 0;
  for (const [k, n] of want) {
    duplicates += Math.max(0, (got.get(k) ?? 0) - n);
    missing += Math.max(0, n - (got.get(k) ?? 0));
  }
  for (const [k, n] of got) if (!want.has(k)) duplicates += n;
  expect({ duplicates, missing }).toEqual({ duplicates: 0, missing: 0 });

  const rows = readReport(report);
  expect(rows).toHaveLength(s.keys.length);
  const byId = new Map(records.map((r) => [Number(r.id), r]));
  const ids = rows.map((r) => Number(r['#id']));
  // Each row has its record: created by this run, or skipped as done by a run killed before it
  // (its journal said so, or, killed after the memory of what was sent had the record and before
  // the journal did, the memory knows the row by its cells).
  const before = (m: string) =>
    m.startsWith('already created by an earlier run of this import (journal)') ||
    m ===
      'already created by an earlier run of this import (the memory of what was sent: that run stopped before its journal said so)';
  expect(rows.map((r) => `${r['#status']} ${r['#message']}`.trim())).toEqual(
    rows.map((r) => (before(r['#message']) ? `skipped ${r['#message']}` : `created ${r['#message']}`.trim())),
  );
  expect(new Set(ids).size, 'each row its own record').toBe(rows.length);
  rows.forEach((r, i) =>
    expect(byId.get(ids[i]) && keyOf(s, byId.get(ids[i])!), `row ${r['#row']}`).toBe(s.keys[i]),
  );
  return { duplicates, missing };
}

/**
 * SIGKILL the run while it holds the memory's lock, which it holds a moment per row: one
 * freed between the look and the kill is another kind of kill, so the resumed run is killed
 * again a few rows later. The lock is left behind; the next run takes it over, at once when the
 * killed run had named itself beside it (else once it is stale: 2 s here, FAST).
 */
async function killHoldingLock(args: string[], journal: string, lock: string): Promise<number> {
  let kills = 0;
  while (!existsSync(lock) && kills < 4) {
    if (!(await killAt(args, journal, doneRows(journal).length + 4, { lockHeld: true }))) break;
    kills++;
  }
  expect(existsSync(lock), "a kill left the memory's lock").toBe(true);
  return kills;
}

async function killMatrix(
  name: string,
  s: Sheet,
  tag: string,
  kills: number[],
  options: SandboxOptions,
  { faults = '', firstHoldingLock = false, finalInProcess = false } = {},
) {
  // A 429 fault asks for 20 ms, not a second: the pause is honoured all the same.
  sb = await testSandbox({ ...options, faults: faults || undefined, faultSeed: 11, faultRetryAfter: 0.02 });
  const report = join(tempDir(), `${tag}.report.csv`);
  const args = importArgs(s, report);
  const lock = memoryLock(sb, s.resource);
  let landed = firstHoldingLock ? await killHoldingLock(args, journalOf(report), lock) : 0;
  for (const at of kills) if (await killAt(args, journalOf(report), at)) landed++;
  expect(landed, 'the kills landed mid-run').toBeGreaterThanOrEqual(kills.length - 1);
  const res = finalInProcess ? await runInProcess(s, report) : await run(args, { timeoutMs: 100_000 });
  expect(res.code, res.stderr).toBe(0);
  expect(existsSync(lock), "the memory's lock let go").toBe(false);
  const f = await expectExactlyOnce(s, report, tag);
  figures.push({ case: name, rows: s.keys.length, kills: landed, faults, ...f });
}

describe('kill -9 at several points, with latency and faults', () => {
  it("keyless assets (three rows identical), killed three times, the first while it holds the memory's lock, no faults", async () => {
    await killMatrix(
      "keyless assets, kill -9 (once holding the memory's lock)",
      keylessAssets('KA', 90),
      'KA',
      [30, 60],
      { latencyMs: 25 },
      { firstHoldingLock: true },
    );
  }, 180_000);

  it(`keyless assets, killed three times, faults ${FAULTS}`, async () => {
    await killMatrix(
      'keyless assets, kill -9 + faults',
      keylessAssets('KF', 90),
      'KF',
      [6, 30, 60],
      { latencyMs: 25 },
      { faults: FAULTS, finalInProcess: true },
    );
  }, 180_000);

  it(`contracts, killed three times, faults ${FAULTS}`, async () => {
    await killMatrix(
      'contracts, kill -9 + faults',
      contracts('CF', numbersFor('CF', 70)),
      'CF',
      [5, 25, 50],
      { latencyMs: 25 },
      { faults: FAULTS, finalInProcess: true },
    );
  }, 180_000);

  it(`customers, killed three times, faults ${FAULTS}`, async () => {
    await killMatrix(
      'customers, kill -9 + faults',
      customers('CU', 70),
      'CU',
      [5, 25, 50],
      { latencyMs: 25 },
      { faults: FAULTS },
    );
  }, 180_000);
});

describe('two runs of the same file at once', () => {
  it('one runs, the other refuses with exit 2 naming the running process, and writes nothing', async () => {
    // 100 rows, 4 at a time, 40 ms each: the first run holds its lock for a second or more.
    sb = await testSandbox({ latencyMs: 40 });
    const s = keylessAssets('TW', 100);
    const report = join(tempDir(), 'TW.report.csv');
    const [a, b] = await Promise.all([run(importArgs(s, report)), run(importArgs(s, report))]);
    const codes = [a.code, b.code].sort();
    expect(codes, a.stderr + b.stderr).toEqual([0, 2]);
    const loser = a.code === 2 ? a : b;
    expect(loser.stderr).toMatch(/another assetbatch run is writing this import now \(process \d+ on /);
    const stats = await sb.stats();
    expect(stats.requests['POST /api/v2/asset/']).toBe(100);
    const f = await expectExactlyOnce(s, report, 'TW');
    figures.push({ case: 'two runs at once', rows: 100, kills: 0, faults: '', ...f });
  }, 120_000);
});

describe('the file edited between runs', () => {
  it.each([
    {
      what: 'contracts',
      make: (dir: string) => contracts('ED', numbersFor('ED', 40), dir),
      insert: (s: Sheet) =>
        contracts('ED', ['ED-NEW0', ...s.keys.filter((k) => k !== 'ED-0003' && k !== 'ED-0035')], dirOf(s)),
    },
    {
      what: 'keyless assets',
      make: (dir: string) => keylessAssets('EK', 40, dir),
      insert: (s: Sheet) => rewriteAssets(s, 'Desk EK new', ['Desk EK 003', 'Desk EK 035']),
    },
  ])(
    '$what: a row inserted at the top and two deleted (one done, one not) after a kill',
    async ({ what, make, insert }) => {
      sb = await testSandbox({ latencyMs: 25 });
      const first = make(tempDir());
      const report = join(dirOf(first), 'edited.report.csv');
      // Sheet row 4 (ED-0003, Desk EK 003) is done before the kill; row 36 (ED-0035) is not.
      expect(await killAt(importArgs(first, report), journalOf(report), 12, { rows: [4] })).toBe(true);
      const before = await sb.records(first.resource);
      const edited = insert(first);
      const res = await run(importArgs(edited, report, ['--json']));
      expect(res.code, res.stderr).toBe(0);
      // Rows done before the edit are not sent again, wherever they are now.
      const summary = JSON.parse(res.stdout);
      // The plan counts this sheet's rows: of the 12 or more done, the one deleted since is not.
      expect(summary.plan.resumed.doneRows).toBeGreaterThanOrEqual(11);
      const tag = what === 'contracts' ? 'ED' : 'EK';
      const deletedDone = before
        .map((r) => keyOf(first, r))
        .filter((k) => k.includes(tag) && !edited.keys.includes(k));
      // The row deleted before it was sent never reached the service; the one deleted after stays.
      expect(deletedDone).toHaveLength(1);
      const f = await expectExactlyOnce(edited, report, tag, deletedDone);
      figures.push({
        case: `${what}: inserted + deleted rows`,
        rows: edited.keys.length,
        kills: 1,
        faults: '',
        ...f,
      });
    },
    120_000,
  );
});

function dirOf(s: Sheet): string {
  return s.file.slice(0, s.file.lastIndexOf('/'));
}

/** The same assets file with one new row at the top and `drop` names removed. */
function rewriteAssets(s: Sheet, added: string, drop: string[]): Sheet {
  const [header, ...lines] = readFileSync(s.file, 'utf8').trimEnd().split('\n');
  const kept = lines.filter((l) => !drop.includes(l.split(',')[0]));
  writeFileSync(s.file, [header, `${added},Hardware,Desktop,USA,$999`, ...kept].join('\n') + '\n');
  return { ...s, keys: [added, ...kept.map((l) => l.split(',')[0])] };
}

/**
 * A stand-in for a proxy or captive portal between us and the service: the POSTs it is told
 * about are answered 200 with an HTML page, either instead of the service (nothing created)
 * or after it (created, answer replaced), or 201 with a body that has no id.
 */
async function portal(
  target: string,
  plan: Record<number, 'html-instead' | 'html-after' | 'no-id'>,
): Promise<{ url: string; close(): Promise<void> }> {
  let posts = 0;
  const t = new URL(target);
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const what = req.method === 'POST' ? plan[++posts] : undefined;
      const html = () => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html><body><h1>Welcome to CorpNet</h1>Please sign in to continue.</body></html>');
      };
      if (what === 'html-instead') return html();
      const up = httpRequest(
        { host: t.hostname, port: t.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          const body: Buffer[] = [];
          answer.on('data', (c: Buffer) => body.push(c));
          answer.on('end', () => {
            if (what === 'html-after') return html();
            if (what === 'no-id') {
              res.writeHead(201, { 'content-type': 'application/json' });
              return res.end('{"detail":"created"}');
            }
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(Buffer.concat(body));
          });
        },
      );
      up.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('a 2xx answer that is not a record', () => {
  it('an HTML page instead of the service, an HTML page after it, a body without an id: each row once, with its real id', async () => {
    sb = await testSandbox();
    const s = keylessAssets('HT', 20);
    const proxy = await portal(sb.sb.url, { 3: 'html-instead', 7: 'html-after', 11: 'no-id' });
    try {
      const report = join(tempDir(), 'HT.report.csv');
      const args = [
        'import',
        s.file,
        '-r',
        'asset',
        '--report',
        report,
        '--concurrency',
        '1',
        '--base-url',
        proxy.url,
        '--token',
        sb.sb.token,
        '--rate-limit',
        '0',
      ];
      const res = await run(args);
      expect(res.code, res.stderr).toBe(0);
      const f = await expectExactlyOnce(s, report, 'HT');
      const notes = readReport(report).map((r) => r['#message']);
      // The two that reached the service were found there, not sent again.
      expect(notes.filter((m) => /recovered/.test(m))).toHaveLength(2);
      figures.push({
        case: 'HTML 200 / no id answers',
        rows: 20,
        kills: 0,
        faults: 'html,html-after,no-id',
        ...f,
      });
    } finally {
      await proxy.close();
    }
  }, 60_000);
});

describe('a journal that cannot be trusted', () => {
  const damage: [string, (text: string) => string][] = [
    ['a line that is valid JSON but not an entry (null)', (t) => t.replace('\n', '\nnull\n')],
    ['a damaged header line', (t) => t.replace('{"t":"run"', '{"t":"ru#')],
  ];
  it.each(damage)(
    '%s: exit 2, nothing sent, and the way out named; --no-resume then says how many rows may exist',
    async (_name, spoil) => {
      sb = await testSandbox();
      const s = keylessAssets('JD', 10);
      const report = join(tempDir(), 'JD.report.csv');
      expect((await runInProcess(s, report)).code).toBe(0);
      const journal = journalOf(report);
      writeFileSync(journal, spoil(readFileSync(journal, 'utf8')));
      const posts = (await sb.stats()).requests['POST /api/v2/asset/'];
      const res = await run(importArgs(s, report));
      expect(res.code).toBe(2);
      expect(res.stderr).toMatch(/journal is damaged at line \d+/);
      expect(res.stderr).toMatch(/--no-resume/);
      expect(res.stderr).not.toMatch(/This is a bug/);
      expect((await sb.stats()).requests['POST /api/v2/asset/']).toBe(posts);
      const fresh = await run(importArgs(s, report, ['--no-resume']));
      expect(fresh.stdout + fresh.stderr).toMatch(
        /--no-resume: the journal was moved to .*; it records 10 rows written by earlier runs/,
      );
    },
    60_000,
  );
});
