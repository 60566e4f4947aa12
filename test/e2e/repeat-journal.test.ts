// An import run again after its journal did its rows reads no lookup list for a row whose
// cells have not changed since (the journal keeps a fingerprint of each row's cells as read):
// what a person sees (the requests, the summary, the plan's Lookups line) for a run again, a
// cell edited, a run stopped with Ctrl-C and resumed, and the same file under another name.
// Every run is `cold` (no lists cached: another machine, the next day, --refresh-lookups).
// The built CLI, over HTTP; a first import that counts what case 1's counts through the CLI
// (33 requests) runs through the library in-process (`library`), which counts the same.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readReport, runCli, stoppedAt, tempDir, testSandbox } from './cli.js';
import { runLibrary } from './library.js';

/** 30 laptops, as a register a person imports; `status`: row 0's usage status. */
const register = (status = 'In Use') =>
  [
    'Name,Serial number,Category,Subcategory,Usage status,Original cost',
    ...Array.from(
      { length: 30 },
      (_, i) => `Laptop ${i},RJ-${i},Hardware,Laptop,${i === 0 ? status : 'In Use'},900.00`,
    ),
  ].join('\n') + '\n';

/** The register with chairs without a serial number: rows 0, 3, 6, 9, 10, 13 … (12 of 30). */
const chairs = () =>
  register()
    .replace(/,RJ-(\d*[0369]),/g, ',,')
    .replace(/Laptop (\d*[0369]),/g, 'Chair $1,');

const JOURNAL = "their rows are done by this import's journal, each with the cells it had then";
const EITHER =
  "their rows are done by this import's journal (their cells unchanged) or already in the service (each such cell naming what its record has)";
const MEMORY =
  'an earlier import of another file or report created their records from the same cells (the memory of what was sent)';

type Step = {
  run: (dir: string) => string[] | void;
  /** Stop the run with Ctrl-C once its journal has this many rows done. */
  stopAt?: number;
  requests?: number;
  summary?: string;
  lookups?: string;
  /** What the report says on every row. */
  note?: string;
  exit?: number;
  /** Through the library in-process (`import FILE -r asset` only): its exit code and requests are checked. */
  library?: true;
};

const write = (text: string) => (dir: string) => writeFileSync(join(dir, 'a.csv'), text);

/** The journal as the version before wrote it: no cells, no --on-existing. */
const asBefore = (dir: string) => {
  const path = join(dir, 'a.csv.report.journal.ndjson');
  const lines = readFileSync(path, 'utf8').split('\n');
  const old = lines.map(
    (l) => l && JSON.stringify({ ...JSON.parse(l), cells: undefined, onExisting: undefined }),
  );
  writeFileSync(path, old.join('\n'));
};
/** The journal's cells as the version before printed them (the cells' text hashed with how they are read): none matches. */
const printedBefore = (dir: string) => {
  const path = join(dir, 'a.csv.report.journal.ndjson');
  const lines = readFileSync(path, 'utf8').split('\n');
  const old = lines.map((l) => {
    const line = l ? (JSON.parse(l) as { cells?: string }) : undefined;
    return line?.cells ? JSON.stringify({ ...line, cells: [...line.cells].reverse().join('') }) : l;
  });
  writeFileSync(path, old.join('\n'));
};
const importA = { run: () => ['import', 'a.csv', '-r', 'asset'] };
/** a.csv's first import, in-process: list page, category and usage status lists, 30 POSTs. */
const firstA = { ...importA, requests: 33, library: true } as const;

