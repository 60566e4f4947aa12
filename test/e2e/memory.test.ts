// One memory per service, company and resource: rows an import created are known to every
// later run of this user against that service, whatever file or report they come from. The
// same rows from another report path or a copied file, one after the other and at the same
// moment, make no duplicate (counted in the sandbox); a journal deleted mid-run stops the run
// (exit 3) and the next run still finds what was sent; a folder that cannot be written is a
// clear error (exit 2). The real CLI, against a sandbox over HTTP; a test's first import, which
// only makes the records the memory then knows, runs through the library in-process.
import { execFile, spawnSync } from 'node:child_process';
import { copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BIN,
  readReport,
  runCli,
  spawnCli,
  tempDir,
  testSandbox,
  useSandbox,
  type ReportRow,
  type TestSandbox,
  journalDone,
} from './cli.js';
import { runLibrary } from './library.js';

const ctx = useSandbox({ latencyMs: 5 });

/** Four assets with serial numbers, two without (identical: two records all the same), one other without. */
function sheet(tag: string, dir: string): { file: string; rows: number } {
  const lines = [
    'Name,Serial Number,Category,Sub Cat,Country,Purchase Cost ($)',
    ...[1, 2, 3, 4].map((i) => `Desk ${tag} ${i},${tag}-SN-${i},Hardware,Desktop,USA,$${100 + i}`),
    `Chair ${tag},,Hardware,Desktop,USA,$75`,
    `Chair ${tag},,Hardware,Desktop,USA,$75`,
    `Lamp ${tag},,Hardware,Desktop,USA,$20`,
  ];
  const file = join(dir, `${tag}.csv`);
  writeFileSync(file, lines.join('\n') + '\n');
  return { file, rows: lines.length - 1 };
}

/** Records of this test in the sandbox (their names carry its tag). */
const recordsOf = async (tag: string, sb: TestSandbox = ctx.sb) =>
  (await sb.records('asset')).filter(
    (a) => String(a.name).endsWith(` ${tag}`) || String(a.name).includes(` ${tag} `),
  );

/** Each test its own state folder (the memory) and cache folder (the pace memory). */
const folders = () => ({ XDG_STATE_HOME: tempDir('ab-state-'), XDG_CACHE_HOME: tempDir('ab-cache-') });

/**
 * The first import of a test, through the library in-process: its memory is in the test
 * file's state folder (XDG_STATE_HOME, test/file-state.ts), which the CLI runs after it
 * share (they are given a cache folder of their own only). The tests' tags keep their rows apart.
 */
async function importFirst(file: string, report: string, sb: TestSandbox = ctx.sb): Promise<void> {
  const res = await runLibrary(sb, { file, resource: 'asset', reportPath: report });
  expect(res.code, res.stderr).toBe(0);
}
const sharedState = () => ({ XDG_CACHE_HOME: tempDir('ab-cache-') });

const importArgs = (file: string, report: string, extra: string[] = [], sb: TestSandbox = ctx.sb) => [
  'import',
  file,
  '-r',
  'asset',
  '--report',
  report,
  ...extra,
  ...sb.args,
];

const statuses = (rows: ReportRow[]) => rows.map((r) => r['#status']);

