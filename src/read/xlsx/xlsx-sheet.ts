// A worksheet's rows read from its XML text as it inflates: a hand-written scanner over
// `<sheetData>` (indexOf, no object per cell but the value), each `<c>` handed to a decoder
// (decodeCell in xlsx-cells.ts). Why not an XML parser: the sheet is nearly all of a
// workbook's XML, and saxes's events alone cost 1.3–1.7× this scanner's whole pass
// (bench/results.md, "XLSX validation"). It keeps to XML where a sheet needs it: CDATA is
// text, and an element not closed where XML says is an error naming what was wrong; the
// rows before it are given first. The small parts are parsed by saxes (xml-elements.ts).
import type { RawRow } from '../header.js';
import type { CellValue } from '../types.js';
import type { CellXml } from './xlsx-cells.js';
import { ItemXmlError } from './xlsx-strings.js';
import { attrValue, attrValues, isSpace } from './xml-attrs.js';
import { xmlPieces } from './xml-pieces.js';

/** Excel's last column (XFD): a reference past it is no cell of a real sheet. */
const MAX_COLUMN = 16_384;

/** The sheet XML is not well formed (or not a worksheet): the message says what broke, `row` in which row. */
export class SheetXmlError extends Error {
  constructor(
    message: string,
    readonly row?: number,
  ) {
    super(message);
  }
}

/** Whether the tag name starting at `at` ends there (`<c` of `<c r=…>`, not of `<col>`). */
const nameEnds = (text: string, at: number) => {
  const c = text.charCodeAt(at);
  return c === 62 || c === 47 || isSpace(c);
};

/** The tag name at `at` (after `<` or `</`), for a message. */
function tagName(text: string, at: number): string {
  let end = at;
  while (end < text.length && end - at < 40 && !nameEnds(text, end)) end++;
  return text.slice(at, end);
}

/** The attributes of a `<c>` that are read: its reference, type and style, in this order. */
const CELL_ATTRS = ['r', 't', 's'] as const;

/** The 1-based column of a reference's letters ("AB12" → 28); 0 when it has none. */
function columnOf(ref: string): number {
  let col = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    col = col * 26 + (c - 64);
  }
  return col;
}

export type CellDecoder = (cell: CellXml, row: number) => CellValue;

/**
 * Scans the pieces of a sheet's XML (see xmlPieces: each ends after a `</row>`) for its
 * rows. Rows without `r` follow the previous row, cells without `r` the previous cell.
 */
class SheetScanner {
  private state: 'before' | 'rows' | 'after' = 'before';
  private tail = '';
  private lastRow = 0;
  /** CELL_ATTRS' values for the cell being read. */
  private readonly cellAttrs: (string | undefined)[] = [undefined, undefined, undefined];
  private readonly cell: CellXml = {
    type: '',
    style: 0,
    formula: false,
    value: undefined,
    inline: undefined,
    emptyTag: false,
  };
  /** The last text element's text (textOf). */
  private text = '';
  /** The row being read (its number), or the last one read: where a fault is. */
  row = 0;

  constructor(private readonly decode: CellDecoder) {}

  /** Reads the rows of one piece into `out`. */
  scan(text: string, out: RawRow[]): void {
    let pos = 0;
    if (this.state === 'before') pos = this.findRows(text);
    if (this.state === 'rows') pos = this.readRows(text, pos, out);
    if (this.state === 'after') this.tail = (this.tail + text.slice(pos)).slice(-64);
    else if (this.state === 'before') this.tail = text.slice(-64);
  }

  /** At the end of the part: the sheet must have ended as a worksheet does. */
  finish(): void {
    if (this.state === 'rows') throw new SheetXmlError('unclosed tag: sheetData');
    if (!/<\/(?:[\w.-]+:)?worksheet\s*>\s*$/.test(this.tail))
      throw new SheetXmlError('the sheet XML ends before its closing tag (</worksheet>)');
  }

  private findRows(text: string): number {
    for (let at = text.indexOf('<sheetData'); at >= 0; at = text.indexOf('<sheetData', at + 10)) {
      if (!nameEnds(text, at + 10)) continue;
      const gt = text.indexOf('>', at);
      if (gt < 0) throw new SheetXmlError('unclosed tag: sheetData');
      this.state = text.charCodeAt(gt - 1) === 47 ? 'after' : 'rows';
      return gt + 1;
    }
    return text.length;
  }

