// An attribute's value read in place from a tag of XML text, without building the tag's
// attribute list: the sheet scanner (xlsx-sheet.ts, ours for speed) reads `r`, `s` and `t`
// of every cell, where a parser would build an object of every attribute.

/** XML's white space: space, tab, line feed, carriage return. */
export const isSpace = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13;

/**
 * The raw values (entities not decoded) of attributes `names` in `text[from, to)`, the
 * inside of a tag after its name, into `out` (each name's first value, else undefined), in
 * one walk of the tag: a sheet's every cell has its `r`, `t` and `s` read, and a walk for
 * each went over the same attributes three times. The walk stops where the text no longer
 * reads as attributes.
 */
export function attrValues(
  text: string,
  from: number,
  to: number,
  names: readonly string[],
  out: (string | undefined)[],
): void {
  for (let n = 0; n < names.length; n++) out[n] = undefined;
  let left = names.length;
  let i = from;
  while (i < to && left > 0) {
    if (isSpace(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const eq = text.indexOf('=', i);
    if (eq < 0 || eq >= to) return;
    let nameEnd = eq;
    while (nameEnd > i && isSpace(text.charCodeAt(nameEnd - 1))) nameEnd--;
    let q = eq + 1;
    while (q < to && isSpace(text.charCodeAt(q))) q++;
    const quote = text[q];
    if (quote !== '"' && quote !== "'") return;
    const close = text.indexOf(quote, q + 1);
    if (close < 0 || close >= to) return;
    for (let n = 0; n < names.length; n++) {
      const name = names[n];
      if (out[n] === undefined && nameEnd - i === name.length && text.startsWith(name, i)) {
        out[n] = text.slice(q + 1, close);
        left--;
        break;
      }
    }
    i = close + 1;
  }
}

const one: (string | undefined)[] = [undefined];

/**
 * The raw value (entities not decoded) of attribute `name` in `text[from, to)`, the inside
 * of a tag after its name; undefined when the tag has no such attribute.
 */
export function attrValue(text: string, from: number, to: number, name: string): string | undefined {
  attrValues(text, from, to, [name], one);
  return one[0];
}
