// The compare pass of `update` and `sync` (every row compared with its listed record before
// the plan, the sheet read once more, nothing sent) draws a progress line on a terminal, as
// the rows' pass does, and clears it before the plan; never off a terminal, never with --json.
// On a terminal of its own (script(1), onTerminal), against the sandbox.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { onTerminal, runCli, useSandbox } from './cli.js';
import { seedAssets } from './seed.js';

const env = useSandbox();

/** A sheet of the seeded assets `<tag>-1` … `<tag>-n`, each with new notes. */
function sheet(tag: string, n: number): string {
  const file = join(env.dir, `${tag}.csv`);
  const rows = Array.from(
    { length: n },
    (_, i) => `${tag}-${i + 1},${tag} laptop ${i + 1},${tag},notes ${i}`,
  );
  writeFileSync(file, ['Serial number,Name,Manufacturer,Asset notes', ...rows].join('\n') + '\n');
  return file;
}

/** The whole compare line, drawn at its last row and then cleared. */
const compareLine = (n: number) =>
  `\rcomparing [########################] ${n}/${n} 100% · rows compared with their records, nothing sent\x1b[K\r\x1b[K`;

describe('the compare pass draws its progress', () => {
  it.each([
    { what: 'update', args: (f: string) => ['update', f, '-r', 'asset'] },
    { what: 'sync', args: (f: string) => ['sync', f, '-r', 'asset', '--scope', 'manufacturer=CPS'] },
  ])('$what on a terminal: "comparing", to its last row, cleared before the plan', async ({ what, args }) => {
    const tag = what === 'update' ? 'CPU' : 'CPS';
    await seedAssets(env.sb, tag, 4);
    const out = await onTerminal([...args(sheet(tag, 4)), ...env.sb.args]);
    expect(out).toContain(compareLine(4));
    expect(out.indexOf('\rcomparing ')).toBeLessThan(out.indexOf('Plan: '));
    // The plan counts what the pass found.
    expect(out).toContain('every row compared with its record as listed');
  });

  it.each([
    { what: 'with --json on a terminal', terminal: true, extra: ['--json'] },
    { what: 'off a terminal', terminal: false, extra: [] },
  ])('$what: no progress line', async ({ terminal, extra }) => {
    const tag = terminal ? 'CPJ' : 'CPN';
    await seedAssets(env.sb, tag, 2);
    const cmd = ['update', sheet(tag, 2), '-r', 'asset', ...extra, ...env.sb.args];
    const out = terminal ? await onTerminal(cmd) : (await runCli(cmd)).stderr;
    if (!terminal) expect(out).toContain('every row compared with its record as listed');
    expect(out).not.toContain('comparing');
  });
});
