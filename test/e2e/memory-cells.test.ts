// The memory of what was sent knows each row it created by its cells as read (as the journal
// does): the same file under another name (a copy, the cutover export of the same data, a
// renamed file) costs requests only for the rows that changed. What a person sees: the
// requests, the summary, the plan's Lookups line, each row's status and message, the exit
// code; a dry run says what the run says. The figures before the memory kept cells are in the
// comments ("it was"). 30 assets, 12 of them chairs without a serial number. Every run is
// `cold` (no lists cached). The built CLI, over HTTP; the first import of a.csv, which only
// prepares each case, through the library in-process (test/e2e/library.ts).
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  memoryLock,
  readReport,
  runCli,
  tempDir,
  testSandbox,
  type ReportRow,
  type TestSandbox,
} from './cli.js';
import { runLibrary } from './library.js';

/** 30 assets; rows 0, 3, 6, 9, 10, 13 … (12) chairs without a serial number. `status`: row 0's usage status. */
const register = (opts: { status?: string; laptop1?: string; rows?: number } = {}) =>
  [
    'Name,Serial number,Category,Subcategory,Usage status,Original cost',
    ...Array.from({ length: opts.rows ?? 30 }, (_, i) => {
      const status = i === 0 ? (opts.status ?? 'In Use') : i === 1 ? (opts.laptop1 ?? 'In Use') : 'In Use';
      return /[0369]$/.test(String(i))
        ? `Chair ${i},,Hardware,Laptop,${status},900.00`
        : `Laptop ${i},RJ-${i},Hardware,Laptop,${status},900.00`;
    }),
  ].join('\n') + '\n';

const MEMORY =
  'an earlier import of another file or report created their records from the same cells (the memory of what was sent)';

/** A row's message when the memory knows it by its cells: where its record came from. */
const sameCells = (dir: string, id: string, dry = false) =>
  new RegExp(
    `^already created by an earlier import of ${join(dir, 'a.csv').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} on \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC \\(id ${id}\\) from the same cells; --allow-duplicates sends it again${dry ? '; would be skipped' : ''}$`,
  );

type Step = {
  run: (dir: string, sb: TestSandbox) => string[] | void | Promise<void>;
  requests?: number;
  summary?: string;
  lookups?: string;
  exit?: number;
  /** What the report says on each row: status and message (a pattern), by row index. */
  rows?: (dir: string, first: ReportRow[]) => [string, RegExp | string][];
};

const write = (text: string) => (dir: string) => writeFileSync(join(dir, 'b.csv'), text);
const importA = { run: () => ['import', 'a.csv', '-r', 'asset'] };
const importB =
  (...extra: string[]) =>
  () => ['import', 'b.csv', '-r', 'asset', ...extra];

/** Every row of the first import's, known by its cells: skipped, naming the record a.csv's run made. */
const allSame = (dir: string, first: ReportRow[]): [string, RegExp][] =>
  first.map((r) => ['skipped', sameCells(dir, r['#id'])]);
/** The same, as a dry run says it. */
const allSameDry = (dir: string, first: ReportRow[]): [string, RegExp][] =>
  first.map((r) => ['skipped', sameCells(dir, r['#id'], true)]);

/**
 * The memory of the sandbox's assets, in the test file's state folder (XDG_STATE_HOME,
 * test/file-state.ts), which the CLIs share with the in-process first import; each case's
 * sandbox has a port of its own, so a memory of its own.
 */
const memoryFile = (sb: TestSandbox) => memoryLock(sb, 'asset').replace(/\.lock$/, '');

/** The memory's lines as the version before wrote them: no cells. */
const memoryBefore = (_dir: string, sb: TestSandbox) => {
  const lines = readFileSync(memoryFile(sb), 'utf8').split('\n');
  writeFileSync(
    memoryFile(sb),
    lines.map((l) => l && JSON.stringify({ ...JSON.parse(l), cells: undefined })).join('\n'),
  );
};

/** The memory's lines of a kind (`t`). */
const memoryLines = (sb: TestSandbox, t: string) =>
  readFileSync(memoryFile(sb), 'utf8')
    .split('\n')
    .filter((l) => l && (JSON.parse(l) as { t?: string }).t === t);

/** a.csv's first import (its 30 creates), through the library in-process. */
async function importFirst(sb: TestSandbox, dir: string): Promise<void> {
  const file = join(dir, 'a.csv');
  const res = await runLibrary(sb, { file, resource: 'asset', reportPath: `${file}.report.csv` });
  expect(res.summary?.counts.created, res.stderr).toBe(30);
}

