// An attribute's value read in place from a tag of XML text, without building the tag's
// attribute list: the sheet scanner (xlsx-sheet.ts, ours for speed) reads `r`, `s` and `t`
// of every cell, where a parser would build an object of every attribute.

/** XML's white space: space, tab, line feed, carriage return. */
export const isSpace = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13;

/**
 * The raw value (entities not decoded) of attribute `name` in `text[from, to)`, the inside
 * of a tag after its name; undefined when the tag has no such attribute.
 */
export function attrValue(text: string, from: number, to: number, name: string): string | undefined {
  let i = from;
  while (i < to) {
    if (isSpace(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const eq = text.indexOf('=', i);
    if (eq < 0 || eq >= to) return undefined;
    let nameEnd = eq;
    while (nameEnd > i && isSpace(text.charCodeAt(nameEnd - 1))) nameEnd--;
    let q = eq + 1;
    while (q < to && isSpace(text.charCodeAt(q))) q++;
    const quote = text[q];
    if (quote !== '"' && quote !== "'") return undefined;
    const close = text.indexOf(quote, q + 1);
    if (close < 0 || close >= to) return undefined;
    if (nameEnd - i === name.length && text.startsWith(name, i)) return text.slice(q + 1, close);
    i = close + 1;
  }
  return undefined;
}
