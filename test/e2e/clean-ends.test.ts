// Failures that end cleanly: a closed stdout, a full disk, a config file that is not JSON,
// an HTML page where a list should be, and --json that always prints an object on stdout.
// The real CLI as a child process, against a sandbox (or a stand-in server) over HTTP.
import { spawn, execFile, execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { createServer, type Server } from 'node:http';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, ROOT, runCli, tempDir, testSandbox, type CliResult } from './cli.js';
import { loadJournal } from '../../src/send/journal.js';
import { runLibrary } from './library.js';

/** The CLI with its stdout closed before it writes a byte (`| head` that has had enough). */
function withStdoutClosed(args: readonly string[]): Promise<CliResult> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (code) => done({ code: code ?? -1, stdout: '', stderr }));
  });
}

describe('a closed stdout ends the command quietly', () => {
  it.each([
    ['--help', ['--help']],
    ['export to stdout', ['export', 'asset', '--sandbox', '--rate-limit', '0']],
  ])('%s: exit 0, no stack trace', async (_name, args) => {
    const res = await withStdoutClosed(args);
    expect(res.code).toBe(0);
    expect(res.stderr).not.toMatch(/EPIPE|Unhandled|at .*\.js:\d+/);
  });
});

/** A server answering every request 200 with an HTML page: a proxy's or a login page. */
async function htmlServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<html><body>Please sign in</body></html>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('--json prints {"error": {"code", "message"}} on stdout when the run fails', () => {
  const dir = tempDir();
  const csv = join(dir, 'one.csv');
  writeFileSync(csv, 'Name,Serial Number\nDesk,SN-1\n');
  const bad = join(dir, 'bad.json');
  writeFileSync(bad, '{"baseUrl": "https://x.example", "token": "TOKEN-IN-THE-FILE-123",,}');

  it.each([
    ['no service given', ['import', csv, '-r', 'asset', '--json'], 'E_CONFIG', 2, /no service/],
    [
      'a config file that is not JSON (its text never quoted)',
      ['import', csv, '-r', 'asset', '--json', '--config', bad],
      'E_CONFIG',
      2,
      /not valid JSON/,
    ],
  ])('%s', async (_name, args, code, exit, message) => {
    const res = await runCli(args, { env: { ASSETBATCH_BASE_URL: '', ASSETBATCH_TOKEN: '' } });
    expect(res.code).toBe(exit);
    const out = JSON.parse(res.stdout) as { error: { code: string; message: string } };
    expect(out.error.code).toBe(code);
    expect(out.error.message).toMatch(message);
    expect(res.stdout + res.stderr).not.toContain('TOKEN-IN-THE-FILE');
  });

  it('a file not there: the JSON names the file and gives the hint, as the error line does', async () => {
    const res = await runCli(['update', join(dir, 'gone.csv'), '-r', 'asset', '--json'], {
      env: { ASSETBATCH_BASE_URL: 'http://127.0.0.1:9', ASSETBATCH_TOKEN: 't' },
    });
    expect(res.code).toBe(2);
    expect(JSON.parse(res.stdout)).toEqual({
      error: {
        code: 'E_FILE_NOT_FOUND',
        message: 'file not found',
        hint: 'Check the path; relative paths start from the current folder.',
        location: { file: join(dir, 'gone.csv') },
      },
    });
  });

  it('a list answered 200 with an HTML page: a clear error naming the URL and the status, not a bug', async () => {
    const html = await htmlServer();
    try {
      const res = await runCli([
        'import',
        csv,
        '-r',
        'asset',
        '--json',
        '--base-url',
        html.url,
        '--token',
        'tok-12345',
        '--rate-limit',
        '0',
      ]);
      expect(res.code).toBe(3);
      const out = JSON.parse(res.stdout) as { error: { code: string; message: string } };
      expect(out.error.code).toBe('E_HTTP_UNEXPECTED');
      expect(out.error.message).toContain(`GET ${html.url}/api/v2/`);
      expect(out.error.message).toMatch(/HTTP 200 with text\/html/);
      expect(res.stderr).not.toMatch(/This is a bug/);
    } finally {
      await html.close();
    }
  });
});

/** The CLI with a preload that makes writes to the files matching `match` fail with ENOSPC after `after` bytes. */
function runWithFullDisk(args: readonly string[], match: string, after: number): Promise<CliResult> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['--import', pathToFileURL(join(ROOT, 'test/helpers/fail-writes.mjs')).href, BIN, ...args],
      { cwd: ROOT, env: { ...process.env, FAIL_WRITES_MATCH: match, FAIL_WRITES_AFTER: String(after) } },
      (err, stdout, stderr) =>
        done({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr }),
    );
  });
}

