// A repeat import reads the lookup lists only for the rows it may write: a row already in the
// service (its key in the records listed before the run) asks no list for a cell that names
// what its record has. What a person sees (the plan's Lookups line, the summary, the
// requests) for an export sent back, a rehearsal run again, a merge and a sync. Each case
// has a sandbox and folders of its own; a step marked `cold` has no lists cached (another
// machine, or the next day), as an in-process --sandbox never has. The built CLI, over HTTP.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir, testSandbox } from './cli.js';

/** The export with cells changed: by record ID (or "new": a copy of record 2 as a new row), header → text. */
function edit(file: string, edits: Record<string, Record<string, string>>): void {
  const [header, ...rows] = parse(readFileSync(file), { bom: true }) as string[][];
  const at = (column: string) => header.indexOf(column);
  if (edits.new) rows.push(rows[1].map((c, i) => (i === 0 ? '' : c)));
  for (const cells of rows)
    for (const [column, text] of Object.entries(edits[cells[0] || 'new'] ?? {})) cells[at(column)] = text;
  writeFileSync(file, stringify([header, ...rows]));
}

/** The custom field and form templates, read first (the sheet has columns no standard field takes). */
const TEMPLATES = 'custom field template full list (1 req), custom form template full list (1 req)';
const ALL = 'contract, category, supplier, country, asset owner, business unit, usage status, hardware model';
const THERE = 'their rows are already in the service, each such cell naming what its record has';
const MEMORY =
  'an earlier import of another file or report created their records from the same cells (the memory of what was sent)';
const SAME = 'each such cell names what its record already has';
const notNeeded = (kinds: string, why: string) => `not needed: ${kinds} (${why})`;

/** 30 laptops, as a register a person imports; the first `renamed` renamed. */
const register = (renamed = 0) =>
  [
    'Name,Serial number,Category,Subcategory,Usage status,Original cost',
    ...Array.from(
      { length: 30 },
      (_, i) => `Laptop ${i}${i < renamed ? ' (renamed)' : ''},RC-${i},Hardware,Laptop,In Use,900.00`,
    ),
  ].join('\n') + '\n';

type Step = {
  run: (dir: string) => string[] | void;
  cold?: boolean;
  requests?: number;
  summary?: string;
  lookups?: string;
  /** A report note, and (when said) on how many rows. */
  note?: string;
  noteRows?: number;
  exit?: number;
};

const exported = { run: () => ['export', 'asset', '-o', 'export.csv'] };
const edited = (edits: Record<string, Record<string, string>>) => ({
  run: (dir: string) => edit(join(dir, 'export.csv'), edits),
});

