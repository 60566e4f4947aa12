// The export command through commander, against the sandbox: plan and outcome on stderr,
// data on stdout when there is no -o, errors as one line with the right exit code, and
// the token never printed.
import { PassThrough } from 'node:stream';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { registerExportCommand, type CliIO } from '../../src/cli/export.js';
import { startSizedSandbox, type SizedSandbox } from './fixture.js';
import { readXlsx } from './readback.js';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function run(args: string[], env: NodeJS.ProcessEnv = {}, tty = false): Promise<Run> {
  const stdout = new PassThrough();
  const stderr = Object.assign(new PassThrough(), { isTTY: tty });
  let out = '';
  let err = '';
  stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
  stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
  const io: CliIO = { stdout, stderr, env };
  const program = new Command().exitOverride();
  registerExportCommand(program, io);
  const before = process.exitCode;
  await program.parseAsync(['node', 'assetbatch', 'export', ...args]);
  const code = Number(process.exitCode ?? 0);
  process.exitCode = before;
  return { code, stdout: out, stderr: err };
}

describe('assetbatch export', () => {
  let sb: SizedSandbox;
  let conn: string[];
  beforeAll(async () => {
    sb = await startSizedSandbox(30);
    conn = ['--base-url', sb.sandbox.url, '--token', sb.sandbox.token, '--rate-limit', '0'];
  }, 60_000);
  afterAll(() => sb?.close());

  it('writes CSV to stdout by default, the plan and outcome to stderr', async () => {
    const r = await run(['supplier', ...conn]);
    expect(r.code).toBe(0);
    const rows = parse(r.stdout) as string[][];
    expect(rows).toHaveLength(31);
    expect(rows[0].slice(0, 3)).toEqual(['ID', 'Name', 'Category']);
    // 2 pages of custom field templates (30 of them) and 2 of suppliers
    expect(r.stderr).toMatch(/^plan: supplier: 30 records, 2 pages, 4 requests/m);
    expect(r.stderr).toMatch(/exported 30 supplier records \(2 pages, 4 requests\)/);
    expect(r.stderr).not.toContain('\r'); // no progress bar off a TTY
  });

  it('shows progress (pages and records) only when stderr is a terminal', async () => {
    const r = await run(['supplier', ...conn, '-o', join(sb.dir, 'progress.csv')], {}, true);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('\r\x1b[Ksupplier: page 2/2, 30/30 records');
    expect(r.stderr).toMatch(/\r\x1b\[Kexported 30 supplier records/);
  });

  it('takes the base URL and token from the environment, and never prints the token', async () => {
    const env = { ASSETBATCH_BASE_URL: sb.sandbox.url, ASSETBATCH_TOKEN: sb.sandbox.token };
    const r = await run(['asset-owner', '--json', '--format', 'json'], env);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveLength(30);
    expect(r.stderr + r.stdout).not.toContain(sb.sandbox.token);
  });

  it.each([
    ['an unknown list', ['gadget'], 2, /^error: unknown list "gadget"\n {2}hint: Lists: supplier/],
    [
      'a filter the list lacks',
      ['supplier', '--filter', 'colour=red'],
      2,
      /^error: the supplier list has no filter "colour"/,
    ],
    [
      'a filter that is not key=value',
      ['category', '--filter', 'name'],
      2,
      /^error: --filter "name" is not key=value/,
    ],
    [
      'an --as-of that is not a date',
      ['asset', '--finance', '--as-of', '31/12/2025'],
      2,
      /^error: "31\/12\/2025" is not a date/,
    ],
    [
      'an extension without a format',
      ['asset', '-o', 'x.txt'],
      2,
      /^error: cannot tell the format from "x.txt"/,
    ],
    ['a wrong token', ['supplier', '--token', 'nope'], 3, /^error: the service refused the token \(HTTP 401/],
  ])('%s: one error line, its exit code, no stack', async (_n, args, code, message) => {
    const r = await run([
      ...args,
      ...(args.includes('--token') ? ['--base-url', sb.sandbox.url, '--rate-limit', '0'] : conn),
    ]);
    expect(r.code).toBe(code);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stderr).not.toContain(sb.sandbox.token);
  });

  it('refuses to send the token over plain http to another machine', async () => {
    const r = await run(['supplier', '--base-url', 'http://service.example', '--token', 'secret-token']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: refusing to send the token over plain http/);
    expect(r.stderr).not.toContain('secret-token');
  });

  it('without a base URL: a configuration error with a hint', async () => {
    const r = await run(['supplier']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^error: no service to talk to\n {2}hint: Give --base-url URL \(or ASSETBATCH_BASE_URL\)/,
    );
  });

  it('fills {date}, {company} and {resource} in -o, and tells the format from the extension', async () => {
    const r = await run([
      'customer',
      ...conn,
      '-o',
      join(sb.dir, 'out', '{resource}-{company}-{date}.xlsx'),
      '--json',
    ]);
    expect(r.code).toBe(0);
    const files = await readdir(join(sb.dir, 'out'));
    expect(files).toEqual([expect.stringMatching(/^customer-1-\d{4}-\d{2}-\d{2}\.xlsx$/)]);
    expect(JSON.parse(r.stdout)).toMatchObject({ resource: 'customer', records: 30, format: 'xlsx' });
    expect((await readXlsx(join(sb.dir, 'out', files[0]))).rows).toHaveLength(30);
  });

  it('--excel adds a BOM and CRLF', async () => {
    const file = join(sb.dir, 'excel.csv');
    const r = await run(['usage-status', ...conn, '--excel', '-o', file]);
    expect(r.code).toBe(0);
    const buf = await readFile(file);
    expect([...buf.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(buf.toString('utf8').split('\r\n')).toHaveLength(32);
  });

  it('--sandbox exports from a sandbox started in-process', async () => {
    const r = await run(['supplier', '--sandbox', '--format', 'ndjson']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^sandbox: http:\/\/127\.0\.0\.1:\d+\n/);
    expect(r.stdout.trimEnd().split('\n').length).toBeGreaterThanOrEqual(62);
  });

  it('export all -o snapshot.xlsx: a sheet per list and About', async () => {
    const file = join(sb.dir, 'snapshot.xlsx');
    const r = await run(['all', ...conn, '-o', file]);
    expect(r.code).toBe(0);
    expect(r.stderr.match(/^plan: /gm)).toHaveLength(15);
    const about = await readXlsx(file, 'About');
    expect(about.rows.find((row) => row[0] === 'Suppliers')?.slice(2)).toEqual([30, 30]);
    expect((await readXlsx(file, 'Countries')).rows).toHaveLength(249);
  });
});
