// A dry run says, row by row, what the run then does: the same status (`valid` where the run
// creates or updates), the same message (with "; would be skipped" where the run's words say
// what was done) and the same exit code. Each case imports a sheet (or has a colleague's
// script make the record), edits it, then runs the same command as a dry run and as a run:
// the same file (its journal answers), a renamed copy (the memory of what was sent answers),
// rows with and without a key, invalid rows, repeated keys, --on-existing error and another
// company's row. The built CLI, over HTTP, against a sandbox that outlives the runs.
import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { madeByApi, memoryLock, readReport, runCli, tempDir, useSandbox, type ReportRow } from './cli.js';

const env = useSandbox({ rateLimit: 0 });

const HEADER = 'Name,Serial number,Location,Category';

type Case = {
  name: string;
  /** The sheet the first import reads (none: the record is made by a script, `byApi`). */
  first?: (tag: string) => string[];
  byApi?: (tag: string) => Record<string, unknown>;
  /** The memory of what was sent as another run left it. */
  memory?: (tag: string) => Record<string, unknown>;
  /** The sheet the dry run and the run read: `copy` under another name, else the first one edited. */
  second: (tag: string) => string[];
  copy?: boolean;
  args?: string[];
  /** The sheets' header, when not HEADER. */
  header?: string;
  /** What the run's report says on each row: status and message. */
  run: [string, RegExp | string][];
  exit: number;
  /** The first import's exit code (0 unless said). */
  firstExit?: number;
};

const CHANGED =
  /^created by an earlier (run|import of \S+ on \d{4}-\d\d-\d\d \d\d:\d\d UTC) \(id \d+\) but the row has changed since; use `assetbatch update` to change the record$/;

const cases: Case[] = [
  {
    name: 'the same file, a keyed row edited (the journal)',
    first: (t) => [`Laptop A,${t}-1,Office 1,Hardware`, `Laptop B,${t}-2,Office 2,Hardware`],
    second: (t) => [`Laptop A,${t}-1,Office 9,Hardware`, `Laptop B,${t}-2,Office 2,Hardware`],
    run: [
      ['skipped', CHANGED],
      ['skipped', 'already created by an earlier run of this import (journal)'],
    ],
    exit: 0,
  },
  {
    name: 'a renamed copy, a keyed row edited (the memory)',
    first: (t) => [`Laptop A,${t}-1,Office 1,Hardware`, `Laptop B,${t}-2,Office 2,Hardware`],
    second: (t) => [`Laptop A,${t}-1,Office 9,Hardware`, `Laptop B,${t}-2,Office 2,Hardware`],
    copy: true,
    run: [
      ['skipped', CHANGED],
      [
        'skipped',
        /^already created by an earlier import of \S+a\.csv on .* from the same cells; --allow-duplicates sends it again$/,
      ],
    ],
    exit: 0,
  },
  {
    name: 'a renamed copy, a row without a key edited: held back',
    first: (t) => [`Chair ${t},,Office 1,Hardware`],
    second: (t) => [`Chair ${t},,Office 9,Hardware`],
    copy: true,
    run: [
      [
        'skipped',
        /^not created: no serial number, and it resembles record \d+, created by an earlier import/,
      ],
    ],
    exit: 1,
  },
  {
    name: "a colleague's record, a new row, an invalid row, a repeated key",
    byApi: (t) => ({ name: 'Laptop X', serial_number: `${t}-X` }),
    second: (t) => [
      `Laptop X,${t}-X,Office 9,Hardware`,
      `Laptop N,${t}-N,Office 1,Hardware`,
      `Laptop Q,${t}-Q,Office 1,Nonsense`,
      `Laptop N,${t}-N,Office 1,Hardware`,
      `Laptop M,${t}-N,Office 5,Hardware`,
    ],
    run: [
      ['skipped', new RegExp(`^already in the service \\(id \\d+, serial_number=\\w+-X\\)$`)],
      ['created', ''],
      ['invalid', `column "Category" → category.id: category 'Nonsense' not found`],
      ['skipped', /^duplicate of row 3 \(same serial number "\w+-N"\)$/],
      ['skipped', /^not sent: same serial number "\w+-N" as row 3, but /],
    ],
    exit: 1,
  },
  {
    name: "--on-existing error: a colleague's record refused",
    byApi: (t) => ({ name: 'Laptop X', serial_number: `${t}-X` }),
    second: (t) => [`Laptop X,${t}-X,Office 9,Hardware`],
    args: ['--on-existing', 'error'],
    run: [['failed', /^serial_number: already in the service \(id \d+, serial_number=\w+-X\)$/]],
    exit: 1,
  },
  {
    name: "a register of two companies: the other company's row left for its run",
    header: 'Name,Serial number,Company',
    first: (t) => [`Laptop A,${t}-1,Acme Corporation`, `Laptop B,${t}-2,Acme Europe GmbH`],
    second: (t) => [`Laptop A,${t}-1,Acme Corporation`, `Laptop B,${t}-2,Acme Europe GmbH`],
    firstExit: 1,
    run: [
      ['skipped', 'already created by an earlier run of this import (journal)'],
      ['skipped', "company 'Acme Europe GmbH' (id 2): run again with --company 2"],
    ],
    exit: 1,
  },
  {
    name: 'a row another run sent and stopped before it learnt the outcome: failed, not sent',
    // That run's claim on the row, left open on another machine sharing the state folder.
    memory: (t) => ({
      t: 'claim',
      claim: `${t}.0`,
      run: t,
      key: `serial_number=${t}-1`,
      fp: 'f',
      file: '/old.csv',
      report: '/old.csv.report.csv',
      pid: 2 ** 22 + 12345,
      host: 'elsewhere',
      at: '2026-01-02T03:04:05.000Z',
    }),
    second: (t) => [`Laptop A,${t}-1,Office 1,Hardware`],
    run: [
      [
        'failed',
        'serial_number: an import of /old.csv (report /old.csv.report.csv) sent this row on 2026-01-02 03:04 UTC and stopped before it learnt whether the record was made; run that import again to resume it (it looks for the record before sending again), or pass --allow-duplicates to send this row anyway',
      ],
    ],
    exit: 1,
  },
];

