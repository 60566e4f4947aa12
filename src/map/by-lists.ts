// Map stage: a column's candidates weighed by the service's lookup lists. Values that are
// names in a field's list raise the column's claim to it; values none of which are (for a
// column the header alone put there) lower it; values that are another list's names move a
// column its header put in the wrong list, and give a field to a column whose header names
// none. Pure: the lists are fetched by the run (resolve/lists.ts), once.
import type { CellValue } from '../read/types.js';
import type { FieldDef, LookupKind } from '../resources/fields.js';
import { someValues } from './judge.js';
import { namesList, type ListMatch } from './lists.js';
import { HOW_RANK, type Candidate, type Target } from './target.js';

/** A list that holds every value is worth this much more than one that holds half; none, this much less. */
const LIST_WEIGHT = 1.5;

/**
 * A column named for nothing (or only by a synonym) whose values are a list's names takes
 * that field above a synonym (3 + fit 1) but below a field's own name (4 + fit 1).
 */
const BY_LIST = HOW_RANK.values + 0.4;

function lookupOf(t: Target): LookupKind | undefined {
  return t.kind === 'field' ? t.field.lookup : undefined;
}

/** A field for sentences (notes, a location's description): a list's names in it are better used as the list's field. */
function freeText(t: Target): boolean {
  return t.kind === 'field' && t.field.type === 'text' && (t.field.maxLength ?? Infinity) > 100;
}

/**
 * Whether the column may take a field its header does not name because its values are a
 * list's names: when its header names nothing, only free text, or a list its values are
 * not in. A header naming a short field keeps it ("Make" holding "Dell Technologies", a
 * supplier too, is the manufacturer).
 */
function openToLists(cands: readonly Candidate[], moved: boolean): boolean {
  return moved || cands.every((c) => freeText(c.target) || c.how === 'fuzzy');
}

function listWord(fields: readonly FieldDef[], kind: LookupKind): string {
  return `the service's ${(fields.find((f) => f.lookup === kind)?.label ?? kind).toLowerCase()} list`;
}

/**
 * A candidate whose list was judged: weighed, or undefined when its values are another
 * list's names. Only a whole list can tell against a column: of a long list the run has
 * read the first page, and a value not on it may be on the next.
 */
function weigh(
  c: Candidate,
  m: ListMatch,
  other: ListMatch | undefined,
  word: string,
): Candidate | undefined {
  if (m.complete && m.matched === 0 && other) return undefined;
  const w = (m.share - 0.5) * LIST_WEIGHT;
  // A header that is the field's own name says what the user meant: its values only add to
  // it (it is dropped above only when none of them is in the whole list and they are another list's names).
  const onlyUp = c.how === 'name' || c.how === 'custom field' || !m.complete;
  const doubt =
    m.complete && m.share < 0.5
      ? `${m.matched === 0 ? 'none' : `${m.matched} of ${m.distinct}`} of its values ${m.matched === 1 ? 'is' : 'are'} in ${word}`
      : undefined;
  return { ...c, score: c.score + (onlyUp ? Math.max(0, w) : w), doubt };
}

/**
 * The matches weighByLists weighs a column's candidates by: those of its candidates' lists,
 * and those whose names the values are (the others change nothing), for a journal to keep.
 */
export function matchesWeighed(cands: readonly Candidate[], matches: readonly ListMatch[]): ListMatch[] {
  return matches.filter((m) => namesList(m) || cands.some((c) => lookupOf(c.target) === m.kind));
}

/**
 * Weigh one column's candidates by how its values met the lists (matchLists). A candidate
 * from the mapping file is left as it is; with no list judged, the candidates are returned
 * unchanged (offline).
 */
export function weighByLists(
  cands: readonly Candidate[],
  col: { index: number; header: string; values: readonly CellValue[] },
  matches: readonly ListMatch[],
  fields: readonly FieldDef[],
): Candidate[] {
  if (matches.length === 0 || cands.some((c) => c.how === 'mapping file')) return [...cands];
  const strong = matches.filter(namesList);
  const out: Candidate[] = [];
  const moved: string[] = [];
  for (const c of cands) {
    const kind = lookupOf(c.target);
    const m = kind && matches.find((x) => x.kind === kind);
    if (!kind || !m) {
      out.push(c);
      continue;
    }
    const w = weigh(
      c,
      m,
      strong.find((s) => s.kind !== kind),
      listWord(fields, kind),
    );
    if (w) out.push(w);
    else moved.push(`none of them is in ${listWord(fields, kind)}`);
  }
  if (!openToLists(out, moved.length > 0)) return out;
  for (const s of strong) {
    const field = fields.find((f) => f.lookup === s.kind);
    if (!field || out.some((c) => lookupOf(c.target) === s.kind)) continue;
    const why = [...moved, `they are names in ${listWord(fields, s.kind)}`].join(', and ');
    const note = `column "${col.header}" holds ${someValues(col.values)}: ${why}: read as ${field.label} (${field.name})`;
    out.push({
      index: col.index,
      header: col.header,
      target: { kind: 'field', field },
      how: 'values',
      score: BY_LIST + s.share,
      note,
    });
  }
  return out;
}
