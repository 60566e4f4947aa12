// Resolve stage, for `mapping suggest`: how sure we are that a name in the sheet means a name
// in the service's list when they are spelled differently. Spelling alone is not enough: model
// names differ by a digit ("Latitude 5421" is not a "Latitude 5540") and two makers' names can
// be close, so a match must agree on the numbers in the name and on the maker, and words that
// say nothing of the thing (Inc., GmbH, Technologies) do not count. Our own code: no library
// judges product and company names this way. Pure: no I/O.
import type { LookupKind } from '../resources/fields.js';
import { normalizeName, similarity } from '../map/normalize.js';
import { makersOf, MAKER_NAMES, NOISE_WORDS } from '../map/vocabulary.js';

/** At or above this a spelling match is sure (written to the value table); below, "check". Calibrated in test/resolve/suggest-calibration.test.ts. */
export const SURE = 0.85;
/** A match that a gate leaves possible but not sure is held below SURE. */
const HELD = 0.7;
/** Below this a name matches nothing. */
const AT_LEAST = 0.5;

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
function coreWords(name: string, kind: LookupKind): string[] {
  const words = normalizeName(name).split(' ').filter(Boolean);
  const core = words.filter((w) => !NOISE_WORDS.has(w) && !(kind === 'hardware_model' && MAKER_NAMES.has(w)));
  return core.length > 0 ? core : words;
}

/** One sheet name against one list name: a confidence, or undefined where they cannot be the same. */
function compareNames(from: string, to: string, kind: LookupKind): NameMatch | undefined {
  const makersA = makersOf(from);
  const makersB = makersOf(to);
  if (makersA.size > 0 && makersB.size > 0 && ![...makersA].some((m) => makersB.has(m))) return undefined;
  const a = coreWords(from, kind);
  const b = coreWords(to, kind);
  const numsA = numbersOf(a);
  const numsB = numbersOf(b);
  const sameNumbers = numsA.length === numsB.length && within(numsA, numsB);
  if (!sameNumbers && !within(numsA, numsB) && !within(numsB, numsA)) return undefined;
  const joinedA = a.join('');
  const joinedB = b.join('');
  // Spelled alike with their legal forms ("Del Technologies"), or alike without them ("Dell Inc." and "Dell").
  const whole = similarity(normalizeName(from).replace(/ /g, ''), normalizeName(to).replace(/ /g, ''));
  // Words in another order ("MacBook Air M2 13" for "MacBook Air 13 M2") are the same words.
  const sorted = similarity([...a].sort().join(''), [...b].sort().join(''));
  let confidence =
    joinedA === joinedB
      ? Math.max(0.97, whole)
      : Math.max(whole, similarity(joinedA, joinedB), sorted === 1 ? 0.97 : sorted);
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
  const marksA = numberMarks(a).join(' ');
  if (marksA !== numberMarks(b).join(' '))
    return {
      to,
      confidence: Math.min(confidence, HELD),
      doubt: `"${from}" and "${to}" differ next to a number`,
    };
  if (confidence < SURE)
    return {
      to,
      confidence,
      doubt:
        confidence >= HELD + 0.05 && short.length < long.length
          ? `"${to}" has words "${from}" lacks, or the other way`
          : 'the spelling is only close',
    };
  return { to, confidence };
}

/**
 * The likeliest list name for a sheet name, with a confidence: each name compared, the best
 * kept, held below sure when another comes as close (two models a name could be).
 */
export function bestName(from: string, names: readonly string[], kind: LookupKind): NameMatch | undefined {
  const found = names
    .flatMap((n) => compareNames(from, n, kind) ?? [])
    .sort((x, y) => y.confidence - x.confidence || x.to.localeCompare(y.to));
  const [best, next] = found;
  if (!best) return undefined;
  if (next && next.confidence >= best.confidence - 0.05 && best.confidence >= SURE) {
    return { to: best.to, confidence: Math.min(best.confidence, HELD), doubt: `"${next.to}" is as close` };
  }
  return best;
}
