// What the runs a person repeats cost, in requests (the summary's "N requests"): at 100
// requests a minute for the account, a request per unchanged row is minutes per thousand
// rows. Each sequence starts on a sandbox and folders of its own (lookups not cached yet);
// each number says what it is made of. The built CLI, over HTTP; a step that only prepares
// its case, or counts what case 1 counts through the CLI (a first import's 33 requests), runs
// through the library in-process (`library`), which counts the same requests.
import { copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir, testSandbox, type TestSandbox } from './cli.js';
import { exportTo, runLibrary } from './library.js';

const HEADER = 'Name,Serial number,Category,Subcategory,Usage status,Original cost';

/** `rows` laptops; `edited`: the first two renamed and repriced. */
const register = (rows: number, edited = false) =>
  [
    HEADER,
    ...Array.from({ length: rows }, (_, i) =>
      edited && i < 2
        ? `Laptop ${i} (renamed),RC-${i},Hardware,Laptop,In Use,95${i}.00`
        : `Laptop ${i},RC-${i},Hardware,Laptop,In Use,900.00`,
    ),
  ].join('\n') + '\n';

/** The register with an IP address column, which no field takes. */
const withIpAddress = (csv: string) =>
  csv
    .split('\n')
    .map((line, i) => (line === '' ? line : `${line},${i === 0 ? 'IPAddress' : `10.0.0.${i}`}`))
    .join('\n');

/** Two rows of an export renamed, as a person edits it in a spreadsheet program. */
function editExport(file: string): void {
  const lines = readFileSync(file, 'utf8').split('\n');
  const at = [1, 2].map((n) => lines.findIndex((l) => l.includes(`,Laptop ${n},`)));
  for (const i of at) lines[i] = lines[i].replace(/,Laptop (\d+),/, ',Laptop $1 (moved),');
  writeFileSync(file, lines.join('\n'));
}

/** An export without one of its columns, as a person deletes a column they do not edit. */
function dropColumn(file: string, header: string): void {
  const rows = parse(readFileSync(file)) as string[][];
  const at = rows[0].indexOf(header);
  writeFileSync(file, stringify(rows.map((r) => r.filter((_, i) => i !== at))));
}

type Step = {
  run: (dir: string) => string[] | void;
  requests?: number;
  summary?: string;
  exit?: number;
  /** Through the library in-process (`import FILE -r asset` or `export asset -o FILE` only). */
  library?: true;
};

/** `rows` rows, every third a chair without a serial number; `cutover`: the newest export, chair 0 moved, reordered. */
const withChairs = (rows: number, cutover = false) => {
  const lines = Array.from({ length: rows }, (_, i) =>
    i % 3 === 0
      ? `Chair ${i},,Hardware,Laptop,In Use,90.00,${cutover && i === 0 ? 'Floor 2' : 'Floor 1'}`
      : `Laptop ${i},RC-${i},Hardware,Laptop,In Use,900.00,Floor 1`,
  );
  return [`${HEADER},Location`, ...(cutover ? lines.reverse() : lines)].join('\n') + '\n';
};

/** A register with a company column: `others` rows of Acme Europe GmbH (company 2) after 3 of the run's company. */
const withCompany = (others = 0) =>
  [
    'Name,Serial number,Company',
    ...Array.from({ length: 3 }, (_, i) => `Laptop ${i},CO-${i},Acme Corporation`),
    ...Array.from({ length: others }, (_, i) => `Laptop E${i},CO-E${i},Acme Europe GmbH`),
  ].join('\n') + '\n';

/**
 * An hour on: the lists' cache (lookups, templates, companies) has expired. The test file's
 * cache folder (test/file-state.ts), which the CLIs and the in-process runs share: the cases
 * run one after the other, each on a sandbox of its own port, so a cache of its own.
 */
const listsExpired = () =>
  rmSync(join(process.env.XDG_CACHE_HOME!, 'assetbatch', 'lookups'), { recursive: true, force: true });

