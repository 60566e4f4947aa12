// XLSX shared strings (xl/sharedStrings.xml): the text of each `<si>`, in order, read as it
// inflates. A cell `t="s"` names its text by index into this table; on a large workbook the
// table is most of the reader's memory, so it holds plain strings and nothing else.
import { isAscii } from 'node:buffer';
import type { Location } from '../errors.js';
import { decodeXml, refuseDoctype } from './xlsx-parts.js';
import { xmlBytePieces } from './xml-pieces.js';

/**
 * Text with Excel's `_xHHHH_` escapes decoded (a line break is saved as `_x000D_`, control
 * characters likewise; `_x005F_` is an underscore, so `_x005F_x000D_` reads `_x000D_`).
 */
export function decodeEscapes(s: string): string {
  if (!s.includes('_x') && !s.includes('_X')) return s;
  return s.replace(/_[xX]([0-9A-Fa-f]{4})_/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/** The text of the `<t>` elements of `xml` from `from`, entities not yet decoded. */
function runsText(xml: string, from: number, to: number): string {
  let out = '';
  let i = xml.indexOf('<t', from);
  while (i >= 0 && i < to) {
    const after = xml.charCodeAt(i + 2);
    const gt = xml.indexOf('>', i);
    if (gt < 0 || gt >= to) break;
    if (after === 62 /* > */ || ((after === 32 || after === 9 || after === 10 || after === 13) && xml.charCodeAt(gt - 1) !== 47)) {
      const end = xml.indexOf('</t>', gt);
      if (end < 0 || end >= to) break;
      out += xml.slice(gt + 1, end);
      i = xml.indexOf('<t', end + 4);
    } else {
      i = xml.indexOf('<t', i + 2);
    }
  }
  return out;
}

/** The text of the `<t>` elements of `xml`, phonetic guides (`<rPh>`) left out. */
function itemRaw(xml: string): string {
  // The common case, one plain `<t>`: its text as it is.
  if (xml.startsWith('<t>') && xml.indexOf('<', 3) === xml.length - 4 && xml.endsWith('</t>')) return xml.slice(3, -4);
  // Bare text with no `<t>` (not as the standard has it, but some writers do, and it was read).
  if (!xml.includes('<')) return xml;
  let raw = '';
  let at = 0;
  for (let p = xml.indexOf('<rPh'); p >= 0; p = xml.indexOf('<rPh', at)) {
    raw += runsText(xml, at, p);
    const gt = xml.indexOf('>', p);
    if (gt < 0) return raw;
    const end = xml.charCodeAt(gt - 1) === 47 ? gt + 1 : xml.indexOf('</rPh>', gt) + 6;
    if (end < 6) return raw;
    at = end;
  }
  return raw + runsText(xml, at, xml.length);
}

/**
 * The text an `<si>` or `<is>` shows (`xml` is its inside): its `<t>`, or its rich-text runs
 * joined. A phonetic guide (`<rPh>`, the furigana Japanese input adds) is a reading aid, not
 * the text, and run properties (`<rPr>`) hold no text. Entities and escapes are decoded once.
 */
export function itemText(xml: string): string {
  const raw = itemRaw(xml);
  return decodeEscapes(raw.includes('&') ? decodeXml(raw) : raw);
}

const isTagEnd = (c: number) => c === 62 || c === 47 || c === 32 || c === 9 || c === 10 || c === 13;

/** The text of one `<si>` from its inside's bytes, `xml[from, to)`. */
function siText(xml: Buffer, from: number, to: number): string {
  // The common case, one plain `<t>` with no entity or escape: decoded straight from the bytes.
  if (xml[from] === 60 && xml[from + 1] === 116 && xml[from + 2] === 62 && xml.indexOf(60, from + 3) === to - 4) {
    const text = xml.toString('utf8', from + 3, to - 4);
    return text.includes('&') || text.includes('_x') || text.includes('_X') ? itemText(`<t>${text}</t>`) : text;
  }
  return itemText(xml.toString('utf8', from, to));
}

/** Reads each whole `<si>` of the bytes `xml` into `table`. */
function readItems(xml: Buffer, table: string[]): void {
  for (let open = xml.indexOf('<si'); open >= 0; ) {
    const gt = xml.indexOf(62, open);
    if (gt < 0) return;
    if (!isTagEnd(xml[open + 3])) {
      open = xml.indexOf('<si', open + 3);
      continue;
    }
    if (xml[gt - 1] === 47) {
      table.push('');
      open = xml.indexOf('<si', gt);
      continue;
    }
    const close = xml.indexOf('</si>', gt);
    if (close < 0) return;
    table.push(siText(xml, gt + 1, close));
    open = xml.indexOf('<si', close + 5);
  }
}

/** The text of one `<si>` whose inside is `text[from, to)`, all ASCII, as `bytes` (the same characters) decode it. */
function asciiSiText(text: string, bytes: Buffer, from: number, to: number): string {
  if (text.startsWith('<t>', from) && text.indexOf('<', from + 3) === to - 4) {
    const plain = bytes.toString('latin1', from + 3, to - 4);
    return plain.includes('&') || plain.includes('_x') || plain.includes('_X') ? itemText(`<t>${plain}</t>`) : plain;
  }
  return itemText(bytes.toString('latin1', from, to));
}

/**
 * As readItems, for a piece all ASCII (most tables): found in the piece as text (a string's
 * indexOf costs less than a buffer's), each item decoded from the bytes, a string of its own.
 */
function readAsciiItems(bytes: Buffer, table: string[]): void {
  const text = bytes.toString('latin1');
  for (let open = text.indexOf('<si'); open >= 0; ) {
    const gt = text.indexOf('>', open);
    if (gt < 0) return;
    if (!isTagEnd(text.charCodeAt(open + 3))) {
      open = text.indexOf('<si', open + 3);
      continue;
    }
    if (text.charCodeAt(gt - 1) === 47) {
      table.push('');
      open = text.indexOf('<si', gt);
      continue;
    }
    const close = text.indexOf('</si>', gt);
    if (close < 0) return;
    table.push(asciiSiText(text, bytes, gt + 1, close));
    open = text.indexOf('<si', close + 5);
  }
}

/** The shared-strings table from the part's inflated chunks; a DOCTYPE is refused. */
export async function readSharedStrings(chunks: AsyncIterable<Buffer>, part: string, where: Location): Promise<string[]> {
  const table: string[] = [];
  let first = true;
  for await (const piece of xmlBytePieces(chunks, '</si>')) {
    if (first) refuseDoctype(piece.toString('utf8', 0, 65536), part, where);
    first = false;
    if (isAscii(piece)) readAsciiItems(piece, table);
    else readItems(piece, table);
  }
  return table;
}
