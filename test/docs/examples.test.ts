// The documentation's runnable examples: every `$ assetbatch …` line with `--sandbox` in
// README.md and docs/*.md is run with the built CLI, in a temporary copy of samples/ and
// templates/ per page (so that an export a page makes is there for its update), and must end
// as a run that did its work: exit 0 or 1, never a usage error or a crash.
import { describe, expect, it } from 'vitest';
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pLimit from 'p-limit';
import { ROOT, runCli, tempDir } from '../e2e/cli.js';

interface Example {
  readonly page: string;
  readonly line: number;
  readonly text: string;
}

/** `$ assetbatch …` in a code block, and the README's `npx assetbatch …` demo. */
const EXAMPLE = /^\s*(?:\$ |.*\bnpx )assetbatch (.+)$/;

function examplesOf(page: string, text: string): Example[] {
  const out: Example[] = [];
  text.split('\n').forEach((l, i) => {
    const m = EXAMPLE.exec(l);
    if (m && /(^|\s)--sandbox(\s|$)/.test(m[1])) out.push({ page, line: i + 1, text: m[1].trim() });
  });
  return out;
}

/** Split a command line as a POSIX shell would for these simple lines: quotes, a trailing comment, `> file`. */
function shellWords(line: string): { args: string[]; stdoutTo?: string } {
  const words: string[] = [];
  let cur: string | undefined;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === quote) quote = undefined;
      else cur = (cur ?? '') + c;
    } else if (c === '"' || c === "'") {
      quote = c;
      cur ??= '';
    } else if (/\s/.test(c)) {
      if (cur !== undefined) words.push(cur);
      cur = undefined;
    } else if (c === '#' && cur === undefined) {
      break;
    } else cur = (cur ?? '') + c;
  }
  if (quote) throw new Error(`unclosed quote in: ${line}`);
  if (cur !== undefined) words.push(cur);
  const redirect = words.indexOf('>');
  if (redirect >= 0) return { args: words.slice(0, redirect), stdoutTo: words[redirect + 1] };
  return { args: words };
}

const pages = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const examples = pages.flatMap((p) => examplesOf(p, readFileSync(join(ROOT, p), 'utf8')));
/** A command that writes a file (`-o`, `> file`) may feed the next line of its page: it runs on every page. */
const writesFile = (text: string) => /(^|\s)(-o|--output|>)\s/.test(text);
// The same command on two pages does the same thing: it runs once, on the first, to keep the test quick.
const seen = new Set<string>();
const byPage = pages
  .map((page) => ({
    page,
    examples: examples.filter(
      (e) => e.page === page && (writesFile(e.text) || (!seen.has(e.text) && seen.add(e.text))),
    ),
  }))
  .filter((p) => p.examples.length > 0);

describe('the example extractor', () => {
  it.each([
    [
      'a plain line',
      'assetbatch import a.csv -r asset --sandbox',
      { args: ['import', 'a.csv', '-r', 'asset', '--sandbox'] },
    ],
    [
      'quotes and a comment',
      `assetbatch export asset -o "exports/a {date}.csv" --sandbox   # note`,
      { args: ['export', 'asset', '-o', 'exports/a {date}.csv', '--sandbox'] },
    ],
    [
      'a redirect',
      'assetbatch mapping suggest a.xlsx -r asset --sandbox > m.json',
      { args: ['mapping', 'suggest', 'a.xlsx', '-r', 'asset', '--sandbox'], stdoutTo: 'm.json' },
    ],
  ])('%s', (_name, line, want) => {
    expect(shellWords(line.replace(/^assetbatch /, ''))).toEqual(want);
  });

  it('finds the README demo and examples on most pages', () => {
    expect(examples.find((e) => e.page === 'README.md' && e.line <= 5)?.text).toBe(
      'import samples/legacy-asset-register.xlsx --resource asset --sandbox',
    );
    expect(byPage.length).toBeGreaterThanOrEqual(7);
  });
});

// Commands run side by side (at most 4 at once: the machine is shared); a command waits only
// for the earlier lines of its page that write a file (an export, then an update of it).
const limit = pLimit(4);
// The account's minute (the rate limit of --sandbox and the pace of the run) lasts a second:
// a run paces its writes at 100 a minute, which made the workbook's import 20 s of waiting.
const env = { ASSETBATCH_RATE_WINDOW: '1' };
describe.concurrent('runnable examples', () => {
  it.each(byPage)(
    '$page',
    async ({ examples: list }) => {
      const cwd = tempDir('ab-docs-');
      for (const dir of ['samples', 'templates'])
        cpSync(join(ROOT, dir), join(cwd, dir), { recursive: true });
      const writers: Promise<unknown>[] = [];
      const runs = list.map((ex) => {
        const before = [...writers];
        const run = (async () => {
          await Promise.all(before);
          const { args, stdoutTo } = shellWords(ex.text);
          const r = await limit(() => runCli(args, { cwd, env, timeoutMs: 60_000 }));
          if (stdoutTo) writeFileSync(join(cwd, stdoutTo), r.stdout);
          const crashed = /This is a bug in assetbatch|^\s+at .+:\d+:\d+\)?$/m.test(r.stderr);
          return ![0, 1].includes(r.code) || crashed
            ? `${ex.page}:${ex.line}: $ assetbatch ${ex.text}\n  exit ${r.code}\n  ${r.stderr.trim().split('\n').slice(-4).join('\n  ')}`
            : undefined;
        })();
        if (writesFile(ex.text)) writers.push(run);
        return run;
      });
      const failures = (await Promise.all(runs)).filter((f) => f !== undefined);
      expect(failures).toEqual([]);
    },
    180_000,
  );
});
