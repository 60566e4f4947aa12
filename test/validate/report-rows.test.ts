// prepareRow on the rows of a report fed back (SheetRow.reported): rows its run wrote are
// skipped with the record's id, or carry the id to update by; every other row is checked
// as a new one; a "Total" line is not a record.
import { describe, expect, it } from 'vitest';
import { mapHeaders } from '../../src/map/headers.js';
import type { CellValue, ReportedOutcome } from '../../src/read/types.js';
import { asset } from '../../src/resources/asset.js';
import type { WriteMode } from '../../src/resources/fields.js';
import { prepareRow, type RowContext } from '../../src/validate/validate.js';

const HEADERS = ['Name', 'Serial number'];
const CELLS: CellValue[] = ['Desk 1', null];

function prepare(
  reported: ReportedOutcome | undefined,
  opts: {
    mode?: WriteMode;
    reportedWrites?: RowContext['reportedWrites'];
    headers?: string[];
    cells?: CellValue[];
  } = {},
) {
  const mode = opts.mode ?? 'create';
  const headers = opts.headers ?? HEADERS;
  const mapping = mapHeaders(asset, headers, { mode });
  const ctx: RowContext = {
    def: asset,
    mode,
    company: 1,
    mapping,
    dateOrders: new Map(),
    fieldTemplates: [],
    formTemplates: [],
    partial: mode === 'update',
    reportedWrites: opts.reportedWrites,
  };
  const p = prepareRow(ctx, { row: 2, cells: opts.cells ?? CELLS, reported });
  return { skip: p.skip, id: p.id, issues: p.issues.length, name: p.body.name };
}

const was = (status: string, id?: number, row = '2'): ReportedOutcome => ({ row, status, id });

describe('an import of a report skips the rows its run wrote', () => {
  const cases: { name: string; reported?: ReportedOutcome; expected: ReturnType<typeof prepare> }[] = [
    {
      name: 'created with an id',
      reported: was('created', 6),
      expected: {
        skip: 'created as id 6 by the run that wrote this report',
        id: 6,
        issues: 0,
        name: undefined,
      },
    },
    {
      name: 'updated with an id',
      reported: was('updated', 9),
      expected: {
        skip: 'updated as id 9 by the run that wrote this report',
        id: 9,
        issues: 0,
        name: undefined,
      },
    },
    {
      name: 'skipped with an id (already in the service)',
      reported: was('skipped', 3),
      expected: {
        skip: 'already in the service as id 3 (skipped by the run that wrote this report)',
        id: 3,
        issues: 0,
        name: undefined,
      },
    },
    {
      name: 'invalid: checked as a new row',
      reported: was('invalid'),
      expected: { skip: undefined, id: undefined, issues: 0, name: 'Desk 1' },
    },
    {
      name: 'failed: checked as a new row',
      reported: was('failed'),
      expected: { skip: undefined, id: undefined, issues: 0, name: 'Desk 1' },
    },
    {
      name: 'skipped without an id: checked as a new row',
      reported: was('skipped'),
      expected: { skip: undefined, id: undefined, issues: 0, name: 'Desk 1' },
    },
    {
      name: 'valid (a dry run wrote nothing): checked as a new row',
      reported: was('valid'),
      expected: { skip: undefined, id: undefined, issues: 0, name: 'Desk 1' },
    },
    {
      name: 'valid with an id (a dry run): checked as a new row',
      reported: was('valid', 4),
      expected: { skip: undefined, id: undefined, issues: 0, name: 'Desk 1' },
    },
    {
      name: 'created without an id (edited away): checked as a new row',
      reported: was('created'),
      expected: { skip: undefined, id: undefined, issues: 0, name: 'Desk 1' },
    },
    {
      name: 'a row the user added (no outcome)',
      reported: was(''),
      expected: { skip: undefined, id: undefined, issues: 0, name: 'Desk 1' },
    },
    {
      name: 'not a report',
      reported: undefined,
      expected: { skip: undefined, id: undefined, issues: 0, name: 'Desk 1' },
    },
    {
      name: 'a Total line under the report',
      reported: was('', undefined, 'Total'),
      expected: { skip: 'looks like a totals row, not a record', id: undefined, issues: 0, name: undefined },
    },
  ];
  it.each(cases)('$name', ({ reported, expected }) => {
    expect(prepare(reported)).toEqual(expected);
  });
});

describe('--on-existing update and `update` take the record id from #id', () => {
  const cases: {
    name: string;
    reported: ReportedOutcome;
    opts: Parameters<typeof prepare>[1];
    expected: ReturnType<typeof prepare>;
  }[] = [
    {
      name: 'import --on-existing update: a created row is updated by its id',
      reported: was('created', 6),
      opts: { reportedWrites: 'update' },
      expected: { skip: undefined, id: 6, issues: 0, name: 'Desk 1' },
    },
    {
      name: 'import --on-existing update: an invalid row is still new',
      reported: was('invalid'),
      opts: { reportedWrites: 'update' },
      expected: { skip: undefined, id: undefined, issues: 0, name: 'Desk 1' },
    },
    {
      name: 'update: a created row is updated by its id',
      reported: was('created', 6),
      opts: { mode: 'update' },
      expected: { skip: undefined, id: 6, issues: 0, name: 'Desk 1' },
    },
    {
      name: 'update: any row with an id',
      reported: was('failed', 8),
      opts: { mode: 'update' },
      expected: { skip: undefined, id: 8, issues: 0, name: 'Desk 1' },
    },
    {
      name: "update: the sheet's own ID column wins",
      reported: was('created', 6),
      opts: { mode: 'update', headers: ['ID', 'Name'], cells: ['12', 'Desk 1'] },
      expected: { skip: undefined, id: 12, issues: 0, name: 'Desk 1' },
    },
  ];
  it.each(cases)('$name', ({ reported, opts, expected }) => {
    expect(prepare(reported, opts)).toEqual(expected);
  });
});
