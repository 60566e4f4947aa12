// A register imported again with its columns in another order (moved in a spreadsheet
// program, or a copy saved that way) sends the same values: nothing is created twice, not
// even a row without a serial number, and no row is "changed since". The built CLI, against
// a sandbox that outlives the runs.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countWrites, readReport, runCli, useSandbox } from './cli.js';

const env = useSandbox({ rateLimit: 0 });

const COLUMNS = ['Name', 'Serial number', 'Category', 'Subcategory', 'Usage status', 'Original cost'];

/** Two laptops with serial numbers and a chair without one, with the columns in `order`. */
function register(file: string, tag: string, order: readonly string[]): void {
  const rows = [
    [`Laptop ${tag} 1`, `${tag}-1`, 'Hardware', 'Laptop', 'In Use', '900.00'],
    [`Laptop ${tag} 2`, `${tag}-2`, 'Hardware', 'Laptop', 'In Use', '950.00'],
    [`Chair ${tag}`, '', 'Hardware', 'Laptop', 'In Use', '75.00'],
  ].map((cells) => order.map((c) => cells[COLUMNS.indexOf(c)]).join(','));
  writeFileSync(file, [order.join(','), ...rows].join('\n') + '\n');
}

/** A report's message as a person reads it, less what differs between runs (folder, dates, ids). */
const shown = (message: string, tag: string) =>
  message
    .replaceAll(env.dir + '/', '')
    .replace(/\d{4}-\d\d-\d\d \d\d:\d\d UTC/g, 'DATE')
    .replace(/\(id \d+\)/g, '(id N)')
    .replaceAll(tag, 'TAG');

const ALREADY =
  'already created by an earlier import of TAG.csv on DATE (id N); --allow-duplicates sends it again';
const MOVED = ['Original cost', 'Serial number', 'Name', 'Usage status', 'Subcategory', 'Category'];

describe('a register imported again with its columns moved', () => {
  it.each([
    {
      name: 'a copy under another name',
      again: 'copy',
      summary: 'Done: 3 rows — 0 created, 0 updated, 3 skipped, 0 invalid, 0 failed.',
      rows: [
        ['skipped', ALREADY],
        ['skipped', ALREADY],
        ['skipped', ALREADY],
      ],
    },
    {
      name: 'the same file (its journal knows the rows by their first column order)',
      again: 'same',
      summary: 'Done: 3 rows — 0 created, 0 updated, 3 skipped, 0 invalid, 0 failed.',
      rows: [
        ['skipped', 'already created by an earlier run of this import (journal)'],
        ['skipped', 'already created by an earlier run of this import (journal)'],
        ['skipped', ALREADY],
      ],
    },
  ])('$name: nothing sent twice, no row changed since, exit 0', async ({ again, summary, rows }) => {
    const tag = `MOV-${again}`;
    const file = join(env.dir, `${tag}.csv`);
    const args = ['-r', 'asset', ...env.sb.args];
    register(file, tag, COLUMNS);
    const first = await runCli(['import', file, ...args]);
    expect(first.code, first.stderr).toBe(0);

    const input = again === 'same' ? file : join(env.dir, `${tag}-copy.csv`);
    register(input, tag, MOVED);
    await env.sb.resetStats();
    const res = await runCli(['import', input, ...args]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout.split('\n')[0]).toBe(summary);
    expect(res.stdout).not.toContain('changed since');
    expect(countWrites(await env.sb.stats())).toBe(0);
    const said = readReport(`${input}.report.csv`).map((r) => [r['#status'], shown(r['#message'], tag)]);
    expect(said).toEqual(rows);
    const chairs = (await env.sb.records('asset')).filter((r) => r.name === `Chair ${tag}`);
    expect(chairs.length).toBe(1);
  });
});
