// Reads one sheet of an XLSX as a stream. Our own zip directory pass comes first (sizes,
// encryption, sheet list, entity checks, merged ranges); then exceljs's streaming
// WorkbookReader parses cells from a repacked zip holding only the parts it needs.
import type { FileHandle } from 'node:fs/promises';
import { pipeline, type Readable, Transform } from 'node:stream';
import { AssetbatchError, type Location } from '../errors.js';
import { CONVERT_HINT } from './detect.js';
import type { RawRow } from './header.js';
import { formatBytes, readError, type WarningSink } from './problems.js';
import type { RawSheet } from './source.js';
import type { CellValue } from './types.js';
import { checkZipLimits, inflateEntry, readEntryText, readZipDirectory, repackStream, type RepackPart, type ZipDirectory, type ZipEntry } from './zip.js';
import { loadExcelJS } from '../util/exceljs.js';

/** Small parts (workbook.xml, rels, styles) are read whole; none is near this in a real file. */
const SMALL_PART_BUDGET = 64 * 1024 * 1024;

export interface SheetInfo {
  readonly name: string;
  /** 1-based position among the workbook's tabs (hidden ones included), as listSheets reports it. */
  readonly index: number;
  readonly hidden: boolean;
  readonly kind: 'worksheet' | 'chartsheet' | 'other';
  readonly entry?: ZipEntry;
}

export interface Workbook {
  readonly fh: FileHandle;
  readonly dir: ZipDirectory;
  readonly sheets: readonly SheetInfo[];
  readonly date1904: boolean;
  readonly workbookEntry: ZipEntry;
  readonly relsEntry: ZipEntry;
  readonly stylesEntry?: ZipEntry;
  readonly sharedStringsEntry?: ZipEntry;
  /** workbook.xml as exceljs is to see it, when the file's own would mislead it. */
  readonly workbookForExceljs?: Buffer;
  readonly maxInflatedBytes: number;
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXml(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, e: string) =>
    e[0] === '#' ? String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10)) : XML_ENTITIES[e],
  );
}

/** Attributes of every `<name …>` element (any namespace prefix). Enough for workbook.xml and rels. */
function elements(xml: string, name: string): Record<string, string>[] {
  const out: Record<string, string>[] = [];
  const tag = new RegExp(`<(?:[\\w.-]+:)?${name}(?=[\\s/>])([^>]*)>`, 'g');
  for (const m of xml.matchAll(tag)) {
    const attrs: Record<string, string> = {};
    for (const a of m[1].matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) attrs[a[1]] = decodeXml(a[2] ?? a[3] ?? '');
    out.push(attrs);
  }
  return out;
}

/** A DOCTYPE can declare entities that expand without bound; spreadsheet XML never has one. */
function refuseDoctype(head: string, part: string, where: Location): void {
  if (/<!DOCTYPE|<!ENTITY/i.test(head)) {
    throw readError('E_FILE_CORRUPT', where, `is damaged or unsafe: its part ${part} declares XML entities (<!DOCTYPE>), which spreadsheet programs never write; it was not read`, {
      hint: 'Open it in Excel or LibreOffice and save it again as .xlsx, or get the file from its source again.',
    });
  }
}

function resolveTarget(base: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = base.split('/').slice(0, -1);
  for (const seg of target.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg !== '.' && seg !== '') parts.push(seg);
  }
  return parts.join('/');
}

/** Names zip archives that are spreadsheets we do not read, or not spreadsheets at all. */
function refuseOtherZips(dir: ZipDirectory, where: Location): void {
  const has = (n: string) => dir.byName.has(n);
  if (has('mimetype') || has('content.xml')) {
    throw readError('E_FILE_UNSUPPORTED', where, 'is an OpenDocument spreadsheet (.ods), which is not supported', { hint: CONVERT_HINT });
  }
  if (dir.entries.some((e) => e.name.startsWith('Index/') || e.name === 'Index.zip')) {
    throw readError('E_FILE_UNSUPPORTED', where, 'is an Apple Numbers document, which is not supported', {
      hint: 'In Numbers choose File → Export To → Excel (or CSV), then import that file.',
    });
  }
  if (has('xl/workbook.bin')) {
    throw readError('E_FILE_UNSUPPORTED', where, 'is an Excel binary workbook (.xlsb), which is not supported', { hint: CONVERT_HINT });
  }
  if (has('word/document.xml')) throw readError('E_FILE_FORMAT', where, 'is a Word document, not a spreadsheet');
  if (has('ppt/presentation.xml')) throw readError('E_FILE_FORMAT', where, 'is a PowerPoint presentation, not a spreadsheet');
}

