// Each benchmark owns one marked section of bench/results.md and rewrites only that one,
// so benchmarks run apart and in any order keep each other's figures.
import { readFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { openAtomic } from '../../src/util/atomic-file.js';

const RESULTS = new URL('../results.md', import.meta.url).pathname;
const HEADER =
  '# Benchmark results\n\nEach section is written by its benchmark in bench/; rerun one to refresh its section.\n';

/** Replace the section between `<!-- name:start -->` and `<!-- name:end -->` (appended when absent). */
export async function writeSection(name: string, body: string): Promise<void> {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const section = `${start}\n${body.trim()}\n${end}`;
  const current = await readFile(RESULTS, 'utf8').catch(() => HEADER);
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next =
    from >= 0 && to > from
      ? current.slice(0, from) + section + current.slice(to + end.length)
      : `${current.trimEnd()}\n\n${section}\n`;
  const out = await openAtomic(RESULTS);
  out.stream.write(next);
  await out.commit();
}

/** "Node v20.20.2, 2 cores, 2026-11-23 08:32 UTC": where and when the figures were taken. */
export function machine(): string {
  return `Node ${process.version}, ${cpus().length} cores, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, load average ${loadavg()[0].toFixed(1)} at the end`;
}

/** A markdown table; columns after the first `textColumns` are right-aligned (figures). */
export function table(
  head: readonly string[],
  rows: readonly (readonly string[])[],
  textColumns = 2,
): string {
  const align = head.map((_, i) => (i < textColumns ? '---' : '---:'));
  return [head, align, ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n');
}

export const ratio = (x: number): string => `${x.toFixed(2)}×`;
export const int = (x: number): string => Math.round(x).toLocaleString('en-US');
export const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
