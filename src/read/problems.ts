// How the read stage reports trouble: file-level errors as AssetbatchError with the file in
// the location, and warnings that are noted once per kind and summarised (never one per row).
import { AssetbatchError, type ErrorCode, type Location } from '../errors.js';
import type { ReadWarning } from './types.js';

export function readError(
  code: ErrorCode,
  location: Location,
  message: string,
  opts: { hint?: string; cause?: unknown; details?: unknown } = {},
): AssetbatchError {
  return new AssetbatchError(code, message, { location, ...opts });
}

/** Bytes in words a spreadsheet user reads: "1.2 GB", "300 MB", "12 KB". */
export function formatBytes(n: number): string {
  if (n >= 1024 ** 3) return `${(n / 1024 ** 3).toFixed(1)} GB`;
  if (n >= 1024 ** 2) return `${Math.round(n / 1024 ** 2)} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return `${n} bytes`;
}

interface Tally {
  index: number;
  first: ReadWarning;
  more: number;
}

/**
 * Warnings of one kind are noted once with the first row that shows them; later rows only
 * bump a counter, so a million bad rows cost one warning. `finish()` rewrites the first
 * note with the count ("… (and 41 more rows)").
 */
export class WarningSink {
  private readonly tallies = new Map<string, Tally>();

  constructor(readonly list: ReadWarning[]) {}

  /** Adds a warning every time (for things that happen once: duplicate headers, a hidden sheet). */
  add(w: ReadWarning): void {
    this.list.push(w);
  }

  /** Adds the first warning of `key`; later ones are counted into it. */
  note(key: string, make: () => ReadWarning): void {
    const t = this.tallies.get(key);
    if (t) {
      t.more++;
      return;
    }
    const first = make();
    this.tallies.set(key, { index: this.list.length, first, more: 0 });
    this.list.push(first);
  }

  finish(): void {
    for (const t of this.tallies.values()) {
      if (t.more > 0 && this.list[t.index] === t.first) {
        this.list[t.index] = {
          ...t.first,
          message: `${t.first.message} (and ${t.more} more ${t.more === 1 ? 'row' : 'rows'})`,
        };
      }
    }
    this.tallies.clear();
  }
}