// The sandbox started afresh on the same port runs alone (another test's connection could
// take that port while it is free); the other tests run side by side, each with its own tag
// and cache folder: they mostly wait on the sandbox's latency.
describe('a record the memory knows that the service no longer has', () => {
  it('a keyed row is created again when its key is not in the service (a sandbox started afresh on the same address), its cells edited', async () => {
    const tag = 'MemFresh';
    const dir = tempDir();
    const env = sharedState();
    const { file } = sheet(tag, dir);
    const before = await testSandbox({ latencyMs: 5 });
    const port = Number(new URL(before.sb.url).port);
    await importFirst(file, join(dir, 'a.csv'), before);
    await before.close();
    // A note column added: the rows send what they sent, from other cells. Rows whose cells are
    // unchanged are done, as a journal's are (memory-cells.test.ts): nothing is asked of the service.
    const edited = join(dir, 'edited.csv');
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    writeFileSync(edited, lines.map((l, i) => `${l},${i === 0 ? 'Note' : 'checked'}`).join('\n') + '\n');
    const fresh = await testSandbox({ port });
    try {
      const again = await runCli(importArgs(edited, join(dir, 'b.csv'), [], fresh), { env });
      const report = readReport(join(dir, 'b.csv'));
      // The serial numbers are not in the new service: created; the keyless rows have no key to look for (docs/resume.md).
      expect(statuses(report).slice(0, 4), again.stderr).toEqual(Array(4).fill('created'));
      expect((await recordsOf(tag, fresh)).filter((a) => a.serial_number)).toHaveLength(4);
    } finally {
      await fresh.close();
    }
  });
});

describe.concurrent('the same rows a second time, one after the other', () => {
  it.each([
    ['from another report path', (file: string) => file],
    [
      'from a copied file',
      (file: string, dir: string) => {
        const copy = join(dir, 'copy of it.csv');
        copyFileSync(file, copy);
        return copy;
      },
    ],
  ] as const)('%s: every row skipped, naming the earlier import; 0 duplicates', async (name, second) => {
    const tag = name.includes('copied') ? 'MemCopy' : 'MemReport';
    const dir = tempDir();
    const env = sharedState();
    const { file, rows } = sheet(tag, dir);
    await importFirst(file, join(dir, 'first.csv'));
    expect(statuses(readReport(join(dir, 'first.csv')))).toEqual(Array(rows).fill('created'));
    const ids = readReport(join(dir, 'first.csv')).map((r) => r['#id']);

    const again = await runCli(importArgs(second(file, dir), join(dir, 'second.csv')), { env });
    expect(again.code, again.stderr).toBe(0);
    const report = readReport(join(dir, 'second.csv'));
    expect(statuses(report)).toEqual(Array(rows).fill('skipped'));
    // Each row names the record the first import made for it (the two identical chairs one each).
    expect(report.map((r) => r['#id'])).toEqual(ids);
    for (const r of report)
      expect(r['#message']).toMatch(
        new RegExp(
          `^already created by an earlier import of ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} on \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC \\(id ${r['#id']}\\)`,
        ),
      );
    expect(await recordsOf(tag)).toHaveLength(rows);
  });

  it('--allow-duplicates sends the keyless rows again (the memory is what stopped them; the serial numbers are found in the service)', async () => {
    const tag = 'MemAllow';
    const dir = tempDir();
    const env = sharedState();
    const { file, rows } = sheet(tag, dir);
    await importFirst(file, join(dir, 'a.csv'));
    const again = await runCli(importArgs(file, join(dir, 'b.csv'), ['--allow-duplicates']), { env });
    expect(again.code, again.stderr).toBe(0);
    const report = readReport(join(dir, 'b.csv'));
    expect(statuses(report)).toEqual([...Array(4).fill('skipped'), 'created', 'created', 'created']);
    expect(report[0]['#message']).toMatch(/^already in the service/);
    expect(await recordsOf(tag)).toHaveLength(rows + 3);
  });
});

