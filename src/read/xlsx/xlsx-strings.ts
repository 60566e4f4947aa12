// XLSX shared strings (xl/sharedStrings.xml): the text of each `<si>`, in order, read as it
// inflates. A cell `t="s"` names its text by index into this table; on a large workbook the
// table is most of the reader's memory and grows with the file, so it is packed
// (src/read/xlsx/packed-strings.ts): each text's UTF-8 bytes, decoded when a cell asks for it.
import type { Location } from '../../errors.js';
import { PackedStrings } from './packed-strings.js';
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

/** Whether `xml[from, to)` holds no `&` (an entity) and no `_` (maybe an `_xHHHH_` escape). */
function noEntityOrEscape(xml: Buffer, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = xml[i];
    if (c === 38 || c === 95) return false;
  }
  return true;
}

/** Adds the text of one `<si>` from its inside's bytes, `xml[from, to)`. */
function addItem(xml: Buffer, from: number, to: number, table: PackedStrings): void {
  // The common case, one plain `<t>` with no entity or escape: its bytes are its text.
  if (xml[from] === 60 && xml[from + 1] === 116 && xml[from + 2] === 62 && xml.indexOf(60, from + 3) === to - 4 && noEntityOrEscape(xml, from + 3, to - 4)) {
    table.pushBytes(xml, from + 3, to - 4);
  } else {
    table.push(itemText(xml.toString('utf8', from, to)));
  }
}

/**
 * Reads each whole `<si>` of the bytes `xml` into `table`. The items are found in the
 * bytes read as Latin-1 (a string's indexOf costs less than a buffer's): one character a
 * byte, so a position in the text is the same position in the bytes, whatever the
 * characters; each item is then added from the bytes.
 */
function readItems(bytes: Buffer, table: PackedStrings): void {
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
    addItem(bytes, gt + 1, close, table);
    open = text.indexOf('<si', close + 5);
  }
}

/** The `<sst>` tag's uniqueCount: how many `<si>` follow, as their writer counted them. */
function claimedItems(head: string): number | undefined {
  const m = /<(?:[\w.-]+:)?sst\b[^>]*\suniqueCount\s*=\s*["'](\d+)["']/.exec(head);
  return m ? Number(m[1]) : undefined;
}

/**
 * The shared-strings table from the part's inflated chunks, packed (each string's UTF-8
 * bytes in one buffer, decoded when a cell asks for it); a DOCTYPE is refused. `partBytes`,
 * the part's inflated size as the zip directory claims it, and the `<sst>`'s count of its
 * items size the table once (see PackedStrings).
 */
export async function readSharedStringTable(chunks: AsyncIterable<Buffer>, part: string, where: Location, partBytes?: number): Promise<PackedStrings> {
  let table: PackedStrings | undefined;
  for await (const piece of xmlBytePieces(chunks, '</si>')) {
    if (!table) {
      const head = piece.toString('utf8', 0, 65536);
      refuseDoctype(head, part, where);
      // An item takes 5 bytes at least (`<si/>`): a count past that is no count.
      const items = claimedItems(head);
      table = new PackedStrings({ bytes: partBytes, strings: items !== undefined && partBytes ? Math.min(items, partBytes / 5) : items });
    }
    readItems(piece, table);
  }
  return table ?? new PackedStrings();
}

/** The shared-strings table as an array of strings (what the packed table holds, each decoded). */
export async function readSharedStrings(chunks: AsyncIterable<Buffer>, part: string, where: Location): Promise<string[]> {
  return [...(await readSharedStringTable(chunks, part, where))];
}
