// The plan of a run that writes names the `assetbatch status` line to follow it from another
// terminal. A file saved as "GLPI export (2).csv" (a browser's second download) needs quoting:
// the line is quoted for a shell, and pasted into one it runs.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, runCli, useSandbox } from './cli.js';

const env = useSandbox({ rateLimit: 0 });

function inShell(line: string, cwd: string): Promise<number> {
  const command = line.replace(/^assetbatch /, `'${process.execPath}' '${BIN}' `);
  return new Promise((done) =>
    execFile('sh', ['-c', command], { cwd, timeout: 60_000 }, (err) =>
      done(err ? (typeof err.code === 'number' ? err.code : 1) : 0),
    ),
  );
}

const cases: { file: string; command: string }[] = [
  { file: 'register.csv', command: 'assetbatch status register.csv' },
  { file: 'GLPI export (2).csv', command: "assetbatch status 'GLPI export (2).csv'" },
  { file: "Jo's register.csv", command: "assetbatch status 'Jo'\\''s register.csv'" },
];

describe('the status line in the plan', () => {
  it.each(cases)('$file', async ({ file, command }) => {
    writeFileSync(join(env.dir, file), `Name,Serial number\nLaptop,QUOTE-${file.length}\n`);
    const res = await runCli(['import', file, '-r', 'asset', ...env.sb.args], { cwd: env.dir });
    expect(res.code, res.stderr).toBe(0);
    const line = res.stderr.split('\n').find((l) => l.startsWith('Report: rows are added to'));
    expect(line).toContain(`(follow it with tail -f, or: ${command});`);
    expect(await inShell(command, env.dir)).toBe(0);
  });
});
