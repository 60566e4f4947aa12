// The corpus of real registers (test/fixtures/registers, sources in its README): what
// `mapping suggest` makes of each, offline, through the real readers, header by header
// against the expected field. No header may map to a wrong field, and at most 5% of the
// headers that have a field may be left unmapped.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { suggestMapping } from '../../src/run/suggest.js';

const DIR = 'test/fixtures/registers';
const expected = JSON.parse(readFileSync(join(DIR, 'expected.json'), 'utf8')) as Record<
  string,
  { tool: string; columns: Record<string, string | null> }
>;

interface Judged {
  readonly right: number;
  readonly wrong: string[];
  readonly missed: string[];
  withField: number;
}

async function judge(file: string): Promise<Judged> {
  const { mapping } = await suggestMapping({ file: join(DIR, file), resource: 'asset' });
  const got = mapping.columns ?? {};
  const out: Judged = { right: 0, wrong: [], missed: [], withField: 0 };
  for (const [header, want] of Object.entries(expected[file].columns)) {
    const have = got[header] ?? null;
    if (want !== null) out.withField++;
    if (have === want) (out as { right: number }).right++;
    else if (have === null) out.missed.push(`${header} (expected ${want})`);
    else out.wrong.push(`${header} → ${have} (expected ${want ?? 'nothing'})`);
  }
  return out;
}

const files = Object.keys(expected);
const results = new Map<string, Judged>();

describe('the corpus of registers', () => {
  it('has at least 15 registers from at least 8 tools', () => {
    expect(files.length).toBeGreaterThanOrEqual(15);
    expect(new Set(Object.values(expected).map((e) => e.tool)).size).toBeGreaterThanOrEqual(8);
  });

  it.each(files)('%s: every header right', async (file) => {
    const r = await judge(file);
    results.set(file, r);
    expect({ wrong: r.wrong, missed: r.missed }).toEqual({ wrong: [], missed: [] });
  });

  it('in all: no header wrong, at most 5% of the headers with a field missed (figures: 296 headers, 212 with a field)', async () => {
    for (const f of files) if (!results.has(f)) results.set(f, await judge(f));
    const all = [...results.values()];
    const right = all.reduce((n, r) => n + r.right, 0);
    const wrong = all.reduce((n, r) => n + r.wrong.length, 0);
    const missed = all.reduce((n, r) => n + r.missed.length, 0);
    const withField = all.reduce((n, r) => n + r.withField, 0);
    expect({ headers: right + wrong + missed, withField, wrong }).toEqual({
      headers: 296,
      withField: 212,
      wrong: 0,
    });
    expect(missed / withField).toBeLessThanOrEqual(0.05);
    expect({ right, wrong, missed }).toEqual({ right: 296, wrong: 0, missed: 0 });
  });
});
