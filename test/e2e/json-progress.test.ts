// --json is for scripts: no progress line is drawn, not even on a terminal (stderr a TTY),
// for the rows' pass of any command that reads a sheet; without --json the same run on a
// terminal draws it. On a terminal of its own (script(1), onTerminal), against the sandbox.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { onTerminal, useSandbox } from './cli.js';
import { seedAssets } from './seed.js';

const env = useSandbox();

/** A sheet of the seeded assets `<tag>-1` … `<tag>-n`, each with new notes (`run` apart). */
function sheet(tag: string, run: string, n = 2): string {
  const file = join(env.dir, `${tag}-${run}.csv`);
  const rows = Array.from(
    { length: n },
    (_, i) => `${tag}-${i + 1},${tag} laptop ${i + 1},${tag},${run} ${i}`,
  );
  writeFileSync(file, ['Serial number,Name,Manufacturer,Asset notes', ...rows].join('\n') + '\n');
  return file;
}

/** Every progress line is drawn, and cleared, with an erase to the end of the line. */
const ERASE = '\x1b[K';

describe('--json draws no progress line on a terminal', () => {
  it.each([
    { command: 'import', tag: 'JPI', label: 'importing', args: ['--allow-duplicates'] },
    { command: 'validate', tag: 'JPV', label: 'checking', args: [] },
    { command: 'update', tag: 'JPU', label: 'updating', args: [] },
    { command: 'sync', tag: 'JPS', label: 'syncing', args: ['--scope', 'manufacturer=JPS'] },
  ])('$command: none with --json; $label without', async ({ command, tag, label, args }) => {
    await seedAssets(env.sb, tag, 2);
    const run = (name: string, extra: string[]) =>
      onTerminal([command, sheet(tag, name), '-r', 'asset', ...args, ...extra, ...env.sb.args]);
    const json = await run('json', ['--json']);
    const plain = await run('plain', []);
    // The JSON summary is there (the run did its work), and no line was drawn or cleared.
    expect(json).toContain('"counts"');
    expect(json).not.toContain(ERASE);
    expect(plain).toContain(`\r${label} `);
  });
});