export async function openWorkbook(fh: FileHandle, path: string, size: number, where: Location, maxInflatedBytes: number): Promise<Workbook> {
  const dir = await readZipDirectory(fh, path, size, where);
  refuseOtherZips(dir, where);
  checkZipLimits(dir, { maxInflatedBytes }, where);

  let workbookPath = 'xl/workbook.xml';
  const rootRels = dir.byName.get('_rels/.rels');
  if (rootRels) {
    const xml = await readEntryText(fh, dir, rootRels, SMALL_PART_BUDGET, where);
    refuseDoctype(xml, rootRels.name, where);
    const office = elements(xml, 'Relationship').find((r) => /\/officeDocument$/.test(r.Type ?? ''));
    if (office?.Target) workbookPath = resolveTarget('', office.Target);
  }
  const workbookEntry = dir.byName.get(workbookPath);
  if (!workbookEntry) {
    throw readError('E_FILE_FORMAT', where, 'is a zip archive but not an Excel workbook (it has no xl/workbook.xml)', { hint: CONVERT_HINT });
  }
  const relsPath = workbookPath.replace(/[^/]*$/, (b) => `_rels/${b}.rels`);
  const relsEntry = dir.byName.get(relsPath);
  if (!relsEntry) throw readError('E_FILE_CORRUPT', where, `is damaged or incomplete (its part ${relsPath} is missing)`, { hint: CONVERT_HINT });

  const workbookXml = await readEntryText(fh, dir, workbookEntry, SMALL_PART_BUDGET, where);
  refuseDoctype(workbookXml, workbookEntry.name, where);
  const relsXml = await readEntryText(fh, dir, relsEntry, SMALL_PART_BUDGET, where);
  refuseDoctype(relsXml, relsEntry.name, where);

  const rels = new Map<string, { type: string; target: string }>();
  for (const r of elements(relsXml, 'Relationship')) {
    if (r.Id && r.Target && r.TargetMode !== 'External') rels.set(r.Id, { type: r.Type ?? '', target: resolveTarget(workbookPath, r.Target) });
  }
  const relOfType = (suffix: string) => [...rels.values()].find((r) => r.type.endsWith(suffix));
  const pr = elements(workbookXml, 'workbookPr')[0];
  const date1904 = pr?.date1904 === '1' || pr?.date1904 === 'true';
  // exceljs takes only date1904="1" for the 1904 date system; LibreOffice writes "true" (as
  // valid), and exceljs would then put every date cell 1462 days (4 years) early.
  const workbookForExceljs =
    date1904 && pr?.date1904 !== '1'
      ? Buffer.from(workbookXml.replace(/(<(?:[\w.-]+:)?workbookPr\b[^>]*?\bdate1904\s*=\s*)(["'])[^"']*\2/, '$1"1"'), 'utf8')
      : undefined;

  const sheets: SheetInfo[] = elements(workbookXml, 'sheet').map((s, i) => {
    const rel = rels.get(s['r:id'] ?? s.id ?? Object.entries(s).find(([k]) => k.endsWith(':id'))?.[1] ?? '');
    const kind = rel?.type.endsWith('/worksheet') ? 'worksheet' : rel?.type.endsWith('/chartsheet') ? 'chartsheet' : 'other';
    return {
      name: s.name ?? `Sheet${i + 1}`,
      index: i + 1,
      hidden: s.state === 'hidden' || s.state === 'veryHidden',
      kind,
      entry: rel ? dir.byName.get(rel.target) : undefined,
    };
  });
  const styles = relOfType('/styles');
  const shared = relOfType('/sharedStrings');
  return {
    fh,
    dir,
    sheets,
    date1904,
    workbookEntry,
    relsEntry,
    stylesEntry: styles ? dir.byName.get(styles.target) : undefined,
    sharedStringsEntry: shared ? dir.byName.get(shared.target) : undefined,
    workbookForExceljs,
    maxInflatedBytes,
  };
}

function describeSheets(sheets: readonly SheetInfo[]): string {
  const list = sheets.filter((s) => s.kind === 'worksheet');
  if (list.length === 0) return 'the workbook has no worksheets';
  return `the workbook has: ${list.map((s) => `"${s.name}" (${s.index}${s.hidden ? ', hidden' : ''})`).join(', ')}`;
}

/** Picks the sheet by name (exact, then ignoring case and spaces), by 1-based tab index, or the first visible worksheet. */
export function chooseSheet(wb: Workbook, wanted: string | number | undefined, where: Location, warnings: WarningSink): SheetInfo {
  const worksheets = wb.sheets.filter((s) => s.kind === 'worksheet');
  let found: SheetInfo | undefined;
  let asked: string | undefined;
  if (wanted === undefined) {
    found = worksheets.find((s) => !s.hidden);
    if (!found && worksheets.length > 0) {
      found = worksheets[0];
      warnings.add({ code: 'W_HIDDEN_SHEET', message: `every sheet is hidden; reading the hidden sheet "${found.name}"` });
    }
    if (!found) throw readError('E_SHEET_NOT_FOUND', where, 'has no worksheet to read', { hint: describeSheets(wb.sheets) });
  } else {
    const text = String(wanted);
    asked = typeof wanted === 'number' ? `sheet ${wanted}` : `sheet "${text}"`;
    found =
      wb.sheets.find((s) => s.name === text) ??
      wb.sheets.find((s) => s.name.trim().toLowerCase() === text.trim().toLowerCase()) ??
      (/^\d+$/.test(text.trim()) ? wb.sheets.find((s) => s.index === Number(text.trim())) : undefined);
    if (!found) {
      throw readError('E_SHEET_NOT_FOUND', { ...where, sheet: typeof wanted === 'string' ? wanted : undefined }, `${asked} not found; ${describeSheets(wb.sheets)}`, {
        hint: 'Choose a sheet with --sheet NAME or --sheet N (N counts tabs from 1).',
      });
    }
    if (found.kind !== 'worksheet') {
      throw readError('E_SHEET_NOT_FOUND', { ...where, sheet: found.name }, `${asked} is a chart, not a table; ${describeSheets(wb.sheets)}`, {
        hint: 'Choose a sheet with --sheet NAME or --sheet N (N counts tabs from 1).',
      });
    }
    if (found.hidden) warnings.add({ code: 'W_HIDDEN_SHEET', message: `sheet "${found.name}" is hidden; it is read because it was asked for` });
  }
  if (!found.entry) throw readError('E_FILE_CORRUPT', { ...where, sheet: found.name }, 'is damaged or incomplete (the sheet\'s part is missing)', { hint: CONVERT_HINT });
  return found;
}

interface Merge {
  readonly r1: number;
  readonly c1: number;
  readonly r2: number;
  readonly c2: number;
  readonly ref: string;
}

function decodeRef(ref: string): { row: number; col: number } | undefined {
  const m = /^\$?([A-Z]{1,3})\$?(\d+)$/.exec(ref);
  if (!m) return undefined;
  let col = 0;
  for (const ch of m[1]) col = col * 26 + (ch.charCodeAt(0) - 64);
  return { row: Number(m[2]), col };
}

/**
 * Inflates a part once without parsing it: counts its real size (the directory's sizes are
 * claims), refuses a DOCTYPE at its start, and for a sheet collects the merged ranges,
 * which sit after all rows, so the row pass can fill them while streaming.
 */
async function scanPart(wb: Workbook, e: ZipEntry, where: Location, collectMerges: boolean): Promise<Merge[]> {
  const merges = new Map<string, Merge>();
  let head = '';
  let carry = Buffer.alloc(0);
  for await (const chunk of inflateEntry(wb.fh, wb.dir, e, wb.maxInflatedBytes, where)) {
    if (head.length < 65536) {
      head += chunk.toString('latin1', 0, Math.min(chunk.length, 65536));
      refuseDoctype(head, e.name, where);
    }
    if (!collectMerges) continue;
    const buf = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
    for (let i = buf.indexOf('mergeCell'); i >= 0; i = buf.indexOf('mergeCell', i + 9)) {
      const after = buf[i + 9];
      if (after !== 0x20 && after !== 0x09 && after !== 0x0a && after !== 0x0d) continue;
      const tag = buf.toString('latin1', i, Math.min(buf.length, i + 200));
      const m = /\bref\s*=\s*["']([A-Z$]+\d+)(?::([A-Z$]+\d+))?["']/.exec(tag.slice(0, tag.indexOf('>') >= 0 ? tag.indexOf('>') : tag.length));
      if (!m || merges.has(m[0])) continue;
      const a = decodeRef(m[1].replace(/\$/g, ''));
      const b = decodeRef((m[2] ?? m[1]).replace(/\$/g, ''));
      if (!a || !b) continue;
      merges.set(m[0], {
        r1: Math.min(a.row, b.row),
        c1: Math.min(a.col, b.col),
        r2: Math.max(a.row, b.row),
        c2: Math.max(a.col, b.col),
        ref: `${m[1]}:${m[2] ?? m[1]}`,
      });
    }
    carry = Buffer.from(buf.subarray(Math.max(0, buf.length - 256)));
  }
  return [...merges.values()].sort((x, y) => x.r1 - y.r1 || x.c1 - y.c1);
}

/** A cell's value as the sheet XML has it, where exceljs would lose or change it; '' is empty. */
type SavedValue = { readonly error: string } | { readonly iso: Date | string } | boolean | number | string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;

/**
 * A `t="d"` cell's ISO 8601 text as the date it names (its wall-clock time, as a spreadsheet
 * shows it, whatever the zone); text that is no date stays text.
 */
function isoDate(raw: string): Date | string {
  const m = ISO_DATE.exec(raw.trim());
  if (!m) return decodeXml(raw);
  const [y, mo, d, h, mi, sec] = m.slice(1, 7).map((x) => (x === undefined ? 0 : Number(x)));
  const ms = m[7] ? Math.round(Number(m[7]) * 1000) : 0;
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, sec, ms));
  date.setUTCFullYear(y);
  return date.getUTCMonth() === mo - 1 && date.getUTCDate() === d ? date : decodeXml(raw);
}

/**
 * Text with Excel's `_xHHHH_` escapes decoded (a line break is saved as `_x000D_`, control
 * characters likewise; `_x005F_` is an underscore, so `_x005F_x000D_` reads `_x000D_`).
 */
export function decodeEscapes(s: string): string {
  if (!s.includes('_x') && !s.includes('_X')) return s;
  return s.replace(/_[xX]([0-9A-Fa-f]{4})_/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/**
 * `<is>` as exceljs reads it right: one `<t>`, bare or in one run (as exceljs itself writes
 * inline text, and so our export), with no entity in it (saxes decodes those once; exceljs
 * decodes them again) and no whitespace between the tags.
 */
const SIMPLE_INLINE = /^<is>(?:<r>(?:<rPr>(?:<[^>]*\/>)*<\/rPr>)?<t(?:\s[^>]*)?>[^<&]*<\/t><\/r>|<t(?:\s[^>]*)?>[^<&]*<\/t>)?<\/is>$/;

/**
 * The text of an inline string: every `<t>` joined, as Excel shows it. Phonetic guides
 * (`<rPh>`, the furigana Japanese input adds) are a reading aid, not part of the text.
 */
function inlineStringText(is: string): string {
  let out = '';
  for (const m of is.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '').matchAll(/<t(?:\s[^>]*)?>([^<]*)<\/t>/g)) out += decodeXml(m[1]);
  return out;
}

/**
 * exceljs's streaming reader gets some cells wrong:
 * - formula results: a cached error (`t="e"`) becomes NaN and a boolean 1/0 (exceljs issue
 *   #3074), and a result that is falsy (0, or the empty text of `=""`, common in
 *   `IF(…;"";…)`) is dropped, so the cell looks never calculated;
 * - text stored in the sheet (`t="inlineStr"`, `t="str"`, a formula's text result): XML
 *   entities are decoded twice, so a cell whose text is `AT&amp;T` or `&lt;b&gt;` read as
 *   `AT&T` or `<b>`. Our own export writes every text as an inline string, so this broke
 *   an export → import round trip;
 * - an inline string keeps only its last `<t>`: the last run of rich text ("world" for
 *   "Hello world"), or the phonetic reading instead of the text; whitespace between its
 *   tags is added to the text.
 * This scanner reads the same XML text just ahead of exceljs and keeps, per row, the values
 * of those cells (only where exceljs would be wrong: a cell with an entity, several runs,
 * or a formula); rows are dropped once read, so memory stays at about one chunk's worth.
 */
class CellScanner {
  private carry = '';
  private readonly byRow = new Map<number, Map<number, SavedValue>>();

  feed(chunk: string): void {
    const text = this.carry + chunk;
    let keepFrom = -1;
    let pos = 0;
    // The next of each marker of a cell exceljs may get wrong, each searched again only once passed.
    let nextF = text.indexOf('<f');
    let nextIs = text.indexOf('<is');
    let nextAmp = text.indexOf('&');
    let nextD = text.indexOf('t="d"');
    for (;;) {
      if (nextF >= 0 && nextF < pos) nextF = text.indexOf('<f', pos);
      if (nextIs >= 0 && nextIs < pos) nextIs = text.indexOf('<is', pos);
      if (nextAmp >= 0 && nextAmp < pos) nextAmp = text.indexOf('&', pos);
      if (nextD >= 0 && nextD < pos) nextD = text.indexOf('t="d"', pos);
      const at = Math.min(nextF < 0 ? Infinity : nextF, nextIs < 0 ? Infinity : nextIs, nextAmp < 0 ? Infinity : nextAmp, nextD < 0 ? Infinity : nextD);
      if (at === Infinity) break;
      const marker = at === nextF ? '<f' : at === nextIs ? '<is' : at === nextD ? 't="d"' : '&';
      const after = text[at + marker.length];
      // The chunk ends inside this cell: the carry below keeps it from its `<c `.
      if (after === undefined) break;
      // `<formula1>` and friends (validations, conditional formats) are not a cell's formula.
      if ((marker === '<f' && after !== '>' && after !== ' ' && after !== '/') || (marker === '<is' && after !== '>' && after !== ' ')) {
        pos = at + 1;
        continue;
      }
      if (marker === '<is') {
        // Most inline strings (all of our export's) are read right: pass them at little cost.
        const isEnd = text.indexOf('</is>', at);
        if (isEnd >= 0 && text.startsWith('</c>', isEnd + 5) && SIMPLE_INLINE.test(text.slice(at, isEnd + 5))) {
          pos = isEnd + 9;
          continue;
        }
      }
      const open = text.lastIndexOf('<c ', at);
      const close = open < 0 ? -1 : text.indexOf('>', open);
      // Not inside a cell: an entity in a header/footer or a link, after the last cell. (A
      // date type is in the cell's tag, the other markers in its body.)
      const inTag = marker === 't="d"';
      if (open < 0 || close < 0 || (inTag ? close < at : close > at) || text[close - 1] === '/') {
        pos = at + 1;
        continue;
      }
      const end = text.indexOf('</c>', close);
      if (end < 0) {
        keepFrom = open;
        break;
      }
      pos = Math.max(end, at + 1);
      if (end < at && !inTag) continue;
      const tag = text.slice(open, close);
      const body = text.slice(close + 1, end);
      const ref = /\br="([A-Z]+)(\d+)"/.exec(tag);
      if (!ref) continue;
      const type = /\bt="(\w+)"/.exec(tag)?.[1] ?? 'n';
      const v = /<v>([^<]*)<\/v>|<v\s*\/>/.exec(body);
      const raw = v?.[1] ?? '';
      let saved: SavedValue | undefined;
      if (type === 'd') {
        if (!v) continue;
        saved = { iso: isoDate(raw) };
      } else if (/<f[\s>/]/.test(body)) {
        // A formula whose result is saved as an inline string (no <v>).
        if (type === 'inlineStr' && /<is[\s>]/.test(body)) saved = inlineStringText(body);
        else if (!v) continue;
        else if (type === 'e') saved = { error: decodeXml(raw) };
        else if (type === 'b') saved = raw.trim() !== '0';
        else if (type === 'str' || type === 'inlineStr') saved = raw === '' ? '' : raw.includes('&') ? decodeXml(raw) : undefined;
        else if (type === 'n' && raw.trim() !== '' && Number(raw) === 0) saved = 0;
      } else if (type === 'inlineStr' && /^\s*<is[\s>]/.test(body)) {
        if (!SIMPLE_INLINE.test(body)) saved = inlineStringText(body);
      } else if ((type === 'inlineStr' || type === 'str') && raw.includes('&')) {
        saved = decodeXml(raw);
      }
      if (saved === undefined) continue;
      const cell = decodeRef(ref[1] + ref[2]);
      if (!cell) continue;
      let row = this.byRow.get(cell.row);
      if (!row) this.byRow.set(cell.row, (row = new Map()));
      row.set(cell.col, saved);
    }
    if (keepFrom < 0) {
      // Keep a cell the next chunk completes, so its markers and its end are seen together.
      const lastOpen = text.lastIndexOf('<c ');
      const unfinished = lastOpen >= pos && text.indexOf('</c>', lastOpen) < 0 && !/^<c [^>]*\/>/.test(text.slice(lastOpen, lastOpen + 200));
      keepFrom = unfinished ? lastOpen : Math.max(pos, text.length - 8);
    }
    this.carry = text.length - keepFrom > 1024 * 1024 ? '' : text.slice(keepFrom);
  }

  take(row: number, col: number): SavedValue | undefined {
    return this.byRow.get(row)?.get(col);
  }

  /** Forgets rows up to `row` (rows arrive in order). */
  done(row: number): void {
    for (const key of this.byRow.keys()) {
      if (key > row) break;
      this.byRow.delete(key);
    }
  }

  tee(source: AsyncIterable<Buffer | string>): AsyncIterable<string> {
    const self = this;
    return (async function* () {
      // exceljs decodes each chunk on its own, so a character whose UTF-8 bytes straddle two
      // chunks read as two U+FFFD ("M��ller"); decoded here as one stream, it arrives whole.
      const decoder = new TextDecoder('utf-8');
      for await (const chunk of source) {
        const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
        self.feed(text);
        yield text;
      }
      const rest = decoder.decode();
      if (rest !== '') {
        self.feed(rest);
        yield rest;
      }
    })();
  }
}

/**
 * Shared strings without their phonetic guides (`<rPh>…</rPh>`, the furigana Japanese
 * input adds), streamed: exceljs takes the guide's `<t>` as the string's text, so 漢字 read
 * as かんじ. A guide split between chunks is held until its end arrives.
 */
function withoutPhonetics(source: NodeJS.ReadableStream): Readable {
  let carry = '';
  const strip = new Transform({
    decodeStrings: false,
    encoding: 'utf8',
    transform(chunk: string | Buffer, _enc, done) {
      let text = carry + String(chunk);
      carry = '';
      let out = '';
      for (let i = text.indexOf('<rPh'); i >= 0; i = text.indexOf('<rPh')) {
        const gt = text.indexOf('>', i);
        const end = gt < 0 ? -1 : text[gt - 1] === '/' ? gt + 1 : text.indexOf('</rPh>', gt);
        // Unfinished: keep it for the next chunk (a broken part's guide is not held past 1 MB).
        if (end < 0 && text.length - i < 1024 * 1024) {
          carry = text.slice(i);
          text = text.slice(0, i);
          break;
        }
        out += text.slice(0, i);
        text = end < 0 ? '' : text.slice(text[gt - 1] === '/' ? end : end + '</rPh>'.length);
      }
      // The chunk may end in the middle of `<rPh`.
      const lt = text.lastIndexOf('<');
      if (carry === '' && lt >= 0 && '<rPh'.startsWith(text.slice(lt))) {
        carry = text.slice(lt);
        text = text.slice(0, lt);
      }
      done(null, out + text);
    },
    flush(done) {
      done(null, carry);
    },
  });
  pipeline(source, strip, () => undefined);
  return strip;
}

/** exceljs's formula/number format test, here for formula results that it leaves as numbers. */
function isDateFormat(fmt: string | undefined): boolean {
  if (!fmt) return false;
  const bare = fmt.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, '');
  return /[ymdhsb]/i.test(bare) && !/^general$/i.test(bare.trim());
}

/**
 * LibreOffice saves a comparison's result (`=A2>1`) as a number 1/0 with the format
 * `"TRUE";"TRUE";"FALSE"` (its words in the user's language), not as a boolean cell.
 */
function isBooleanFormat(fmt: string | undefined): boolean {
  const m = fmt ? /^"([^"]+)";"([^"]+)";"([^"]+)"$/.exec(fmt) : null;
  return m !== null && m[1] === m[2] && m[1] !== m[3];
}

/**
 * A whole number shown through a format of zeros only ("00000", as for US ZIP codes, or
 * "0000000" for serial numbers) reads as the digits shown: the user sees 02134, not 2134.
 */
function zeroPadded(fmt: string | undefined, n: number): string | undefined {
  if (fmt === undefined || fmt.length < 2 || !/^0+$/.test(fmt) || !Number.isSafeInteger(n) || n < 0) return undefined;
  return String(n).padStart(fmt.length, '0');
}

const DAY_MS = 86_400_000;
const EXCEL_EPOCH_OFFSET = 25569;

/**
 * A time of day on its own (a serial from 0 to 1 shown through a format with hours or
 * seconds and no day, month or year: `h:mm`, `hh:mm:ss`, `h:mm AM/PM`, `[h]:mm`) reads as
 * the time, "09:30" or "09:30:15" (24-hour, whatever the format says): as a date it is
 * 30 December 1899, which means nothing to the user and would import as that day.
 */
function timeOfDay(fmt: string | undefined, serial: number): string | undefined {
  if (fmt === undefined || !(serial >= 0 && serial < 1)) return undefined;
  // Colours, locales and conditions in brackets go; elapsed time ([h], [mm], [ss]) stays.
  const bare = fmt.replace(/\[(?![hms]+\])[^\]]*]/gi, '').replace(/"[^"]*"|\\./g, '');
  if (!/[hs]/i.test(bare) || /[yd]/i.test(bare)) return undefined;
  const secs = Math.round(serial * 86_400) % 86_400;
  const two = (n: number) => String(n).padStart(2, '0');
  const hm = `${two(Math.floor(secs / 3600))}:${two(Math.floor(secs / 60) % 60)}`;
  return /s/i.test(bare) ? `${hm}:${two(secs % 60)}` : hm;
}

