// A column that maps to nothing is offered a field only when it shares the label's words,
// and a guess is said as one: `closest: X` when each word stands for the label's, `maybe X`
// for a misspelt word or a word the label lacks, nothing for letters alone (Lansweeper's
// "OScode" is no "Zip code"). The built CLI's validate and `mapping suggest` against the
// sandbox, and the plan's --json.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, useSandbox } from './cli.js';

const env = useSandbox({ rateLimit: 0 });

const cases: { header: string; plan: string; suggest: string; json: Record<string, unknown> }[] = [
  {
    header: 'OScode',
    plan: 'no matching field; map it with --mapping',
    suggest: 'column "OScode" maps to nothing (null in the file)',
    json: { header: 'OScode' },
  },
  {
    header: 'Service start',
    plan: 'no matching field; closest: Service start date; map it with --mapping',
    suggest: 'column "Service start" maps to nothing (null in the file); closest field: Service start date',
    json: { header: 'Service start', suggestion: 'Service start date' },
  },
  {
    header: 'Contact',
    plan: 'no matching field; maybe Contract; map it with --mapping',
    suggest: 'column "Contact" maps to nothing (null in the file); maybe Contract',
    json: { header: 'Contact', suggestion: 'Contract', maybe: true },
  },
  {
    header: 'Zip/post code',
    plan: 'no matching field; maybe Zip code; map it with --mapping',
    suggest: 'column "Zip/post code" maps to nothing (null in the file); maybe Zip code',
    json: { header: 'Zip/post code', suggestion: 'Zip code', maybe: true },
  },
];

describe('an unmapped column: closest, maybe, or nothing', () => {
  const file = () => {
    const path = join(env.dir, 'lansweeper-like.csv');
    const headers = ['Name', 'Serial number', ...cases.map((c) => `"${c.header}"`)];
    writeFileSync(path, `${headers.join(',')}\nReception PC,SM-1,${cases.map(() => 'x').join(',')}\n`);
    return path;
  };

  it('validate says each in the plan, and --json has `maybe` beside a guess', async () => {
    const res = await runCli(['validate', file(), '-r', 'asset', ...env.sb.args], { cwd: env.dir });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr.split('\n').filter((l) => l.startsWith('warning: column'))).toEqual(
      cases.map((c) => `warning: column "${c.header}" is not imported (${c.plan})`),
    );
    const json = await runCli(['validate', file(), '-r', 'asset', '--json', ...env.sb.args], {
      cwd: env.dir,
    });
    const plan = (JSON.parse(json.stdout) as { plan: { unmapped: Record<string, unknown>[] } }).plan;
    expect(plan.unmapped).toEqual(cases.map((c) => c.json));
  });

  it('mapping suggest says each in its notes', async () => {
    const res = await runCli(['mapping', 'suggest', file(), '-r', 'asset', ...env.sb.args], { cwd: env.dir });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr.split('\n').filter((l) => l.startsWith('note: column'))).toEqual(
      cases.map((c) => `note: ${c.suggest}`),
    );
  });
});
