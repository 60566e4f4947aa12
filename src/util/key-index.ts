// First row of each natural key in a sheet, in memory that a million rows barely notice:
// keys are kept as two 32-bit hashes (64 bits: a false match is about one in 10^7 for a
// million keys) in typed arrays with open addressing, not as strings in a Map (~60 bytes
// a row, which made memory grow with the file).

const EMPTY = 0;

function hashes(s: string): [number, number] {
  // FNV-1a and a multiplicative variant, over UTF-16 code units; seeds differ.
  let h1 = 0x811c9dc5;
  let h2 = 0x9747b28c;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
    h2 ^= h2 >>> 15;
  }
  return [h1 >>> 0, (h2 | 1) >>> 0];
}

/** A table is at most three quarters full: short probes still, and a third less memory than half. */
const LOAD = 0.75;

/** Words a slot takes: the two hashes and the row, side by side (a probe reads one cache line, not three). */
const SLOT = 3;

export class KeyIndex {
  /** Slot i is [h1, h2, row] at 3i; h2 is never 0 in a used slot. */
  private table: Uint32Array;
  private slots: number;
  private count = 0;

  /** `capacity`: slots to start with (any number; the table is not a power of two). */
  constructor(capacity = 1 << 12) {
    this.slots = Math.max(2, Math.ceil(capacity));
    this.table = new Uint32Array(this.slots * SLOT);
  }

  get size(): number {
    return this.count;
  }

  /** Slots in the table (for tests of its sizing). */
  get capacity(): number {
    return this.slots;
  }

  /** The row first seen with this key, if any. */
  get(key: string): number | undefined {
    const [a, b] = hashes(key);
    const t = this.table;
    const slots = this.slots;
    for (let i = a % slots; ; i = i + 1 === slots ? 0 : i + 1) {
      const at = i * SLOT;
      const h2 = t[at + 1];
      if (h2 === EMPTY) return undefined;
      if (h2 === b && t[at] === a) return t[at + 2];
    }
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  /** Remember `row` for `key` unless the key was seen before (the first row wins); gives the first row. */
  add(key: string, row: number): number {
    if (this.count + 1 > this.slots * LOAD) this.resize(this.slots * 2);
    const [a, b] = hashes(key);
    const t = this.table;
    const slots = this.slots;
    for (let i = a % slots; ; i = i + 1 === slots ? 0 : i + 1) {
      const at = i * SLOT;
      const h2 = t[at + 1];
      if (h2 === EMPTY) {
        t[at] = a;
        t[at + 1] = b;
        t[at + 2] = row;
        this.count++;
        return row;
      }
      if (h2 === b && t[at] === a) return t[at + 2];
    }
  }

  /**
   * Make room for `keys` keys in all, at once. Doubling as a million keys arrive holds the
   * old table and one twice its size at the same moment (~38 MB); a table sized once from
   * an estimate of the file's rows is all the memory it takes (~16 MB).
   */
  reserve(keys: number): void {
    const slots = Math.ceil(keys / LOAD) + 1;
    if (slots > this.slots) this.resize(slots);
  }

  private resize(slots: number): void {
    const old = this.table;
    const t = new Uint32Array(slots * SLOT);
    for (let j = 0; j < old.length; j += SLOT) {
      if (old[j + 1] === EMPTY) continue;
      let i = old[j] % slots;
      while (t[i * SLOT + 1] !== EMPTY) i = i + 1 === slots ? 0 : i + 1;
      const at = i * SLOT;
      t[at] = old[j];
      t[at + 1] = old[j + 1];
      t[at + 2] = old[j + 2];
    }
    this.table = t;
    this.slots = slots;
  }
}