describe.concurrent('the same rows at the same moment', () => {
  it.each([
    ['two report paths', false],
    ['a file and its copy', true],
  ] as const)(
    '%s: one run writes each row, the other skips it; 0 duplicates',
    async (name, copied) => {
      const tag = copied ? 'MemNowCopy' : 'MemNowReport';
      const dir = tempDir();
      const env = folders();
      // Enough rows that the two runs overlap, keyed and keyless alike.
      const lines = [
        'Name,Serial Number,Category,Sub Cat,Country',
        ...Array.from({ length: 30 }, (_, i) =>
          i % 3 === 0
            ? `Stool ${tag} ${i},,Hardware,Desktop,USA`
            : `Desk ${tag} ${i},${tag}-${i},Hardware,Desktop,USA`,
        ),
      ];
      const file = join(dir, 'now.csv');
      writeFileSync(file, lines.join('\n') + '\n');
      const other = copied ? join(dir, 'now copy.csv') : file;
      if (copied) copyFileSync(file, other);
      const run = (input: string, report: string) =>
        new Promise<number | null>((resolve) =>
          spawnCli(importArgs(input, report, ['--concurrency', '2']), { env }).on('exit', resolve),
        );
      const codes = await Promise.all([run(file, join(dir, 'one.csv')), run(other, join(dir, 'two.csv'))]);
      expect(codes).toEqual([0, 0]);
      const one = readReport(join(dir, 'one.csv'));
      const two = readReport(join(dir, 'two.csv'));
      // Every row: created by one run, skipped by the other with the same id.
      for (let i = 0; i < one.length; i++) {
        expect([one[i]['#status'], two[i]['#status']].sort()).toEqual(['created', 'skipped']);
        expect(one[i]['#id']).toBe(two[i]['#id']);
      }
      expect(await recordsOf(tag)).toHaveLength(30);
    },
    60_000,
  );
});

describe('a file and a copy with its columns moved, at the same moment', () => {
  it("each row without a key is created once: the second run waits for the first's claim on its values", async () => {
    // Each write takes 100 ms, so each run reaches rows whose POST the other has in flight.
    const sb = await testSandbox({ latencyMs: 100 });
    try {
      const tag = 'MemNowMoved';
      const dir = tempDir();
      const env = folders();
      const rows = Array.from({ length: 12 }, (_, i) => [`Stool ${tag} ${i}`, 'Hardware', 'Desktop', 'USA']);
      const file = join(dir, 'now.csv');
      const moved = join(dir, 'now moved.csv');
      const csv = (order: number[]) =>
        [['Name', 'Category', 'Sub Cat', 'Country'], ...rows]
          .map((r) => order.map((i) => r[i]).join(','))
          .join('\n');
      writeFileSync(file, csv([0, 1, 2, 3]) + '\n');
      writeFileSync(moved, csv([3, 2, 1, 0]) + '\n');
      const run = (input: string, report: string) =>
        new Promise<number | null>((resolve) =>
          spawnCli(importArgs(input, report, ['--concurrency', '4'], sb), { env }).on('exit', resolve),
        );
      const codes = await Promise.all([run(file, join(dir, 'one.csv')), run(moved, join(dir, 'two.csv'))]);
      expect(codes).toEqual([0, 0]);
      const one = readReport(join(dir, 'one.csv'));
      const two = readReport(join(dir, 'two.csv'));
      // Every row: created by one run, skipped by the other with the same id.
      for (let i = 0; i < one.length; i++) {
        expect([one[i]['#status'], two[i]['#status']].sort(), `row ${one[i]['#row']}`).toEqual([
          'created',
          'skipped',
        ]);
        expect(one[i]['#id']).toBe(two[i]['#id']);
      }
      expect(await recordsOf(tag, sb)).toHaveLength(12);
    } finally {
      await sb.close();
    }
  }, 60_000);
});

