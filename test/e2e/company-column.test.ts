// A register's company column (Snipe-IT's "Company", GLPI's "Entité", a German "Firma") is
// not imported: the company is the run's. The plan says so, and how to load a register of
// several companies, instead of "map it with --mapping" (no field takes it).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, useSandbox } from './cli.js';

const env = useSandbox({ rateLimit: 0 });

const note = (header: string, company: number) =>
  `warning: column "${header}" is not imported (every row goes to this run's company, ${company} (--company); ` +
  'a register of several companies takes a run for each, with its --company N (`assetbatch export company` lists them))';

const cases: { name: string; header: string; args: string[]; warning: string }[] = [
  { name: "Snipe-IT's Company", header: 'Company', args: [], warning: note('Company', 1) },
  { name: "GLPI's Entité", header: 'Entité', args: [], warning: note('Entité', 1) },
  { name: 'Firma, --company 2', header: 'Firma', args: ['--company', '2'], warning: note('Firma', 2) },
  {
    name: 'another column keeps the usual warning',
    header: 'Order Number',
    args: [],
    warning: 'warning: column "Order Number" is not imported (no matching field; map it with --mapping)',
  },
];

describe('a company column', () => {
  it.each(cases)('$name', async ({ header, args, warning }) => {
    const file = join(env.dir, 'register.csv');
    writeFileSync(file, `Name,Serial number,${header}\nReception PC,CO-1,Acme Europe\n`);
    const res = await runCli(['validate', file, '-r', 'asset', ...args, ...env.sb.args], { cwd: env.dir });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr.split('\n').filter((l) => l.startsWith('warning: column'))).toEqual([warning]);
  });
});
