// A row to be created that was merged into a record instead (--on-existing update: its key or
// its ID cell found one as it was reached) whose merge held fields back, changed in the sheet
// and in the service since the last run: the row is a `conflict`, said as a matched row's is.
// Before, the create path said the merge's status (`updated`, `skipped`) and nothing of the
// fields it did not write. A sync cannot be staged so against the sandbox: its list read before
// the plan answers for every key (a key that appears after it is created, docs/sync.md).
import { describe, expect, it } from 'vitest';
import { mergedConflict } from '../../src/run/rows.js';
import type { UpdateResult } from '../../src/send/writer.js';

const base = { row: 4, cells: [], text: '', warnings: [] };
const notes = { field: 'asset_notes', last: 'A', sheet: 'B', service: 'Colleague' };
const po = { field: 'custom.12', last: 'PO-1', sheet: 'PO-2', service: 'PO-3' };
const column = (field: string) => (field === 'custom.12' ? 'PO Number' : undefined);
const HELD =
  "changed in the sheet and in the service since the last run, not written (--prefer sheet writes the sheet's)";

describe('a merge that held fields back is a conflict on the row', () => {
  it.each<{
    name: string;
    res: UpdateResult;
    dryRun?: boolean;
    want: { status: string; note?: string } | undefined;
  }>([
    {
      name: 'its other changes written',
      res: { status: 'updated', id: 9, conflicts: [notes] },
      want: {
        status: 'conflict',
        note: `${HELD}: asset_notes: sheet B, service Colleague (last sent A); its other changes were written`,
      },
    },
    {
      name: 'nothing else to write',
      res: { status: 'skipped', id: 9, unchanged: true, conflicts: [notes] },
      want: { status: 'conflict', note: `${HELD}: asset_notes: sheet B, service Colleague (last sent A)` },
    },
    {
      name: 'a custom field, named by its column',
      res: { status: 'skipped', id: 9, conflicts: [po] },
      want: { status: 'conflict', note: `${HELD}: PO Number: sheet PO-2, service PO-3 (last sent PO-1)` },
    },
    {
      name: 'a dry run with other changes',
      res: {
        status: 'skipped',
        id: 9,
        conflicts: [notes],
        changes: [{ field: 'name', from: 'Desk', to: 'Desk 2' }] as UpdateResult['changes'],
      },
      dryRun: true,
      want: {
        status: 'conflict',
        note: `${HELD}: asset_notes: sheet B, service Colleague (last sent A); its other changes would be written`,
      },
    },
    { name: 'no field held back: the merge says', res: { status: 'updated', id: 9 }, want: undefined },
    {
      name: 'a merge that failed: its failure says',
      res: { status: 'failed', conflicts: [notes] },
      want: undefined,
    },
  ])('$name', ({ res, dryRun = false, want }) => {
    const out = mergedConflict(base, 9, res, dryRun, column);
    expect(out && { status: out.status, note: out.note }).toEqual(want);
    if (want) expect(out?.id).toBe(9);
  });
});
