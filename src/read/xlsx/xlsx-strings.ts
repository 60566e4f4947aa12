// XLSX shared strings (xl/sharedStrings.xml): the text of each `<si>`, in order, read as it
// inflates, by a scanner of our own for the reason the sheet has one (xlsx-sheet.ts): the
// part grows with the sheet. Items are checked as XML (an element never closed is an error)
// and CDATA is text. A cell `t="s"` names its text by index into this table; on a large workbook the
// table is most of the reader's memory and grows with the file, so it is packed
// (src/read/xlsx/packed-strings.ts): each text's UTF-8 bytes, decoded when a cell asks for it.
import type { AssetbatchError, Location } from '../../errors.js';
import { readError } from '../problems.js';
import { PackedStrings } from './packed-strings.js';
import { decodeXml, refuseDoctype } from './xlsx-parts.js';
import { xmlBytePieces } from './xml-pieces.js';

/**
 * Text with Excel's `_xHHHH_` escapes decoded, once (ECMA-376's ST_Xstring: a line break
 * is saved as `_x000D_`, control characters likewise; `_x005F_` is an underscore, so
 * `_x005F_x000D_` reads `_x000D_`). As Excel and LibreOffice read them, only a lowercase
 * `x` makes an escape; its four hex digits are either case.
 */
