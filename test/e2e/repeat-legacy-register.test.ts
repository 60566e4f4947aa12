// A legacy register imported again after its journal did every row asks the service nothing,
// though its columns are named by synonyms ("Serial", "Status", "Supplier", "State",
// "AssetType", "Purchase Date") and mapped with the help of the lookup lists and the custom
// fields: the journal keeps what they told the mapping, and the mapping it made stands when
// every row is done. A row not done maps the sheet afresh with the lists, as before; when
// that reads the columns otherwise, the plan says so. What a person sees: the requests, the
// plan's lines, each row's outcome. Every run is `cold` (no lists cached: another machine,
// the next day, --refresh-lookups). The built CLI, over HTTP.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readReport, runCli, tempDir, testSandbox } from './cli.js';

const rows = (n: number, row: (i: number) => string) => Array.from({ length: n }, (_, i) => row(i));

/** 30 laptops as a Snipe-IT export has them; `status`: row 0's status. */
const snipeIt = (status = 'In Use') =>
  [
    'Asset Name,Asset Tag,Serial,Model,Category,Status,Manufacturer,Supplier,Purchase Date,Purchase Cost,Notes',
    ...rows(
      30,
      (i) =>
        `Laptop ${i},AT-${i},SN-${i},Latitude 7440,Hardware,${i === 0 ? status : 'In Use'},Dell,Dell Technologies,2023-04-0${1 + (i % 9)},1289.59,note ${i}`,
    ),
  ].join('\n') + '\n';

/** 30 laptops as Lansweeper exports them: columns no field takes (Domain, IPAddress) may be custom fields. */
const lansweeper = () =>
  [
    'AssetName,AssetType,Domain,IPAddress,Manufacturer,Model,Serialnumber,PurchaseDate,State,BarCode,Description',
    ...rows(
      30,
      (i) =>
        `LAP-${i},Hardware,ACME,10.1.4.${i},Dell Inc.,Latitude 7440,LS-${i},2023-04-0${1 + (i % 9)},In Use,BC-${i},Finance laptop`,
    ),
  ].join('\n') + '\n';

/** 30 laptops with the service's headers but one, "Purchase date" (a synonym: no list can move a date column). */
const purchased = () =>
  [
    'Name,Serial number,Category,Subcategory,Usage status,Original cost,Purchase date',
    ...rows(30, (i) => `Laptop ${i},RJ-${i},Hardware,Laptop,In Use,900.00,2024-03-1${i % 10}`),
  ].join('\n') + '\n';

/** 10 desks on "Floor 1" of the "Sales" or "Finance" department; `chairs`: 4 rows on top whose "Site" is a department. */
const desks = (chairs = false) =>
  [
    'Name,Serial number,Category,Site,Department',
    ...(chairs
      ? ['Engineering', 'Human Resources', 'Legal', 'Marketing'].map(
          (unit, i) => `Chair ${i},CH-${i},Hardware,${unit},DEP-0${i}`,
        )
      : []),
    ...rows(10, (i) => `Desk ${i},DK-${i},Hardware,Floor 1,${i % 2 ? 'Sales' : 'Finance'}`),
  ].join('\n') + '\n';

const JOURNAL = 'already created by an earlier run of this import (journal)';
const MAPPED =
  "Mapped as the last run of this import mapped the columns (its journal keeps what the service's lists and custom fields told it): every row is done by the journal, so none was read for the mapping.";

type Step = {
  /** The sheet written before the import. */
  sheet: string;
  /** More arguments of the import (`--dry-run`). */
  args?: string[];
  requests: number;
  summary?: string;
  /** Lines the plan shows (stderr), and lines it must not. */
  says?: string[];
  saysNot?: string[];
  /** What the report says on every row, or on the rows named. */
  note?: string;
  notes?: Record<string, string>;
  exit?: number;
};