/** The summary's warnings, as stderr has them. */
const warnings = (stderr: string): string[] => stderr.split('\n').filter((l) => l.startsWith('warning: '));

/** Each row's status and message; a dry run's as the run would say them (`valid` is created, "; would be skipped" dropped). */
const said = (rows: ReportRow[], dry: boolean): [string, string][] =>
  rows.map((r) => [
    dry && r['#status'] === 'valid' ? 'created' : r['#status'],
    dry ? r['#message'].replace(/; would be skipped$/, '') : r['#message'],
  ]);

describe('a dry run says what the run does, row by row, with its exit code', () => {
  it.each(cases.map((c, n) => ({ ...c, n })))('$name', async (c) => {
    const dir = tempDir();
    const tag = `DAR${c.n}`;
    const sheet = (rows: string[]) => [c.header ?? HEADER, ...rows].join('\n') + '\n';
    const cli = (file: string, ...extra: string[]) =>
      runCli(['import', file, '-r', 'asset', ...(c.args ?? []), ...extra, ...env.sb.args], { cwd: dir });
    if (c.first) {
      writeFileSync(join(dir, 'a.csv'), sheet(c.first(tag)));
      const first = await cli('a.csv');
      expect(first.code, first.stderr).toBe(c.firstExit ?? 0);
    }
    if (c.byApi) await madeByApi(env.sb, c.byApi(tag));
    if (c.memory)
      appendFileSync(
        memoryLock(env.sb, 'asset').replace(/\.lock$/, ''),
        JSON.stringify(c.memory(tag)) + '\n',
      );
    const file = c.copy ? 'b.csv' : 'a.csv';
    writeFileSync(join(dir, file), sheet(c.second(tag)));
    // Both runs read the journal beside the run's default report; the dry run writes its own.
    const dry = await cli(file, '--dry-run');
    const dryRows = readReport(join(dir, `${file}.check.csv`));
    const run = await cli(file);
    const runRows = readReport(join(dir, `${file}.report.csv`));
    expect(said(runRows, false)).toEqual(
      c.run.map(([status, message]) => [
        status,
        typeof message === 'string' ? message : expect.stringMatching(message),
      ]),
    );
    expect(said(dryRows, true)).toEqual(said(runRows, false));
    expect(warnings(dry.stderr)).toEqual(warnings(run.stderr));
    expect(dry.code, dry.stderr).toBe(c.exit);
    expect(run.code, run.stderr).toBe(c.exit);
  });
});
