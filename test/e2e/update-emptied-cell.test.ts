// A cell emptied in the register and applied with `update`: an update leaves empty cells
// alone, so the record keeps its value. Each step must say so, not "the record already has
// these values", and the import's "changed since" must name --clear-empty, the option that
// does apply it. The built CLI, against a sandbox that outlives the runs.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countWrites, readReport, runCli, useSandbox } from './cli.js';

const env = useSandbox({ rateLimit: 0 });

const HEADER = 'Name,Serial number,Category,Subcategory,Usage status,Original cost,Location';
const KEPT =
  'unchanged: the record already has these values except for an empty cell: the record keeps Location description "Floor 1" (an update leaves empty cells alone; --clear-empty empties it)';

type Step = {
  args: string[];
  exit: number;
  summary: string;
  writes: number;
  /** The first row's #message, less the folder and dates. */
  message: string | RegExp;
};

const steps = (file: string): Step[] => [
  { args: ['update', file], exit: 0, summary: '0 created, 0 updated, 2 skipped', writes: 0, message: KEPT },
  {
    args: ['update', file, '--dry-run', '--report', `${file}.dry.csv`],
    exit: 0,
    summary: '0 to update, 0 invalid, 2 skipped (2 unchanged)',
    writes: 0,
    message: KEPT,
  },
  {
    args: ['import', file],
    exit: 0,
    summary: '0 created, 0 updated, 2 skipped',
    writes: 0,
    message:
      /but the row has changed since; the row emptied Location description, which `assetbatch update` leaves as it is: `assetbatch update --clear-empty` empties it in the record$/,
  },
  {
    args: ['update', file, '--clear-empty'],
    exit: 0,
    summary: '0 created, 1 updated, 1 skipped',
    writes: 1,
    message: '',
  },
  {
    args: ['import', file],
    exit: 0,
    summary: '0 created, 0 updated, 2 skipped',
    writes: 0,
    message: /then updated to this row's values by a run of /,
  },
];

describe('a cell emptied, then update, update --clear-empty, import', () => {
  it('each step says what the record holds', async () => {
    const file = join(env.dir, 'emptied.csv');
    const row = (location: string) => `Laptop E1,EMP-1,Hardware,Laptop,In Use,900.00,${location}`;
    const other = 'Laptop E2,EMP-2,Hardware,Laptop,In Use,900.00,Floor 1';
    writeFileSync(file, [HEADER, row('Floor 1'), other].join('\n') + '\n');
    expect((await runCli(['import', file, '-r', 'asset', ...env.sb.args])).code).toBe(0);
    writeFileSync(file, [HEADER, row(''), other].join('\n') + '\n');
    for (const step of steps(file)) {
      await env.sb.resetStats();
      const res = await runCli([...step.args, '-r', 'asset', ...env.sb.args]);
      const what = step.args.join(' ');
      expect(res.code, `${what}\n${res.stderr}`).toBe(step.exit);
      expect(res.stdout, what).toContain(step.summary);
      expect(countWrites(await env.sb.stats()), what).toBe(step.writes);
      const report = step.args.includes('--report') ? `${file}.dry.csv` : `${file}.report.csv`;
      const message = readReport(report)[0]['#message'];
      if (typeof step.message === 'string') expect(message, what).toBe(step.message);
      else expect(message, what).toMatch(step.message);
    }
    const [rec] = (await env.sb.records('asset')).filter((r) => r.serial_number === 'EMP-1');
    expect(rec.location_description ?? '').toBe('');
  });
});

describe('a custom cell emptied (Cost Centre), then update, update --clear-empty', () => {
  const CUSTOM_HEADER = 'Name,Serial number,Cost Centre,PO Number';
  const CUSTOM_KEPT =
    'unchanged: the record already has these values except for an empty cell: the record keeps Cost Centre "CC-100" (an update leaves empty cells alone; --clear-empty empties it)';

  it('the update names the value kept; --clear-empty empties it, the other custom value stays', async () => {
    const file = join(env.dir, 'custom-emptied.csv');
    writeFileSync(file, [CUSTOM_HEADER, 'Laptop C1,CUS-1,CC-100,PO-1'].join('\n') + '\n');
    expect((await runCli(['import', file, '-r', 'asset', ...env.sb.args])).code).toBe(0);
    writeFileSync(file, [CUSTOM_HEADER, 'Laptop C1,CUS-1,,PO-1'].join('\n') + '\n');
    const custom = async () =>
      (
        (await env.sb.records('asset')).find((r) => r.serial_number === 'CUS-1')!.template as {
          fields: Record<string, unknown>;
        }
      ).fields;
    const steps: [string[], number, string][] = [
      [['update', file], 0, CUSTOM_KEPT],
      [['update', file, '--clear-empty'], 1, ''],
      // Emptied already by the run before, the row unchanged since: its journal skips it unread.
      [
        ['update', file, '--clear-empty'],
        0,
        'updated by an earlier run of this update, the row unchanged since: not read again',
      ],
    ];
    const seen: unknown[] = [];
    for (const [args, writes, message] of steps) {
      await env.sb.resetStats();
      const res = await runCli([...args, '-r', 'asset', ...env.sb.args]);
      expect(res.code, res.stderr).toBe(0);
      expect(countWrites(await env.sb.stats()), args.join(' ')).toBe(writes);
      expect(readReport(`${file}.report.csv`)[0]['#message'], args.join(' ')).toBe(message);
      seen.push(await custom());
    }
    expect(seen).toEqual([
      { 1: 'CC-100', 2: 'PO-1' },
      { 1: null, 2: 'PO-1' },
      { 1: null, 2: 'PO-1' },
    ]);
  });
});