const cases: { name: string; steps: Step[] }[] = [
  {
    name: 'export, import it back',
    steps: [
      exported,
      // The asset list (1 page), the custom field and form templates; it was 24 (21 for 8 lists).
      {
        run: () => ['import', 'export.csv', '-r', 'asset'],
        cold: true,
        requests: 1 + 2,
        summary: 'Done: 5 rows — 0 created, 0 updated, 5 skipped, 0 invalid, 0 failed.',
        lookups: `Lookups: ${TEMPLATES}, ${notNeeded(ALL, THERE)}.`,
        note: 'already in the service (id 1, serial_number=SN-EXIST-0001)',
      },
      // A dry run and validate read what the run reads, and say the same of each row.
      {
        run: () => ['import', 'export.csv', '-r', 'asset', '--dry-run'],
        cold: true,
        requests: 3,
        summary: 'Checked: 5 rows — 0 valid, 0 invalid, 5 skipped.',
        lookups: `Lookups: ${TEMPLATES}, ${notNeeded(ALL, THERE)}.`,
      },
      {
        run: () => ['validate', 'export.csv', '-r', 'asset'],
        cold: true,
        requests: 3,
        summary: 'Checked: 5 rows — 0 valid, 0 invalid, 5 skipped.',
        lookups: `Lookups: ${TEMPLATES}, ${notNeeded(ALL, THERE)}.`,
      },
    ],
  },
  {
    // A row to write reads its lists; a row already there whose cell names another entry
    // reads that list too, and a name the list lacks is invalid, as before.
    name: 'export, a new row and a category the list lacks, import',
    steps: [
      exported,
      edited({ new: { 'Serial number': 'SN-NEW-1', Supplier: 'Lenovo' }, '1': { Category: 'Nonexistent' } }),
      // list, templates, 7 lists (20: the contract list alone unread), the POST; it was 25
      {
        run: () => ['import', 'export.csv', '-r', 'asset'],
        cold: true,
        requests: 1 + 2 + 20 + 1,
        summary: 'Done: 6 rows — 1 created, 0 updated, 4 skipped, 1 invalid, 0 failed.',
        lookups:
          `Lookups: ${TEMPLATES}, category full list (1 req), supplier full list (3 req), country full list (10 req), ` +
          `asset owner full list (2 req), business unit full list (1 req), usage status full list (1 req), ` +
          `hardware model full list (2 req), ${notNeeded('contract', THERE)}.`,
        note: "category 'Nonexistent' not found",
        exit: 1,
      },
    ],
  },
  {
    name: 'export, edit a name and a supplier, import --on-existing update',
    steps: [
      exported,
      edited({ '1': { Name: 'Finance laptop 01 (moved)' }, '2': { Supplier: 'Dell Technologies' } }),
      // list, templates, the supplier list (3 pages), 2 PATCHes; it was 26
      {
        run: () => ['import', 'export.csv', '-r', 'asset', '--on-existing', 'update'],
        cold: true,
        requests: 1 + 2 + 3 + 2,
        summary: 'Done: 5 rows — 0 created, 2 updated, 3 skipped (3 unchanged), 0 invalid, 0 failed.',
        lookups: `Lookups: ${TEMPLATES}, supplier full list (3 req), ${notNeeded(ALL.replace('supplier, ', ''), SAME)}.`,
      },
    ],
  },
  {
    name: 'export, sync it unchanged',
    steps: [
      exported,
      // list, templates; it was 24
      {
        run: () => ['sync', 'export.csv', '-r', 'asset', '--key', 'serial_number'],
        cold: true,
        requests: 1 + 2,
        summary: '0 created, 0 updated, 5 unchanged, 0 missing',
        lookups: `Lookups: ${TEMPLATES}, ${notNeeded(ALL, SAME)}.`,
      },
    ],
  },
  {
    name: 'a rehearsal import, the same file again, under another name, and edited',
    // Each repeat reads one record more (`+ 1`): the newest made, by id, to be sure the service
    // still has what the rows are skipped as (repeat-service-reset.test.ts).
    steps: [
      { run: (dir) => writeFileSync(join(dir, 'a.csv'), register()) },
      { run: () => ['import', 'a.csv', '-r', 'asset'], requests: 1 + 2 + 30 },
      // The journal knows each row by its cells as read: no list (it was 2, the category and
      // usage status lists, for the body each row sent); repeat-journal.test.ts has more.
      {
        run: () => ['import', 'a.csv', '-r', 'asset'],
        cold: true,
        requests: 0 + 1,
        summary: 'Done: 30 rows — 0 created, 0 updated, 30 skipped, 0 invalid, 0 failed.',
        lookups: `Lookups: ${notNeeded('category, usage status', "their rows are done by this import's journal, each with the cells it had then")}.`,
      },
      // The memory knows each row by its cells as read, as the journal does: no list. It was 2
      // (the asset list, 35 assets), and 4 before that (the category and usage status lists too).
      { run: (dir) => copyFileSync(join(dir, 'a.csv'), join(dir, 'b.csv')) },
      {
        run: () => ['import', 'b.csv', '-r', 'asset'],
        cold: true,
        requests: 0 + 1,
        summary: 'Done: 30 rows — 0 created, 0 updated, 30 skipped, 0 invalid, 0 failed.',
        lookups: `Lookups: ${notNeeded('category, usage status', MEMORY)}.`,
        note: 'already created by an earlier import of ',
      },
      // Two rows renamed since: still told apart from the rows that have not changed.
      { run: (dir) => writeFileSync(join(dir, 'c.csv'), register(2)) },
      {
        run: () => ['import', 'c.csv', '-r', 'asset'],
        cold: true,
        requests: 2 + 1,
        summary: 'Done: 30 rows — 0 created, 0 updated, 30 skipped, 0 invalid, 0 failed.',
        // The 28 rows unchanged by the memory, the 2 renamed by their listed records.
        lookups: `Lookups: ${notNeeded('category, usage status', `${MEMORY} or each such cell names what its record has`)}.`,
        note: 'but the row has changed since; use `assetbatch update` to change the record',
        noteRows: 2,
      },
    ],
  },
];

describe('a repeat import reads the lists only for the rows it may write', () => {
  it.each(cases)('$name', async ({ steps }) => {
    const sb = await testSandbox();
    const dir = tempDir();
    const env = { XDG_STATE_HOME: join(dir, 'state'), XDG_CACHE_HOME: join(dir, 'cache') };
    try {
      for (const [i, step] of steps.entries()) {
        const args = step.run(dir);
        if (!args) continue;
        const cache = step.cold ? { XDG_CACHE_HOME: join(dir, `cold-${i}`) } : {};
        const res = await runCli([...args, ...sb.args], { cwd: dir, env: { ...env, ...cache } });
        expect(res.code, res.stderr).toBe(step.exit ?? 0);
        if (step.requests !== undefined)
          expect(res.stdout.match(/^(\d+) requests?,/m)?.[1], args.join(' ')).toBe(String(step.requests));
        if (step.summary) expect(res.stdout).toContain(step.summary);
        if (step.lookups) expect(res.stderr).toContain(step.lookups);
        const report = step.note ? readFileSync(join(dir, `${args[1]}.report.csv`), 'utf8') : '';
        if (step.note) expect(report).toContain(step.note);
        if (step.noteRows) expect(report.split(step.note!).length - 1).toBe(step.noteRows);
      }
    } finally {
      await sb.close();
    }
  });
});
