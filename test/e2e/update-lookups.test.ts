// An export sent back as an update reads a lookup list only for the cells that name
// something other than what their record already has: what a person sees (the summary, the
// plan's Lookups line, the requests) when the cells edited are lookups, or are not. The
// built CLI against a sandbox of its own for each case, lists not cached.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir, testSandbox } from './cli.js';

/** The export with cells changed: by record ID, header → new text. */
type Edits = Record<string, Record<string, string>>;

/** The export with cells changed, and a column the person added at the end ("Notes", a note on each row). */
function edit(file: string, edits: Edits, added?: string): void {
  const [header, ...rows] = parse(readFileSync(file), { bom: true }) as string[][];
  for (const cells of rows)
    for (const [column, text] of Object.entries(edits[cells[0]] ?? {})) cells[header.indexOf(column)] = text;
  if (added)
    for (const cells of [header, ...rows]) cells.push(cells === header ? added : 'reviewed in March');
  writeFileSync(file, stringify([header, ...rows]));
}

/** The custom field and form templates, read first (the sheet has columns no standard field takes). */
const TEMPLATES = 'custom field template full list (1 req), custom form template full list (1 req)';
const ALL = 'contract, category, supplier, country, asset owner, business unit, usage status, hardware model';
const AS_EXPORTED = 'each such cell is as the record was exported: the record keeps the value it has';
const notNeeded = (kinds: string) =>
  `not needed: ${kinds} (each such cell names what its record already has)`;

const cases: {
  name: string;
  edits: Edits;
  summary: string;
  lookups: string;
  requests: number;
  /** Export options (`--finance` adds columns no field takes), and a column added to the sheet. */
  exportArgs?: string[];
  added?: string;
  /** A line of the plan a person reads. */
  says?: string;
  record?: { id: number; field: string; value: unknown };
  invalid?: string;
}[] = [
  {
    // The lists are not read: the 2 pages of the asset list, the custom field and form templates, the PATCH.
    name: 'a note edited: no list read',
    edits: { '1': { 'General notes': 'checked' } },
    summary: 'Done: 5 rows — 0 created, 1 updated, 4 skipped (4 unchanged), 0 invalid, 0 failed.',
    lookups: `Lookups: ${TEMPLATES}, ${notNeeded(ALL)}.`,
    requests: 1 + 2 + 1,
  },
  {
    // Case and spacing as the resolver reads them: "in  use" is the record's "In Use". Every row
    // is then as exported: nothing to send, no record read (as-exported.ts), the templates alone.
    name: 'the same names spelt otherwise: no list read, no record read',
    edits: { '1': { 'Usage status': 'in  use', Country: 'US', Supplier: 'DELL TECHNOLOGIES' } },
    summary: 'Done: 5 rows — 0 created, 0 updated, 5 skipped (5 as exported, not read), 0 invalid, 0 failed.',
    lookups: `Lookups: ${TEMPLATES}, not needed: ${ALL} (${AS_EXPORTED}).`,
    requests: 2,
  },
  {
    name: 'another supplier: the supplier list alone (3 pages)',
    edits: { '1': { Supplier: 'Lenovo' } },
    summary: 'Done: 5 rows — 0 created, 1 updated, 4 skipped (4 unchanged), 0 invalid, 0 failed.',
    lookups: `Lookups: ${TEMPLATES}, supplier full list (3 req), ${notNeeded(ALL.replace('supplier, ', ''))}.`,
    requests: 1 + 2 + 3 + 1,
    record: { id: 1, field: 'attached_supplier', value: 'Lenovo' },
  },
  {
    name: 'another country: the country list alone (10 pages)',
    edits: { '2': { Country: 'Deutschland' } },
    summary: 'Done: 5 rows — 0 created, 1 updated, 4 skipped (4 unchanged), 0 invalid, 0 failed.',
    lookups: `Lookups: ${TEMPLATES}, country full list (10 req), ${notNeeded(ALL.replace('country, ', ''))}.`,
    requests: 1 + 2 + 10 + 1,
    record: { id: 2, field: 'country', value: 'Germany' },
  },
  {
    name: 'a supplier the list lacks: invalid, with its suggestion',
    edits: { '3': { Supplier: 'Dell Tech' } },
    summary: 'Done: 5 rows — 0 created, 0 updated, 4 skipped (4 unchanged), 1 invalid, 0 failed.',
    lookups: `Lookups: ${TEMPLATES}, supplier full list (3 req), ${notNeeded(ALL.replace('supplier, ', ''))}.`,
    requests: 1 + 2 + 3,
    invalid: `row 4: column "Supplier" → attached_supplier: supplier 'Dell Tech' not found; did you mean 'Dell Technologies'?`,
  },
  {
    // The Book value column no field takes does not make the lists be read: 3 requests, where it was 23.
    name: 'a finance export, a note edited: no list read, the figure said to be one',
    exportArgs: ['--finance'],
    says: 'warning: column "Book value" is not imported (a figure `export --finance` works out from the record; the service does not store it; nothing to do: the next export works it out again)',
    edits: { '1': { 'General notes': 'checked' } },
    summary: 'Done: 5 rows — 0 created, 1 updated, 4 skipped (4 unchanged), 0 invalid, 0 failed.',
    lookups: `Lookups: ${TEMPLATES}, ${notNeeded(ALL)}.`,
    requests: 1 + 2 + 1,
  },
  {
    name: 'a column of notes added, a cost edited: no list read',
    added: 'Reviewer notes',
    edits: { '2': { 'Original cost': '1999.50' } },
    summary: 'Done: 5 rows — 0 created, 1 updated, 4 skipped (4 unchanged), 0 invalid, 0 failed.',
    lookups: `Lookups: ${TEMPLATES}, ${notNeeded(ALL)}.`,
    requests: 1 + 2 + 1,
    record: { id: 2, field: 'original_cost', value: 1999.5 },
  },
];

