// A date column whose dates all read both ways ("12/05/2023"), settled by what else the sheet
// says: its other date columns (a day past 12 in one of them, all of them agreeing), or, a
// weaker rule, the language of its headers (German, French, Spanish, Italian, Dutch and
// Portuguese registers write dates day-first). The scan decides (run/scan.ts); this file
// holds what it decided and the words a row and the plan carry. Pure, no I/O.
import { LANGUAGE_NAMES, LANGUAGES, localSynonyms, type Language } from '../resources/languages.js';
import { compactName } from './normalize.js';
import type { Mapping } from './headers.js';
import { coerceDate, dateOrdersOf, type DateOrder } from './coerce.js';

/** The language a sheet's headers are written in, when it writes dates day-first: the headers that show it. */
export interface HeaderLanguage {
  readonly language: string;
  readonly headers: readonly string[];
}

/** How a column's order was read: from another date column of the sheet, or from the headers' language. */
export type DateInference =
  | {
      readonly by: 'sheet';
      readonly column: string;
      readonly order: DateOrder;
      /** The date that settled it, in the other column: "31/05/2026" on row 2. */
      readonly from: { readonly column: string; readonly row: number; readonly text: string };
      /** Other columns that agree, beyond `from`'s. */
      readonly more: number;
    }
  | {
      readonly by: 'language';
      readonly column: string;
      readonly order: DateOrder;
      readonly language: HeaderLanguage;
    };

/**
 * The language of the sheet's headers, from the columns mapped by one of its words (not
 * an English one too: "Model" is English before it is Dutch). Every language the headers
 * are read in writes dates day-first (CLDR's short dates: de dd.MM.yy, fr/es/it/pt
 * dd/MM/y, nl dd-MM-y), so any of them settles the order; the one most headers name is said.
 * It must be the sheet's language: two headers at least, more than those named in English.
 */
export function headerLanguageOf(mapping: Mapping, resource: string): HeaderLanguage | undefined {
  const byLanguage = new Map<Language, string[]>();
  let english = 0;
  for (const c of mapping.columns) {
    const t = c.target;
    const field = t.kind === 'field' ? t.field : t.kind === 'derived' ? t.name : undefined;
    if (field === undefined) continue;
    const header = compactName(c.header);
    if (typeof field !== 'string') {
      const englishNames = [field.name, field.label, ...(field.synonyms ?? [])];
      if (englishNames.some((n) => compactName(n) === header)) {
        english++;
        continue;
      }
    }
    for (const s of localSynonyms(resource, field)) {
      if (compactName(s.word) !== header) continue;
      const headers = byLanguage.get(s.language) ?? [];
      if (!headers.includes(c.header)) byLanguage.set(s.language, [...headers, c.header]);
    }
  }
  let best: Language | undefined;
  for (const l of LANGUAGES)
    if ((byLanguage.get(l)?.length ?? 0) > (best ? byLanguage.get(best)!.length : 0)) best = l;
  // One "PLZ" among English headers is no German register: the language must be the sheet's.
  const headers = best ? byLanguage.get(best)! : [];
  if (!best || headers.length < 2 || headers.length <= english) return undefined;
  return { language: LANGUAGE_NAMES[best], headers };
}

const orderWords = (order: DateOrder) => (order === 'DMY' ? 'day-first' : 'month-first');

/** The headers that show a language, for a sentence: "Kaufdatum", "Hersteller" and 2 more. */
function headersShown(l: HeaderLanguage): string {
  const shown = l.headers.slice(0, 2).map((h) => `"${h}"`);
  const more = l.headers.length > 2 ? ` and ${l.headers.length - 2} more` : '';
  return `${shown.join(', ')}${more}`;
}

/** What settled a column, for the plan and the row: "the other date columns are day-first (…)". */
export function inferenceReason(d: DateInference): string {
  if (d.by === 'sheet') {
    const more = d.more > 0 ? `, and ${d.more} more column${d.more === 1 ? '' : 's'}` : '';
    return `the sheet's other date columns are ${orderWords(d.order)} ("${d.from.column}", row ${d.from.row}: ${d.from.text}${more})`;
  }
  return `the sheet's headers are ${d.language.language} (${headersShown(d.language)}), and ${d.language.language} registers write dates day-first`;
}

/** Whether a date's text reads both ways, to two different days ("12/05/2023"; not "05/05/2023"). */
export function readsBothWays(text: string): boolean {
  const orders = dateOrdersOf(text);
  if (!orders?.dmy || !orders.mdy) return false;
  return coerceDate(text, 'DMY').value !== coerceDate(text, 'MDY').value;
}

/** The row's note on a date the inference read: what it was read as, and why. */
export function inferredDateMessage(d: DateInference, text: string, value: string): string {
  const other = coerceDate(text, d.order === 'DMY' ? 'MDY' : 'DMY').value as string;
  const check =
    d.by === 'language'
      ? `; if it is ${other}, give --date-format ${d.order === 'DMY' ? 'MM/dd/yyyy' : 'dd/MM/yyyy'}`
      : '';
  return `"${text.trim()}" read ${orderWords(d.order)} as ${value}, as ${inferenceReason(d)}${check}`;
}

/** The --date-format of an order, and a date of the column read by it, for a hint. */
export function formatFor(order: DateOrder): string {
  return order === 'DMY' ? 'dd/MM/yyyy' : 'MM/dd/yyyy';
}
