// Each test sandbox has state of its own. The memory of what was sent (and the lists' cache,
// the pace memory) is kept by the service's URL in the test file's folders: a sandbox the
// system starts on the port of one this file closed must not find that one's rows "already
// created". Here the system's choice is made for it: the second sandbox is first started on
// the port the first one freed.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import { readReport, runCli, tempDir, testSandbox } from './cli.js';

describe('two sandboxes of one test file, one after the other', () => {
  it("the second, first handed the port the first freed, knows nothing of the first's rows", async () => {
    const dir = tempDir();
    const file = join(dir, 'chairs.csv');
    // Keyless rows: only the memory tells whether they were sent.
    writeFileSync(file, 'Name\nPort Chair A\nPort Chair B\n');
    const run = (args: string[], report: string) =>
      runCli(['import', file, '-r', 'asset', '--report', join(dir, report), ...args]);

    const first = await testSandbox();
    const port = Number(new URL(first.sb.url).port);
    const once = await run(first.args, 'first.csv');
    expect(once.code, once.stderr).toBe(0);
    await first.close();

    let starts = 0;
    const reused = (options: SandboxOptions) => startSandbox(starts++ === 0 ? { ...options, port } : options);
    const second = await testSandbox({}, reused);
    try {
      const again = await run(second.args, 'second.csv');
      expect(again.code, again.stderr).toBe(0);
      expect(readReport(join(dir, 'second.csv')).map((r) => [r.Name, r['#status']])).toEqual([
        ['Port Chair A', 'created'],
        ['Port Chair B', 'created'],
      ]);
      const chairs = (await second.records('asset')).filter((a) => String(a.name).startsWith('Port Chair'));
      expect(chairs).toHaveLength(2);
    } finally {
      await second.close();
    }
  });
});