describe('update of an export: lookup lists only for the cells that changed', () => {
  it.each(cases)(
    '$name',
    async ({ edits, summary, lookups, requests, exportArgs, added, says, record, invalid }) => {
      const sb = await testSandbox();
      const dir = tempDir();
      const env = { XDG_STATE_HOME: join(dir, 'state'), XDG_CACHE_HOME: join(dir, 'cache') };
      try {
        const file = join(dir, 'export.csv');
        const exp = await runCli(['export', 'asset', '-o', file, ...(exportArgs ?? []), ...sb.args], { env });
        expect(exp.code, exp.stderr).toBe(0);
        edit(file, edits, added);
        const args = ['update', file, '-r', 'asset', '--yes', ...sb.args];
        // A dry run reads what the run reads: the same lists, the same requests less the writes.
        const dry = await runCli([...args, '--dry-run'], {
          env: { ...env, XDG_CACHE_HOME: join(dir, 'dry') },
        });
        expect(dry.stderr).toContain(lookups);
        const writes = summary.match(/(\d+) updated/)![1];
        expect(dry.stdout).toMatch(new RegExp(`^${requests - Number(writes)} requests`, 'm'));
        const res = await runCli(args, { env });
        expect(res.code, res.stderr).toBe(invalid ? 1 : 0);
        expect(res.stdout).toContain(summary);
        expect(res.stderr).toContain(lookups);
        expect(res.stdout).toMatch(new RegExp(`^${requests} requests`, 'm'));
        if (invalid) expect(res.stderr).toContain(invalid);
        if (says) expect(res.stderr).toContain(says);
        if (record) {
          const rec = (await sb.records('asset')).find((r) => r.id === record.id)!;
          const v = rec[record.field];
          expect(v && typeof v === 'object' && !Array.isArray(v) ? v.name : v).toBe(record.value);
        }
      } finally {
        await sb.close();
      }
    },
  );
});
