// Resolve stage, for `mapping suggest` and a row's "not found": how sure we are that a name
// in the sheet means a name in the service's list when they are spelled differently. Spelling
// alone is not enough: model names differ by a digit ("Latitude 5421" is not a "Latitude
// 5540") and two makers' names can be close, so a match must agree on the numbers in the name
// and on the maker, and words that say nothing of the thing (Inc., GmbH, Technologies) do not
// count. Our own code: no library judges product and company names this way. Pure: no I/O.
import type { LookupKind } from '../resources/fields.js';
import { normalizeName, similarity } from '../map/normalize.js';
import { LEGAL_FORMS, makersOf, MAKER_NAMES, NOISE_WORDS } from '../map/vocabulary.js';

/** At or above this a spelling match is sure (written to the value table); below, "check". Calibrated in test/resolve/suggest-calibration.test.ts. */
export const SURE = 0.85;
/** A match that a gate leaves possible but not sure is held below SURE. */
const HELD = 0.7;
/**
 * Below this a name matches nothing: two edits in a name of seven letters ("Frnace", "Lenvo")
 * is a typo to offer; three ("Narnia" for "Armenia", 0.57; "Kunde Doyle" for "Kyndryl",
 * 0.50) is another name, and offering it on every row of it was noise.
 */
const AT_LEAST = HELD;
/**
 * Spelling is worked out exactly down to here and cut short below (most pairs of a long list
 * are far apart); a hair under AT_LEAST, so that a cut-short value never rounds up to it.
 */
const CUT = AT_LEAST - 0.01;

export interface NameMatch {
  readonly to: string;
  readonly confidence: number;
  /** Why a match is held below sure, for the "check" note. */
  readonly doubt?: string;
}

/** The numbers a name holds, sorted: "ThinkPad T14 Gen 4" → 14, 4; "MacBook Pro 13"" → 13. */
function numbersOf(words: readonly string[]): string[] {
  return words
    .flatMap((w) => w.match(/\d+/g) ?? [])
    .map((n) => String(Number(n)))
    .sort();
}

/** Each number with the letters touching it: "t14s gen 4" → "t14s", "4"; a T14s is no T14. */
function numberMarks(words: readonly string[]): string[] {
  return words
    .flatMap((w) => [...w.matchAll(/([a-z]?)(\d+)([a-z]?)/g)].map((m) => `${m[1]}${Number(m[2])}${m[3]}`))
    .sort();
}

/** Whether every number of `a` is one of `b`'s, as many times. */
function within(a: readonly string[], b: readonly string[]): boolean {
  const rest = [...b];
  for (const n of a) {
    const i = rest.indexOf(n);
    if (i < 0) return false;
    rest.splice(i, 1);
  }
  return true;
}

/** The words that name the thing: no legal forms, no maker's name for a model ("Dell Latitude 7440" = "Latitude 7440"). */
function coreWords(words: readonly string[], kind: LookupKind): string[] {
  const core = words.filter((w) => !NOISE_WORDS.has(w) && !(kind === 'hardware_model' && MAKER_NAMES.has(w)));
  return core.length > 0 ? core : [...words];
}

/** A name with what comparing it takes, worked out once: a list's names are compared with every value. */
interface Prepared {
  readonly name: string;
  readonly makers: ReadonlySet<string>;
  readonly core: readonly string[];
  readonly nums: readonly string[];
  readonly marks: string;
  readonly joined: string;
  /** The whole name, legal forms too, without spaces. */
  readonly whole: string;
  /** The core words in order of the alphabet, joined. */
  readonly sorted: string;
  /** All its words, and those the core leaves out ("europe", "gmbh"): they tell names of one core apart. */
  readonly words: ReadonlySet<string>;
  readonly dropped: readonly string[];
}

function prepare(name: string, kind: LookupKind): Prepared {
  const words = normalizeName(name).split(' ').filter(Boolean);
  const core = coreWords(words, kind);
  return {
    name,
    words: new Set(words),
    dropped: words.filter((w) => !core.includes(w)),
    makers: makersOf(name),
    core,
    nums: numbersOf(core),
    marks: numberMarks(core).join(' '),
    joined: core.join(''),
    whole: normalizeName(name).replace(/ /g, ''),
    sorted: [...core].sort().join(''),
  };
}

