// What earlier runs of an import did, matched to this run's rows by content. A row takes
// the earlier attempt that sent the same body (its fingerprint), whatever its row number
// is now: a row inserted above, one deleted or moved between runs does not shift the
// others. Identical rows take one attempt each. Pure bookkeeping, no I/O.
import type { Attempt, JournalState, WriteStatus } from './journal.js';

export type PriorMatch =
  /** An earlier run wrote this row's body: its record. */
  | { readonly kind: 'done'; readonly attempt: Attempt; readonly status: WriteStatus; readonly id: number }
  /** An earlier run sent this row's body and does not know what came of it. */
  | { readonly kind: 'unsure'; readonly attempt: Attempt }
  /** An earlier run wrote a record for this row's key, from a body that has changed since. */
  | { readonly kind: 'changed'; readonly attempt: Attempt; readonly status: WriteStatus; readonly id: number }
  /** An earlier run's attempt the service refused: this row starts afresh in its slot. */
  | { readonly kind: 'refused'; readonly attempt: Attempt };

export class PriorRuns {
  private readonly byFp = new Map<string, Attempt[]>();
  private readonly byKey = new Map<string, Attempt[]>();
  /** Finished creates by the cells their row had (journals written before kept none). */
  private readonly byCells = new Map<string, Attempt[]>();
  private readonly taken = new Set<string>();
  /**
   * The sheet's rows earlier runs finished (each once: a row edited and sent again by each of
   * three runs is one row), and those they sent without knowing the outcome.
   */
  readonly doneRows: number;
  readonly unsureRows: number;
  /** The sheet's rows an earlier run finished, whatever it sent for them (counted in doneRows). */
  private readonly doneAt = new Set<number>();

  constructor(readonly state: JournalState) {
    let unsure = 0;
    for (const a of state.attempts) {
      push(this.byFp, a.fp, a);
      if (a.key && a.state === 'done') push(this.byKey, a.key, a);
      if (a.cells && a.state === 'done') push(this.byCells, a.cells, a);
      // A sync's write of a record missing from the sheet (row 0) is no row of the sheet.
      if (a.row <= 0) continue;
      if (a.state === 'done' || a.unchanged !== undefined) this.doneAt.add(a.row);
      else if (a.state === 'sent' || a.unsure) unsure++;
    }
    this.doneRows = this.doneAt.size;
    this.unsureRows = unsure;
  }

  /** Whether an earlier run finished row `row`: the plan counts it among doneRows, by the body sent or not. */
  finished(row: number): boolean {
    return this.doneAt.has(row);
  }

  /** Whether an earlier run sent a create of these cells and stopped before it knew the outcome. */
  leftSent(cells: string): boolean {
    return this.state.attempts.some((a) => a.state === 'sent' && a.cells === cells);
  }

  /** The keys (`field=value`) of rows earlier runs wrote. */
  doneKeys(): IterableIterator<string> {
    return this.byKey.keys();
  }

  /** Ids of records earlier runs wrote: no row of this run may adopt them as its own. */
  ids(): number[] {
    return this.state.attempts.flatMap((a) => (a.done ? [a.done.id] : []));
  }

  /**
   * The earlier attempt this row continues, taken so that no other row takes it too.
   * Order: a finished write of the same body (the one on the same row first), an unsure
   * one, then — for keyed rows — a record written for the same key from another body.
   */
  take(fp: string, row: number, key?: string): PriorMatch | undefined {
    const same = (this.byFp.get(fp) ?? []).filter((a) => !this.taken.has(a.slot));
    const done = same.filter((a) => a.state === 'done');
    const pick = done.find((a) => a.row === row) ?? done[0];
    if (pick)
      return this.claim({ kind: 'done', attempt: pick, status: pick.done!.status, id: pick.done!.id });
    const unsure = same.find((a) => a.state === 'sent' || a.unsure);
    if (unsure) return this.claim({ kind: 'unsure', attempt: unsure });
    if (key) {
      const changed = (this.byKey.get(key) ?? []).find((a) => !this.taken.has(a.slot));
      if (changed)
        return this.claim({
          kind: 'changed',
          attempt: changed,
          status: changed.done!.status,
          id: changed.done!.id,
        });
    }
    const refused = same[0];
    if (refused) return this.claim({ kind: 'refused', attempt: refused });
    return undefined;
  }

  /**
   * An update's row that an earlier run left with its record holding the row's values (found
   * so or written so), known by the row's cells as read (`cells`, cellsFingerprint) and, when
   * the row names it, its record `id`. Taken as take() takes an attempt (the one on the same
   * row first); undefined when none matches.
   */
  takeUpdated(cells: string, row: number, id?: number): { id: number; wrote: boolean } | undefined {
    const same = (this.byFp.get(cells) ?? []).filter(
      (a) => a.unchanged !== undefined && !this.taken.has(a.slot) && (id === undefined || a.unchanged === id),
    );
    const pick = same.find((a) => a.row === row) ?? same[0];
    if (!pick) return undefined;
    this.taken.add(pick.slot);
    return { id: pick.unchanged!, wrote: pick.wrote === true };
  }

  /** Whether the journal knows an update's rows by their cells (takeUpdated): a journal of this version's updates. */
  get knowsUpdates(): boolean {
    return this.state.attempts.some((a) => a.unchanged !== undefined);
  }

  /** Whether an update's row of these cells is one takeUpdated would take (the plan's count; nothing taken). */
  knowsUpdated(cells: string): boolean {
    return (this.byFp.get(cells) ?? []).some((a) => a.unchanged !== undefined && !this.taken.has(a.slot));
  }

  /** Whether the journal knows any finished row by its cells (a journal written before does not). */
  get knowsCells(): boolean {
    return this.byCells.size > 0;
  }

  /**
   * The finished create of a row with these cells as read (the one on the same row first),
   * taken as take() takes it: the row is done, and needs no lookup to say so.
   */
  takeByCells(cells: string, row: number): PriorMatch | undefined {
    const done = (this.byCells.get(cells) ?? []).filter((a) => !this.taken.has(a.slot));
    const pick = done.find((a) => a.row === row) ?? done[0];
    return pick && this.claim({ kind: 'done', attempt: pick, status: pick.done!.status, id: pick.done!.id });
  }

  /** An attempt another copy of the journal's runs gave a row: no other row takes it. */
  reserve(slot: string): void {
    this.taken.add(slot);
  }

  private claim(match: PriorMatch): PriorMatch {
    this.taken.add(match.attempt.slot);
    return match;
  }
}

function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
}
