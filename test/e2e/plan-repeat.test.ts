// The plan of a repeat import counts the rows it will not write, by what tells it before the
// run (the journal, the records listed for the existing-record check, the memory of what was
// sent), and its writes and ETA are for the rest; the summary then says the same. Each
// sequence starts on a sandbox and state folders of its own. The built CLI, over HTTP.
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir, testSandbox, type TestSandbox } from './cli.js';

const HEADER = 'Name,Serial number,Category,Subcategory,Usage status,Original cost,Location';

/** `rows` rows, every third a chair without a serial number; `cutover`: chairs 0, 3 and 6 moved, reordered. */
const withChairs = (rows: number, cutover = false) => {
  const lines = Array.from({ length: rows }, (_, i) =>
    i % 3 === 0
      ? `Chair ${i},,Hardware,Laptop,In Use,90.00,${cutover && i < 9 ? 'Floor 2' : 'Floor 1'}`
      : `Laptop ${i},PR-${i},Hardware,Laptop,In Use,900.00,Floor 1`,
  );
  return [HEADER, ...(cutover ? lines.reverse() : lines)].join('\n') + '\n';
};

/** `rows` laptops, each with a serial number; `from`: the first one's number. */
const laptops = (rows: number, from = 0) =>
  [
    HEADER,
    ...Array.from(
      { length: rows },
      (_, i) => `Laptop ${from + i},PR-${from + i},Hardware,Laptop,In Use,900.00,`,
    ),
  ].join('\n') + '\n';

type Step = {
  run: (dir: string) => string[] | void;
  plan?: string;
  summary?: string;
  exit?: number;
  /** Laptops created by another client of the account (not this user's runs), before the step. */
  seed?: number;
  /** Part of the --json summary: its plan's `unwritten` and `writes`, its counts. */
  json?: Record<string, unknown>;
};

const importOf = (file: string, ...more: string[]) => ['import', file, '-r', 'asset', ...more];
const write = (name: string, text: string) => (dir: string) => writeFileSync(join(dir, name), text);
const copy = (from: string, to: string) => (dir: string) => copyFileSync(join(dir, from), join(dir, to));
const PACE = 'at 100 requests/minute well under a minute.';

