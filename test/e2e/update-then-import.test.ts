// The sequence a person runs on a register: import it, edit two rows, apply the edits with
// `assetbatch update`, then import the register again (or a copy of it). The records already
// hold the edited values, so nothing is sent and no row is "changed since": the memory of
// what was sent knows the update as well as the create. A file that still has the values
// the update replaced is what differs from the records now, and says so. The built CLI,
// against a sandbox that outlives the runs.
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countWrites, readReport, runCli, useSandbox } from './cli.js';

const env = useSandbox({ rateLimit: 0 });

const HEADER = 'Name,Serial number,Category,Subcategory,Usage status,Original cost';

/** Three laptops; `edited`: rows 2 and 3 renamed and repriced, as a person edits a register. */
function register(file: string, tag: string, edited: boolean): void {
  const rows = [0, 1, 2].map((i) => {
    const name = edited && i === 1 ? `Laptop ${i} (renamed)` : `Laptop ${i}`;
    const cost = edited && i > 0 ? `9${i}5.00` : '900.00';
    return `${name},${tag}-${i},Hardware,Laptop,In Use,${cost}`;
  });
  writeFileSync(file, [HEADER, ...rows].join('\n') + '\n');
}

/** A report's message as a person reads it, less what differs between runs (folder, dates, ids). */
const shown = (message: string) =>
  message
    .replaceAll(env.dir + '/', '')
    .replace(/\d{4}-\d\d-\d\d \d\d:\d\d UTC/g, 'DATE')
    .replace(/\(id \d+\)/g, '(id N)');

/** A row whose cells are those its record was created from (the memory keeps them). */
const SAME =
  'already created by an earlier import of TAG.csv on DATE (id N) from the same cells; --allow-duplicates sends it again';
const UPDATED =
  "already created by an earlier import of TAG.csv on DATE (id N), then updated to this row's values by a run of TAG.csv on DATE; --allow-duplicates sends it again";

const UPDATED_AWAY =
  ", but the record was updated since to other values by a run of TAG.csv on DATE; `assetbatch update` sets this row's values again";

const cases: {
  name: string;
  /** The import after the update: which file, with what content. */
  again: 'the same file' | 'a copy' | 'a copy of the first version' | 'the first version, same file';
  /** The update's --report, when not the default beside the file (the import's journal then stays). */
  updateReport?: string;
  summary: string;
  changedWarning: boolean;
  rows: [status: string, message: string][];
}[] = [
  {
    name: 'the edited file imported again',
    again: 'the same file',
    summary: 'Done: 3 rows — 0 created, 0 updated, 3 skipped, 0 invalid, 0 failed.',
    changedWarning: false,
    rows: [
      ['skipped', SAME],
      ['skipped', UPDATED],
      ['skipped', UPDATED],
    ],
  },
  {
    name: 'the edited file imported as a copy under another name',
    again: 'a copy',
    summary: 'Done: 3 rows — 0 created, 0 updated, 3 skipped, 0 invalid, 0 failed.',
    changedWarning: false,
    rows: [
      ['skipped', SAME],
      ['skipped', UPDATED],
      ['skipped', UPDATED],
    ],
  },
  {
    name: 'the edited file imported again, the update reported elsewhere (the import journal stays)',
    again: 'the same file',
    updateReport: 'update-report.csv',
    summary: 'Done: 3 rows — 0 created, 0 updated, 3 skipped, 0 invalid, 0 failed.',
    changedWarning: false,
    rows: [
      ['skipped', 'already created by an earlier run of this import (journal)'],
      [
        'skipped',
        "created by an earlier run of this import (id N), then updated to this row's values by a run of TAG.csv on DATE",
      ],
      [
        'skipped',
        "created by an earlier run of this import (id N), then updated to this row's values by a run of TAG.csv on DATE",
      ],
    ],
  },
  {
    name: 'the first version, as a copy, after the update changed its records',
    again: 'a copy of the first version',
    summary: 'Done: 3 rows — 0 created, 0 updated, 3 skipped, 0 invalid, 0 failed.',
    // Its cells are those the records were created from: done, as the journal's rows are below, and
    // the update since said (it was "changed since", with the summary's warning).
    changedWarning: false,
    rows: [
      ['skipped', SAME],
      [
        'skipped',
        "already created by an earlier import of TAG.csv on DATE (id N) from the same cells, but the record was updated since to other values by a run of TAG.csv on DATE; `assetbatch update` sets this row's values again; --allow-duplicates sends it again",
      ],
      [
        'skipped',
        "already created by an earlier import of TAG.csv on DATE (id N) from the same cells, but the record was updated since to other values by a run of TAG.csv on DATE; `assetbatch update` sets this row's values again; --allow-duplicates sends it again",
      ],
    ],
  },
  {
    // The journal knows each row as done; the report says the update moved two records on.
    name: 'the first version again under its own name, the update reported elsewhere',
    again: 'the first version, same file',
    updateReport: 'update-report.csv',
    summary: 'Done: 3 rows — 0 created, 0 updated, 3 skipped, 0 invalid, 0 failed.',
    changedWarning: false,
    rows: [
      ['skipped', 'already created by an earlier run of this import (journal)'],
      ['skipped', `already created by an earlier run of this import (journal)${UPDATED_AWAY}`],
      ['skipped', `already created by an earlier run of this import (journal)${UPDATED_AWAY}`],
    ],
  },
];

describe('import, edit two rows, update, import again', () => {
  it.each(cases.map((c, n) => ({ ...c, tag: `UPI${n}` })))(
    '$name: nothing sent, exit 0',
    async ({ tag, again, updateReport, summary, changedWarning, rows }) => {
      const file = join(env.dir, `${tag}.csv`);
      const first = join(env.dir, `${tag}-first.csv`);
      const connection = ['-r', 'asset', ...env.sb.args];
      register(file, tag, false);
      copyFileSync(file, first);
      const imported = await runCli(['import', file, ...connection]);
      expect(imported.code, imported.stderr).toBe(0);

      register(file, tag, true);
      const report = updateReport ? ['--report', join(env.dir, `${tag}-${updateReport}`)] : [];
      const updated = await runCli(['update', file, ...connection, '--yes', ...report]);
      expect(updated.code, updated.stderr).toBe(0);
      expect(updated.stdout).toContain(
        'Done: 3 rows — 0 created, 2 updated, 1 skipped (1 unchanged), 0 invalid, 0 failed.',
      );

      const sameFile = again === 'the same file' || again === 'the first version, same file';
      const input = sameFile ? file : join(env.dir, `${tag}-${again === 'a copy' ? 'copy' : 'old'}.csv`);
      if (again !== 'the same file') copyFileSync(again === 'a copy' ? file : first, input);
      await env.sb.resetStats();
      const res = await runCli(['import', input, ...connection]);
      expect(res.code, res.stderr).toBe(0);
      expect(res.stdout.split('\n')[0]).toBe(summary);
      expect(res.stdout.includes('changed since an earlier run')).toBe(changedWarning);
      expect(countWrites(await env.sb.stats())).toBe(0);
      const said = readReport(`${input}.report.csv`).map((r) => [
        r['#status'],
        shown(r['#message']).replaceAll(tag, 'TAG'),
      ]);
      expect(said).toEqual(rows);
    },
  );
});
