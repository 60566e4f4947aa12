// Answers of a pure function, by the value it was asked about. A sheet repeats most of its
// values (a category, a country, a status, a date) thousands of times, so each distinct
// one is worked out once. A column whose values rarely repeat (names, serial numbers,
// amounts) would only fill the memo: once it is full, a memo that answered less than half
// of its questions gives up (and frees what it held), so memory stays bounded either way.

/** Distinct values a memo holds at most. */
const MEMO_CAPACITY = 4096;

export class ValueMemo<V> {
  private readonly seen = new Map<unknown, V>();
  private lookups = 0;
  private hits = 0;
  /** Set once the memo has given up: it then answers nothing and holds nothing. */
  off = false;

  constructor(private readonly capacity = MEMO_CAPACITY) {}

  /** The answer kept for `key`, if any. Keys compare as Map keys do (SameValueZero). */
  get(key: unknown): V | undefined {
    if (this.off) return undefined;
    this.lookups++;
    const v = this.seen.get(key);
    if (v !== undefined) this.hits++;
    return v;
  }

  set(key: unknown, value: V): void {
    if (this.off) return;
    if (this.seen.size < this.capacity) this.seen.set(key, value);
    else if (this.hits * 2 < this.lookups) {
      this.off = true;
      this.seen.clear();
    }
  }

  get size(): number {
    return this.seen.size;
  }

  /** Forget the answers (what they depend on changed); the hit count starts again too. */
  clear(): void {
    this.seen.clear();
    this.lookups = 0;
    this.hits = 0;
    this.off = false;
  }
}

/** A value made at the first call and kept: for what a run may never need (a zod schema costs its making). */
export function memoized<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