const cases: { name: string; steps: Step[] }[] = [
  {
    // The sandbox's 5 assets and the 30 imported: every row's serial number is listed.
    name: 'import, then import the export of it',
    steps: [
      { run: write('a.csv', laptops(30)) },
      {
        run: () => importOf('a.csv'),
        plan: `Plan: up to 30 writes + existing-record check by full list (1 page, read); ${PACE}`,
      },
      { run: () => ['export', 'asset', '-o', 'export.csv'] },
      {
        run: () => importOf('export.csv'),
        plan: `Plan: 35 rows: 35 already in the service (serial number), up to 0 writes + existing-record check by full list (2 pages, read); ${PACE}`,
        summary: 'Done: 35 rows — 0 created, 0 updated, 35 skipped, 0 invalid, 0 failed.',
      },
    ],
  },
  {
    name: 'import, then a longer sheet: only the new rows are writes',
    steps: [
      { run: write('a.csv', laptops(30)) },
      { run: () => importOf('a.csv') },
      { run: write('more.csv', laptops(35)) },
      {
        run: () => importOf('more.csv', '--json'),
        json: {
          // The 30 rows of a.csv, their cells unchanged, are known to the memory: no list for them.
          plan: { writes: 5, unwritten: { journal: 0, memory: 30, listed: 0, made: 0, held: 0 } },
          counts: { created: 5, skipped: 30 },
        },
      },
    ],
  },
  {
    // 155 writes would be 1m30s and more at 100 a minute; the 5 new rows are well under one.
    name: '150 assets made elsewhere, then a sheet of them and 5 more: the ETA is for the 5',
    steps: [
      { run: write('more.csv', laptops(155)), seed: 150 },
      {
        run: () => importOf('more.csv'),
        plan: `Plan: 155 rows: 150 already in the service (serial number), up to 5 writes + existing-record check by full list (7 pages, read); ${PACE}`,
        summary: 'Done: 155 rows — 5 created, 0 updated, 150 skipped, 0 invalid, 0 failed.',
      },
    ],
  },
  {
    name: 'rehearsal, then the cutover with 3 keyless rows moved',
    steps: [
      { run: write('rehearsal.csv', withChairs(30)) },
      { run: () => importOf('rehearsal.csv') },
      { run: write('cutover.csv', withChairs(30, true)) },
      {
        run: () => importOf('cutover.csv'),
        plan:
          // The 27 rows whose cells are the rehearsal's need no list; the 3 moved ones, keyless, no call.
          'Plan: 30 rows: 27 made from the same cells by an earlier import (the memory of what was sent), ' +
          '3 held back as like records an earlier run created (--create-resembling creates them), up to 0 writes + ' +
          "1 read of the list's newest id (to find any write whose answer is lost); " +
          PACE,
        summary: 'Done: 30 rows — 0 created, 0 updated, 30 skipped, 0 invalid, 0 failed.',
        exit: 1,
      },
      // Asked to create them: the 3 are writes.
      {
        run: () => importOf('cutover.csv', '--create-resembling', '--report', 'again.csv'),
        plan:
          'Plan: 30 rows: 27 made from the same cells by an earlier import (the memory of what was sent), up to 3 writes + ' +
          `1 read of the list's newest id (to find any write whose answer is lost); ${PACE}`,
        summary: 'Done: 30 rows — 3 created, 0 updated, 27 skipped, 0 invalid, 0 failed.',
      },
    ],
  },
  {
    // The journal did 30 rows; of this sheet's 31, 27 are as it did them.
    name: 'the same file again, 3 keyless rows edited and a new row at the top',
    steps: [
      { run: write('register.csv', withChairs(30)) },
      { run: () => importOf('register.csv') },
      {
        run: write(
          'register.csv',
          withChairs(30, true).replace(
            `${HEADER}\n`,
            `${HEADER}\nLaptop new,PR-NEW,Hardware,Laptop,In Use,900.00,\n`,
          ),
        ),
      },
      {
        run: () => importOf('register.csv'),
        plan:
          'Plan: 31 rows: 27 done by an earlier run of this import (the journal), ' +
          '3 held back as like records an earlier run created (--create-resembling creates them), up to 1 write + ' +
          `existing-record check by full list (2 pages, read); ${PACE}`,
        summary: 'Done: 31 rows — 1 created, 0 updated, 30 skipped, 0 invalid, 0 failed.',
        exit: 1,
      },
    ],
  },
  {
    name: 'a finished import run again',
    steps: [
      { run: write('rehearsal.csv', withChairs(30)) },
      { run: () => importOf('rehearsal.csv') },
      {
        run: () => importOf('rehearsal.csv'),
        plan: `Plan: 30 rows: 30 done by an earlier run of this import (the journal), up to 0 writes; ${PACE}`,
        summary: 'Done: 30 rows — 0 created, 0 updated, 30 skipped, 0 invalid, 0 failed.',
      },
      {
        run: () => importOf('rehearsal.csv', '--json'),
        json: {
          plan: { writes: 0, unwritten: { journal: 30, listed: 0, made: 0, held: 0 } },
          counts: { created: 0, skipped: 30 },
        },
      },
    ],
  },
  {
    name: 'the same file under another name',
    steps: [
      { run: write('rehearsal.csv', withChairs(30)) },
      { run: () => importOf('rehearsal.csv') },
      { run: copy('rehearsal.csv', 'copy.csv') },
      {
        run: () => importOf('copy.csv'),
        plan: `Plan: 30 rows: 30 made from the same cells by an earlier import (the memory of what was sent), up to 0 writes; ${PACE}`,
        summary: 'Done: 30 rows — 0 created, 0 updated, 30 skipped, 0 invalid, 0 failed.',
      },
    ],
  },
];

/** Laptops as `laptops` has them, created over the API as another client of the account would. */
async function seedLaptops(sb: TestSandbox, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const res = await fetch(`${sb.sb.url}/api/v2/asset`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sb.sb.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ company: 1, name: `Laptop ${i}`, serial_number: `PR-${i}` }),
    });
    expect(res.status).toBe(201);
  }
}

describe('the plan of a repeat import counts the rows it will not write', () => {
  it.each(cases)('$name', async ({ steps }) => {
    const sb = await testSandbox();
    const dir = tempDir();
    const env = { XDG_STATE_HOME: join(dir, 'state'), XDG_CACHE_HOME: join(dir, 'cache') };
    try {
      for (const step of steps) {
        if (step.seed) await seedLaptops(sb, step.seed);
        const args = step.run(dir);
        if (!args) continue;
        // The service's pace, for the plan's ETA, where the step checks the plan; the sandbox
        // itself does not throttle, and the steps that only prepare are not paced.
        const pace = step.plan ? ['--rate-limit', '100'] : [];
        const res = await runCli([...args, ...sb.args, ...pace], { cwd: dir, env });
        expect(res.code, res.stderr).toBe(step.exit ?? 0);
        if (step.plan)
          expect(res.stderr.split('\n').filter((l) => l.startsWith('Plan:'))).toEqual([step.plan]);
        if (step.summary) expect(res.stdout).toContain(step.summary);
        if (step.json) expect(JSON.parse(res.stdout)).toMatchObject(step.json);
      }
    } finally {
      await sb.close();
    }
  });
});
