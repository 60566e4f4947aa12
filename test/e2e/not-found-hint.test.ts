// Rows whose names the service's lists lack ("In Betrieb", "Drucker") end with a hint: the
// `mapping suggest` line that writes value tables for them, never one that would empty the
// mapping file it starts from. A run with no such row, or --json, says nothing of it.
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli, useSandbox } from './cli.js';

const env = useSandbox({ rateLimit: 0 });

const hint = (rows: number, command: string) =>
  `hint: ${rows} rows name something the service's lists lack. \`${command}\` (with this run's service options) ` +
  'writes a mapping file with a value table for the names it can match, to pass with --mapping; ' +
  '--unmatched blank imports such rows without them';

const cases: { name: string; args: string[]; hints: string[] }[] = [
  {
    name: 'German words for the lists',
    args: ['validate', 'inventar.csv', '-r', 'asset'],
    hints: [hint(4, 'assetbatch mapping suggest inventar.csv -r asset > mapping.json')],
  },
  {
    name: 'a mapping file named mapping.json is not the output',
    args: ['validate', 'inventar.csv', '-r', 'asset', '--mapping', 'mapping.json'],
    hints: [
      hint(
        4,
        'assetbatch mapping suggest inventar.csv -r asset --mapping mapping.json > mapping-suggested.json',
      ),
    ],
  },
  {
    name: 'a file name with a space is quoted',
    args: ['import', 'my inventar.csv', '-r', 'asset'],
    hints: [hint(4, "assetbatch mapping suggest 'my inventar.csv' -r asset > mapping.json")],
  },
  { name: 'every name known', args: ['validate', 'known.csv', '-r', 'asset'], hints: [] },
  { name: '--json', args: ['validate', 'inventar.csv', '-r', 'asset', '--json'], hints: [] },
];

describe('names the service lacks', () => {
  it.each(cases)('$name', async ({ args, hints }) => {
    const german = join(ROOT, 'test/fixtures/languages/de-inventar.csv');
    copyFileSync(german, join(env.dir, 'inventar.csv'));
    copyFileSync(german, join(env.dir, 'my inventar.csv'));
    writeFileSync(join(env.dir, 'mapping.json'), JSON.stringify({ resource: 'asset' }));
    writeFileSync(
      join(env.dir, 'known.csv'),
      'Name,Serial number,Category,Subcategory,Usage status\nLaptop,HINT-1,Hardware,Laptop,In Use\n',
    );
    const res = await runCli([...args, ...env.sb.args], { cwd: env.dir });
    expect(res.code, res.stderr).toBeLessThan(2);
    expect(res.stderr.split('\n').filter((l) => l.startsWith('hint: '))).toEqual(hints);
  });
});
