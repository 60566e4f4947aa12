// A run killed after the memory of what was sent took a create's line but before its journal
// did (the memory is written first): the same command again knows the row by its cells from
// the memory, says so in this import's words, and sends nothing for it. Built CLI, sandbox.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countWrites, readReport, runCli, tempDir, testSandbox } from './cli.js';

const SHEET =
  ['Name,Serial number', ...Array.from({ length: 5 }, (_, i) => `Laptop ${i},KB-${i}`)].join('\n') + '\n';

describe('a run killed between the memory and the journal', () => {
  it('the rerun skips the row the memory has, in the import’s words, with no write', async () => {
    const sb = await testSandbox();
    const dir = tempDir();
    const opts = { cwd: dir, env: { XDG_STATE_HOME: join(dir, 'state') } };
    try {
      writeFileSync(join(dir, 'a.csv'), SHEET);
      const args = ['import', 'a.csv', '-r', 'asset', ...sb.args];
      expect((await runCli(args, opts)).code).toBe(0);
      // The journal as a kill left it: row 2's create is in the memory, its "done" line not written.
      const journal = join(dir, 'a.csv.report.journal.ndjson');
      const lines = readFileSync(journal, 'utf8').split('\n');
      writeFileSync(
        journal,
        lines.filter((l) => !(l.includes('"t":"done"') && l.includes('"row":2,'))).join('\n'),
      );
      const writes = countWrites(await sb.stats());
      const res = await runCli(args, opts);
      expect(res.code, res.stderr).toBe(0);
      expect(countWrites(await sb.stats())).toBe(writes);
      const report = readReport(join(dir, 'a.csv.report.csv'));
      expect(report.map((r) => [r['#row'], r['#status'], r['#message']])).toEqual([
        [
          '2',
          'skipped',
          'already created by an earlier run of this import (the memory of what was sent: that run stopped before its journal said so)',
        ],
        ...['3', '4', '5', '6'].map((row) => [
          row,
          'skipped',
          'already created by an earlier run of this import (journal)',
        ]),
      ]);
    } finally {
      await sb.close();
    }
  });
});
