// Resolve stage: a row's company, from the register's company column, against the company
// list (read once, cached like the other lists). A name matches case-, accent- and
// space-insensitively, or the cell gives the id; a near miss is a suggestion, never a guess.
import type { Resolver } from './lookups.js';

export type RowCompany =
  /** The run's company: named, given by id, or (`empty`) an empty cell. */
  | { readonly kind: 'run'; readonly empty?: boolean }
  /** Another company of the account: the row is left for a run with its --company. */
  | { readonly kind: 'other'; readonly id: number; readonly name: string }
  /** No company of the account: the row is invalid. */
  | { readonly kind: 'unknown'; readonly message: string };

const RUN: RowCompany = { kind: 'run' };
const EMPTY: RowCompany = { kind: 'run', empty: true };

/** The company a cell names, for a run into `runCompany`; the list must be loaded. */
export function rowCompany(resolver: Resolver, text: string, runCompany: number): RowCompany {
  const t = text.trim();
  if (t === '') return EMPTY;
  const idx = resolver.index('company');
  if (/^\d+$/.test(t)) {
    const id = Number(t);
    const name = idx.nameOf(id);
    if (name === undefined) {
      const ids = idx.all().map((e) => `${e.id} (${e.name})`);
      return {
        kind: 'unknown',
        message: `company id ${t} not found; the account's companies: ${ids.join(', ')}`,
      };
    }
    return id === runCompany ? RUN : { kind: 'other', id, name };
  }
  const res = resolver.resolve('company', t);
  if (!res.ok) {
    // The list is short: a miss with no close name says what the account has.
    return {
      kind: 'unknown',
      message: res.suggestion
        ? res.message
        : `${res.message}; the account's companies: ${idx
            .all()
            .map((e) => e.name)
            .join(', ')}`,
    };
  }
  return res.entry.id === runCompany ? RUN : { kind: 'other', id: res.entry.id, name: res.entry.name };
}

/** A row of another company, as the report says it: which company, and the run that loads it. */
export function otherCompanyNote(c: { readonly id: number; readonly name: string }): string {
  return `company '${c.name}' (id ${c.id}): run again with --company ${c.id}`;
}
