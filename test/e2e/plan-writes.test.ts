// The plan of `update` and `sync` states its writes as the run will send them: when the
// records are listed before the plan, every row is compared with its record first and the
// writes are exact (and the run sends that many); when a lookup a row is cheaper, the plan
// says "at most". Each case seeds its own assets (its own manufacturer, the sync's --scope).
// A contract sheet has a Parent contract column: when no row names another row of the sheet
// as its parent (an export synced back), nothing waits and the rows are compared first too.
import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { countWrites, runCli, useSandbox } from './cli.js';

const env = useSandbox();

async function seed(tag: string, n: number): Promise<void> {
  for (let i = 1; i <= n; i++) {
    const res = await fetch(`${env.sb.sb.url}/api/v2/asset`, {
      method: 'POST',
      headers: { authorization: `Bearer ${env.sb.sb.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        company: 1,
        name: `${tag} laptop ${i}`,
        serial_number: `${tag}-${i}`,
        manufacturer: tag,
      }),
    });
    expect(res.status).toBe(201);
  }
}

interface Case {
  name: string;
  command: 'update' | 'sync';
  seeded: number;
  /** [serial, notes] rows; a serial not seeded is new. */
  rows: [string, string][];
  extra?: string[];
  plan: RegExp;
  writes: number;
}

const rowsOf = (tag: string, n: number, changed: readonly number[]): [string, string][] =>
  Array.from({ length: n }, (_, i) => [`${tag}-${i + 1}`, changed.includes(i + 1) ? 'moved' : '']);

const cases = (tag: string): Case => {
  const all: Record<string, Case> = {
    // 30 rows against 2 pages: the list is read, every row compared.
    PWU: {
      name: 'update of 30 rows, 3 changed, one row twice',
      command: 'update',
      seeded: 30,
      rows: [...rowsOf(tag, 30, [4, 9, 30]), [`${tag}-4`, 'moved']],
      plan: /^Plan: 3 writes \(3 to update; every row compared with its record as listed: 27 unchanged, 1 not to send \(invalid, duplicate, not found or in conflict\), nothing sent for them\) \+ existing-record check by full list \(\d+ pages?, read\); at 100 requests\/minute well under a minute\.$/m,
      writes: 3,
    },
    PWS: {
      name: 'sync: 2 changed, 2 new, 2 missing retired',
      command: 'sync',
      seeded: 30,
      rows: [...rowsOf(tag, 28, [1, 2]), [`${tag}-NEW-1`, ''], [`${tag}-NEW-2`, '']],
      extra: ['--missing', 'set:lifecycle_stage=Retired', '--max-missing', '2'],
      plan: /^Plan: 6 writes \(2 to create, 2 to update, 2 missing to change; every row compared with its record as listed: 26 unchanged, nothing sent for them\) \+ existing-record check by full list \(\d+ pages?, read\); at 100 requests\/minute well under a minute\.$/m,
      writes: 6,
    },
    // One row against a longer list: one lookup is cheaper than the list; the plan cannot compare first.
    PWF: {
      name: 'update of 1 row: a lookup, not the list',
      command: 'update',
      seeded: 30,
      rows: rowsOf(tag, 1, []),
      plan: /^Plan: at most 1 update \(a write each, after the lookup that reads the record; a row whose record already has its values sends nothing\) \+ existing-record check by filtered calls; at 100 requests\/minute well under a minute\.$/m,
      writes: 0,
    },
  };
  return all[tag];
};

describe('the plan of update and sync states the writes', () => {
  it.each(['PWU', 'PWS', 'PWF'].map((tag) => ({ tag, ...cases(tag) })))('$name', async (c) => {
    await seed(c.tag, c.seeded);
    const file = join(env.dir, `${c.tag}.csv`);
    writeFileSync(
      file,
      stringify([
        ['Serial number', 'Name', 'Manufacturer', 'Asset notes'],
        ...c.rows.map(([serial, notes]) => [
          serial,
          serial.replace(`${c.tag}-`, `${c.tag} laptop `),
          c.tag,
          notes,
        ]),
      ]),
    );
    const scope = c.command === 'sync' ? ['--scope', `manufacturer=${c.tag}`] : [];
    await env.sb.resetStats();
    const res = await runCli([
      c.command,
      file,
      '-r',
      'asset',
      '--report',
      join(env.dir, `${c.tag}.report.csv`),
      ...scope,
      ...(c.extra ?? []),
      ...env.sb.args,
      '--rate-limit',
      '100',
    ]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toMatch(c.plan);
    expect(countWrites(await env.sb.stats())).toBe(c.writes);
  });
});

describe('the plan of a contract sync states the writes', () => {
  // The sandbox's contracts, exported; each case edits the description of one of them.
  it.each([
    { key: 'id', edited: 'CT-2023-001' },
    { key: 'number', edited: 'CT-2023-002' },
  ])('sync --key $key of a contract export, one description edited', async ({ key, edited }) => {
    const file = join(env.dir, `contracts-${key}.csv`);
    const exported = await runCli(['export', 'contract', '-o', file, ...env.sb.args]);
    expect(exported.code, exported.stderr).toBe(0);
    const rows = parse(readFileSync(file), { columns: true, bom: true }) as Record<string, string>[];
    const row = rows.find((r) => r['Contract number'] === edited)!;
    row.Description = `edited for --key ${key}`;
    writeFileSync(file, stringify(rows, { header: true }));
    await env.sb.resetStats();
    const res = await runCli([
      'sync',
      file,
      '-r',
      'contract',
      '--key',
      key,
      '--report',
      join(env.dir, `contracts-${key}.report.csv`),
      ...env.sb.args,
      '--rate-limit',
      '100',
    ]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toMatch(
      new RegExp(
        `^Plan: 1 write \\(1 to update; every row compared with its record as listed: ${rows.length - 1} unchanged, nothing sent for them\\) \\+ existing-record check by full list \\(1 page, read\\);`,
        'm',
      ),
    );
    expect(countWrites(await env.sb.stats())).toBe(1);
    const after = (await env.sb.records('contract')).find((c) => c.number === edited);
    expect(after?.description).toBe(`edited for --key ${key}`);
  });
});
