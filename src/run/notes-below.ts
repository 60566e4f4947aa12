// A sheet's rows with the lines below its table judged (validate/below-table.ts): the rows that
// may be notes are held back until a record follows them or the sheet ends, so each stage (the
// scan, the checks, the writes) sees a note marked as one. Holds a few rows at most.
import type { SheetRow, SheetSource } from '../read/types.js';
import { TableTail } from '../validate/below-table.js';

export function withNotesBelow(source: SheetSource): SheetSource {
  const tail = new TableTail();
  const ready: SheetRow[] = [];
  // The next row at hand without waiting: one handed on, or the reader's, once the tail lets it go.
  const take = (): SheetRow | undefined => {
    for (;;) {
      if (ready.length > 0) return ready.shift();
      const r = source.take?.();
      if (r === undefined) return undefined;
      tail.push(r, ready);
    }
  };
  async function* judged(): AsyncGenerator<SheetRow> {
    const rows = source.rows[Symbol.asyncIterator]();
    try {
      for (;;) {
        const r = take();
        if (r) {
          yield r;
          continue;
        }
        const next = await rows.next();
        if (next.done) break;
        tail.push(next.value, ready);
      }
      tail.end(ready);
      while (ready.length > 0) yield ready.shift()!;
    } finally {
      await rows.return?.(undefined);
    }
  }
  const rows = judged();
  // The source's own properties (its encoding is read as the file is) stay live underneath.
  return Object.create(source, {
    rows: { value: rows, enumerable: true },
    take: { value: take, enumerable: true },
    close: {
      value: async () => {
        await rows.return(undefined);
        await source.close?.();
      },
      enumerable: true,
    },
  }) as SheetSource;
}
