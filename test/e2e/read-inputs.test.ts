// Inputs that are not regular files (issue 14, item 14): a FIFO with no writer, a FIFO being
// written, standard input; and a run that SIGTERM must stop even while the service hangs.
import { execFileSync, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BIN, ROOT, runCli, spawnCli, tempDir, testSandbox, type TestSandbox } from './cli.js';

let dir: string;
beforeAll(() => {
  dir = tempDir('ab-inputs-');
});

const exitOf = (child: ReturnType<typeof spawnCli>) =>
  new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

describe('inputs that are not files', () => {
  it('a FIFO with no writer is refused at once (exit 2), not waited on forever', async () => {
    const fifo = join(dir, 'nobody-writes.csv');
    execFileSync('mkfifo', [fifo]);
    const started = Date.now();
    const res = await runCli(['validate', fifo, '-r', 'asset', '--sandbox'], { timeoutMs: 20_000 });
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(
      /nobody-writes\.csv: is a pipe \(FIFO\), not a file: it cannot be read more than once[\s\S]*hint: Save it to a file first/,
    );
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 30_000);

  it('a FIFO someone writes into is refused too, the same way', async () => {
    const fifo = join(dir, 'written.csv');
    execFileSync('mkfifo', [fifo]);
    const writer = spawn('sh', ['-c', `printf 'Name,Serial No.\\nA,1\\n' > '${fifo}'`]);
    const res = await runCli(['validate', fifo, '-r', 'asset', '--sandbox'], { timeoutMs: 20_000 });
    writer.kill();
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/is a pipe \(FIFO\)/);
  }, 30_000);

  it('standard input (-) is refused with a hint', async () => {
    const child = spawn(process.execPath, [BIN, 'validate', '-', '-r', 'asset', '--sandbox'], {
      cwd: ROOT,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdin.end('Name,Serial No.\nA,1\n');
    expect(await exitOf(child as unknown as ReturnType<typeof spawnCli>)).toBe(2);
    expect(stderr).toMatch(/standard input \(-\) cannot be read[\s\S]*hint: Save it to a file first/);
  }, 30_000);
});

describe('signals always stop a run', () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    // Every answer takes a minute: a service that has stopped answering.
    sb = await testSandbox({ latencyMs: 60_000 });
    writeFileSync(join(dir, 'hung.csv'), 'Name,Serial No.\nHung laptop 1,HUNG-1\nHung laptop 2,HUNG-2\n');
  });
  afterAll(async () => sb?.close());

  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s while the service hangs: exit 3 within the grace period',
    async (signal) => {
      const before = (await sb.stats()).total as number;
      const child = spawnCli([
        'import',
        join(dir, 'hung.csv'),
        '-r',
        'asset',
        '--report',
        join(dir, `hung-${signal}.report.csv`),
        ...sb.args,
      ]);
      let stderr = '';
      child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
      const exited = exitOf(child);
      // The signal goes once the run hangs on the service (a request of it has arrived), not
      // after a fixed pause: a CLI slow to start on a loaded machine would get it before it
      // listens for signals, and die of it with no exit code.
      await vi.waitFor(async () => expect((await sb.stats()).total).toBeGreaterThan(before), {
        timeout: 20_000,
        interval: 20,
      });
      const sent = Date.now();
      child.kill(signal);
      expect(await exited).toBe(3);
      expect(Date.now() - sent).toBeLessThan(14_000);
      expect(stderr).toMatch(/Stopping: requests in flight finish/);
    },
    40_000,
  );
});
