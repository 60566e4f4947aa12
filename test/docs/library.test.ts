// docs/library.md's examples are whole programs: each ```ts block runs, with the built package
// as 'assetbatch', in a folder of its own holding a copy of samples/, and must exit 0 having
// printed something. The blocks are also type-checked against the built declarations (a
// misspelt property would otherwise print `undefined` and pass).
import { spawn } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pLimit from 'p-limit';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT, tempDir } from '../e2e/cli.js';

interface Example {
  readonly heading: string;
  readonly line: number;
  readonly code: string;
}

/** The ```ts blocks of a page, each under the heading it follows. */
function examplesOf(text: string): Example[] {
  const out: Example[] = [];
  let heading = '';
  let open: { line: number; lines: string[] } | undefined;
  text.split('\n').forEach((l, i) => {
    if (open) {
      if (l.startsWith('```')) {
        out.push({ heading, line: open.line, code: open.lines.join('\n') });
        open = undefined;
      } else open.lines.push(l);
    } else if (l.startsWith('## ')) heading = l.slice(3).trim();
    else if (l.trim() === '```ts') open = { line: i + 1, lines: [] };
  });
  return out;
}

const INDEX = pathToFileURL(join(ROOT, 'dist/index.js')).href;
const examples = examplesOf(readFileSync(join(ROOT, 'docs/library.md'), 'utf8'));
// Each example starts node and a sandbox: two at a time, as the machine has two cores.
const limit = pLimit(2);

function runNode(file: string, cwd: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [file], {
      cwd,
      env: { ...process.env, XDG_CACHE_HOME: join(cwd, '.cache') },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}

describe('docs/library.md', () => {
  it('has an example for each public function it lists', () => {
    expect(examples.length).toBeGreaterThanOrEqual(12);
  });

  it('type-checks against the built declarations', () => {
    const dir = tempDir();
    const files = examples.map((e, i) => {
      const file = join(dir, `example-${i}.ts`);
      writeFileSync(file, `${e.code}\nexport {};\n`);
      return file;
    });
    const program = ts.createProgram(files, {
      noEmit: true,
      strict: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ES2022,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      types: ['node'],
      typeRoots: [join(ROOT, 'node_modules/@types')],
      paths: { assetbatch: [join(ROOT, 'dist/index.d.ts')] },
    });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file ? `${examples[files.indexOf(d.file.fileName)]?.heading ?? d.file.fileName}: ` : '';
      return where + ts.flattenDiagnosticMessageText(d.messageText, '\n');
    });
    rmSync(dir, { recursive: true, force: true });
    expect(problems).toEqual([]);
  }, 60_000);

  // The first block only shows the import line.
  it.concurrent.each(
    examples
      .filter((e) => /\bawait\b/.test(e.code))
      .map((e) => [`${e.heading} (line ${e.line})`, e] as const),
  )(
    '%s runs',
    async (_name, e) => {
      const dir = tempDir();
      cpSync(join(ROOT, 'samples'), join(dir, 'samples'), { recursive: true });
      const js = ts.transpileModule(e.code, {
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      }).outputText;
      const file = join(dir, 'example.mjs');
      writeFileSync(file, js.replaceAll(`from 'assetbatch'`, `from '${INDEX}'`));
      const run = await limit(() => runNode(file, dir));
      rmSync(dir, { recursive: true, force: true });
      expect(run.code, run.out).toBe(0);
      // Each example prints what it got: silence would mean it showed nothing.
      expect(run.out.trim()).not.toBe('');
    },
    60_000,
  );
});

/** The names src/index.ts exports, as it spells them: values and types apart. */
function indexExports(): { values: string[]; types: string[] } {
  const sf = ts.createSourceFile(
    'index.ts',
    readFileSync(join(ROOT, 'src/index.ts'), 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const values: string[] = [];
  const types: string[] = [];
  for (const n of sf.statements) {
    if (!ts.isExportDeclaration(n)) continue;
    // `export *` would export names this list cannot see.
    if (!n.exportClause || !ts.isNamedExports(n.exportClause))
      throw new Error('src/index.ts has an `export *`: name what it exports');
    for (const e of n.exportClause.elements)
      (n.isTypeOnly || e.isTypeOnly ? types : values).push(e.name.text);
  }
  return { values, types };
}

/** The backquoted names of the paragraph of "## Exported" that starts with `label`. */
function listed(text: string, label: string): string[] {
  const section = text.slice(text.indexOf('\n## Exported\n'));
  const para = section.split('\n\n').find((p) => p.startsWith(label)) ?? '';
  return [...para.matchAll(/`([A-Za-z]\w*)`/g)].map((m) => m[1]);
}

describe('docs/library.md, "Exported"', () => {
  const doc = readFileSync(join(ROOT, 'docs/library.md'), 'utf8');
  const index = indexExports();

  it('lists exactly the values src/index.ts exports', async () => {
    const loaded = Object.keys(await import('../../src/index.js'));
    expect([...index.values].sort()).toEqual([...loaded].sort());
    expect(listed(doc, 'Functions and values:').sort()).toEqual([...index.values].sort());
  });

  it('lists exactly the types src/index.ts exports', () => {
    expect(listed(doc, 'Types:').sort()).toEqual([...index.types].sort());
  });

  it('keeps the surface narrow (about 15 to 30 values: at most 32)', () => {
    expect(index.values.length).toBeGreaterThanOrEqual(15);
    expect(index.values.length).toBeLessThanOrEqual(32);
  });
});
