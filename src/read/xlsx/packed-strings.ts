// Many short strings kept as one UTF-8 buffer and their offsets, each decoded when it is
// asked for (no library packs strings this way for a lookup by index). The XLSX
// shared-strings table (xlsx-strings.ts) of a large workbook holds hundreds of thousands
// of short strings, each costing more as a string than its text; packed, they take their
// bytes and 4 more each, outside the heap (bench/results.md, "Reader figures"). A lookup
// makes a new string, as a cell's value needs one anyway.

/** Room at first when the caller cannot say how much is coming: strings, and bytes a string. */
const FIRST_STRINGS = 4096;
const FIRST_BYTES_A_STRING = 32;

/** The most room made at first on a caller's word (a file's claim): past this, the table grows as it fills. */
const MAX_FIRST_BYTES = 64 * 1024 * 1024;
const MAX_FIRST_STRINGS = 4 * 1024 * 1024;

/** How much a table will hold, as far as its source tells (zero or absent: unknown). */
export interface PackedSize {
  readonly bytes?: number;
  readonly strings?: number;
}

/**
 * Strings longer than this (in UTF-8 bytes or UTF-16 units) are kept as strings: a lookup
 * then returns the same string each time. A table's long string repeated in thousands of
 * cells (issue 14's amplification) costs one string, not one copy a cell, until the
 * reader's bound on a row's text refuses the row; a short one costs at most this a cell.
 * A string's own overhead is little beside a long one's text.
 */
export const LONGEST_PACKED = 256;

/** A surrogate not in a pair (`u`: a pair is one code point), which UTF-8 cannot hold. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * A room to start with: what the source says, within bounds (a file may lie), or a little.
 * Room made once, not grown: freeing a grown table's large old buffers left the rest of
 * the read's memory higher (bench/results.md, "Reader figures"). Room never written costs
 * no memory (the system backs pages when they are written), so a claim larger than the
 * table is harmless.
 */
function firstRoom(claim: number | undefined, max: number, fallback: number): number {
  return claim !== undefined && claim > 0 ? Math.min(Math.ceil(claim), max) : fallback;
}

export class PackedStrings {
  private bytes: Buffer;
  /** String i is bytes[offsets[i], offsets[i + 1]), unless it is kept. */
  private offsets: Uint32Array;
  private count = 0;
  /**
   * Strings kept as they are, by index (their bytes are empty): long ones, and those with
   * a lone surrogate (only an entity or an `_xD800_` escape makes one), which through
   * UTF-8 would come back as U+FFFD.
   */
  private kept: Map<number, string> | undefined;

  constructor(size: PackedSize = {}) {
    const strings = firstRoom(size.strings, MAX_FIRST_STRINGS, FIRST_STRINGS);
    this.offsets = new Uint32Array(strings + 1);
    this.bytes = Buffer.allocUnsafeSlow(
      firstRoom(size.bytes, MAX_FIRST_BYTES, strings * FIRST_BYTES_A_STRING),
    );
  }

  get length(): number {
    return this.count;
  }

  /** String `index` (a whole number), or undefined past the end. */
  at(index: number): string | undefined {
    if (index >>> 0 !== index || index >= this.count) return undefined;
    const from = this.offsets[index];
    const to = this.offsets[index + 1];
    if (from === to) return this.kept?.get(index) ?? '';
    return this.bytes.toString('utf8', from, to);
  }

  push(text: string): void {
    if (text.length > LONGEST_PACKED || LONE_SURROGATE.test(text)) return this.keep(text);
    this.reserve(Buffer.byteLength(text, 'utf8'));
    this.end(this.used() + this.bytes.write(text, this.used(), 'utf8'));
  }

  /** Appends the text of `src[from, to)`, UTF-8 bytes (invalid ones decode as U+FFFD, as by `toString`). */
  pushBytes(src: Buffer, from: number, to: number): void {
    if (to - from > LONGEST_PACKED) return this.keep(src.toString('utf8', from, to));
    this.reserve(to - from);
    src.copy(this.bytes, this.used(), from, to);
    this.end(this.used() + to - from);
  }

  *[Symbol.iterator](): IterableIterator<string> {
    for (let i = 0; i < this.count; i++) yield this.at(i) as string;
  }

  /** Strings kept as strings, not packed (for tests). */
  get keptCount(): number {
    return this.kept?.size ?? 0;
  }

  private keep(text: string): void {
    if (text !== '') (this.kept ??= new Map()).set(this.count, text);
    this.end(this.used());
  }

  private used(): number {
    return this.offsets[this.count];
  }

  /** Ends the next string at byte `at`. */
  private end(at: number): void {
    if (this.count + 2 > this.offsets.length) {
      const grown = new Uint32Array(this.offsets.length * 2);
      grown.set(this.offsets);
      this.offsets = grown;
    }
    this.offsets[++this.count] = at;
  }

  /** Room for `n` more bytes: the buffer doubles when full (its room never written costs no memory). */
  private reserve(n: number): void {
    const need = this.used() + n;
    if (need <= this.bytes.length) return;
    if (need > 0xffff_ffff)
      throw new RangeError(`more than 4 GiB of short strings (${need} bytes) cannot be packed`);
    const grown = Buffer.allocUnsafeSlow(Math.min(0xffff_ffff, Math.max(need, this.bytes.length * 2)));
    this.bytes.copy(grown, 0, 0, this.used());
    this.bytes = grown;
  }
}
