// A run stopped part-way resumes with the --on-existing it began with (the journal's run
// header keeps it): another one is refused before anything is sent, naming both and how to
// go on; after a run that finished, another one is a new run of the import, and the plan
// says so. The built CLI, over HTTP.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, stoppedAt, tempDir, testSandbox } from './cli.js';

/** 30 laptops. */
const register =
  [
    'Name,Serial number,Category,Subcategory,Usage status,Original cost',
    ...Array.from({ length: 30 }, (_, i) => `Laptop ${i},RO-${i},Hardware,Laptop,In Use,900.00`),
  ].join('\n') + '\n';

describe('a resume keeps the --on-existing its import began with', () => {
  it('refuses another one after a stop, and says which; after a finished run it warns', async () => {
    const sb = await testSandbox({ latencyMs: 20 });
    const dir = tempDir();
    const opts = {
      cwd: dir,
      env: { XDG_STATE_HOME: join(dir, 'state'), XDG_CACHE_HOME: join(dir, 'cache') },
    };
    const run = (...more: string[]) => ['import', 'a.csv', '-r', 'asset', ...more, ...sb.args];
    try {
      writeFileSync(join(dir, 'a.csv'), register);
      const journal = join(dir, 'a.csv.report.journal.ndjson');
      expect((await stoppedAt(run('--concurrency', '1'), opts, journal, 10)).code).toBe(3);
      const refused = await runCli(run('--on-existing', 'update'), opts);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(
        'this import was stopped part-way with --on-existing skip, and this run asks for --on-existing update',
      );
      expect(refused.stderr).toContain('Run it again with --on-existing skip to finish it as it began');
      expect(refused.stdout).not.toMatch(/^\d+ requests/m);
      // Finished as it began, then run again with update: a new run of the import, said so.
      const finished = await runCli(run(), opts);
      expect(finished.code).toBe(0);
      expect(finished.stdout).toMatch(
        /Done: 30 rows — \d+ created, 0 updated, \d+ skipped, 0 invalid, 0 failed/,
      );
      const again = await runCli(run('--on-existing', 'update'), opts);
      expect(again.code).toBe(0);
      expect(again.stderr).toContain(
        'the last run of this import used --on-existing skip; this one uses --on-existing update',
      );
      expect(again.stdout).toContain(
        'Done: 30 rows — 0 created, 0 updated, 30 skipped, 0 invalid, 0 failed.',
      );
      // Each row is one its journal created, its cells unchanged: no list, one request (the
      // newest record the journal holds, read by id: the service still has what they are skipped as).
      expect(again.stdout).toMatch(/^1 request,/m);
    } finally {
      await sb.close();
    }
  });
});