/**
 * An elapsed time ([h]:mm:ss, [h]:mm, [mm]:ss, [ss]: the brackets let the first unit run past
 * its usual 24 or 60) reads as the duration shown, "36:00:00": as a date it would be
 * 1 January 1900 at noon. Hours and minutes are given two digits at least, as in timeOfDay.
 */
function duration(fmt: string | undefined, serial: number): string | undefined {
  if (fmt === undefined || !(serial >= 0)) return undefined;
  const lead = /\[(h+|m+|s+)\]/i.exec(fmt.replace(/"[^"]*"|\\./g, ''));
  if (!lead) return undefined;
  const unit = lead[1][0].toLowerCase();
  const rest = fmt.slice(lead.index + lead[0].length);
  const secs = Math.round(serial * 86_400);
  const two = (n: number) => String(n).padStart(2, '0');
  if (unit === 's') return String(secs);
  if (unit === 'm') return `${two(Math.floor(secs / 60))}${/s/i.test(rest) ? `:${two(secs % 60)}` : ''}`;
  const hm = `${two(Math.floor(secs / 3600))}${/m/i.test(rest) ? `:${two(Math.floor(secs / 60) % 60)}` : ''}`;
  return /s/i.test(rest) ? `${hm}:${two(secs % 60)}` : hm;
}

/** A time shown without a date: an elapsed time, or a time of day. */
function clockText(fmt: string | undefined, serial: number): string | undefined {
  return duration(fmt, serial) ?? timeOfDay(fmt, serial);
}

function serialToDate(serial: number, date1904: boolean): Date {
  return new Date(Math.round((serial - EXCEL_EPOCH_OFFSET + (date1904 ? 1462 : 0)) * DAY_MS));
}

interface ExcelCellLike {
  readonly value: unknown;
  readonly numFmt?: string;
}
interface ExcelRowLike {
  readonly number: number;
  readonly values: unknown[];
  getCell(col: number): ExcelCellLike;
}

export interface XlsxOpen {
  readonly file: string;
  readonly wb: Workbook;
  readonly sheet: SheetInfo;
  readonly warnings: WarningSink;
  /** Refuse once the cells read hold more text than this (see DEFAULT_MAX_CELL_TEXT). */
  readonly maxCellText: number;
}

/** A row's text past this is no row anyone typed (the same bound as a CSV record's). */
export const MAX_ROW_TEXT = 32 * 1024 * 1024;

/**
 * Counts the text the cells expand to, row by row, and refuses a row or a sheet past its
 * bound: shared strings and merged ranges let a small file expand without limit otherwise.
 */
export class CellTextBudget {
  private total = 0;
  constructor(
    private readonly limit: number,
    private readonly where: Location,
  ) {}

  count(row: number, cells: readonly CellValue[]): void {
    let n = 0;
    for (const c of cells) if (typeof c === 'string') n += c.length;
    const hint = 'A real sheet does not repeat this much text. If the file is genuine, save the sheet as CSV and import that.';
    if (n > MAX_ROW_TEXT) {
      throw readError('E_FILE_TOO_LARGE', { ...this.where, row }, `refused: row ${row}'s cells hold ${formatBytes(n)} of text, over the limit of ${formatBytes(MAX_ROW_TEXT)} for one row (a shared string or merged range repeated?)`, { hint });
    }
    this.total += n;
    if (this.total > this.limit) {
      throw readError('E_FILE_TOO_LARGE', { ...this.where, row }, `refused: by row ${row} the cells hold more than ${formatBytes(this.limit)} of text, the limit on a sheet's cell text (maxCellText; shared strings repeated in many cells?)`, { hint });
    }
  }
}

/**
 * Turns exceljs's value of a cell into what the user sees: corrected by what the scanner saw
 * in the sheet XML (t="d" dates, error and boolean results, text exceljs decodes twice),
 * escapes decoded, time-only and elapsed formats as the time shown, Excel's 1900 leap-year
 * bug undone.
 */
function cellConverter(date1904: boolean, scanner: CellScanner, warnings: WarningSink): (v: unknown, row: number, col: number, cell: () => ExcelCellLike) => CellValue {
  /** A cell as the user sees it: exceljs's value, corrected by what the scanner saw, escapes decoded. */
  const convert = (v: unknown, row: number, col: number, cell: () => ExcelCellLike): CellValue => {
    const seen = scanner.take(row, col);
    if (seen !== null && typeof seen === 'object' && 'iso' in seen) return seen.iso;
    const out = convertValue(v, row, col, cell);
    return typeof out === 'string' ? decodeEscapes(out) : out;
  };

  const convertValue = (v: unknown, row: number, col: number, cell: () => ExcelCellLike): CellValue => {
    if (v === null || v === undefined) return null;
    if (typeof v === 'string') {
      const seen = scanner.take(row, col);
      const text = typeof seen === 'string' ? seen : v;
      return text === '' ? null : text;
    }
    if (typeof v === 'number') {
      if (Number.isNaN(v)) return null;
      const fmt = cell().numFmt;
      // exceljs takes [ss] alone for a number, not a time.
      return zeroPadded(fmt, v) ?? duration(fmt, v) ?? v;
    }
    if (typeof v === 'boolean') return v;
    if (v instanceof Date) return clockText(cell().numFmt, v.getTime() / DAY_MS + EXCEL_EPOCH_OFFSET - (date1904 ? 1462 : 0)) ?? fixLeapBug(v, row);
    if (typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (typeof o.error === 'string') return { error: o.error };
      if (Array.isArray(o.richText)) {
        const text = (o.richText as { text?: unknown }[]).map((r) => (typeof r.text === 'string' ? r.text : '')).join('');
        return text === '' ? null : text;
      }
      if ('formula' in o || 'sharedFormula' in o || 'result' in o) {
        const seen = scanner.take(row, col);
        if (typeof seen === 'object' && 'error' in seen) return { error: seen.error };
        if (typeof seen === 'boolean') return seen;
        if (seen === '') return null;
        const result = seen ?? o.result;
        if (result === undefined || result === null) {
          warnings.note('formula-no-result', () => ({
            code: 'W_FORMULA_NO_RESULT',
            row,
            message: `row ${row}: a formula cell has no saved result (the file was written by a program that does not calculate); it is read as empty. Open and save the file in Excel or LibreOffice to store results`,
          }));
          return null;
        }
        if (typeof result === 'number') {
          if (Number.isNaN(result)) return { error: '#VALUE!' };
          const fmt = cell().numFmt;
          if (isBooleanFormat(fmt)) return result !== 0;
          if (isDateFormat(fmt)) return clockText(fmt, result) ?? fixLeapBug(serialToDate(result, date1904), row);
          return zeroPadded(fmt, result) ?? duration(fmt, result) ?? result;
        }
        return convertValue(result, row, col, cell);
      }
      if ('text' in o) return convertValue(o.text, row, col, cell);
      if ('hyperlink' in o && typeof o.hyperlink === 'string') return o.hyperlink;
    }
    return String(v);
  };

  // Excel counts 29 February 1900 as a day (a Lotus 1-2-3 bug it kept): serials below 60
  // are one day later than plain arithmetic says, and serial 60 is a date that never was.
  const fixLeapBug = (d: Date, row: number): CellValue => {
    if (date1904) return d;
    const serial = d.getTime() / DAY_MS + EXCEL_EPOCH_OFFSET;
    if (serial >= 1 && serial < 60) return new Date(d.getTime() + DAY_MS);
    if (serial >= 60 && serial < 61) {
      warnings.note('leap-1900', () => ({
        code: 'W_DATE_1900',
        row,
        message: `row ${row}: a date cell holds 29 February 1900, a day that does not exist (Excel's 1900 leap-year bug)`,
      }));
      return '1900-02-29';
    }
    return d;
  };
  return convert;
}

/** Warn once that merged ranges were filled, naming the first few. */
function warnMerges(merges: readonly Merge[], warnings: WarningSink): void {
  if (merges.length === 0) return;
  warnings.add({
    code: 'W_MERGED_CELLS',
    message: `the sheet has ${merges.length} merged ${merges.length === 1 ? 'range' : 'ranges'} (${merges
      .slice(0, 3)
      .map((m) => m.ref)
      .join(', ')}${merges.length > 3 ? ', …' : ''}): the value of each was copied into every cell of its range`,
  });
}

/** The parts exceljs needs, renamed to where it looks for them, the chosen sheet as sheet1. */
function exceljsParts(wb: Workbook, sheetEntry: ZipEntry): RepackPart[] {
  return [
    wb.workbookForExceljs ? { as: 'xl/workbook.xml', content: wb.workbookForExceljs } : { entry: wb.workbookEntry, as: 'xl/workbook.xml' },
    { entry: wb.relsEntry, as: 'xl/_rels/workbook.xml.rels' },
    ...(wb.stylesEntry ? [{ entry: wb.stylesEntry, as: 'xl/styles.xml' }] : []),
    // Without shared strings exceljs spools the sheet to a temp file; an empty table avoids that.
    wb.sharedStringsEntry
      ? { entry: wb.sharedStringsEntry, as: 'xl/sharedStrings.xml' }
      : { as: 'xl/sharedStrings.xml', content: Buffer.from('<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>') },
    { entry: sheetEntry, as: 'xl/worksheets/sheet1.xml' },
  ];
}

type ExcelReader = AsyncIterable<unknown>;

/** exceljs's streaming reader over the repacked parts, its sheet XML teed through the scanner. */
async function openExcelReader(stream: Readable, scanner: CellScanner): Promise<ExcelReader> {
  const excel = await loadExcelJS();
  const reader = new excel.stream.xlsx.WorkbookReader(stream, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // A hyperlink cell's value in the sheet XML is its display text: that is what we want.
    hyperlinks: 'ignore',
    // Styles carry the number formats that tell a date from a number.
    styles: 'cache',
    entries: 'ignore',
  });
  // Private hooks, checked: if a future exceljs renames them, the cells CellScanner fixes
  // read as exceljs has them (error results as #VALUE!, text with entities decoded twice).
  const hook = reader as unknown as {
    _parseWorksheet?: (iterator: AsyncIterable<Buffer | string>, sheetNo: string) => unknown;
    _parseSharedStrings?: (entry: NodeJS.ReadableStream) => unknown;
  };
  if (typeof hook._parseWorksheet === 'function') {
    const original = hook._parseWorksheet.bind(reader);
    hook._parseWorksheet = (iterator, sheetNo) => original(scanner.tee(iterator), sheetNo);
  }
  if (typeof hook._parseSharedStrings === 'function') {
    const original = hook._parseSharedStrings.bind(reader);
    // As for the sheet (see tee): decoded as one stream, a character split between two
    // chunks of the shared strings arrives whole instead of as two U+FFFD.
    hook._parseSharedStrings = (entry) => original(withoutPhonetics(entry.setEncoding('utf8')));
  }
  return reader;
}