/** a.csv's journal as the version before wrote it: no cells. */
const journalBefore = (dir: string) => {
  const path = join(dir, 'a.csv.report.journal.ndjson');
  const lines = readFileSync(path, 'utf8').split('\n');
  writeFileSync(
    path,
    lines.map((l) => l && JSON.stringify({ ...JSON.parse(l), cells: undefined })).join('\n'),
  );
};

const copy = (to: string) => (dir: string) => copyFileSync(join(dir, 'a.csv'), join(dir, to));

/** Every row known by its body, as the memory the version before wrote says it: skipped, naming its record. */
const allByBody = (_dir: string, first: ReportRow[]): [string, RegExp][] =>
  first.map((r) => [
    'skipped',
    new RegExp(`^already created by an earlier import of .* \\(id ${r['#id']}\\); --allow`),
  ]);

// Every repeat below reads one record more than it used to: the newest record the memory holds,
// by id, to be sure the service still has what the rows are skipped as (repeat-service-reset.test.ts).
const cases: { name: string; steps: Step[] }[] = [
  {
    name: 'the same file under another name',
    steps: [
      { run: (dir) => copyFileSync(join(dir, 'a.csv'), join(dir, 'b.csv')) },
      // It was 4 (the asset list's 2 pages for the laptops, the category and usage status lists for the chairs).
      { run: importB('--dry-run'), requests: 1, rows: allSameDry },
      {
        run: importB(),
        requests: 1,
        summary: 'Done: 30 rows — 0 created, 0 updated, 30 skipped, 0 invalid, 0 failed.',
        lookups: `Lookups: not needed: category, usage status (${MEMORY}).`,
        rows: allSame,
      },
    ],
  },
  {
    name: "the renamed copy with a chair's usage status edited",
    steps: [
      { run: write(register({ status: 'In Stock' })) },
      // A dry run says what the run says, from the chair's 2 lists (it needs no newest id).
      {
        run: importB('--dry-run'),
        requests: 3,
        exit: 1,
        rows: (dir, first) => [
          [
            'skipped',
            /^not created: no serial number, and it resembles record \d+, created by an earlier import of /,
          ],
          ...allSameDry(dir, first).slice(1),
        ],
      },
      // It was 4 as well: the edited chair needs its lists (2) to be compared, and the list (2 pages) tells the newest id.
      {
        run: importB(),
        requests: 5,
        exit: 1,
        summary: 'Done: 30 rows — 0 created, 0 updated, 30 skipped, 0 invalid, 0 failed.',
        lookups: 'Lookups: category full list (1 req), usage status full list (1 req).',
        rows: (dir, first) => [
          [
            'skipped',
            /^not created: no serial number, and it resembles record \d+, created by an earlier import of /,
          ],
          ...allSame(dir, first).slice(1),
        ],
      },
    ],
  },
  {
    name: "the renamed copy with a laptop's usage status edited",
    steps: [
      { run: write(register({ laptop1: 'In Stock' })) },
      // It was 4: the list (2 pages), and now the usage status list alone (its category names what its record has).
      {
        run: importB(),
        requests: 4,
        summary: 'Done: 30 rows — 0 created, 0 updated, 30 skipped, 0 invalid, 0 failed.',
        lookups: `Lookups: usage status full list (1 req), not needed: category (${MEMORY} or each such cell names what its record has).`,
        rows: (dir, first) => [
          allSame(dir, first)[0],
          [
            'skipped',
            /^created by an earlier import of .* but the row has changed since; use `assetbatch update`/,
          ],
          ...allSame(dir, first).slice(2),
        ],
      },
    ],
  },
  {
    name: 'the renamed copy with a row added',
    steps: [
      { run: write(register({ rows: 31 })) },
      // It was 5 as well: the new chair's lists (2), the list for the newest id (2 pages), its POST.
      {
        run: importB(),
        requests: 6,
        summary: 'Done: 31 rows — 1 created, 0 updated, 30 skipped, 0 invalid, 0 failed.',
        rows: (dir, first) => [...allSame(dir, first), ['created', '']],
      },
    ],
  },
  {
    name: 'a record another client changed since',
    steps: [
      {
        run: async (dir, sb) => {
          copyFileSync(join(dir, 'a.csv'), join(dir, 'b.csv'));
          const id = readReport(join(dir, 'a.csv.report.csv'))[0]['#id'];
          const res = await fetch(`${sb.sb.url}/api/v2/asset/${id}/`, {
            method: 'PATCH',
            headers: { authorization: `Bearer ${sb.sb.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ name: 'Chair 0 (repainted)' }),
          });
          expect(res.status).toBe(200);
        },
      },
      // As the journal's rows are: done, nothing asked of the service (a.csv again says the same).
      { ...importA, requests: 1, summary: '0 created, 0 updated, 30 skipped' },
      { run: importB(), requests: 1, summary: '0 created, 0 updated, 30 skipped', rows: allSame },
    ],
  },
  {
    name: 'a memory written before cells were kept',
    steps: [
      { run: (dir) => copyFileSync(join(dir, 'a.csv'), join(dir, 'b.csv')) },
      { run: memoryBefore },
      // As before: the list for the laptops, the lists for the chairs; each row known by what it sends.
      {
        run: importB(),
        requests: 5,
        summary: 'Done: 30 rows — 0 created, 0 updated, 30 skipped, 0 invalid, 0 failed.',
        lookups: 'Lookups: category full list (1 req), usage status full list (1 req).',
        rows: allByBody,
      },
    ],
  },
  {
    // A rehearsal with the version before, the cutover (a renamed file) with this one.
    name: "the version before's memory: a renamed copy, then another",
    steps: [
      { run: copy('b.csv') },
      { run: memoryBefore },
      // The list and the chairs' lists, once: each row known by what it sends, its cells kept since.
      { run: importB(), requests: 5, summary: '0 created, 0 updated, 30 skipped', rows: allByBody },
      { run: copy('c.csv') },
      // It was 4, every time: the memory never learnt the rows' cells.
      {
        run: () => ['import', 'c.csv', '-r', 'asset'],
        requests: 1,
        summary: 'Done: 30 rows — 0 created, 0 updated, 30 skipped, 0 invalid, 0 failed.',
        lookups: `Lookups: not needed: category, usage status (${MEMORY}).`,
        rows: allSame,
      },
      // Nothing left to learn.
      { run: importB(), requests: 1, summary: '0 created, 0 updated, 30 skipped' },
      // b.csv's run wrote a line a row (and its repeat none); the 30 creates of a.csv's run are all the memory's.
      {
        run: (_dir, sb) => {
          expect([memoryLines(sb, 'cells').length, memoryLines(sb, 'sent').length]).toEqual([30, 30]);
        },
      },
    ],
  },
  {
    name: 'a rehearsal of the version before, imported again, then a renamed copy',
    steps: [
      { run: memoryBefore },
      { run: journalBefore },
      // The journal knows each row by its body (the lists, 2; no newest id: nothing to create).
      { ...importA, requests: 3, summary: '0 created, 0 updated, 30 skipped' },
      { run: copy('b.csv') },
      // It was 4: the memory learnt each row's cells as the journal did.
      { run: importB(), requests: 1, summary: '0 created, 0 updated, 30 skipped', rows: allSame },
    ],
  },
  {
    name: 'the renamed copy with --allow-duplicates',
    steps: [
      { run: (dir) => copyFileSync(join(dir, 'a.csv'), join(dir, 'b.csv')) },
      // The memory is not asked: the chairs are sent again, the laptops found in the service.
      { run: importB('--allow-duplicates'), summary: 'Done: 30 rows — 12 created, 0 updated, 18 skipped' },
    ],
  },
];

describe('the same file under another name costs requests only for what changed', () => {
  it.each(cases)('$name', async ({ steps }) => {
    const sb = await testSandbox({ latencyMs: 5 });
    const dir = tempDir();
    try {
      writeFileSync(join(dir, 'a.csv'), register());
      const opts = (i: number) => ({ cwd: dir, env: { XDG_CACHE_HOME: join(dir, `cold-${i}`) } });
      await importFirst(sb, dir);
      const made = readReport(join(dir, 'a.csv.report.csv'));
      for (const [i, step] of steps.entries()) {
        const args = await step.run(dir, sb);
        if (!args) continue;
        const res = await runCli([...args, ...sb.args], opts(i + 1));
        expect(res.code, res.stderr).toBe(step.exit ?? 0);
        if (step.requests !== undefined)
          expect(res.stdout.match(/^(\d+) requests?,/m)?.[1], args.join(' ')).toBe(String(step.requests));
        if (step.summary) expect(res.stdout).toContain(step.summary);
        if (step.lookups) expect(res.stderr).toContain(step.lookups);
        if (!step.rows) continue;
        const report = readReport(
          join(
            dir,
            `${args[1]}.${args[0] === 'validate' || args.includes('--dry-run') ? 'check' : 'report'}.csv`,
          ),
        );
        const want = step.rows(dir, made);
        expect(report.map((r) => r['#status'])).toEqual(want.map((w) => w[0]));
        report.forEach((r, n) => expect(r['#message'], `row ${r['#row']}`).toMatch(want[n][1]));
      }
    } finally {
      await sb.close();
    }
  });
});

describe('two renamed copies with the same new rows, at the same moment', () => {
  it('the rows known by their cells are skipped by both; each new row is created once', async () => {
    // Each request takes 50 ms, so the two runs' writes overlap.
    const sb = await testSandbox({ latencyMs: 50 });
    const dir = tempDir();
    try {
      writeFileSync(join(dir, 'a.csv'), register());
      const opts = (i: number) => ({ cwd: dir, env: { XDG_CACHE_HOME: join(dir, `cold-${i}`) } });
      await importFirst(sb, dir);
      // Rows 30 to 35: chairs 30 and 33 without a serial number, laptops with one.
      for (const f of ['b.csv', 'c.csv']) writeFileSync(join(dir, f), register({ rows: 36 }));
      const [b, c] = await Promise.all(
        ['b.csv', 'c.csv'].map((f, i) => runCli(['import', f, '-r', 'asset', ...sb.args], opts(i + 1))),
      );
      expect([b.code, c.code], b.stderr + c.stderr).toEqual([0, 0]);
      const one = readReport(join(dir, 'b.csv.report.csv'));
      const two = readReport(join(dir, 'c.csv.report.csv'));
      const first = readReport(join(dir, 'a.csv.report.csv'));
      for (const report of [one, two])
        expect(report.slice(0, 30).map((r) => [r['#status'], r['#id']])).toEqual(
          first.map((r) => ['skipped', r['#id']]),
        );
      // Each new row: created by one run, skipped by the other, naming the same record.
      for (let i = 30; i < 36; i++) {
        expect([one[i]['#status'], two[i]['#status']].sort(), `row ${one[i]['#row']}`).toEqual([
          'created',
          'skipped',
        ]);
        expect(one[i]['#id']).toBe(two[i]['#id']);
      }
      // The sandbox's own 5 assets apart: 36, none twice.
      const ours = (await sb.records('asset')).filter((a) => /^(Chair|Laptop) \d+$/.test(String(a.name)));
      expect(ours).toHaveLength(36);
    } finally {
      await sb.close();
    }
  }, 60_000);

  it("with the version before's memory: both learn the rows' cells, a third copy costs 1 (the newest record read)", async () => {
    const sb = await testSandbox({ latencyMs: 50 });
    const dir = tempDir();
    try {
      writeFileSync(join(dir, 'a.csv'), register());
      const opts = (i: number) => ({ cwd: dir, env: { XDG_CACHE_HOME: join(dir, `cold-${i}`) } });
      await importFirst(sb, dir);
      memoryBefore(dir, sb);
      for (const f of ['b.csv', 'c.csv', 'd.csv']) copy(f)(dir);
      const both = await Promise.all(
        ['b.csv', 'c.csv'].map((f, i) => runCli(['import', f, '-r', 'asset', ...sb.args], opts(i + 1))),
      );
      for (const res of both) expect(res.stdout).toContain('0 created, 0 updated, 30 skipped');
      const d = await runCli(['import', 'd.csv', '-r', 'asset', ...sb.args], opts(3));
      // The newest record the memory holds, read by id: the service still has what the rows are skipped as.
      expect(d.stdout.match(/^(\d+) requests?,/m)?.[1]).toBe('1');
      const first = readReport(join(dir, 'a.csv.report.csv'));
      expect(readReport(join(dir, 'd.csv.report.csv')).map((r) => [r['#status'], r['#id']])).toEqual(
        first.map((r) => ['skipped', r['#id']]),
      );
      // Each run's rows are a.csv's 30 creates, none counted again.
      expect(memoryLines(sb, 'sent')).toHaveLength(30);
    } finally {
      await sb.close();
    }
  }, 60_000);
});
