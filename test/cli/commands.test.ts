// The CLI loads only the command it runs: the top-level help is drawn from a table of the
// commands, which must say what their own definitions say, and `--help` loads none of them.
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COMMANDS, commandOf } from '../../src/cli/commands.js';
import { buildProgram } from '../../src/cli/program.js';

const MAIN = resolve('dist/cli/main.js');

describe('the top-level help', () => {
  it('lists each command as its own definition does', async () => {
    const light = await buildProgram(['--help']);
    const full = await buildProgram(['--help'], true);
    expect(light.helpInformation()).toBe(full.helpInformation());
    expect(full.commands.map((c) => c.name())).toEqual(COMMANDS.map((c) => c.name));
  });

  it('loads no command module, no HTTP client, schema or spreadsheet library', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ab-help-'));
    try {
      const log = join(dir, 'loaded.txt');
      const hooks = join(dir, 'hooks.mjs');
      await writeFile(
        hooks,
        `import { appendFileSync } from 'node:fs';\nexport async function resolve(s, c, next) { const r = await next(s, c); appendFileSync(${JSON.stringify(log)}, r.url + '\\n'); return r; }\n`,
      );
      const register = `import { register } from 'node:module'; register(${JSON.stringify(pathToFileURL(hooks).href)});`;
      const run = spawnSync(
        process.execPath,
        ['--import', `data:text/javascript,${encodeURIComponent(register)}`, MAIN, '--help'],
        { encoding: 'utf8' },
      );
      expect(run.status).toBe(0);
      expect(run.stdout).toContain('template [options] <resource>');
      const loaded = (await readFile(log, 'utf8'))
        .split('\n')
        .filter((u) => u.includes('/dist/') || u.includes('node_modules'));
      const ours = loaded.filter((u) => u.includes('/dist/')).map((u) => u.slice(u.indexOf('/dist/') + 6));
      expect([...new Set(ours)].sort()).toEqual([
        'cli/commands.js',
        'cli/main.js',
        'cli/pipe.js',
        'cli/program.js',
        'cli/run.js',
        'errors.js',
      ]);
      expect(loaded.filter((u) => u.includes('node_modules') && !u.includes('/commander/'))).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the command a command line runs', () => {
  it.each([
    [['import', 'a.csv', '-r', 'asset'], 'import'],
    [['--debug', 'validate', 'a.csv'], 'validate'],
    [['help', 'export'], 'export'],
    [['mapping', 'suggest', 'x.csv'], 'mapping'],
    [['--help'], undefined],
    [['-V'], undefined],
    [['imprt', 'a.csv'], undefined],
    [[], undefined],
  ])('%j runs %s', (args, name) => {
    expect(commandOf(args)?.name).toBe(name);
  });
});