// A repeat reads one record more (`+ 1`): the newest the journal and the memory hold, by id, to
// be sure the service still has what the rows are skipped as (repeat-service-reset.test.ts).
const cases: { name: string; steps: Step[] }[] = [
  {
    name: 'a Snipe-IT export, the same file again',
    steps: [
      // The lists of the mapped lookup columns (hardware model 2, category 1, usage status 1,
      // supplier 3), the asset list (1 page), 30 POSTs.
      { sheet: snipeIt(), requests: 7 + 1 + 30 },
      // It was 6: the lists, read to map the "Model", "Category", "Status" and "Supplier" columns.
      {
        sheet: snipeIt(),
        requests: 0 + 1,
        summary: 'Done: 30 rows — 0 created, 0 updated, 30 skipped, 0 invalid, 0 failed.',
        says: [
          MAPPED,
          "Lookups: not needed: hardware model, category, usage status, supplier (their rows are done by this import's journal, each with the cells it had then).",
        ],
        note: JOURNAL,
      },
    ],
  },
  {
    name: 'a Lansweeper export, the same file again',
    steps: [
      // The custom field and form templates (2), the lists (category 1, hardware model 2,
      // usage status 1), the asset list (1 page), 30 POSTs.
      { sheet: lansweeper(), requests: 2 + 4 + 1 + 30 },
      // It was 5: the templates, for the columns no field takes, and the lists.
      {
        sheet: lansweeper(),
        requests: 0 + 1,
        summary: 'Done: 30 rows — 0 created, 0 updated, 30 skipped, 0 invalid, 0 failed.',
        says: [
          MAPPED,
          "Lookups: not needed: category, hardware model, usage status (their rows are done by this import's journal, each with the cells it had then).",
        ],
        note: JOURNAL,
      },
    ],
  },
  {
    name: 'a register with a "Purchase date" column, the same file again',
    steps: [
      { sheet: purchased(), requests: 2 + 1 + 30 }, // the category and usage status lists, the asset list, 30 POSTs
      // It was 2: the category and usage status lists, read to judge the columns by.
      {
        sheet: purchased(),
        requests: 0 + 1,
        says: [
          MAPPED,
          "Lookups: not needed: category, usage status (their rows are done by this import's journal, each with the cells it had then).",
        ],
        note: JOURNAL,
      },
    ],
  },
  {
    name: "a Snipe-IT export, one row's status edited, again, and again",
    steps: [
      { sheet: snipeIt(), requests: 38 },
      // A row the journal did not do: the lists map the sheet as before (7), and as the last run did.
      {
        sheet: snipeIt('In Stock'),
        requests: 7 + 1,
        summary: 'Done: 30 rows — 0 created, 0 updated, 30 skipped, 0 invalid, 0 failed.',
        saysNot: [MAPPED, 'now read otherwise'],
        notes: {
          '2': 'created by an earlier run (id 6) but the row has changed since; use `assetbatch update` to change the record',
          '3': JOURNAL,
        },
      },
      // The edited row is still not one the journal created with these cells: the same again.
      { sheet: snipeIt('In Stock'), requests: 7 + 1, saysNot: [MAPPED] },
    ],
  },
  {
    name: 'a Snipe-IT export imported, then a dry run',
    steps: [
      { sheet: snipeIt(), requests: 38 },
      // It was 7 (the lists, and the asset list), each row "already in the service (id N); would be skipped".
      {
        sheet: snipeIt(),
        args: ['--dry-run'],
        requests: 0 + 1,
        summary: 'Checked: 30 rows — 0 valid, 0 invalid, 30 skipped.',
        says: [
          MAPPED,
          'Run again: the journal shows 30 rows done by earlier runs of this import; a row unchanged since is not sent again.',
          "Lookups: not needed: hardware model, category, usage status, supplier (their rows are done by this import's journal, each with the cells it had then).",
        ],
        note: `${JOURNAL}; would be skipped`,
      },
      // The dry run left the journal as it was: the run reads nothing either.
      { sheet: snipeIt(), requests: 0 + 1, note: JOURNAL },
    ],
  },
  {
    name: "a Snipe-IT export imported, one row's status edited, a dry run",
    steps: [
      { sheet: snipeIt(), requests: 38 },
      // The lists, for the mapping and the edited row (7); each row said as the run will say it.
      {
        sheet: snipeIt('In Stock'),
        args: ['--dry-run'],
        requests: 7 + 1,
        summary: 'Checked: 30 rows — 0 valid, 0 invalid, 30 skipped.',
        notes: {
          '2': 'created by an earlier run (id 6) but the row has changed since; use `assetbatch update` to change the record; would be skipped',
          '3': `${JOURNAL}; would be skipped`,
        },
      },
    ],
  },
  {
    name: 'a Snipe-IT export imported, a dry run for another company',
    steps: [
      { sheet: snipeIt(), requests: 38 },
      // Company 2's lists (4) and its asset list (1): its own rows to check, the journal left where it is.
      {
        sheet: snipeIt(),
        args: ['--dry-run', '--company', '2'],
        requests: 4 + 1,
        says: [
          `warning: the journal a.csv.report.journal.ndjson is from another run (asset create of JOURNAL_DIR/a.csv into SERVICE, company 1); the run will move it aside and start afresh`,
        ],
      },
      { sheet: snipeIt(), requests: 0 + 1, note: JOURNAL },
    ],
  },
  {
    name: 'rows added on top whose values move a column, again',
    steps: [
      // The category and business unit lists, the asset list, 10 POSTs.
      { sheet: desks(), requests: 2 + 1 + 10 },
      // Mapped afresh for the new rows, "Site" now holds departments: the plan says how the
      // columns read otherwise, and the desks, read so, name no department of the service.
      {
        sheet: desks(true),
        requests: 2 + 1 + 4 + 1,
        summary: 'Done: 14 rows — 4 created, 0 updated, 0 skipped, 10 invalid, 0 failed.',
        says: [
          'warning: mapped afresh for the rows the journal has not done, the columns are now read otherwise than the last run of this import read them: "Site" → business_unit (was location_description), "Department" → not imported (was business_unit); the rows that run did are known again by what they send, not by their cells',
        ],
        notes: { '2': '', '6': 'column "Site" → business_unit: business unit \'Floor 1\' not found' },
        exit: 1,
      },
    ],
  },
];

