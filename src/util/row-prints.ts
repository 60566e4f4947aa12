// Each row's 64-bit fingerprint (16 hex digits) with its row number, in the order added, kept
// in typed arrays (12 bytes a row) rather than as strings in a Map (~100 bytes a row): the
// scan of a repeat keeps one for every row of the sheet, a million rows as well as thirty.

export class RowPrints {
  private rows = new Uint32Array(1 << 10);
  private prints = new Uint8Array(8 << 10);
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** `print`: 16 hex digits. */
  add(row: number, print: string): void {
    if (this.count === this.rows.length) this.grow();
    this.rows[this.count] = row;
    this.prints.set(Buffer.from(print, 'hex'), this.count * 8);
    this.count++;
  }

  /** Row number and fingerprint, in the order they were added. */
  *entries(): IterableIterator<[number, string]> {
    for (let i = 0; i < this.count; i++)
      yield [this.rows[i], Buffer.from(this.prints.buffer, i * 8, 8).toString('hex')];
  }

  private grow(): void {
    const rows = new Uint32Array(this.rows.length * 2);
    rows.set(this.rows);
    const prints = new Uint8Array(this.prints.length * 2);
    prints.set(this.prints);
    this.rows = rows;
    this.prints = prints;
  }
}
