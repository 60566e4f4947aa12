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

export class KeyIndex {
  private h1: Uint32Array;
  private h2: Uint32Array;
  private rows: Uint32Array;
  private count = 0;

  constructor(capacity = 1 << 12) {
    this.h1 = new Uint32Array(capacity);
    this.h2 = new Uint32Array(capacity);
    this.rows = new Uint32Array(capacity);
  }

  get size(): number {
    return this.count;
  }

  /** The row first seen with this key, if any. */
  get(key: string): number | undefined {
    const [a, b] = hashes(key);
    const mask = this.h2.length - 1;
    for (let i = a & mask; ; i = (i + 1) & mask) {
      if (this.h2[i] === EMPTY) return undefined;
      if (this.h1[i] === a && this.h2[i] === b) return this.rows[i];
    }
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  /** Remember `row` for `key` unless the key was seen before (the first row wins). */
  add(key: string, row: number): void {
    // Three quarters full at most: short probes still, and a third less memory than half.
    if ((this.count + 1) * 4 > this.h2.length * 3) this.grow();
    const [a, b] = hashes(key);
    const mask = this.h2.length - 1;
    for (let i = a & mask; ; i = (i + 1) & mask) {
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

  private grow(): void {
    const { h1, h2, rows } = this;
    const cap = h2.length * 2;
    this.h1 = new Uint32Array(cap);
    this.h2 = new Uint32Array(cap);
    this.rows = new Uint32Array(cap);
    const mask = cap - 1;
    for (let j = 0; j < h2.length; j++) {
      if (h2[j] === EMPTY) continue;
      let i = h1[j] & mask;
      while (this.h2[i] !== EMPTY) i = (i + 1) & mask;
      this.h1[i] = h1[j];
      this.h2[i] = h2[j];
      this.rows[i] = rows[j];
    }
  }
}
