// A repeat of an import whose mapping file translates the register's own words (a value
// table: "In Betrieb" → "In Use") reads no list for the rows its journal did: the table's
// names are checked against a list only once some row asks for that list. A table that names
// what the service lacks still stops the run (exit 2) before anything is sent, when a row
// needs it. Every run is cold (no lists cached). The built CLI, over HTTP.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir, testSandbox } from './cli.js';

/** 10 laptops of a German register; `status`: row 0's Zustand. */
const register = (status = 'In Betrieb') =>
  [
    'Name,Seriennummer,Kategorie,Zustand',
    ...Array.from(
      { length: 10 },
      (_, i) => `Laptop ${i},VT-${i},Notebook,${i === 0 ? status : 'In Betrieb'}`,
    ),
  ].join('\n') + '\n';

const mapping = (stock = 'In Stock') => ({
  resource: 'asset',
  columns: {
    Name: 'name',
    Seriennummer: 'serial_number',
    Kategorie: 'category',
    Zustand: 'asset_usage_status',
  },
  values: {
    Kategorie: { Notebook: 'Hardware / Laptop' },
    Zustand: { 'In Betrieb': 'In Use', Lager: stock },
  },
});

type Step = {
  command?: 'import' | 'update';
  sheet?: string;
  map?: object;
  requests?: number;
  summary?: string;
  lookups?: string;
  error?: string;
  exit?: number;
};

const JOURNAL = "their rows are done by this import's journal, each with the cells it had then";
const DONE = 'Done: 10 rows — 0 created, 0 updated, 10 skipped, 0 invalid, 0 failed.';

const cases: { name: string; steps: Step[] }[] = [
  {
    name: 'the same file again',
    steps: [
      { sheet: register(), map: mapping(), requests: 1 + 2 + 10 }, // asset list, 2 lists, 10 POSTs
      // It was 2: the category and usage status lists, read to check the tables' names. Now the
      // newest record the journal holds, by id: the service still has what the rows are skipped as.
      { requests: 1, summary: DONE, lookups: `Lookups: not needed: category, usage status (${JOURNAL}).` },
    ],
  },
  {
    name: "one row's Zustand edited to a word the table translates",
    steps: [
      { sheet: register(), map: mapping(), requests: 13 },
      // The edited row asks its lists (the asset's record is there: skipped); the 9 others none;
      // and the newest record the journal holds, by id.
      {
        sheet: register('Lager'),
        requests: 2 + 1,
        summary: DONE,
        lookups: 'Lookups: category full list (1 req), usage status full list (1 req).',
      },
    ],
  },
  {
    name: 'a table naming a status the service lacks, for an edited row',
    steps: [
      { sheet: register(), map: mapping(), requests: 13 },
      // Refused before anything is sent, as on a first run, once the row asks for the list.
      {
        sheet: register('Lager'),
        map: mapping('In Stok'),
        exit: 2,
        error: `the value table of column "Zustand" maps a value to "In Stok": usage status 'In Stok' not found; did you mean 'In Stock'?`,
      },
    ],
  },
  {
    name: 'an update from the same register, its cells unchanged',
    steps: [
      { sheet: register(), map: mapping(), requests: 13 },
      // The asset list alone: each cell names what its record has, after the table (it was 3).
      {
        command: 'update',
        requests: 1,
        summary: 'Done: 10 rows — 0 created, 0 updated, 10 skipped (10 unchanged), 0 invalid, 0 failed.',
        lookups: 'not needed: category, usage status (each such cell names what its record already has).',
      },
    ],
  },
  {
    name: 'a table naming a status the service lacks, on a first run',
    steps: [
      {
        sheet: register(),
        map: mapping('In Stok'),
        exit: 2,
        requests: undefined,
        error: `the value table of column "Zustand" maps a value to "In Stok"`,
      },
    ],
  },
];

describe('a repeat import with value tables reads no list for the rows its journal did', () => {
  it.each(cases)('$name', async ({ steps }) => {
    const sb = await testSandbox();
    const dir = tempDir();
    const env = { XDG_STATE_HOME: join(dir, 'state') };
    try {
      for (const [i, step] of steps.entries()) {
        if (step.sheet) writeFileSync(join(dir, 'a.csv'), step.sheet);
        if (step.map) writeFileSync(join(dir, 'm.json'), JSON.stringify(step.map));
        const args = [step.command ?? 'import', 'a.csv', '-r', 'asset', '--mapping', 'm.json', ...sb.args];
        const res = await runCli(args, { cwd: dir, env: { ...env, XDG_CACHE_HOME: join(dir, `cold-${i}`) } });
        expect(res.code, res.stderr).toBe(step.exit ?? 0);
        if (step.requests !== undefined)
          expect(res.stdout.match(/^(\d+) requests?/m)?.[1]).toBe(String(step.requests));
        if (step.summary) expect(res.stdout).toContain(step.summary);
        if (step.lookups) expect(res.stderr).toContain(step.lookups);
        if (step.error) expect(res.stderr).toContain(`error: m.json: ${step.error}`);
      }
      // Nothing of a refused run was sent: the sandbox has only the first run's 10 laptops.
      const mine = (await sb.records('asset')).filter((a) => String(a.serial_number).startsWith('VT-'));
      expect(mine).toHaveLength(steps[0].exit ? 0 : 10);
    } finally {
      await sb.close();
    }
  });
});
