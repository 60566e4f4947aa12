// The plan of `update` and `sync` states its writes as the run will send them: when the
// records are listed before the plan, every row is compared with its record first and the
// writes are exact (and the run sends that many); when a lookup a row is cheaper, the plan
// says "at most". Each case seeds its own assets (its own manufacturer, the sync's --scope).
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
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