describe.concurrent('a journal deleted during a run', () => {
  it('stops the run (exit 3); the same command again creates only the rows not yet sent', async () => {
    const tag = 'MemGone';
    const dir = tempDir();
    const env = sharedState();
    const n = 40;
    const file = join(dir, 'gone.csv');
    writeFileSync(
      file,
      [
        'Name,Category,Sub Cat,Country',
        ...Array.from({ length: n }, (_, i) => `Shelf ${tag} ${i},Hardware,Desktop,USA`),
      ].join('\n') + '\n',
    );
    const report = join(dir, 'gone.report.csv');
    const journal = join(dir, 'gone.report.journal.ndjson');
    // A slow service (50 ms an answer), one row at a time: the journal can be deleted midway.
    const slow = await testSandbox({ latencyMs: 50 });
    try {
      const child = spawnCli(importArgs(file, report, ['--concurrency', '1'], slow), { env });
      let stderr = '';
      child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      const done = () => journalDone(journal);
      for (const until = Date.now() + 20_000; done() < 8 && Date.now() < until;)
        await new Promise((r) => setTimeout(r, 10));
      rmSync(journal);
      expect(await exited).toBe(3);
      expect(stderr).toMatch(
        /the journal .*gone\.report\.journal\.ndjson was deleted while this run wrote it/,
      );
      const first = readReport(report);
      const created = first.filter((r) => r['#status'] === 'created').length;
      expect(created).toBeGreaterThanOrEqual(8);
      expect(created).toBeLessThan(n);
      expect(await recordsOf(tag, slow)).toHaveLength(created);

      // The same command again, through the library in-process: its memory is the killed run's.
      const again = await runLibrary(slow, { file, resource: 'asset', reportPath: report });
      expect(again.code, again.stderr).toBe(0);
      const second = readReport(report);
      expect(second.filter((r) => r['#status'] === 'skipped').length).toBe(created);
      expect(second.filter((r) => r['#status'] === 'created').length).toBe(n - created);
      expect(await recordsOf(tag, slow)).toHaveLength(n);
    } finally {
      await slow.close();
    }
  }, 60_000);
});

/**
 * The CLI with a folder made read-only in a mount namespace of its own (root in a container
 * may do it); undefined where that cannot be done. Asynchronous: the sandbox answers from this process.
 */
async function readOnlyRun(
  folder: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string } | undefined> {
  const ro = `mount --bind "${folder}" "${folder}" && mount -o remount,bind,ro "${folder}"`;
  if (spawnSync('unshare', ['-m', 'sh', '-c', `${ro} && ! touch "${folder}/.probe"`]).status !== 0)
    return undefined;
  const quoted = [process.execPath, BIN, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  return new Promise((resolve) => {
    execFile(
      'unshare',
      ['-m', 'sh', '-c', `${ro} && exec ${quoted}`],
      { env: { ...process.env, ...env }, timeout: 60_000 },
      (err, _stdout, stderr) =>
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : null) : 0, stderr }),
    );
  });
}

describe.concurrent('a folder that cannot be written', () => {
  it('a report folder on a read-only file system: exit 2, naming the folder and --report as the way out, nothing sent', async (t) => {
    const dir = tempDir();
    const { file } = sheet('MemRO', dir);
    const out = join(dir, 'reports');
    rmSync(out, { recursive: true, force: true });
    const { mkdirSync } = await import('node:fs');
    mkdirSync(out);
    const r = await readOnlyRun(out, importArgs(file, join(out, 'r.csv')), folders());
    if (!r) return t.skip();
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`the folder ${out} is on a read-only file system`);
    expect(r.stderr).toMatch(/hint: Give --report a path in a folder you can write/);
    expect(r.stderr).not.toMatch(/This is a bug|EROFS: read-only file system, mkdir/);
    expect(await recordsOf('MemRO')).toHaveLength(0);
  });

  it('a state folder that is a file: exit 2, naming the memory and XDG_STATE_HOME, nothing sent', async () => {
    const dir = tempDir();
    const { file } = sheet('MemState', dir);
    const notAFolder = join(dir, 'state-is-a-file');
    writeFileSync(notAFolder, '');
    const r = await runCli(importArgs(file, join(dir, 'r.csv')), {
      env: { ...folders(), XDG_STATE_HOME: notAFolder },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `cannot write the memory of what was sent (ENOTDIR): ${join(notAFolder, 'assetbatch', 'memory')}`,
    );
    expect(r.stderr).toMatch(/set XDG_STATE_HOME to a folder that is/);
    expect(await recordsOf('MemState')).toHaveLength(0);
  });
});