export function decodeEscapes(s: string): string {
  if (!s.includes('_x')) return s;
  return s.replace(/_x([0-9A-Fa-f]{4})_/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

const isTagEnd = (c: number) => c === 62 || c === 47 || c === 32 || c === 9 || c === 10 || c === 13;

/** A shared or inline string's XML is not well formed: the message says what was wrong. */
export class ItemXmlError extends Error {}

/** CDATA's text in the raw form of the text around it (entities not decoded), so both decode alike. */
const rawOfCdata = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** The name of the tag whose `<` or `</` ends at `from`. */
function nameAt(xml: string, from: number): string {
  let end = from;
  while (end < xml.length && !isTagEnd(xml.charCodeAt(end))) end++;
  return xml.slice(from, end);
}

/**
 * The text of the `<t>` elements of an item's XML, phonetic guides (`<rPh>`) left out,
 * CDATA sections as text; entities not yet decoded. Every element must close where XML
 * says: Excel refuses a file where one does not, so a `<t>` never closed is an error here,
 * not an empty cell.
 */
function itemRawChecked(xml: string): string {
  let raw = '';
  const open: string[] = [];
  const shown = () => open[open.length - 1] === 't' && !open.includes('rPh');
  for (let pos = 0; ;) {
    const lt = xml.indexOf('<', pos);
    if (shown()) raw += xml.slice(pos, lt < 0 ? xml.length : lt);
    if (lt < 0) break;
    if (xml.startsWith('<![CDATA[', lt) || xml.startsWith('<!--', lt) || xml.startsWith('<?', lt)) {
      const [opener, closer] =
        xml[lt + 1] === '?' ? ['<?', '?>'] : xml[lt + 2] === '-' ? ['<!--', '-->'] : ['<![CDATA[', ']]>'];
      const end = xml.indexOf(closer, lt + opener.length);
      if (end < 0)
        throw new ItemXmlError(opener === '<![CDATA[' ? 'unclosed CDATA section' : 'unclosed comment');
      if (opener === '<![CDATA[' && shown()) raw += rawOfCdata(xml.slice(lt + 9, end));
      pos = end + closer.length;
      continue;
    }
    const gt = xml.indexOf('>', lt);
    const closing = xml.charCodeAt(lt + 1) === 47;
    const name = nameAt(xml, lt + (closing ? 2 : 1));
    if (gt < 0) throw new ItemXmlError(`unclosed tag: ${name}`);
    if (closing) {
      const top = open.pop();
      if (top !== name)
        throw new ItemXmlError(top === undefined ? `unmatched closing tag: ${name}` : `unclosed tag: ${top}`);
    } else if (open[open.length - 1] === 't') {
      // `<t>` holds text only: an element in it means the `<t>` was never closed.
      throw new ItemXmlError('unclosed tag: t');
    } else if (xml.charCodeAt(gt - 1) !== 47) {
      open.push(name);
    }
    pos = gt + 1;
  }
  if (open.length > 0) throw new ItemXmlError(`unclosed tag: ${open[open.length - 1]}`);
  return raw;
}

/** The text of the `<t>` elements of `xml`, phonetic guides (`<rPh>`) left out (see itemRawChecked). */
function itemRaw(xml: string): string {
  // The common case, one plain `<t>`: its text as it is.
  if (xml.startsWith('<t>') && xml.indexOf('<', 3) === xml.length - 4 && xml.endsWith('</t>'))
    return xml.slice(3, -4);
  // Bare text with no `<t>` (not as the standard has it, but some writers do, and it was read).
  if (!xml.includes('<')) return xml;
  return itemRawChecked(xml);
}

/**
 * The text an `<si>` or `<is>` shows (`xml` is its inside): its `<t>`, or its rich-text runs
 * joined. A phonetic guide (`<rPh>`, the furigana Japanese input adds) is a reading aid, not
 * the text, and run properties (`<rPr>`) hold no text. Entities and escapes are decoded
 * here, once; callers take the text as it is. Throws ItemXmlError on malformed XML.
 */
export function itemText(xml: string): string {
  const raw = itemRaw(xml);
  return decodeEscapes(raw.includes('&') ? decodeXml(raw) : raw);
}

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
  if (
    xml[from] === 60 &&
    xml[from + 1] === 116 &&
    xml[from + 2] === 62 &&
    xml.indexOf(60, from + 3) === to - 4 &&
    noEntityOrEscape(xml, from + 3, to - 4)
  ) {
    table.pushBytes(xml, from + 3, to - 4);
  } else {
    table.push(itemText(xml.toString('utf8', from, to)));
  }
}

/**
 * Reads each whole `<si>` of the bytes `xml` into `table`. The items are found in the
 * bytes read as Latin-1 (a string's indexOf costs less than a buffer's): one character a
 * byte, so a position in the text is the same position in the bytes, whatever the
 * characters; each item is then added from the bytes. A piece ends after its last
 * `</si>` (xmlBytePieces), so an `<si>` without one is never closed.
 */
function readItems(bytes: Buffer, table: PackedStrings): void {
  const text = bytes.toString('latin1');
  for (let open = text.indexOf('<si'); open >= 0;) {
    const gt = text.indexOf('>', open);
    if (gt < 0) throw new ItemXmlError('unclosed tag: si');
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
    if (close < 0) throw new ItemXmlError('unclosed tag: si');
    addItem(bytes, gt + 1, close, table);
    open = text.indexOf('<si', close + 5);
  }
}

/** The `<sst>` tag's uniqueCount: how many `<si>` follow, as their writer counted them. */
function claimedItems(head: string): number | undefined {
  const m = /<(?:[\w.-]+:)?sst\b[^>]*\suniqueCount\s*=\s*["'](\d+)["']/.exec(head);
  return m ? Number(m[1]) : undefined;
}

function damagedPart(part: string, where: Location, why: string, cause?: unknown): AssetbatchError {
  return readError('E_FILE_CORRUPT', where, `is damaged: its part ${part} is not well-formed XML (${why})`, {
    hint: 'Open it in Excel or LibreOffice and save it again as .xlsx.',
    cause,
  });
}

/**
 * The shared-strings table from the part's inflated chunks, packed (each string's UTF-8
 * bytes in one buffer, decoded when a cell asks for it); a DOCTYPE is refused, and so is
 * XML that is not well formed in an item or cut before `</sst>`. `partBytes`, the part's
 * inflated size as the zip directory claims it, and the `<sst>`'s count of its items size
 * the table once (see PackedStrings).
 */
export async function readSharedStringTable(
  chunks: AsyncIterable<Buffer>,
  part: string,
  where: Location,
  partBytes?: number,
): Promise<PackedStrings> {
  let table: PackedStrings | undefined;
  let tail = '';
  for await (const piece of xmlBytePieces(chunks, '</si>')) {
    if (!table) {
      const head = piece.toString('utf8', 0, 65536);
      refuseDoctype(head, part, where);
      // An item takes 5 bytes at least (`<si/>`): a count past that is no count.
      const items = claimedItems(head);
      table = new PackedStrings({
        bytes: partBytes,
        strings: items !== undefined && partBytes ? Math.min(items, partBytes / 5) : items,
      });
    }
    try {
      readItems(piece, table);
    } catch (err) {
      if (!(err instanceof ItemXmlError)) throw err;
      throw damagedPart(part, where, `shared string ${table.length + 1}: ${err.message}`, err);
    }
    tail = (tail + piece.toString('latin1', Math.max(0, piece.length - 64))).slice(-64);
  }
  if (table && !/<\/sst\s*>\s*$/.test(tail))
    throw damagedPart(part, where, 'it ends before its closing tag (</sst>)');
  return table ?? new PackedStrings();
}

/** The shared-strings table as an array of strings (what the packed table holds, each decoded). */
export async function readSharedStrings(
  chunks: AsyncIterable<Buffer>,
  part: string,
  where: Location,
): Promise<string[]> {
  return [...(await readSharedStringTable(chunks, part, where))];
}
