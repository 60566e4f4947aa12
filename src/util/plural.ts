// Counts in what people read (plans, summaries, hints): "1 row", "2 rows", "1 request".
// One helper, so that no message says "1 requests" or "up to 1 writes".

/** A count with its noun: the singular for exactly one, else `many` (the noun + "s" unless given). */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
