// XLSX shared strings (xl/sharedStrings.xml): the text of each `<si>`, in order, read as it
// inflates. A cell `t="s"` names its text by index into this table; on a large workbook the
// table is most of the reader's memory, so it holds plain strings and nothing else.
import type { Location } from '../errors.js';
import { decodeXml, refuseDoctype } from './xlsx-parts.js';
import { xmlPieces } from './xml-pieces.js';

/**
 * Text with Excel's `_xHHHH_` escapes decoded (a line break is saved as `_x000D_`, control
 * characters likewise; `_x005F_` is an underscore, so `_x005F_x000D_` reads `_x000D_`).
 */
export function decodeEscapes(s: string): string {
  if (!s.includes('_x') && !s.includes('_X')) return s;
  return s.replace(/_[xX]([0-9A-Fa-f]{4})_/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/** The text of `<t>` elements in `xml[from, to)`, phonetic guides (`<rPh>`) left out, entities not yet decoded. */
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

/**
 * The text an `<si>` or `<is>` shows: its `<t>`, or its rich-text runs joined. A phonetic
 * guide (`<rPh>`, the furigana Japanese input adds) is a reading aid, not the text, and
 * run properties (`<rPr>`) hold no text. Entities are decoded once, `_xHHHH_` escapes too.
 */
export function itemText(xml: string, from: number, to: number): string {
  let raw: string;
  const lt = xml.indexOf('<', from);
  const rPh = xml.indexOf('<rPh', from);
  if (lt < 0 || lt >= to) {
    // Bare text with no `<t>` (not as the standard has it, but some writers do, and it was read).
    raw = xml.slice(from, to);
  } else if (rPh < 0 || rPh >= to) {
    raw = runsText(xml, from, to);
  } else {
    raw = '';
    let at = from;
    for (let p = rPh; p >= 0 && p < to; p = xml.indexOf('<rPh', at)) {
      raw += runsText(xml, at, p);
      const gt = xml.indexOf('>', p);
      const end = gt < 0 ? -1 : xml.charCodeAt(gt - 1) === 47 ? gt + 1 : xml.indexOf('</rPh>', gt);
      at = end < 0 || end >= to ? to : xml.charCodeAt(gt - 1) === 47 ? end : end + 6;
    }
    raw += runsText(xml, at, to);
  }
  return decodeEscapes(raw.includes('&') ? decodeXml(raw) : raw);
}

/** Reads each whole `<si>` of `xml` into `table`. */
function readItems(xml: string, table: string[]): void {
  for (let open = xml.indexOf('<si'); open >= 0; ) {
    const after = xml.charCodeAt(open + 3);
    const gt = xml.indexOf('>', open);
    if (gt < 0) return;
    if (after !== 62 && after !== 32 && after !== 9 && after !== 10 && after !== 13 && after !== 47) {
      open = xml.indexOf('<si', open + 3);
      continue;
    }
    if (xml.charCodeAt(gt - 1) === 47) {
      table.push('');
      open = xml.indexOf('<si', gt);
      continue;
    }
    const close = xml.indexOf('</si>', gt);
    if (close < 0) return;
    table.push(itemText(xml, gt + 1, close));
    open = xml.indexOf('<si', close + 5);
  }
}

/** The shared-strings table from the part's inflated chunks; a DOCTYPE is refused. */
export async function readSharedStrings(chunks: AsyncIterable<Buffer>, part: string, where: Location): Promise<string[]> {
  const table: string[] = [];
  let first = true;
  for await (const piece of xmlPieces(chunks, '</si>')) {
    if (first) refuseDoctype(piece.slice(0, 65536), part, where);
    first = false;
    readItems(piece, table);
  }
  return table;
}
