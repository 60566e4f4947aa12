// XLSX parts: a pass over the zip directory before any XML is read (sizes, encryption),
// the sheet list from workbook.xml and its relationships (parsed by saxes: xml-elements.ts),
// the choice of sheet, and a part scanned as it inflates (a DOCTYPE refused, merged ranges
// collected).
import type { FileHandle } from 'node:fs/promises';
import type { Location } from '../../errors.js';
import { CONVERT_HINT } from '../detect.js';
import { readError, type WarningSink } from '../problems.js';
import { xmlElements, type XmlElement } from './xml-elements.js';
import {
  checkZipLimits,
  inflateEntry,
  readEntryText,
  readZipDirectory,
  type ZipDirectory,
  type ZipEntry,
} from './zip.js';

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
  readonly maxInflatedBytes: number;
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeXml(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, e: string) =>
    e[0] === '#'
      ? String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10))
      : XML_ENTITIES[e],
  );
}

/** A DOCTYPE can declare entities that expand without bound; spreadsheet XML never has one. */
export function refuseDoctype(head: string, part: string, where: Location): void {
  if (/<!DOCTYPE|<!ENTITY/i.test(head)) {
    throw readError(
      'E_FILE_CORRUPT',
      where,
      `is damaged or unsafe: its part ${part} declares XML entities (<!DOCTYPE>), which spreadsheet programs never write; it was not read`,
      {
        hint: 'Open it in Excel or LibreOffice and save it again as .xlsx, or get the file from its source again.',
      },
    );
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
    throw readError(
      'E_FILE_UNSUPPORTED',
      where,
      'is an OpenDocument spreadsheet (.ods), which is not supported',
      { hint: CONVERT_HINT },
    );
  }
  if (dir.entries.some((e) => e.name.startsWith('Index/') || e.name === 'Index.zip')) {
    throw readError('E_FILE_UNSUPPORTED', where, 'is an Apple Numbers document, which is not supported', {
      hint: 'In Numbers choose File → Export To → Excel (or CSV), then import that file.',
    });
  }
  if (has('xl/workbook.bin')) {
    throw readError(
      'E_FILE_UNSUPPORTED',
      where,
      'is an Excel binary workbook (.xlsb), which is not supported',
      { hint: CONVERT_HINT },
    );
  }
  if (has('word/document.xml'))
    throw readError('E_FILE_FORMAT', where, 'is a Word document, not a spreadsheet');
  if (has('ppt/presentation.xml'))
    throw readError('E_FILE_FORMAT', where, 'is a PowerPoint presentation, not a spreadsheet');
}

/** The key a part name is found by when it is not found as written: its case, separators and %-escapes set aside. */
function looseName(name: string): string {
  let n = name.replace(/\\/g, '/');
  try {
    n = decodeURIComponent(n);
  } catch {
    // A lone % is a character of the name.
  }
  return n.toLowerCase();
}

/**
 * The zip entry of a part. Part names are compared case-insensitively (ECMA-376 Part 2,
 * 9.1.1.1.2), so Excel opens `xl/SharedStrings.xml` named as `sharedStrings.xml`; some
 * writers also %-escape one side only, or write `\` for `/`.
 */
function partFinder(dir: ZipDirectory): (name: string) => ZipEntry | undefined {
  let loose: Map<string, ZipEntry> | undefined;
  return (name) => {
    const exact = dir.byName.get(name);
    if (exact) return exact;
    if (!loose) {
      loose = new Map();
      for (const e of dir.entries) if (!loose.has(looseName(e.name))) loose.set(looseName(e.name), e);
    }
    return loose.get(looseName(name));
  };
}

/** A small part (workbook.xml, relationships, styles) read whole and parsed; a DOCTYPE refused. */
export async function readSmallPart(dir: ZipDirectory, e: ZipEntry, where: Location): Promise<XmlElement[]> {
  const xml = await readEntryText(dir, e, SMALL_PART_BUDGET, where);
  refuseDoctype(xml, e.name, where);
  return xmlElements(xml, e.name, where);
}