/**
 * Copies each merged range's value into every cell of its range, row by row: `fill` is
 * called with the rows in order (merges sorted by first row, as scanPart returns them).
 */
function mergeFiller(merges: readonly Merge[]): (rowNo: number, cells: CellValue[]) => void {
  let next = 0;
  const active: { m: Merge; value: CellValue }[] = [];
  return (rowNo, cells) => {
    if (merges.length === 0) return;
    for (let i = active.length - 1; i >= 0; i--) if (active[i].m.r2 < rowNo) active.splice(i, 1);
    while (next < merges.length && merges[next].r1 <= rowNo) {
      const m = merges[next++];
      if (m.r2 >= rowNo) active.push({ m, value: m.r1 === rowNo ? (cells[m.c1 - 1] ?? null) : null });
    }
    for (const { m, value } of active) {
      if (value === null) continue;
      while (cells.length < m.c2) cells.push(null);
      for (let c = m.c1; c <= m.c2; c++) if (cells[c - 1] === null) cells[c - 1] = value;
    }
  };
}

interface SheetWalk {
  reader: ExcelReader;
  stream: Readable;
  scanner: CellScanner;
  convert: ReturnType<typeof cellConverter>;
  fillMerges: (rowNo: number, cells: CellValue[]) => void;
  budget: CellTextBudget;
  where: Location;
}