describe('a legacy register imported again reads nothing for the rows its journal did', () => {
  it.each(cases)('$name', async ({ steps }) => {
    const sb = await testSandbox();
    const dir = tempDir();
    const env = { XDG_STATE_HOME: join(dir, 'state') };
    try {
      for (const [i, step] of steps.entries()) {
        writeFileSync(join(dir, 'a.csv'), step.sheet);
        const opts = { cwd: dir, env: { ...env, XDG_CACHE_HOME: join(dir, `cold-${i}`) } };
        const res = await runCli(['import', 'a.csv', '-r', 'asset', ...(step.args ?? []), ...sb.args], opts);
        expect(res.code, res.stderr).toBe(step.exit ?? 0);
        expect(res.stdout.match(/^(\d+) requests?,/m)?.[1], `run ${i + 1}`).toBe(String(step.requests));
        if (step.summary) expect(res.stdout).toContain(step.summary);
        const lines = res.stderr.split('\n');
        const named = (line: string) => line.replace('JOURNAL_DIR', dir).replace('SERVICE', sb.sb.url);
        for (const line of step.says ?? []) expect(lines).toContain(named(line));
        for (const text of step.saysNot ?? []) expect(res.stderr).not.toContain(text);
        const report = readReport(
          join(dir, step.args?.includes('--dry-run') ? 'a.csv.check.csv' : 'a.csv.report.csv'),
        );
        if (step.note)
          expect(report.map((r) => [r['#status'], r['#message']])).toEqual(
            report.map(() => ['skipped', step.note]),
          );
        for (const [row, message] of Object.entries(step.notes ?? {}))
          expect(report.find((r) => r['#row'] === row)?.['#message'], `row ${row}`).toBe(message);
      }
    } finally {
      await sb.close();
    }
  });
});