export async function openWorkbook(
  fh: FileHandle,
  path: string,
  size: number,
  where: Location,
  maxInflatedBytes: number,
): Promise<Workbook> {
  const dir = await readZipDirectory(fh, path, size, where);
  refuseOtherZips(dir, where);
  checkZipLimits(dir, { maxInflatedBytes }, where);
  const part = partFinder(dir);

  let workbookPath = 'xl/workbook.xml';
  const rootRels = part('_rels/.rels');
  if (rootRels) {
    const office = (await readSmallPart(dir, rootRels, where)).find(
      (r) => r.name === 'Relationship' && /\/officeDocument$/.test(r.attrs.Type ?? ''),
    );
    if (office?.attrs.Target) workbookPath = resolveTarget('', office.attrs.Target);
  }
  const workbookEntry = part(workbookPath);
  if (!workbookEntry) {
    throw readError(
      'E_FILE_FORMAT',
      where,
      'is a zip archive but not an Excel workbook (it has no xl/workbook.xml)',
      { hint: CONVERT_HINT },
    );
  }
  const relsPath = workbookPath.replace(/[^/]*$/, (b) => `_rels/${b}.rels`);
  const relsEntry = part(relsPath);
  if (!relsEntry)
    throw readError('E_FILE_CORRUPT', where, `is damaged or incomplete (its part ${relsPath} is missing)`, {
      hint: CONVERT_HINT,
    });

  const workbookXml = await readSmallPart(dir, workbookEntry, where);
  const rels = new Map<string, { type: string; target: string }>();
  for (const { name, attrs: r } of await readSmallPart(dir, relsEntry, where)) {
    if (name === 'Relationship' && r.Id && r.Target && r.TargetMode !== 'External')
      rels.set(r.Id, { type: r.Type ?? '', target: resolveTarget(workbookPath, r.Target) });
  }
  const relOfType = (suffix: string) => [...rels.values()].find((r) => r.type.endsWith(suffix));
  const pr = workbookXml.find((e) => e.name === 'workbookPr')?.attrs;
  // LibreOffice writes date1904="true" (as valid as Excel's "1").
  const date1904 = pr?.date1904 === '1' || pr?.date1904 === 'true';

  const sheets: SheetInfo[] = workbookXml
    .filter((e) => e.name === 'sheet' && e.parent === 'sheets')
    .map(({ attrs: s }, i) => {
      const rel = rels.get(s.id ?? '');
      const kind = rel?.type.endsWith('/worksheet')
        ? 'worksheet'
        : rel?.type.endsWith('/chartsheet')
          ? 'chartsheet'
          : 'other';
      return {
        name: s.name ?? `Sheet${i + 1}`,
        index: i + 1,
        hidden: s.state === 'hidden' || s.state === 'veryHidden',
        kind,
        entry: rel ? part(rel.target) : undefined,
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
    stylesEntry: styles ? part(styles.target) : undefined,
    sharedStringsEntry: shared ? part(shared.target) : undefined,
    maxInflatedBytes,
  };
}

function describeSheets(sheets: readonly SheetInfo[]): string {
  const list = sheets.filter((s) => s.kind === 'worksheet');
  if (list.length === 0) return 'the workbook has no worksheets';
  return `the workbook has: ${list.map((s) => `"${s.name}" (${s.index}${s.hidden ? ', hidden' : ''})`).join(', ')}`;
}

/** Picks the sheet by name (exact, then ignoring case and spaces), by 1-based tab index, or the first visible worksheet. */
export function chooseSheet(
  wb: Workbook,
  wanted: string | number | undefined,
  where: Location,
  warnings: WarningSink,
): SheetInfo {
  const worksheets = wb.sheets.filter((s) => s.kind === 'worksheet');
  let found: SheetInfo | undefined;
  let asked: string | undefined;
  if (wanted === undefined) {
    found = worksheets.find((s) => !s.hidden);
    if (!found && worksheets.length > 0) {
      found = worksheets[0];
      warnings.add({
        code: 'W_HIDDEN_SHEET',
        message: `every sheet is hidden; reading the hidden sheet "${found.name}"`,
      });
    }
    if (!found)
      throw readError('E_SHEET_NOT_FOUND', where, 'has no worksheet to read', {
        hint: describeSheets(wb.sheets),
      });
  } else {
    const text = String(wanted);
    asked = typeof wanted === 'number' ? `sheet ${wanted}` : `sheet "${text}"`;
    found =
      wb.sheets.find((s) => s.name === text) ??
      wb.sheets.find((s) => s.name.trim().toLowerCase() === text.trim().toLowerCase()) ??
      (/^\d+$/.test(text.trim()) ? wb.sheets.find((s) => s.index === Number(text.trim())) : undefined);
    if (!found) {
      throw readError(
        'E_SHEET_NOT_FOUND',
        { ...where, sheet: typeof wanted === 'string' ? wanted : undefined },
        `${asked} not found; ${describeSheets(wb.sheets)}`,
        {
          hint: 'Choose a sheet with --sheet NAME or --sheet N (N counts tabs from 1).',
        },
      );
    }
    if (found.kind !== 'worksheet') {
      throw readError(
        'E_SHEET_NOT_FOUND',
        { ...where, sheet: found.name },
        `${asked} is a chart, not a table; ${describeSheets(wb.sheets)}`,
        {
          hint: 'Choose a sheet with --sheet NAME or --sheet N (N counts tabs from 1).',
        },
      );
    }
    if (found.hidden)
      warnings.add({
        code: 'W_HIDDEN_SHEET',
        message: `sheet "${found.name}" is hidden; it is read because it was asked for`,
      });
  }
  if (!found.entry)
    throw readError(
      'E_FILE_CORRUPT',
      { ...where, sheet: found.name },
      "is damaged or incomplete (the sheet's part is missing)",
      { hint: CONVERT_HINT },
    );
  return found;
}

export interface Merge {
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

/** Bytes of a chunk's end kept to be read again with the next: a `<mergeCell …>` cut between them. */
const SEAM = 256;

/**
 * The merged ranges (`<mergeCell ref="A1:B2"/>`) of a sheet's XML as it comes, chunk by
 * chunk, a tag cut between two chunks found all the same. Each chunk is searched where it
 * lies and only the seam with the last one is copied: a copy of each chunk (the whole
 * sheet again, 74 MB for 200,000 rows) was garbage outside the heap, which the reading
 * thread collected seldom, and malloc kept its memory for the rest of the run.
 */
export class MergeCells {
  private readonly merges = new Map<string, Merge>();
  private carry = Buffer.alloc(0);

  add(chunk: Buffer): void {
    if (this.carry.length > 0)
      this.collect(Buffer.concat([this.carry, chunk.subarray(0, SEAM)]), this.carry.length);
    this.collect(chunk, chunk.length);
    this.carry = Buffer.from(
      chunk.length >= SEAM
        ? chunk.subarray(chunk.length - SEAM)
        : Buffer.concat([this.carry, chunk]).subarray(-SEAM),
    );
  }

  /** The ranges found, by first row, then first column. */
  sorted(): Merge[] {
    return [...this.merges.values()].sort((x, y) => x.r1 - y.r1 || x.c1 - y.c1);
  }

  /** Each `mergeCell` that starts in `buf` before `to`, its tag read on to the end of `buf`. */
  private collect(buf: Buffer, to: number): void {
    for (let i = buf.indexOf('mergeCell'); i >= 0 && i < to; i = buf.indexOf('mergeCell', i + 9)) {
      const after = buf[i + 9];
      if (after !== 0x20 && after !== 0x09 && after !== 0x0a && after !== 0x0d) continue;
      const tag = buf.toString('latin1', i, Math.min(buf.length, i + 200));
      const m = /\bref\s*=\s*["']([A-Z$]+\d+)(?::([A-Z$]+\d+))?["']/.exec(
        tag.slice(0, tag.indexOf('>') >= 0 ? tag.indexOf('>') : tag.length),
      );
      if (!m || this.merges.has(m[0])) continue;
      const a = decodeRef(m[1].replace(/\$/g, ''));
      const b = decodeRef((m[2] ?? m[1]).replace(/\$/g, ''));
      if (!a || !b) continue;
      this.merges.set(m[0], {
        r1: Math.min(a.row, b.row),
        c1: Math.min(a.col, b.col),
        r2: Math.max(a.row, b.row),
        c2: Math.max(a.col, b.col),
        ref: `${m[1]}:${m[2] ?? m[1]}`,
      });
    }
  }
}

/**
 * Inflates a part once without parsing it: counts its real size (the directory's sizes are
 * claims), refuses a DOCTYPE at its start, and for a sheet collects the merged ranges,
 * which sit after all rows, so the row pass can fill them while streaming.
 */
export async function scanPart(
  wb: Workbook,
  e: ZipEntry,
  where: Location,
  collectMerges: boolean,
): Promise<Merge[]> {
  const merges = new MergeCells();
  let head = '';
  for await (const chunk of inflateEntry(wb.dir, e, wb.maxInflatedBytes, where)) {
    if (head.length < 65536) {
      head += chunk.toString('latin1', 0, Math.min(chunk.length, 65536));
      refuseDoctype(head, e.name, where);
    }
    if (collectMerges) merges.add(chunk);
  }
  return merges.sorted();
}
