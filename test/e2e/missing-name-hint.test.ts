// A register without a Name column stops before any row is read (exit 2) when nothing builds
// the name either: no make and model (nor model and tag) to build it from, or a mapping file
// that names its own name column, which the sheet lacks (the user chose: the run does not
// build one instead). Where the row's other columns can make the name, the hint says how (the
// template `mapping suggest` would write); where they cannot, it offers only what can be done.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, useSandbox } from './cli.js';

const env = useSandbox({ rateLimit: 0 });

const TAIL =
  'Rename a column, or map it in a mapping file ("columns": {"Your header": "name"}), or give a default (--default name=…, or "defaults": {"name": "…"} in the mapping file)';

const cases: { name: string; header: string; mapping?: object; hint: string }[] = [
  {
    name: 'Make and Model, but the mapping file names a name column the sheet lacks',
    header: 'Make,Model,Serial',
    mapping: { columns: { Gerätename: 'name' } },
    hint:
      `Headers seen: "Make", "Model", "Serial". ${TAIL}, or build it from the row ` +
      '("fields": {"name": "{Make} {Model}"}; `assetbatch mapping suggest` writes that mapping file).',
  },
  {
    name: 'Model and Asset Tag, but the mapping file names a name column the sheet lacks',
    header: 'Asset Tag,Model,Serial',
    mapping: { columns: { Hostname: 'name' } },
    hint:
      `Headers seen: "Asset Tag", "Model", "Serial". ${TAIL}, or build it from the row ` +
      '("fields": {"name": "{Model} {Asset Tag}"}; `assetbatch mapping suggest` writes that mapping file).',
  },
  {
    name: 'nothing to build it from',
    header: 'Serial,Purchase Date',
    hint: `Headers seen: "Serial", "Purchase Date". ${TAIL}.`,
  },
];

describe('no column for the name', () => {
  it.each(cases)('$name', async ({ header, mapping, hint }) => {
    const file = join(env.dir, 'register.csv');
    const mappingPath = join(env.dir, 'register.mapping.json');
    if (mapping) writeFileSync(mappingPath, JSON.stringify(mapping));
    writeFileSync(
      file,
      `${header}\n${header
        .split(',')
        .map((h, i) => (h === 'Model' ? 'Latitude 7440' : `v${i}`))
        .join(',')}\n`,
    );
    const args = ['validate', file, '-r', 'asset', ...(mapping ? ['--mapping', mappingPath] : [])];
    const res = await runCli([...args, ...env.sb.args], { cwd: env.dir });
    expect(res.code, res.stderr).toBe(2);
    const lines = res.stderr.split('\n');
    expect(lines.find((l) => l.startsWith('error: '))).toBe(
      `error: ${file}: no column for Name (name), which is required for assets`,
    );
    expect(lines.find((l) => l.startsWith('  hint: '))).toBe(`  hint: ${hint}`);
  });
});
