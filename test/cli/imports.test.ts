// The CLI only speaks through the library: every symbol a file of src/cli/ imports from outside
// src/cli/ is one src/index.ts (the public API) or src/internal.ts (the CLI's helpers) exports,
// from the module they take it from, and none comes from the transport (src/api/), the
// readers (src/read/) or the writer (src/send/) directly.
// The commands import those modules rather than ../index.js so that a command loads only what
// it uses (docs/architecture.md, "The CLI only speaks", has the measured cost of the other way).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../../src');
const CLI = join(SRC, 'cli');
const FORBIDDEN = ['api', 'read', 'send'].map((d) => join(SRC, d));

/** A module as a path under src/ without its extension: `run/import`. */
const moduleOf = (from: string, spec: string): string =>
  relative(SRC, resolve(dirname(from), spec)).replace(/\.[cm]?[jt]s$/, '');

interface Import {
  readonly module: string;
  /** The names imported as the module spells them; undefined for `import('…')` and `import '…'`. */
  readonly names?: readonly string[];
}

function importsOf(file: string, text: string): Import[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: Import[] = [];
  const visit = (n: ts.Node): void => {
    if (
      ts.isImportDeclaration(n) &&
      ts.isStringLiteral(n.moduleSpecifier) &&
      n.moduleSpecifier.text.startsWith('.')
    ) {
      const c = n.importClause;
      const names: string[] = [];
      if (c?.name) names.push('default');
      if (c?.namedBindings && ts.isNamespaceImport(c.namedBindings)) names.push('*');
      if (c?.namedBindings && ts.isNamedImports(c.namedBindings))
        for (const e of c.namedBindings.elements) names.push((e.propertyName ?? e.name).text);
      out.push({ module: moduleOf(file, n.moduleSpecifier.text), names: c ? names : undefined });
    } else if (
      ts.isExportDeclaration(n) &&
      n.moduleSpecifier &&
      ts.isStringLiteral(n.moduleSpecifier) &&
      n.moduleSpecifier.text.startsWith('.')
    ) {
      const names =
        n.exportClause && ts.isNamedExports(n.exportClause)
          ? n.exportClause.elements.map((e) => (e.propertyName ?? e.name).text)
          : ['*'];
      out.push({ module: moduleOf(file, n.moduleSpecifier.text), names });
    } else if (
      ts.isCallExpression(n) &&
      n.expression.kind === ts.SyntaxKind.ImportKeyword &&
      n.arguments[0] &&
      ts.isStringLiteral(n.arguments[0]) &&
      n.arguments[0].text.startsWith('.')
    ) {
      out.push({ module: moduleOf(file, n.arguments[0].text) });
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

/** What src/index.ts and src/internal.ts re-export, by module: the names they take from each, or '*' for `export *`. */
function indexExports(files: readonly string[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const i of files.flatMap((f) => importsOf(join(SRC, f), readFileSync(join(SRC, f), 'utf8')))) {
    const names = out.get(i.module) ?? new Set<string>();
    for (const n of i.names ?? []) names.add(n);
    out.set(i.module, names);
  }
  return out;
}

/** Problems with one CLI file's imports: empty when it only speaks through the library. */
function problemsOf(file: string, text: string, index: Map<string, Set<string>>): string[] {
  const problems: string[] = [];
  for (const i of importsOf(file, text)) {
    if (
      !i.module.startsWith('..') &&
      !i.module.startsWith('/') &&
      resolve(SRC, i.module).startsWith(CLI + '/')
    )
      continue;
    const abs = resolve(SRC, i.module);
    if (FORBIDDEN.some((d) => abs.startsWith(d + '/')))
      problems.push(`imports src/${i.module} (transport, readers or writer) directly`);
    const exported = index.get(i.module);
    if (!exported) {
      problems.push(`imports src/${i.module}, which neither src/index.ts nor src/internal.ts re-exports`);
      continue;
    }
    for (const n of i.names ?? [])
      if (!exported.has('*') && !exported.has(n))
        problems.push(
          `imports ${n} from src/${i.module}, which neither src/index.ts nor src/internal.ts exports`,
        );
  }
  return problems;
}

const INDEX = indexExports(['index.ts', 'internal.ts']);
const cliFiles = readdirSync(CLI)
  .filter((f) => f.endsWith('.ts'))
  .sort();

describe('src/cli imports only what src/index.ts and src/internal.ts export', () => {
  it('finds the CLI files', () => expect(cliFiles.length).toBeGreaterThanOrEqual(10));
  it.each(cliFiles)('src/cli/%s', (f) => {
    const file = join(CLI, f);
    expect(problemsOf(file, readFileSync(file, 'utf8'), INDEX)).toEqual([]);
  });
});

describe('the check catches what it is for', () => {
  const file = join(CLI, 'example.ts');
  const cases: [name: string, source: string, problem: RegExp | undefined][] = [
    [
      'a library module index.ts re-exports',
      `import { importSpreadsheet } from '../run/import.js';`,
      undefined,
    ],
    ['a type index.ts re-exports', `import type { ImportSummary } from '../run/import.js';`, undefined],
    ['a module index.ts re-exports whole', `import { ExitCode } from '../errors.js';`, undefined],
    ['a CLI helper src/internal.ts re-exports', `import { positiveInt } from '../config.js';`, undefined],
    ['another CLI file', `import { runAction } from './common.js';`, undefined],
    ['a package', `import { Command } from 'commander';`, undefined],
    ['the transport', `import { ApiClient } from '../api/client.js';`, /src\/api\/client .*directly/],
    ['a reader', `import { openSheet } from '../read/index.js';`, /src\/read\/index .*directly/],
    ['the writer', `import { sendRows } from '../send/writer.js';`, /src\/send\/writer .*directly/],
    [
      'a symbol index.ts leaves out',
      `import { journalPathFor } from '../run/import.js';`,
      /journalPathFor .*exports/,
    ],
    [
      'a module index.ts does not re-export',
      `import { something } from '../map/coerce.js';`,
      /src\/map\/coerce, which neither src\/index.ts nor src\/internal.ts re-exports/,
    ],
    ['a dynamic import of the transport', `const m = await import('../api/client.js');`, /directly/],
    ['a re-export of an internal', `export { journalPathFor } from '../run/import.js';`, /journalPathFor/],
  ];
  it.each(cases)('%s', (_name, source, problem) => {
    const found = problemsOf(file, source, INDEX);
    if (problem) expect(found.join('\n')).toMatch(problem);
    else expect(found).toEqual([]);
  });
});
