// docs/library.md's examples are whole programs: each ```ts block runs, with the built package
// as 'assetbatch', in a folder of its own holding a copy of samples/, and must end having
// printed something, thrown nothing and left nothing open. They run one after another in one
// process (test/docs/run-examples.mjs), which loads Node and the library once for them all, while
// this one type-checks the blocks against the built declarations (a misspelt property would
// otherwise print `undefined` and pass).
import { spawn } from 'node:child_process';
import { closeSync, cpSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
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
// The first block only shows the import line.
const programs = examples.filter((e) => /\bawait\b/.test(e.code));
/** What test/docs/run-examples.mjs writes after each example's output. */
const MARK = '\u0000example-end ';

interface Ended {
  /** What the program printed (stdout and stderr, in order). */
  readonly out: string;
  /** What it threw. */
  readonly error?: string;
  /** What it left keeping the event loop alive. */
  readonly open: string[];
}

/** Each program in a folder of its own with a copy of samples/, all run by one process in turn. */
async function runPrograms(): Promise<{ code: number | null; ended: (Ended | undefined)[]; rest: string }> {
  const root = tempDir('ab-library-');
  const list = programs.map((e, i) => {
    const dir = join(root, `example-${i}`);
    cpSync(join(ROOT, 'samples'), join(dir, 'samples'), { recursive: true });
    const js = ts.transpileModule(e.code, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    }).outputText;
    const file = join(dir, 'example.mjs');
    writeFileSync(file, js.replaceAll(`from 'assetbatch'`, `from '${INDEX}'`));
    return { dir, file };
  });
  // One file for stdout and stderr, so that what a program printed stays before its marker.
  const log = join(root, 'out.txt');
  const fd = openSync(log, 'w');
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'test/docs/run-examples.mjs'), JSON.stringify(list)], {
      env: { ...process.env, XDG_CACHE_HOME: join(root, '.cache') },
      stdio: ['ignore', fd, fd],
    });
    child.on('error', reject);
    child.on('close', resolve);
  });
  closeSync(fd);
  const parts = readFileSync(log, 'utf8').split(MARK);
  rmSync(root, { recursive: true, force: true });
  const ended: (Ended | undefined)[] = programs.map(() => undefined);
  let out = parts[0];
  for (const part of parts.slice(1)) {
    const nl = part.indexOf('\n');
    const { i, error, open } = JSON.parse(part.slice(0, nl)) as { i: number; error?: string; open: string[] };
    ended[i] = { out, error, open };
    out = part.slice(nl + 1);
  }
  return { code, ended, rest: out };
}

describe('docs/library.md', () => {
  // Started at once, and awaited by the examples' tests: the type check meanwhile takes this process.
  let run: ReturnType<typeof runPrograms>;
  beforeAll(() => {
    run = runPrograms();
    run.catch(() => undefined);
  });

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
      // A program for Node, as ours is (tsconfig.json): no DOM, Node's own types for fetch.
      lib: ['lib.es2023.d.ts'],
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

  it.each(programs.map((e, i) => [`${e.heading} (line ${e.line})`, i] as const))(
    '%s runs',
    async (_name, i) => {
      const { ended, rest } = await run;
      // No marker: the program never ended (what it printed is the rest of the output).
      expect(ended[i], rest).toBeDefined();
      const { out, error, open } = ended[i]!;
      expect(error, out).toBeUndefined();
      expect(open, `left open, a process of its own would not end:\n${out}`).toEqual([]);
      // Each example prints what it got: silence would mean it showed nothing.
      expect(out.trim()).not.toBe('');
    },
    120_000,
  );

  it('the programs, run in turn, leave their process to end by itself', async () => {
    const { code, rest } = await run;
    expect(code, rest).toBe(0);
  }, 120_000);
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