/** The sheet's rows as cell values, merges filled; a damaged sheet becomes E_FILE_CORRUPT. */
async function* walkRows(w: SheetWalk): AsyncGenerator<RawRow> {
  const { reader, stream, scanner, convert, fillMerges, budget, where } = w;
  let lastRow = 0;
  try {
    for await (const ws of reader) {
      for await (const r of ws as AsyncIterable<ExcelRowLike>) {
        // Some writers leave out `r`; rows then follow one another.
        const rowNo = Number.isFinite(r.number) ? r.number : lastRow + 1;
        lastRow = rowNo;
        const values = r.values;
        const cells: CellValue[] = new Array(Math.max(0, values.length - 1)).fill(null);
        for (let c = 1; c < values.length; c++) {
          const v = values[c];
          if (v !== undefined) cells[c - 1] = convert(v, rowNo, c, () => r.getCell(c));
        }
        scanner.done(rowNo);
        fillMerges(rowNo, cells);
        budget.count(rowNo, cells);
        yield { row: rowNo, cells };
      }
    }
  } catch (err) {
    if (err instanceof AssetbatchError) throw err;
    // saxes prefixes "line:column:" of the XML, which means nothing to a spreadsheet user.
    const why = String((err as Error)?.message ?? err).replace(/^\d+:\d+: /, '');
    throw readError('E_FILE_CORRUPT', { ...where, row: lastRow > 0 ? lastRow + 1 : undefined }, `is damaged: the sheet cannot be read${lastRow > 0 ? ` after row ${lastRow}` : ''} (${why})`, {
      hint: 'Open it in Excel or LibreOffice and save it again as .xlsx.',
      cause: err,
    });
  } finally {
    stream.destroy();
  }
}