/** One sheet name against one list name: a confidence, or undefined where they cannot be the same. */
function compareNames(x: Prepared, y: Prepared): NameMatch | undefined {
  const [from, to] = [x.name, y.name];
  if (x.makers.size > 0 && y.makers.size > 0 && ![...x.makers].some((m) => y.makers.has(m))) return undefined;
  const [a, b] = [x.core, y.core];
  const [numsA, numsB] = [x.nums, y.nums];
  const sameNumbers = numsA.length === numsB.length && within(numsA, numsB);
  if (!sameNumbers && !within(numsA, numsB) && !within(numsB, numsA)) return undefined;
  // Spelled alike with their legal forms ("Del Technologies"), or alike without them ("Dell Inc." and "Dell").
  const whole = similarity(x.whole, y.whole, CUT);
  // The same strings (a name with no legal form, its words in order) need not be spelled out again.
  const joined = x.joined === x.whole && y.joined === y.whole ? whole : similarity(x.joined, y.joined, CUT);
  // Words in another order ("MacBook Air M2 13" for "MacBook Air 13 M2") are the same words.
  const sorted =
    x.sorted === x.joined && y.sorted === y.joined ? joined : similarity(x.sorted, y.sorted, CUT);
  let confidence =
    x.joined === y.joined ? Math.max(0.97, whole) : Math.max(whole, joined, sorted === 1 ? 0.97 : sorted);
  // One name's words all in the other's ("Amazon" in "Amazon Web Services"): likely, not sure.
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.length < long.length && short.every((w) => long.includes(w)) && short.some((w) => w.length >= 2))
    confidence = Math.max(confidence, HELD + 0.05);
  confidence = Math.round(confidence * 100) / 100;
  if (confidence < AT_LEAST) return undefined;
  if (!sameNumbers) {
    // The name with fewer numbers must have no word the other lacks: "ThinkPad T14" may be a "ThinkPad T14 Gen 4", a "MacBook Pro 13" no "MacBook Air 13 M2".
    const [fewer, more] = numsA.length < numsB.length ? [a, b] : [b, a];
    if (!fewer.every((w) => /\d/.test(w) || more.includes(w))) return undefined;
    return {
      to,
      confidence: Math.min(confidence, HELD),
      doubt: `"${from}" and "${to}" do not name the same numbers`,
    };
  }
  if (x.marks !== y.marks)
    return {
      to,
      confidence: Math.min(confidence, HELD),
      doubt: `"${from}" and "${to}" differ next to a number`,
    };
  if (confidence >= SURE) return { to, confidence };
  if (confidence >= HELD + 0.05 && short.length < long.length)
    return { to, confidence, doubt: `"${to}" has words "${from}" lacks, or the other way` };
  return sameStart(x, y) ? { to, confidence, doubt: 'the spelling is only close' } : undefined;
}

/**
 * Whether two names begin alike, for a match by spelling alone: a typo seldom hits a name's
 * first letter ("Frnace", "Lenvo", "Hardwear"), and a name that begins otherwise is most
 * often another word ("Devices" is no "Services", "Wakanda" no "Canada").
 */
function sameStart(x: Prepared, y: Prepared): boolean {
  return x.joined[0] === y.joined[0] || x.whole[0] === y.whole[0] || x.sorted[0] === y.sorted[0];
}

/** A list name that may be meant, with the match. */
interface Found {
  readonly y: Prepared;
  readonly match: NameMatch;
}

/**
 * Plain spellings this much nearer put a name first among names of one core: "Acme Corp" is
 * spelt nearer "Acme Corporation" (0.53) than "Acme Europe GmbH" (0.43); "Acme" is as far
 * from both (0.27, 0.29), and neither is put first for it.
 */
const SPELLING_MARGIN = 0.1;

/**
 * Of names as close as the best by their core words ("Acme Europe": both "Acme Corporation"
 * and "Acme Europe GmbH" are "Acme"), the one to offer. The words the core left out decide
 * first: one name alone having more of them ("Europe"; a legal form is no such word) breaks
 * the tie, and its match stands.
 * Else the plain spelling, when clearly nearer, puts a name first, but the tie stays (an
 * abbreviation, "Corp", is no word of the other name): the other is as close.
 */
function firstOfTie(x: Prepared, close: readonly Found[]): { first: Found; other?: Found } {
  // A legal form only one name has ("Acme GmbH") is no proof: a register drops or adds them.
  const telling = x.dropped.filter((w) => !LEGAL_FORMS.has(w));
  const shared = close.map((f) => telling.filter((w) => f.y.words.has(w)).length);
  const most = Math.max(...shared);
  const leaders = close.filter((_, i) => shared[i] === most);
  if (leaders.length === 1) return { first: leaders[0] };
  const spelt = leaders.map((f) => ({ f, s: similarity(x.whole, f.y.whole) })).sort((a, b) => b.s - a.s);
  const first = spelt[0].s >= spelt[1].s + SPELLING_MARGIN ? spelt[0].f : leaders[0];
  return { first, other: leaders.find((f) => f !== first) };
}

/**
 * The likeliest list name for a sheet name, with a confidence: each name compared, the best
 * kept, held below sure when another comes as close (two models a name could be) and the
 * words the comparison left out do not tell them apart. The list's names are prepared once,
 * for the many values of a sheet.
 */
export function nameMatcher(
  names: readonly string[],
  kind: LookupKind,
): (from: string) => NameMatch | undefined {
  const list = names.map((n) => prepare(n, kind));
  return (from) => {
    const x = prepare(from, kind);
    const found = list
      .flatMap((y) => {
        const match = compareNames(x, y);
        return match ? [{ y, match }] : [];
      })
      .sort((p, q) => q.match.confidence - p.match.confidence || p.match.to.localeCompare(q.match.to));
    const best = found[0]?.match;
    if (!best || best.confidence < SURE) return best;
    const close = found.filter((f) => f.match.confidence >= best.confidence - 0.05);
    if (close.length === 1) return best;
    const { first, other } = firstOfTie(x, close);
    if (!other) return first.match;
    return {
      to: first.match.to,
      confidence: Math.min(first.match.confidence, HELD),
      doubt: `"${other.match.to}" is as close`,
    };
  };
}
