// An export whose memory (what it showed, for an update of it sent back) cannot be written
// still exports: the file is there, exit 0, and a warning says what the update will lack.
// The built CLI against a sandbox; the state folder is a file, so nothing can go under it.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir, useSandbox } from './cli.js';

const env = useSandbox();

describe('an export whose memory cannot be written', () => {
  it('writes the file, exits 0 and warns that an update of it will not know the edited cells', async () => {
    const dir = tempDir();
    const state = join(dir, 'state-is-a-file');
    writeFileSync(state, '');
    const out = join(dir, 'assets.csv');
    const res = await runCli(['export', 'asset', '-o', out, ...env.sb.args], {
      env: { XDG_STATE_HOME: state },
    });
    expect(res.code, res.stderr).toBe(0);
    expect(existsSync(out)).toBe(true);
    expect(res.stderr).toMatch(
      /^warning: the export was written, but what it showed could not be remembered \(\w+\): .*; an update of this file will not tell the cells you edit from those changed in the service since/m,
    );
  });
});
