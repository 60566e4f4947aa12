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

export class KeyIndex {
  private h1: Uint32Array;
  private h2: Uint32Array;
  private rows: Uint32Array;
  private count = 0;

  /** `capacity`: slots to start with (any number; the table is not a power of two). */
  constructor(capacity = 1 << 12) {
    const cap = Math.max(2, Math.ceil(capacity));
    this.h1 = new Uint32Array(cap);
    this.h2 = new Uint32Array(cap);
    this.rows = new Uint32Array(cap);
  }

  get size(): number {
    return this.count;
  }

  /** The row first seen with this key, if any. */
  get(key: string): number | undefined {
    const [a, b] = hashes(key);
    const cap = this.h2.length;
    for (let i = a % cap; ; i = i + 1 === cap ? 0 : i + 1) {
      if (this.h2[i] === EMPTY) return undefined;
      if (this.h1[i] === a && this.h2[i] === b) return this.rows[i];
    }
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  /** Remember `row` for `key` unless the key was seen before (the first row wins). */
  add(key: string, row: number): void {
    if (this.count + 1 > this.h2.length * LOAD) this.resize(this.h2.length * 2);
    const [a, b] = hashes(key);
    const cap = this.h2.length;
    for (let i = a % cap; ; i = i + 1 === cap ? 0 : i + 1) {
      if (this.h2[i] === EMPTY) {
        this.h1[i] = a;
        this.h2[i] = b;
        this.rows[i] = row;
        this.count++;
        return;
      }
      if (this.h1[i] === a && this.h2[i] === b) return;
    }
  }

  /**
   * Make room for `keys` keys in all, at once. Doubling as a million keys arrive holds the
   * old table and one twice its size at the same moment (~38 MB); a table sized once from
   * an estimate of the file's rows is all the memory it takes (~16 MB).
   */
  reserve(keys: number): void {
    const cap = Math.ceil(keys / LOAD) + 1;
    if (cap > this.h2.length) this.resize(cap);
  }

  private resize(cap: number): void {
    const { h1, h2, rows } = this;
    this.h1 = new Uint32Array(cap);
    this.h2 = new Uint32Array(cap);
    this.rows = new Uint32Array(cap);
    for (let j = 0; j < h2.length; j++) {
      if (h2[j] === EMPTY) continue;
      let i = h1[j] % cap;
      while (this.h2[i] !== EMPTY) i = i + 1 === cap ? 0 : i + 1;
      this.h1[i] = h1[j];
      this.h2[i] = h2[j];
      this.rows[i] = rows[j];
    }
  }
}