describe('an injected write error (ENOSPC) on the report, wherever a tmpfs cannot be mounted', () => {
  it('a clear message, exit 3, no partial report, the journal intact: the next run completes each row once', async () => {
    const sb = await testSandbox();
    try {
      const dir = tempDir();
      const input = join(dir, 'inj.csv');
      writeFileSync(
        input,
        [
          'Name,Serial Number,Notes',
          ...Array.from({ length: 120 }, (_, i) => `Desk ${i},INJ-${i},${'n'.repeat(300)}`),
        ].join('\n') + '\n',
      );
      const report = join(dir, 'inj.report.csv');
      const res = await runWithFullDisk(
        ['import', input, '-r', 'asset', '--report', report, '--concurrency', '2', ...sb.args],
        '\\.part$',
        20_000,
      );
      expect(res.code, res.stderr).toBe(3);
      expect(res.stderr).toMatch(/the disk is full: could not write .*inj\.report\.csv/);
      expect(res.stderr).not.toMatch(/Unhandled|This is a bug/);
      expect(
        readdirSync(dir).filter((f) => f.endsWith('.part') || f.endsWith('.tmp') || f === 'inj.report.csv'),
      ).toEqual([]);
      // The same command again, through the library in-process (the stop above is the CLI's).
      const again = await runLibrary(sb, { file: input, resource: 'asset', reportPath: report });
      expect(again.code, again.stderr).toBe(0);
      const serials = (await sb.records('asset'))
        .map((r) => String(r.serial_number))
        .filter((x) => x.startsWith('INJ-'));
      expect(serials).toHaveLength(120);
      expect(new Set(serials).size).toBe(120);
    } finally {
      await sb.close();
    }
  }, 60_000);
});

/** A tmpfs of `kb` KiB, where this machine lets the test mount one. */
function smallDisk(kb: number): string | undefined {
  const at = tempDir('ab-full-');
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${kb}k`, 'tmpfs', at], { stdio: 'ignore' });
    return at;
  } catch {
    return undefined;
  }
}

const disk = smallDisk(24);
afterAll(() => {
  if (disk) execFileSync('umount', [disk]);
});

describe.skipIf(!disk)('a full disk while writing the report', () => {
  it('a clear message, exit 3, no .tmp left, and a journal the next run can resume from', async () => {
    const sb = await testSandbox();
    try {
      const dir = tempDir();
      const input = join(dir, 'many.csv');
      const filler = 'x'.repeat(400);
      writeFileSync(
        input,
        [
          'Name,Serial Number,Notes',
          ...Array.from({ length: 200 }, (_, i) => `Desk ${i},FULL-${i},${filler}`),
        ].join('\n') + '\n',
      );
      const out = join(disk!, 'r');
      mkdirSync(out);
      const report = join(out, 'many.report.csv');
      const res = await runCli([
        'import',
        input,
        '-r',
        'asset',
        '--report',
        report,
        '--concurrency',
        '1',
        ...sb.args,
      ]);
      expect(res.code, res.stderr).toBe(3);
      expect(res.stderr).toMatch(/the disk is full: could not write/);
      expect(res.stderr).not.toMatch(/Unhandled|ENOSPC\n\s+at /);
      expect(readdirSync(out).filter((f) => f.endsWith('.tmp') || f.endsWith('.part'))).toEqual([]);
      expect(existsSync(report)).toBe(false);
      // Every row the service has is in the journal, done or in flight: none is lost to a resume.
      const journal = loadJournal(join(out, 'many.report.journal.ndjson'));
      const created = (await sb.records('asset')).filter((r) => String(r.serial_number).startsWith('FULL-'));
      expect(created.length).toBeGreaterThan(0);
      expect(journal.attempts.length).toBeGreaterThanOrEqual(created.length);
      expect(readFileSync(join(out, 'many.report.journal.ndjson'), 'utf8').length).toBeGreaterThan(0);
      // With space again, the same command resumes: every row in the service exactly once.
      execFileSync('mount', ['-o', 'remount,size=4m', disk!]);
      try {
        // The same command, through the library in-process (the stop above is the CLI's).
        const again = await runLibrary(sb, {
          file: input,
          resource: 'asset',
          reportPath: report,
          concurrency: 1,
        });
        expect(again.code, again.stderr).toBe(0);
        const serials = (await sb.records('asset'))
          .map((r) => String(r.serial_number))
          .filter((x) => x.startsWith('FULL-'));
        expect(serials).toHaveLength(200);
        expect(new Set(serials).size).toBe(200);
      } finally {
        rmSync(out, { recursive: true, force: true });
        execFileSync('mount', ['-o', 'remount,size=24k', disk!]);
      }
    } finally {
      await sb.close();
    }
  }, 60_000);

  it.each([['xlsx'], ['json']])(
    'a %s report: the same clear message and exit 3, nothing left behind',
    async (ext) => {
      const dir = tempDir();
      const input = join(dir, `many-${ext}.csv`);
      // Text that does not compress, so that an XLSX report fills the disk too.
      let seed = 7;
      const noise = () =>
        Array.from({ length: 300 }, () =>
          String.fromCharCode(97 + ((seed = (seed * 48271) % 2147483647) % 26)),
        ).join('');
      writeFileSync(
        input,
        [
          'Name,Serial Number,Notes',
          ...Array.from({ length: 300 }, (_, i) => `Desk ${i},${ext}-${i},${noise()}`),
        ].join('\n') + '\n',
      );
      const out = join(disk!, ext);
      mkdirSync(out);
      const res = await runCli([
        'import',
        input,
        '-r',
        'asset',
        '--sandbox',
        '--rate-limit',
        '0',
        '-q',
        '--report',
        join(out, `r.${ext}`),
      ]);
      expect(res.code, res.stderr).toBe(3);
      expect(res.stderr).toMatch(/the disk is full: could not write/);
      expect(readdirSync(out)).toEqual([]);
    },
    60_000,
  );
});