const importOf = (file: string) => ['import', file, '-r', 'asset'];
const updateOf = (file: string) => ['update', file, '-r', 'asset', '--yes'];
const write = (name: string, text: string) => (dir: string) => writeFileSync(join(dir, name), text);

// 30 rows and the sandbox's 5 assets: the asset list is 2 pages once they are created. An
// import's repeat reads one record more (`+ 1`): the newest the memory holds, by id, to be sure
// the service still has what the rows are skipped as (repeat-service-reset.test.ts).
const cases: { name: string; steps: Step[] }[] = [
  {
    name: 'import, edit 2 rows, import again',
    steps: [
      { run: write('a.csv', register(30)) },
      { run: () => importOf('a.csv'), requests: 1 + 2 + 30 }, // list page, 2 lookup lists, 30 POSTs
      { run: write('a.csv', register(30, true)) },
      { run: () => importOf('a.csv'), requests: 0 + 1, summary: '0 created, 0 updated, 30 skipped' },
    ],
  },
  {
    name: 'import, edit 2 rows, update, import again',
    steps: [
      { run: write('a.csv', register(30)) },
      { run: () => importOf('a.csv'), requests: 33, library: true },
      { run: write('a.csv', register(30, true)) },
      // list, 2 PATCHes: no country column, so no country list (a PATCH leaves the country be)
      { run: () => updateOf('a.csv'), requests: 2 + 2, summary: '0 created, 2 updated, 28 skipped' },
      { run: () => importOf('a.csv'), requests: 2 + 1, summary: '0 created, 0 updated, 30 skipped' }, // list
    ],
  },
  {
    // A Lansweeper export has columns no field takes (IP address): the custom field and form
    // templates are read once to see whether they are custom fields, then cached.
    name: 'a sheet with a column of its own: import, import again',
    steps: [
      { run: write('ip.csv', withIpAddress(register(30))) },
      { run: () => importOf('ip.csv'), requests: 1 + 2 + 2 + 30 }, // list page, 2 lookup lists, 2 templates, 30 POSTs
      { run: () => importOf('ip.csv'), requests: 0 + 1, summary: '0 created, 0 updated, 30 skipped' }, // it was 2
    ],
  },
  {
    name: 'the same file under another name',
    steps: [
      { run: write('a.csv', register(30)) },
      { run: () => importOf('a.csv'), requests: 33, library: true },
      { run: (dir) => copyFileSync(join(dir, 'a.csv'), join(dir, 'b.csv')) },
      // It was 2 (the list): the memory knows each row by its cells, as the journal would.
      { run: () => importOf('b.csv'), requests: 0 + 1, summary: '0 created, 0 updated, 30 skipped' },
    ],
  },
  {
    name: 'export, edit 2 rows, update',
    steps: [
      { run: write('a.csv', register(30)) },
      { run: () => importOf('a.csv'), requests: 33, library: true },
      { run: () => ['export', 'asset', '-o', 'export.csv'], library: true },
      { run: (dir) => editExport(join(dir, 'export.csv')) },
      // list, the custom field and form templates, 2 PATCHes. No lookup list: each lookup cell
      // names what its record (as listed) already has, so none is asked of a list (it was 25:
      // 11 requests for the lists of the export's lookup columns and 10 for the country list).
      {
        run: () => updateOf('export.csv'),
        requests: 2 + 2 + 2,
        summary: '0 created, 2 updated, 33 skipped',
      },
      // none: the journal has every row done, its cells unchanged (it was 2, the list's pages;
      // 4 before the templates were cached, and 5 before that, the contract list too)
      {
        run: () => updateOf('export.csv'),
        requests: 0,
        summary: '0 created, 0 updated, 35 skipped (35 done by an earlier run, not read)',
      },
    ],
  },
  {
    // 120 rows and the sandbox's 5 assets: 5 pages. The rows not edited are as exported: they
    // send nothing whatever their records have now, so none is read (as-exported.ts).
    name: 'an export of 5 pages, edit 2 rows, update, update again',
    steps: [
      { run: write('a.csv', register(120)) },
      { run: () => importOf('a.csv'), library: true },
      { run: () => ['export', 'asset', '-o', 'export.csv'], library: true },
      { run: (dir) => editExport(join(dir, 'export.csv')) },
      // page 1 (it tells the list's size), the two templates, a read and a PATCH for each edited
      // row: 7, where the list was read whole (5 pages, the templates, 2 PATCHes: 9)
      {
        run: () => updateOf('export.csv'),
        requests: 1 + 2 + 2 * 2,
        summary: '0 created, 2 updated, 123 skipped (123 as exported, not read)',
      },
      // the journal has the edited rows done, their cells unchanged: no request (their records
      // were read again before the journal knew them by their cells); the others as above, unread
      {
        run: () => updateOf('export.csv'),
        requests: 0,
        summary: '0 created, 0 updated, 125 skipped (123 as exported and 2 done by an earlier run, not read)',
      },
    ],
  },
  {
    // 120 rows and the sandbox's 5 assets: 5 pages. An update's rows found unchanged or
    // updated are journaled by their cells: a run again reads and sends only the rows edited
    // since (it read the 5 pages again and compared every row).
    name: 'update of a register of 5 pages, fix a row, update again, and again',
    steps: [
      { run: write('a.csv', register(120)) },
      { run: () => importOf('a.csv'), library: true },
      { run: write('a.csv', register(120, true)) },
      // the 5 pages, 2 PATCHes
      {
        run: () => updateOf('a.csv'),
        requests: 5 + 2,
        summary: '0 created, 2 updated, 118 skipped (118 unchanged)',
      },
      { run: write('a.csv', register(120, true).replace('Laptop 5,', 'Laptop 5 (fixed),')) },
      // the list's first page (it weighs the list against a filtered call), the fixed row's
      // filtered call (it reads the record) and its PATCH: it was 5 + 1
      {
        run: () => updateOf('a.csv'),
        requests: 1 + 1 + 1,
        summary: '0 created, 1 updated, 119 skipped (119 done by an earlier run, not read)',
      },
      // nothing edited since: no request (it was the 5 pages)
      {
        run: () => updateOf('a.csv'),
        requests: 0,
        summary: '0 created, 0 updated, 120 skipped (120 done by an earlier run, not read)',
      },
    ],
  },
  {
    // Deleting the columns not edited no longer saves a request (it was 15, against 25 with
    // them): a cell naming what its record has reads no list, the country list included.
    name: 'export, edit 2 rows, delete the Country column, update',
    steps: [
      { run: write('a.csv', register(30)) },
      { run: () => importOf('a.csv'), requests: 33, library: true },
      { run: () => ['export', 'asset', '-o', 'export.csv'], library: true },
      { run: (dir) => editExport(join(dir, 'export.csv')) },
      { run: (dir) => dropColumn(join(dir, 'export.csv'), 'Country') },
      // list, the custom field and form templates, 2 PATCHes
      {
        run: () => updateOf('export.csv'),
        requests: 2 + 2 + 2,
        summary: '0 created, 2 updated, 33 skipped',
      },
    ],
  },
  {
    name: 'rehearsal, cutover with a keyless row moved, update of its report, cutover again',
    steps: [
      { run: write('rehearsal.csv', withChairs(30)) },
      { run: () => importOf('rehearsal.csv'), requests: 33, library: true },
      { run: write('cutover.csv', withChairs(30, true)) },
      // the list (2 pages); the moved chair resembles its record: held back, nothing sent
      {
        run: () => importOf('cutover.csv'),
        requests: 2 + 1,
        summary: '0 created, 0 updated, 30 skipped',
        exit: 1,
      },
      // list, the PATCH of the chair's location
      {
        run: () => [...updateOf('cutover.csv.report.csv'), '--report', 'update.csv'],
        requests: 2 + 1,
        summary: '0 created, 1 updated, 29 skipped',
      },
      { run: () => importOf('cutover.csv'), requests: 2 + 1, summary: '0 created, 0 updated, 30 skipped' },
    ],
  },
  {
    // The journal did every row, each with its company cell: a row it created was this company's.
    name: 'a register with a company column: import, import again once the lists expired',
    steps: [
      { run: write('co.csv', withCompany()) },
      { run: () => importOf('co.csv'), library: true },
      { run: listsExpired },
      // It was 1 (the company list, to tell each row's company).
      {
        run: () => [...importOf('co.csv'), '--dry-run'],
        requests: 0 + 1,
        summary: '0 valid, 0 invalid, 3 skipped',
      },
      { run: () => importOf('co.csv'), requests: 0 + 1, summary: '0 created, 0 updated, 3 skipped' },
    ],
  },
  {
    name: 'a register of two companies: import, import again once the lists expired',
    steps: [
      { run: write('co2.csv', withCompany(2)) },
      { run: () => importOf('co2.csv'), exit: 1, library: true },
      { run: listsExpired },
      // It was 1 (the company list, to tell the other company's rows), and 2 before that (the
      // asset list's page too): the journal keeps the company cells its run found naming another.
      {
        run: () => [...importOf('co2.csv'), '--dry-run'],
        requests: 0 + 1,
        summary: '0 valid, 0 invalid, 5 skipped',
        exit: 1,
      },
      {
        run: () => importOf('co2.csv'),
        requests: 0 + 1,
        summary: '0 created, 0 updated, 5 skipped',
        exit: 1,
      },
    ],
  },
  {
    name: '2 rows against a list of 5 pages: import, edit both, update',
    steps: [
      { run: write('bulk.csv', register(120).replaceAll('RC-', 'BULK-')) },
      { run: () => importOf('bulk.csv'), library: true },
      { run: write('a.csv', register(2)) },
      // page 1, a filtered call a row, the list's newest id (its last page: it was 2, page 1 read
      // again), a POST a row
      { run: () => importOf('a.csv'), requests: 1 + 2 + 1 + 2 },
      { run: write('a.csv', register(2, true)) },
      // page 1, a filtered call a row (it reads the record too), 2 PATCHes; no country list
      {
        run: () => updateOf('a.csv'),
        requests: 1 + 2 + 2,
        summary: '0 created, 2 updated, 0 skipped',
      },
    ],
  },
];

