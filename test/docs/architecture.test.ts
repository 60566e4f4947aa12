// docs/architecture.md says there are no import circles in src/, type imports included:
// every relative import, `export … from`, `import type` and `import()` of every file is an
// edge, and no file may reach itself through them.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** The files under src/ a file imports, by path under src/ with .ts. */
function importsOf(file: string, text: string): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const specs: string[] = [];
  const visit = (n: ts.Node): void => {
    if (
      (ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) &&
      n.moduleSpecifier &&
      ts.isStringLiteral(n.moduleSpecifier)
    )
      specs.push(n.moduleSpecifier.text);
    else if (
      ts.isCallExpression(n) &&
      n.expression.kind === ts.SyntaxKind.ImportKeyword &&
      n.arguments[0] &&
      ts.isStringLiteral(n.arguments[0])
    )
      specs.push(n.arguments[0].text);
    else if (
      ts.isImportTypeNode(n) &&
      ts.isLiteralTypeNode(n.argument) &&
      ts.isStringLiteral(n.argument.literal)
    )
      specs.push(n.argument.literal.text);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return specs
    .filter((s) => s.startsWith('.'))
    .map((s) => relative(SRC, resolve(dirname(file), s)).replace(/\.js$/, '.ts'));
}

/** Each circle (a strongly connected component of more than one file, or a file importing itself), its files sorted. */
function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const scc: string[] = [];
    for (let w = stack.pop()!; ; w = stack.pop()!) {
      onStack.delete(w);
      scc.push(w);
      if (w === v) break;
    }
    if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(scc.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('import circles in src/', () => {
  it('there are none, type imports included', () => {
    const graph = new Map(
      sourceFiles(SRC).map((f) => [relative(SRC, f), importsOf(f, readFileSync(f, 'utf8'))]),
    );
    expect(graph.size).toBeGreaterThan(100);
    expect(circles(graph)).toEqual([]);
  });

  const cases: [name: string, source: string, edges: string[]][] = [
    ['a value import', `import { a } from './b.js';`, ['run/b.ts']],
    ['a type import', `import type { A } from '../map/c.js';`, ['map/c.ts']],
    ['a re-export', `export { a } from './b.js';`, ['run/b.ts']],
    ['a dynamic import', `const m = await import('./b.js');`, ['run/b.ts']],
    ['an import type node', `let x: import('./b.js').B;`, ['run/b.ts']],
    ['a package (not an edge)', `import { z } from 'zod';`, []],
  ];
  it.each(cases)('reads %s as an edge', (_name, source, edges) => {
    expect(importsOf(join(SRC, 'run/a.ts'), source)).toEqual(edges);
  });

  const graphs: [name: string, edges: [string, string[]][], expected: string[][]][] = [
    [
      'a line',
      [
        ['a', ['b']],
        ['b', ['c']],
        ['c', []],
      ],
      [],
    ],
    [
      'two files importing each other',
      [
        ['a', ['b']],
        ['b', ['a']],
      ],
      [['a', 'b']],
    ],
    [
      'a circle of three beside a line',
      [
        ['a', ['b']],
        ['b', ['c']],
        ['c', ['a', 'd']],
        ['d', []],
      ],
      [['a', 'b', 'c']],
    ],
    ['a file importing itself', [['a', ['a']]], [['a']]],
  ];
  it.each(graphs)('finds the circles of %s', (_name, edges, expected) => {
    expect(circles(new Map(edges))).toEqual(expected);
  });
});
