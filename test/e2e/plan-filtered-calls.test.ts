// An import that looks each row's record up alone (a few rows against a long list) plans one
// filtered call a row with a key: a row without a serial number has nothing to look up, and
// asks nothing. The plan's writes and calls are what the run then sends, request for request.
import { beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { madeByApi, runCli, useSandbox } from './cli.js';

const env = useSandbox();

beforeAll(async () => {
  // 105 assets: 5 pages of 25, more than the 4 rows of each sheet, so each row is looked up alone.
  for (let i = 0; i < 100; i++) await madeByApi(env.sb, { name: `Filler ${i}`, serial_number: `FILL-${i}` });
});

describe('the plan counts a filtered call for each keyed row only', () => {
  it.each([
    { name: '2 keyed, 2 keyless rows: 2 calls', serials: ['A-1', '', 'A-2', ''], calls: 2 },
    { name: '4 keyless rows: no call', serials: ['', '', '', ''], calls: 0 },
    // 4 keyed rows would cost 4 calls and the list's last page (its newest id): the list's 5 pages are cheaper.
    { name: '3 keyed rows, 1 keyless: 3 calls', serials: ['C-1', 'C-2', 'C-3', ''], calls: 3 },
  ])('$name', async ({ name, serials, calls }) => {
    const tag = name.slice(0, 12).replace(/\W/g, '');
    const file = join(env.dir, `${tag}.csv`);
    writeFileSync(
      file,
      ['Name,Serial number', ...serials.map((s, i) => `${tag} asset ${i},${s && `${tag}-${s}`}`)].join('\n'),
    );
    const res = await runCli([
      'import',
      file,
      '-r',
      'asset',
      '--report',
      `${file}.report.csv`,
      ...env.sb.args,
    ]);
    expect(res.code, res.stderr).toBe(0);
    // No call to make is no check: the plan leaves it out.
    const check = calls
      ? `existing-record check by filtered calls \\(up to ${calls}, one a row with a serial number\\) \\+ `
      : '';
    const plan = new RegExp(
      `^Plan: up to 4 writes \\+ ${check}(\\d+) reads? of the list's newest id`,
      'm',
    ).exec(res.stderr);
    expect(plan, res.stderr).not.toBeNull();
    expect(res.stdout).toContain('Done: 4 rows — 4 created');
    // The run's requests: the list's first page and the mark's reads (the plan's), then the
    // writes and the calls it planned, none more.
    const mark = Number(plan![1]);
    expect(res.stdout).toContain(`\n${1 + mark + 4 + calls} requests`);
  });
});