  private readRows(text: string, from: number, out: RawRow[]): number {
    let pos = from;
    for (;;) {
      const lt = text.indexOf('<', pos);
      if (lt < 0) return text.length;
      if (text.startsWith('<row', lt) && nameEnds(text, lt + 4)) {
        pos = this.readRow(text, lt, out);
      } else if (text.startsWith('</sheetData', lt)) {
        this.state = 'after';
        return lt;
      } else if (text.charCodeAt(lt + 1) === 47) {
        throw new SheetXmlError(`unmatched closing tag: ${tagName(text, lt + 2)}`);
      } else if (text.startsWith('<!--', lt) || text.startsWith('<?', lt)) {
        const close = text[lt + 1] === '!' ? '-->' : '?>';
        const end = text.indexOf(close, lt);
        if (end < 0) throw new SheetXmlError('unclosed comment');
        pos = end + close.length;
      } else {
        if (text.indexOf('>', lt) < 0) throw new SheetXmlError(`unclosed tag: ${tagName(text, lt + 1)}`);
        throw new SheetXmlError(`unexpected tag in the rows: ${tagName(text, lt + 1)}`);
      }
    }
  }

  /** One `<row>` from its `<` at `lt`; returns where the text after it starts. */
  private readRow(text: string, lt: number, out: RawRow[]): number {
    const gt = text.indexOf('>', lt);
    if (gt < 0) throw new SheetXmlError('unclosed tag: row');
    const r = parseInt(attrValue(text, lt + 4, gt, 'r') ?? '', 10);
    // Some writers leave out `r`; rows then follow one another.
    const rowNo = Number.isFinite(r) ? r : this.lastRow + 1;
    this.row = rowNo;
    const cells: CellValue[] = [];
    let pos = gt + 1;
    if (text.charCodeAt(gt - 1) !== 47) pos = this.readCells(text, pos, rowNo, cells);
    this.lastRow = rowNo;
    out.push({ row: rowNo, cells });
    return pos;
  }

  /** The cells of a row up to its `</row>`; returns where the text after it starts. */
  private readCells(text: string, from: number, rowNo: number, cells: CellValue[]): number {
    let pos = from;
    let col = 0;
    for (;;) {
      const lt = text.indexOf('<', pos);
      if (lt < 0) throw new SheetXmlError('unclosed tag: row');
      if (text.charCodeAt(lt + 1) === 99 /* c */ && nameEnds(text, lt + 2)) {
        const gt = text.indexOf('>', lt);
        if (gt < 0) throw new SheetXmlError('unclosed tag: c');
        col = this.readCellTag(text, lt + 2, gt, col);
        pos = text.charCodeAt(gt - 1) === 47 ? gt + 1 : this.readCellBody(text, gt + 1);
        const c = this.cell;
        // A cell with nothing in it (only a style) takes no place in the row, as it never did.
        if (c.value === undefined && c.inline === undefined && !c.formula) continue;
        while (cells.length < col) cells.push(null);
        cells[col - 1] = this.decode(c, rowNo);
      } else if (text.startsWith('</row>', lt)) {
        return lt + 6;
      } else if (text.startsWith('<row', lt) && nameEnds(text, lt + 4)) {
        throw new SheetXmlError('unclosed tag: row');
      } else if (text.charCodeAt(lt + 1) === 47) {
        throw new SheetXmlError(`unmatched closing tag: ${tagName(text, lt + 2)}`);
      } else {
        pos = skipElement(text, lt);
      }
    }
  }

  /**
   * The text of a text-only element (`<v>`, `<f>`) whose content starts at `from`, raw
   * (entities not decoded), into `this.text`; returns where the text after its closing tag
   * starts. A CDATA section is text (put in the raw form, so it decodes as written); any
   * other tag before the closing one means the element was never closed.
   */
  private textOf(text: string, from: number, name: string): number {
    const close = `</${name}>`;
    let lt = text.indexOf('<', from);
    if (lt >= 0 && text.startsWith(close, lt)) {
      this.text = text.slice(from, lt);
      return lt + close.length;
    }
    let raw = '';
    for (let pos = from; ; lt = text.indexOf('<', pos)) {
      if (lt < 0) throw new SheetXmlError(`unclosed tag: ${name}`);
      raw += text.slice(pos, lt);
      if (text.startsWith(close, lt)) {
        this.text = raw;
        return lt + close.length;
      }
      const cdata = text.startsWith('<![CDATA[', lt);
      if (!cdata && !text.startsWith('<!--', lt)) throw new SheetXmlError(`unclosed tag: ${name}`);
      const end = text.indexOf(cdata ? ']]>' : '-->', lt);
      if (end < 0) throw new SheetXmlError(cdata ? 'unclosed CDATA section' : 'unclosed comment');
      if (cdata)
        raw += text
          .slice(lt + 9, end)
          .replace(/&/g, '&amp;')
          .replace(/</g, '&lt;');
      pos = end + 3;
    }
  }

