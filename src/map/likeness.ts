// Map stage: whether an unmapped header is like a field's label in its words, for the
// "closest: …" suggestion. Letters alone make wrong guesses (Lansweeper's "OScode" is 4
// letters from "Zip code", "Usage Type" shares a prefix with "Usage status"): a label is
// offered only when each of its meaningful words is in the header (as written, misspelt or
// abbreviated). Pure; no library judges a header against a field's label by its words.
import { normalizeName, similarity } from './normalize.js';

/**
 * Words many labels share: one alone ("Order Number", "Serial number") makes no likeness.
 * "code" and "type" are among them by a table of real headers (test/map/header-matching.test.ts):
 * Snipe-IT's "Checkout Type", GLPI's "Entity type", a ledger's "Cost Code" or "Site code"
 * share only that word with "Support type", "Warranty type" or "Zip code".
 */
const GENERIC_WORDS = new Set(['number', 'no', 'nr', 'num', 'date', 'name', 'id', 'code', 'type']);

/** Abbreviations of "number", read as it when a header's generic words are set beside a label's. */
const NUMBER_WORDS = new Set(['no', 'nr', 'num']);

/** A word this close to a label's word is its typo ("contract", "contact"), from 4 letters. */
const WORD_TYPO = 0.75;
/** Letters two words must begin with alike to be one word cut differently ("Expense", "Expenditure"). */
const SHARED_PREFIX = 5;

/** A label's words without what it says in brackets: a unit ("Notice period (days)") is no word of its name. */
const labelWords = (label: string): string[] => words(label.replace(/\([^)]*\)/g, ' '));

function words(text: string): string[] {
  return normalizeName(text)
    .split(' ')
    .filter((w) => w !== '')
    .map((w) => (NUMBER_WORDS.has(w) ? 'number' : w));
}

function isSubsequence(short: string, long: string): boolean {
  let i = 0;
  for (const c of long) if (c === short[i]) i++;
  return i === short.length;
}

function sharedPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i;
}

/**
 * The label word's beginning with one letter left out inside it, from 4 letters (as a typo):
 * a typo, not a cut, even in a longer word ("contact" in Dutch "contractnummer"); "supp"
 * ("support"), "dept" ("department") and "cty" ("city") are cuts.
 */
function isLetterLeftOut(h: string, l: string): boolean {
  if (h.length < 4 || l.startsWith(h)) return false;
  const begin = l.slice(0, h.length + 1);
  return [...begin].some((_, i) => begin.slice(0, i) + begin.slice(i + 1) === h);
}

/**
 * Two letters side by side typed the other way round ("Serail", "Serial"), from 5 letters: a
 * slip of the fingers that makes no other word, where a letter more or less often does
 * ("Contact", "Contract").
 */
function isSwap(h: string, l: string): boolean {
  if (h.length < 5 || h.length !== l.length) return false;
  const at = [...h].flatMap((c, i) => (c === l[i] ? [] : [i]));
  return at.length === 2 && at[1] === at[0] + 1 && h[at[0]] === l[at[1]] && h[at[1]] === l[at[0]];
}

/** How a header's word stands for a label's: as written or cut short (`exact`), or as a typo. */
type WordMatch = 'exact' | 'typo' | undefined;

/**
 * A header's word standing for a label's: the same, an abbreviation from the same first
 * letter ("wty" for "warranty", "supp" for "support"), the same long beginning ("expense",
 * "expenditure"), two letters swapped ("serail"), or a typo of it from the same first letter ("contact" for "contract"),
 * which may be another word.
 */
function wordMatch(h: string, l: string): WordMatch {
  if (h === l) return 'exact';
  // "Custom1" is a column of its own, not "Customer" cut short.
  if (/\d/.test(h) || /\d/.test(l)) return undefined;
  // Cut short, not a letter left out: "contact" is in "contract" letter by letter, but is no abbreviation of it.
  const short = h.length >= 3 && h.length < l.length && (h.length === 3 || h.length <= 0.75 * l.length);
  if (short && h[0] === l[0] && isSubsequence(h, l) && !isLetterLeftOut(h, l)) return 'exact';
  if (sharedPrefix(h, l) >= SHARED_PREFIX) return 'exact';
  if (isSwap(h, l)) return 'exact';
  // A typo keeps the first letter: "IPAddress" is no misspelling of "Address".
  return h.length >= 4 && h[0] === l[0] && similarity(h, l, WORD_TYPO) >= WORD_TYPO ? 'typo' : undefined;
}

/** How sure a suggestion is: `maybe` says so beside it. */
export type Likeness = 'sure' | 'maybe';

/**
 * Whether a header is like a label in its words: the header has a word that is not generic,
 * each of the label's meaningful words has a word of the header standing for it, and where
 * both have generic words they share one ("Parent serial no", "Parent serial number"). So
 * "Usage Type" is not "Usage status", "Location code" not "Asset location address", "Order
 * Number" not "Serial number"; "Supplier Name" is "Supplier". It is `maybe` when a word
 * stands for the label's only as a typo ("Contact", "Contract") or the header has meaningful
 * words the label lacks ("Zip/post code", "Zip code"), and nothing when both.
 */
export function likeness(header: string, label: string): Likeness | undefined {
  const [h, l] = [words(header), labelWords(label)];
  const meaningful = (ws: readonly string[]) => ws.filter((w) => !GENERIC_WORDS.has(w));
  const generic = (ws: readonly string[]) => ws.filter((w) => GENERIC_WORDS.has(w));
  const [mh, ml] = [meaningful(h), meaningful(l)];
  if (mh.length === 0 || ml.length === 0) return undefined;
  const [gh, gl] = [generic(h), generic(l)];
  if (gh.length > 0 && gl.length > 0 && !gh.some((w) => gl.includes(w))) return undefined;
  const best = (x: string, ws: readonly string[], by: (a: string, b: string) => WordMatch): WordMatch => {
    const found = ws.map((w) => by(x, w));
    return found.includes('exact') ? 'exact' : found.includes('typo') ? 'typo' : undefined;
  };
  const labelSide = ml.map((w) => best(w, mh, (lw, hw) => wordMatch(hw, lw)));
  if (labelSide.includes(undefined)) return undefined;
  const headerSide = mh.map((x) => best(x, ml, wordMatch));
  const [typo, extra] = [labelSide.includes('typo'), headerSide.includes(undefined)];
  // Both doubts at once ("Support contract type", "Contact type") is a guess too far; so is
  // a word of the header in place of the label's generic one ("Support group", "Support type").
  if (typo && extra) return undefined;
  if (extra && gl.length > 0 && gh.length === 0) return undefined;
  return typo || extra ? 'maybe' : 'sure';
}