export async function openXlsxSheet(x: XlsxOpen): Promise<RawSheet> {
  const { wb, sheet, warnings } = x;
  const where: Location = { file: x.file, sheet: sheet.name };
  const sheetEntry = sheet.entry as ZipEntry;

  if (wb.stylesEntry) {
    const styles = await readEntryText(wb.fh, wb.dir, wb.stylesEntry, SMALL_PART_BUDGET, where);
    refuseDoctype(styles, wb.stylesEntry.name, where);
  }
  if (wb.sharedStringsEntry) await scanPart(wb, wb.sharedStringsEntry, where, false);
  const merges = await scanPart(wb, sheetEntry, where, true);
  warnMerges(merges, warnings);

  const stream = await repackStream(wb.fh, wb.dir, exceljsParts(wb, sheetEntry), where);
  const scanner = new CellScanner();
  const reader = await openExcelReader(stream, scanner);
  const rows = walkRows({
    reader,
    stream,
    scanner,
    convert: cellConverter(wb.date1904, scanner, warnings),
    fillMerges: mergeFiller(merges),
    budget: new CellTextBudget(x.maxCellText, where),
    where,
  });

  return {
    format: 'xlsx',
    sheet: sheet.name,
    rows,
    rowGapsAreBlank: true,
    warnings,
  };
}