/** A `library` step: its exit code and its requests, as the CLI's run would give them. */
async function inProcess(
  sb: TestSandbox,
  dir: string,
  args: string[],
): Promise<{ code: number; requests?: number }> {
  if (args[0] === 'export') {
    await exportTo(sb, args[1], join(dir, args[3]));
    return { code: 0 };
  }
  const file = join(dir, args[1]);
  const res = await runLibrary(sb, { file, resource: 'asset', reportPath: `${file}.report.csv` });
  return { code: res.code, requests: res.summary?.requests };
}

describe('what repeated runs cost', () => {
  it.each(cases)('$name', async ({ steps }) => {
    const sb = await testSandbox();
    const dir = tempDir();
    try {
      for (const step of steps) {
        const args = step.run(dir);
        if (!args) continue;
        if (step.library) {
          const res = await inProcess(sb, dir, args);
          expect(res.code).toBe(step.exit ?? 0);
          if (step.requests !== undefined) expect(res.requests, args.join(' ')).toBe(step.requests);
          continue;
        }
        const res = await runCli([...args, ...sb.args], { cwd: dir });
        expect(res.code, res.stderr).toBe(step.exit ?? 0);
        if (step.requests !== undefined)
          expect(res.stdout.match(/^(\d+) requests?\b/m)?.[1], args.join(' ')).toBe(String(step.requests));
        if (step.summary) expect(res.stdout).toContain(step.summary);
      }
    } finally {
      await sb.close();
    }
  });
});