// A repeat reads one record more (`+ 1`): the newest the journal and the memory hold, by id, to
// be sure the service still has what the rows are skipped as (repeat-service-reset.test.ts).
const cases: { name: string; steps: Step[] }[] = [
  {
    name: 'import, the same file again',
    steps: [
      { run: write(register()) },
      { ...importA, requests: 1 + 2 + 30 }, // list page, category and usage status lists, 30 POSTs
      // It was 2: the category and usage status lists, read for rows the journal had done.
      {
        ...importA,
        requests: 0 + 1,
        summary: 'Done: 30 rows — 0 created, 0 updated, 30 skipped, 0 invalid, 0 failed.',
        lookups: `Lookups: not needed: category, usage status (${JOURNAL}).`,
        note: 'already created by an earlier run of this import (journal)',
      },
    ],
  },
  {
    name: 'import with rows without a serial number, again',
    steps: [
      // Rows 0, 3, 6, 9, 10, 13 …: chairs with no serial number, which the memory knows by their values.
      {
        run: write(chairs()),
      },
      firstA,
      // It was 2 as well: the chairs are matched before the lists are read, as the laptops are.
      {
        ...importA,
        requests: 0 + 1,
        summary: 'Done: 30 rows — 0 created, 0 updated, 30 skipped, 0 invalid, 0 failed.',
        lookups: `Lookups: not needed: category, usage status (${JOURNAL}).`,
        note: 'already created by an earlier run of this import (journal)',
      },
    ],
  },
  {
    name: "import, one row's usage status edited, again",
    steps: [
      { run: write(register()) },
      firstA,
      { run: write(register('In Stock')) },
      // The edited row asks its lists, as before (2); the 29 others ask none.
      {
        ...importA,
        requests: 2 + 1,
        summary: 'Done: 30 rows — 0 created, 0 updated, 30 skipped, 0 invalid, 0 failed.',
        lookups: 'Lookups: category full list (1 req), usage status full list (1 req).',
      },
    ],
  },
  {
    name: 'import stopped with Ctrl-C, resumed, again',
    steps: [
      { run: write(register()) },
      { run: () => ['import', 'a.csv', '-r', 'asset', '--concurrency', '1'], stopAt: 10, exit: 3 },
      // The rows left need their lists and the existing-record check, as before.
      { ...importA, summary: ' skipped, 0 invalid, 0 failed.' },
      {
        ...importA,
        requests: 0 + 1,
        summary: 'Done: 30 rows — 0 created, 0 updated, 30 skipped, 0 invalid, 0 failed.',
        lookups: `Lookups: not needed: category, usage status (${JOURNAL}).`,
      },
    ],
  },
  {
    name: 'import, then again with a row the service has from elsewhere',
    steps: [
      { run: write(register()) },
      firstA,
      {
        run: (dir) =>
          writeFileSync(join(dir, 'a.csv'), register() + 'One,SN-EXIST-0001,,,,\nTwo,SN-EXIST-0002,,,,\n'),
      },
      // The asset list (2 pages) for the two rows the journal does not know; no lookup list
      // (2 before too, the journal's rows compared with their listed records: the plan says both).
      {
        ...importA,
        requests: 2 + 1,
        summary: 'Done: 32 rows — 0 created, 0 updated, 32 skipped, 0 invalid, 0 failed.',
        lookups: `Lookups: not needed: category, usage status (${EITHER}).`,
      },
    ],
  },
  {
    name: 'a journal written before cells were kept',
    steps: [
      { run: write(register()) },
      firstA,
      { run: asBefore },
      // As before: the lists the rows' names need; the journal knows each row by the body it sent.
      {
        ...importA,
        requests: 2 + 1,
        summary: 'Done: 30 rows — 0 created, 0 updated, 30 skipped, 0 invalid, 0 failed.',
        lookups: 'Lookups: category full list (1 req), usage status full list (1 req).',
      },
      // That run said each row's outcome again with its cells: the next one reads no list.
      { ...importA, requests: 0 + 1, lookups: `Lookups: not needed: category, usage status (${JOURNAL}).` },
    ],
  },
  {
    name: 'a journal whose cells the version before printed',
    steps: [
      { run: write(register()) },
      firstA,
      { run: printedBefore },
      // As a journal without cells: the lists the rows' names need, each row known by its body.
      {
        ...importA,
        requests: 2 + 1,
        summary: 'Done: 30 rows — 0 created, 0 updated, 30 skipped, 0 invalid, 0 failed.',
        lookups: 'Lookups: category full list (1 req), usage status full list (1 req).',
      },
      // That run said each row's outcome again with its cells as printed now: the next one reads no list.
      { ...importA, requests: 0 + 1, lookups: `Lookups: not needed: category, usage status (${JOURNAL}).` },
    ],
  },
  {
    name: 'the same file under another name',
    steps: [
      { run: write(register()) },
      firstA,
      { run: (dir) => copyFileSync(join(dir, 'a.csv'), join(dir, 'b.csv')) },
      // Another journal, but the memory knows each row by its cells: no list (it was 2, the asset list's pages).
      {
        run: () => ['import', 'b.csv', '-r', 'asset'],
        requests: 0 + 1,
        summary: 'Done: 30 rows — 0 created, 0 updated, 30 skipped, 0 invalid, 0 failed.',
        lookups: `Lookups: not needed: category, usage status (${MEMORY}).`,
      },
    ],
  },
  {
    name: 'rows without a serial number, the same file under another name',
    steps: [
      { run: write(chairs()) },
      firstA,
      { run: (dir) => copyFileSync(join(dir, 'a.csv'), join(dir, 'b.csv')) },
      // Another journal, and the memory knows the rows by their cells, keyless or not. It was 4:
      // the asset list (2 pages) for the laptops, the category and usage status lists for the chairs.
      {
        run: () => ['import', 'b.csv', '-r', 'asset'],
        requests: 0 + 1,
        summary: 'Done: 30 rows — 0 created, 0 updated, 30 skipped, 0 invalid, 0 failed.',
        lookups: `Lookups: not needed: category, usage status (${MEMORY}).`,
      },
    ],
  },
];

describe('a repeat import reads no list for the rows its journal did', () => {
  it.each(cases)('$name', async ({ steps }) => {
    // Each request takes 20 ms: a run can be stopped part-way.
    const sb = await testSandbox({ latencyMs: 20 });
    const dir = tempDir();
    try {
      for (const [i, step] of steps.entries()) {
        const args = step.run(dir);
        if (!args) continue;
        if (step.library) {
          // The memory it writes is in the test file's state folder (test/file-state.ts), which
          // the CLIs share: each case's sandbox has its own port, so a memory of its own.
          const file = join(dir, args[1]);
          const res = await runLibrary(sb, { file, resource: 'asset', reportPath: `${file}.report.csv` });
          expect(res.code, res.stderr).toBe(step.exit ?? 0);
          expect(res.summary?.requests, args.join(' ')).toBe(step.requests);
          continue;
        }
        const opts = { cwd: dir, env: { XDG_CACHE_HOME: join(dir, `cold-${i}`) } };
        const all = [...args, ...sb.args];
        const journal = join(dir, `${args[1]}.report.journal.ndjson`);
        const res = step.stopAt ? await stoppedAt(all, opts, journal, step.stopAt) : await runCli(all, opts);
        expect(res.code, res.stderr).toBe(step.exit ?? 0);
        if (step.requests !== undefined)
          expect(res.stdout.match(/^(\d+) requests?,/m)?.[1], args.join(' ')).toBe(String(step.requests));
        if (step.summary) expect(res.stdout).toContain(step.summary);
        if (step.lookups) expect(res.stderr).toContain(step.lookups);
        if (step.note) {
          const report = readReport(join(dir, `${args[1]}.report.csv`));
          expect(report.map((r) => [r['#status'], r['#message']])).toEqual(
            report.map(() => ['skipped', step.note]),
          );
        }
      }
    } finally {
      await sb.close();
    }
  });
});