  /** Reads `r`, `s` and `t` of a `<c …>` into the cell; returns its column. */
  private readCellTag(text: string, from: number, to: number, prevCol: number): number {
    const c = this.cell;
    const attrs = this.cellAttrs;
    attrValues(text, from, to, CELL_ATTRS, attrs);
    const ref = attrs[0];
    const s = attrs[2];
    const col = ref === undefined ? 0 : columnOf(ref);
    c.type = attrs[1] ?? '';
    c.style = s === undefined ? 0 : parseInt(s, 10) || 0;
    c.formula = false;
    c.value = undefined;
    c.inline = undefined;
    c.emptyTag = false;
    // Some writers leave out `r`; cells then follow one another.
    const at = col > 0 ? col : prevCol + 1;
    if (at > MAX_COLUMN)
      throw new SheetXmlError(`a cell reference past the last column (${ref ?? `column ${at}`})`);
    return at;
  }

  /** The inside of a `<c>`: `<v>`, `<f>`, `<is>`; returns where the text after `</c>` starts. */
  private readCellBody(text: string, from: number): number {
    const c = this.cell;
    let pos = from;
    for (;;) {
      const lt = text.indexOf('<', pos);
      if (lt < 0) throw new SheetXmlError('unclosed tag: c');
      const name = text.charCodeAt(lt + 1);
      if (name === 118 /* v */ && nameEnds(text, lt + 2)) {
        const gt = text.indexOf('>', lt);
        if (gt < 0) throw new SheetXmlError('unclosed tag: v');
        c.emptyTag = text.charCodeAt(gt - 1) === 47;
        if (c.emptyTag) {
          c.value = '';
          pos = gt + 1;
          continue;
        }
        pos = this.textOf(text, gt + 1, 'v');
        c.value = this.text;
      } else if (name === 102 /* f */ && nameEnds(text, lt + 2)) {
        c.formula = true;
        const gt = text.indexOf('>', lt);
        if (gt < 0) throw new SheetXmlError('unclosed tag: f');
        pos = text.charCodeAt(gt - 1) === 47 ? gt + 1 : this.textOf(text, gt + 1, 'f');
      } else if (name === 99 /* c */ && nameEnds(text, lt + 2)) {
        throw new SheetXmlError('unclosed tag: c');
      } else if (name === 105 /* i */ && text.charCodeAt(lt + 2) === 115 /* s */ && nameEnds(text, lt + 3)) {
        const gt = text.indexOf('>', lt);
        const selfClosing = text.charCodeAt(gt - 1) === 47;
        const end = selfClosing ? gt : text.indexOf('</is>', gt);
        if (gt < 0 || end < 0) throw new SheetXmlError('unclosed tag: is');
        c.inline = selfClosing ? '' : text.slice(gt + 1, end);
        pos = selfClosing ? gt + 1 : end + 5;
      } else if (text.startsWith('</c>', lt)) {
        return lt + 4;
      } else if (name === 47) {
        throw new SheetXmlError(`unmatched closing tag: ${tagName(text, lt + 2)}`);
      } else {
        pos = skipElement(text, lt);
      }
    }
  }
}

/** Passes an element the scanner has no use for (`<f>`, `<extLst>`): where the text after it starts. */
function skipElement(text: string, lt: number): number {
  const gt = text.indexOf('>', lt);
  const name = tagName(text, lt + 1);
  if (gt < 0) throw new SheetXmlError(`unclosed tag: ${name}`);
  if (text.charCodeAt(gt - 1) === 47) return gt + 1;
  const end = text.indexOf(`</${name}>`, gt);
  if (end < 0) throw new SheetXmlError(`unclosed tag: ${name}`);
  return end + name.length + 3;
}

/**
 * The rows of a sheet from its part's inflated chunks, in batches (a piece of text each).
 * Malformed XML throws a SheetXmlError once the rows read before it have been given.
 */
export async function* sheetRows(
  chunks: AsyncIterable<Buffer>,
  decode: CellDecoder,
): AsyncGenerator<RawRow[]> {
  const scanner = new SheetScanner(decode);
  for await (const piece of xmlPieces(chunks, '</row>')) {
    const rows: RawRow[] = [];
    let fault: unknown;
    try {
      scanner.scan(piece, rows);
    } catch (err) {
      // A fault in a row's XML, or in an inline string's (ItemXmlError), names the row it is in.
      fault =
        err instanceof SheetXmlError || err instanceof ItemXmlError
          ? new SheetXmlError(err.message, scanner.row || undefined)
          : err;
    }
    if (rows.length > 0) yield rows;
    if (fault !== undefined) throw fault;
  }
  scanner.finish();
}
