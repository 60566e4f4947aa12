// A repeat import whose journal did every row reads the sheet twice (the scan, which
// fingerprints each row's cells, and the run), not four times: the plan reads it again only
// when a row is not one the journal finished (its lists, the keyless rows the memory may
// know). On a large XLSX a read is seconds (bench/results.md). The library in this process,
// over HTTP; openSheet is the readers' one door, counted as it is passed through.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { useSandbox } from './cli.js';
import { runLibrary } from './library.js';

const opens = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/read/index.js', async (importOriginal) => {
  const read = await importOriginal<typeof import('../../src/read/index.js')>();
  return {
    ...read,
    openSheet: (...args: Parameters<typeof read.openSheet>) => {
      opens.count++;
      return read.openSheet(...args);
    },
  };
});

const ctx = useSandbox();

/** 30 laptops, 12 of them chairs without a serial number (rows 0, 3, 6, 9, 10, 13 …); `status`: row 1's. */
const register = (tag: string, status = 'In Use') =>
  [
    'Name,Serial number,Category,Subcategory,Usage status,Original cost',
    ...Array.from({ length: 30 }, (_, i) =>
      /[0369]$/.test(String(i))
        ? `Chair ${tag} ${i},,Hardware,Laptop,In Use,90.00`
        : `Laptop ${tag} ${i},${tag}-${i},Hardware,Laptop,${i === 1 ? status : 'In Use'},900.00`,
    ),
  ].join('\n') + '\n';

const cases: { name: string; again: (tag: string) => string; opens: number; summary: string }[] = [
  {
    // It was 4: the plan read it for the lists and again for the chairs the memory knows.
    name: 'the same file again',
    again: (tag) => register(tag),
    opens: 2,
    summary: '0 created, 0 updated, 30 skipped, 0 invalid, 0 failed',
  },
  {
    // The edited row asks its lists, and the chairs are matched: the plan reads the sheet as before.
    name: "one laptop's usage status edited",
    again: (tag) => register(tag, 'In Stock'),
    opens: 4,
    summary: '0 created, 0 updated, 30 skipped, 0 invalid, 0 failed',
  },
];

describe('a repeat whose journal did every row reads the sheet once before the run', () => {
  it.each(cases)('$name: $opens reads', async ({ name, again, opens: expected, summary }) => {
    const tag = name.replace(/\W/g, '').slice(0, 8);
    const file = join(ctx.dir, `${tag}.csv`);
    writeFileSync(file, register(tag));
    const first = await runLibrary(ctx.sb, { file, resource: 'asset' });
    expect(first.code, first.stderr).toBe(0);
    writeFileSync(file, again(tag));
    opens.count = 0;
    const res = await runLibrary(ctx.sb, { file, resource: 'asset' });
    expect(res.code, res.stderr).toBe(0);
    const c = res.summary!.counts;
    expect(
      `${c.created} created, ${c.updated} updated, ${c.skipped} skipped, ${c.invalid} invalid, ${c.failed} failed`,
    ).toBe(summary);
    expect(opens.count).toBe(expected);
  });
});
