// SpreadsheetML's element names with a namespace prefix: `<x:row>`, `<x:c>`, `<x:si>`, as
// the .NET Open XML SDK and other libraries may write them. Excel opens such a file as any
// other; our scanners (xlsx-sheet.ts, xlsx-strings.ts) look for the names without a prefix,
// so the prefix is taken off first (saxes, for the small parts, sees prefixes itself:
// xml-elements.ts). Pure: text in, text out.

/** SpreadsheetML's namespace, transitional (what Excel writes) and strict (ISO/IEC 29500 strict). */
const MAIN_NAMESPACES = [
  'http://schemas.openxmlformats.org/spreadsheetml/2006/main',
  'http://purl.oclc.org/ooxml/spreadsheetml/main',
];

/**
 * The prefix (`x:`) the part's root element gives SpreadsheetML's names, read from the
 * start of the part (`head`); '' when they have none, or the root is no SpreadsheetML.
 */
export function mainPrefix(head: string): string {
  const root = /<(?![?!])([\w.-]+):[\w.-]+([^>]*)>/.exec(head);
  // The root is the first element: a prefixed name further on is no root.
  if (!root || /<(?![?!/])[\w.-]+[\s/>]/.exec(head.slice(0, root.index))) return '';
  const prefix = root[1];
  const declared = new RegExp(`\\sxmlns:${prefix.replace(/\./g, '\\.')}\\s*=\\s*(["'])([^"']*)\\1`).exec(
    root[2],
  );
  return declared && MAIN_NAMESPACES.includes(declared[2]) ? `${prefix}:` : '';
}

/**
 * `text` with `prefix` taken off its tags' names (`<x:row r="2">` → `<row r="2">`). Only
 * markup can hold `<x:` (text holds `&lt;`), so a plain replacement does it.
 */
export function unprefixed(text: string, prefix: string): string {
  if (prefix === '') return text;
  return text.replaceAll(`</${prefix}`, '</').replaceAll(`<${prefix}`, '<');
}

/** Bytes of a part's start that hold its root element's tag. */
const HEAD_BYTES = 16 * 1024;

/**
 * A part's inflated chunks with the prefix of SpreadsheetML's names taken off its tags
 * (see mainPrefix, read from the first chunk). A part without one (nearly all) passes as it
 * came; in one with, a tag cut between two chunks is held back until it is whole.
 */
export async function* unprefixedPart(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const it = chunks[Symbol.asyncIterator]();
  const first = await it.next();
  if (first.done) return;
  const head: Buffer = first.value;
  const prefix = mainPrefix(head.toString('latin1', 0, Math.min(head.length, HEAD_BYTES)));
  if (prefix === '') {
    yield head;
    for (let next = await it.next(); !next.done; next = await it.next()) yield next.value;
    return;
  }
  // Latin-1 gives each byte a character and back: the prefix and the tags are ASCII, and
  // the bytes of any other character pass through unchanged.
  let carry = '';
  for (let next: IteratorResult<Buffer> = first; !next.done; next = await it.next()) {
    const text = carry + next.value.toString('latin1');
    const lt = text.lastIndexOf('<');
    // `<`, `</` or `<x` at the very end may be the start of a prefixed name: kept for the next chunk.
    const hold = lt >= 0 && text.length - lt <= prefix.length + 1 ? lt : text.length;
    carry = text.slice(hold);
    yield Buffer.from(unprefixed(text.slice(0, hold), prefix), 'latin1');
  }
  if (carry !== '') yield Buffer.from(unprefixed(carry, prefix), 'latin1');
}
