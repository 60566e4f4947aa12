// Where a profiled run spent its time: a V8 .cpuprofile (node --cpu-prof) reduced to the
// functions with the most self time, each placed in the TypeScript source through the
// compiled bench's source maps, so a hot spot reads as src/<file>.ts:<line>.
import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { relative } from 'node:path';
import { ROOT } from './build.js';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface HotSpot {
  /** `src/resolve/lookups.ts:337 resolveCountry`, or a library's file. */
  readonly where: string;
  readonly selfMs: number;
  readonly share: number;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Source map v3 "mappings" → for each generated line, [generated column, source line][]. */
function decodeMappings(mappings: string): [number, number][][] {
  const lines: [number, number][][] = [];
  let srcLine = 0;
  for (const line of mappings.split(';')) {
    const segs: [number, number][] = [];
    let genCol = 0;
    for (const seg of line.split(',')) {
      if (!seg) continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const ch of seg) {
        const digit = B64.indexOf(ch);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      genCol += fields[0];
      if (fields.length >= 4) {
        srcLine += fields[2];
        segs.push([genCol, srcLine]);
      }
    }
    lines.push(segs);
  }
  return lines;
}

const maps = new Map<string, { source: string; lines: [number, number][][] } | undefined>();

/** The .ts file and 1-based line a compiled position comes from, when a map says so. */
function original(jsPath: string, line: number, column: number): { file: string; line: number } | undefined {
  if (!maps.has(jsPath)) {
    const mapPath = `${jsPath}.map`;
    if (!existsSync(mapPath)) maps.set(jsPath, undefined);
    else {
      const m = JSON.parse(readFileSync(mapPath, 'utf8')) as { sources: string[]; mappings: string };
      const source = relative(ROOT, new URL(m.sources[0], `file://${jsPath}`).pathname);
      maps.set(jsPath, { source, lines: decodeMappings(m.mappings) });
    }
  }
  const m = maps.get(jsPath);
  const segs = m?.lines[line];
  if (!m || !segs || segs.length === 0) return undefined;
  let best = segs[0];
  for (const s of segs) if (s[0] <= column) best = s;
  return { file: m.source, line: best[1] + 1 };
}

function describe(f: CallFrame): string {
  if (f.url.startsWith('file://')) {
    const js = fileURLToPath(f.url);
    const o = original(js, f.lineNumber, f.columnNumber);
    return `${o ? `${o.file}:${o.line}` : `${relative(ROOT, js)}:${f.lineNumber + 1}`} ${f.functionName || '(anonymous)'}`;
  }
  return f.url ? `${f.url}:${f.lineNumber + 1} ${f.functionName}` : `(${f.functionName || 'native'})`;
}

/**
 * The functions with the most self time (or, with `inclusive`, time including what they
 * call); `ours` keeps only frames compiled from src/.
 */
export function hotSpots(
  profilePath: string,
  opts: { top?: number; ours?: boolean; inclusive?: boolean } = {},
): { totalMs: number; spots: HotSpot[] } {
  const p = JSON.parse(readFileSync(profilePath, 'utf8')) as CpuProfile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const names = new Map<number, string>();
  const name = (id: number) =>
    names.get(id) ?? (names.set(id, describe(byId.get(id)!.callFrame)), names.get(id)!);
  const self = new Map<string, number>();
  let total = 0;
  p.samples.forEach((id, i) => {
    const us = p.timeDeltas[i] ?? 0;
    total += us;
    const counted = new Set<string>();
    for (
      let at: number | undefined = id;
      at !== undefined;
      at = opts.inclusive ? parent.get(at) : undefined
    ) {
      if (opts.ours && !byId.get(at)!.callFrame.url.includes('/bench/data/build/src/')) continue;
      const where = name(at);
      // A recursive function counts once per sample.
      if (counted.has(where)) continue;
      counted.add(where);
      self.set(where, (self.get(where) ?? 0) + us);
    }
  });
  const spots = [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, opts.top ?? 15)
    .map(([where, us]) => ({ where, selfMs: us / 1000, share: us / total }));
  return { totalMs: total / 1000, spots };
}
