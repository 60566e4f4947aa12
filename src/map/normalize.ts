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
  return normalizeName(s).replace(/ /g, '');
}

/**
 * Three rows of the distance table, kept between calls: most calls compare two short names
 * and end within a few rows, and allocating the rows cost more than the work (a sheet of
 * 16,384 columns tries each header on hundreds of names). Grown when a longer name comes.
 */
let rows = new Int32Array(3 * 64);

/** Characters counted by their code's last 7 bits, for `bagDistance`; kept between calls like `rows`. */
const bag = new Int32Array(128);

/**
 * A lower bound of the edit distance, in a pass over each string: the characters of one that
 * the other lacks (an edit adds or removes at most one on each side; a transposition none).
 * Most names a header is tried on share few of its letters, and are ruled out by it alone.
 */
function bagDistance(a: string, b: string): number {
  for (let i = 0; i < a.length; i++) bag[a.charCodeAt(i) & 127]++;
  for (let i = 0; i < b.length; i++) bag[b.charCodeAt(i) & 127]--;
  let differ = 0;
  // Each bin is counted once and cleared, reached through the characters that touched it.
  for (const s of [a, b]) {
    for (let i = 0; i < s.length; i++) {
      const k = s.charCodeAt(i) & 127;
      differ += Math.abs(bag[k]);
      bag[k] = 0;
    }
  }
  // `differ` counts both sides' extra characters, whose difference is the lengths'.
  return (differ + Math.abs(a.length - b.length)) / 2;
}

/**
 * Levenshtein distance, with a transposition counted as one edit. With `max`, only the cells
 * within `max` of the diagonal are worked out (no path outside them costs `max` or less): the
 * answer is exact up to `max`, and `max + 1` past it.
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (Number.isFinite(max) && bagDistance(a, b) > max) return max + 1;
  const n = b.length;
  const width = n + 1;
  if (rows.length < 3 * width) rows = new Int32Array(3 * width * 2);
  const band = Math.min(max, Math.max(a.length, n));
  // A cell off the band stands for any distance past `max` (or past any distance, without one).
  const off = Number.isFinite(max) ? max + 1 : a.length + n + 1;
  // Offsets of the rows in `rows`; the row before `prev` is kept for transpositions, which reach back two rows.
  let [before, prev, cur] = [0, width, 2 * width];
  rows.fill(off, 0, 3 * width);
  for (let j = 0; j <= band && j <= n; j++) rows[prev + j] = j;
  for (let i = 1; i <= a.length; i++) {
    rows.fill(off, cur, cur + width);
    if (i <= band) rows[cur] = i;
    let rowMin = rows[cur];
    const last = Math.min(n, i + band);
    for (let j = Math.max(1, i - band); j <= last; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[prev + j] + 1, rows[cur + j - 1] + 1, rows[prev + j - 1] + cost);
      // Transposition ("Untied" for "United") counts as one edit.
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, rows[before + j - 2] + 1);
      rows[cur + j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [before, prev, cur] = [prev, cur, before];
  }
  return Math.min(rows[prev + n], off);
}

/**
 * Similarity in [0, 1]: 1 - distance / longer length. With `atLeast`, work stops as soon as
 * the pair cannot reach it (a 5,000-column sheet compares every header with every name).
 */
export function similarity(a: string, b: string, atLeast = 0): number {
  const len = Math.max(a.length, b.length);
  if (len === 0) return 1;
  const max = atLeast > 0 ? editsWithin(atLeast, len) : Infinity;
  return 1 - editDistance(a, b, max) / len;
}

/**
 * The most edits a pair of this length may take and keep `atLeast` similarity. 1 - 0.8 is
 * 0.19999999999999996 in floating point: floored plainly, 10 letters would allow 1 edit, and
 * a pair 2 or more apart (cut off at max + 1 = 2) would read as 0.8, a match.
 */
function editsWithin(atLeast: number, len: number): number {
  return Math.floor((1 - atLeast) * len + 1e-9);
}

/** False when strings of these lengths are too far apart to reach `atLeast` similarity: an edit distance is at least the difference of the lengths. */
export function lengthsCanReach(a: number, b: number, atLeast: number): boolean {
  return Math.abs(a - b) <= editsWithin(atLeast, Math.max(a, b));
}

/** The closest candidates to `name`, best first, above a similarity threshold. */
export function closest(
  name: string,
  candidates: Iterable<string>,
  opts: { threshold?: number; limit?: number } = {},
): string[] {
  return closestAmong(candidates, opts)(name);
}

/**
 * `closest` with the candidates prepared once, for many names: a sheet of 16,384 columns
 * asks for each unmapped header, and normalising every candidate again each time was most
 * of the cost of mapping it (issue 28).
 */
export function closestAmong(
  candidates: Iterable<string>,
  opts: { threshold?: number; limit?: number } = {},
): (name: string) => string[] {
  const threshold = opts.threshold ?? 0.6;
  const prepared = [...new Set(candidates)].map((c) => ({ c, cc: compactName(c) }));
  return (name) => {
    const target = compactName(name);
    const scored: { c: string; s: number }[] = [];
    for (const { c, cc } of prepared) {
      let s = similarity(target, cc, threshold);
      // A prefix or containment match ("Dell" for "Dell Technologies") is a good hint too.
      if (target.length >= 3 && (cc.startsWith(target) || target.startsWith(cc))) s = Math.max(s, 0.75);
      if (s >= threshold) scored.push({ c, s });
    }
    scored.sort((x, y) => y.s - x.s || x.c.localeCompare(y.c));
    return scored.slice(0, opts.limit ?? 3).map((x) => x.c);
  };
}

/** "did you mean 'A' or 'B'?" or empty. */
export function didYouMean(suggestions: readonly string[]): string {
  if (suggestions.length === 0) return '';
  const quoted = suggestions.map((s) => `'${s}'`);
  return `did you mean ${quoted.length === 1 ? quoted[0] : quoted.slice(0, -1).join(', ') + ' or ' + quoted[quoted.length - 1]}?`;
}
