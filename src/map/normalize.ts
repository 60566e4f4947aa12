// Text normalisation shared by header mapping and lookup matching: people write the same
// name with other case, accents, spacing and punctuation ("Serial No." = "serial_no").

/** Lowercase, accents removed, punctuation to spaces, spaces collapsed. */
export function normalizeName(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Like normalizeName, keeping the letters of every script ("Österreich" = "osterreich", "ドイツ" stays). */
export function normalizeAnyScript(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Like normalizeName but without any spaces: "Sub Cat" = "subcat" = "sub_cat". */
export function compactName(s: string): string {
  let compact = compacted.get(s);
  if (compact === undefined) {
    // The same field labels are compared with every header of a sheet: each is worked out once.
    if (compacted.size >= 10_000) compacted.clear();
    compact = normalizeName(s).replace(/ /g, '');
    compacted.set(s, compact);
  }
  return compact;
}
const compacted = new Map<string, string>();

/** The distance table's rows, kept between calls: a 5,000-column sheet makes millions of them. */
let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/** Levenshtein distance, with an early exit once it passes `max`. */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (rows[0].length <= b.length) rows = rows.map(() => new Int32Array(b.length * 2 + 1));
  // The row before `prev` is kept for transpositions, which reach back two rows.
  let [before, prev, cur] = rows;
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const bj = b.charCodeAt(j - 1);
      let d = prev[j - 1] + (ai === bj ? 0 : 1);
      if (prev[j] + 1 < d) d = prev[j] + 1;
      if (cur[j - 1] + 1 < d) d = cur[j - 1] + 1;
      // Transposition ("Untied" for "United") counts as one edit.
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj && before[j - 2] + 1 < d) d = before[j - 2] + 1;
      cur[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    const spent = before;
    before = prev;
    prev = cur;
    cur = spent;
  }
  return prev[b.length];
}

/**
 * Similarity in [0, 1]: 1 - distance / longer length. With `atLeast`, work stops as soon as
 * the pair cannot reach it (a 5,000-column sheet compares every header with every name).
 */
export function similarity(a: string, b: string, atLeast = 0): number {
  const len = Math.max(a.length, b.length);
  if (len === 0) return 1;
  const max = atLeast > 0 ? Math.floor((1 - atLeast) * len) : Infinity;
  return 1 - editDistance(a, b, max) / len;
}

/** The closest candidates to `name`, best first, above a similarity threshold. */
export function closest(name: string, candidates: Iterable<string>, opts: { threshold?: number; limit?: number } = {}): string[] {
  const target = compactName(name);
  const threshold = opts.threshold ?? 0.6;
  const scored: { c: string; s: number }[] = [];
  const seen = new Set<string>();
  for (const c of candidates) {
    if (seen.has(c)) continue;
    seen.add(c);
    const cc = compactName(c);
    let s = similarity(target, cc, threshold);
    // A prefix or containment match ("Dell" for "Dell Technologies") is a good hint too.
    if (target.length >= 3 && (cc.startsWith(target) || target.startsWith(cc))) s = Math.max(s, 0.75);
    if (s >= threshold) scored.push({ c, s });
  }
  scored.sort((x, y) => y.s - x.s || x.c.localeCompare(y.c));
  return scored.slice(0, opts.limit ?? 3).map((x) => x.c);
}

/** "did you mean 'A' or 'B'?" or empty. */
export function didYouMean(suggestions: readonly string[]): string {
  if (suggestions.length === 0) return '';
  const quoted = suggestions.map((s) => `'${s}'`);
  return `did you mean ${quoted.length === 1 ? quoted[0] : quoted.slice(0, -1).join(', ') + ' or ' + quoted[quoted.length - 1]}?`;
}
