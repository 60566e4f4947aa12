// Minimal XLSX workbooks written from raw sheet XML, for the cell types other programs write
// and exceljs does not (t="d" dates, t="str" results, inline formula results, _xHHHH_
// escapes, elapsed-time formats). The zip is the plain one of helpers.ts: no timestamps, so
// the same XML gives the same bytes (the committed corpus is checked against it).
import { writeZip } from './helpers.js';

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';

export interface RawWorkbook {
  /** The `<sheetData>` rows. */
  readonly rows: string;
  /** Shared strings, each the inside of an `<si>`. */
  readonly shared?: readonly string[];
  /** Custom number formats: id (164+) → format code; cell style s="N" uses the Nth of `styles`. */
  readonly numFmts?: Record<number, string>;
  /** numFmtId of each cell style (xf), in order; style 0 is General. */
  readonly styles?: readonly number[];
}

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${body}`;
const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function stylesXml(numFmts: Record<number, string>, styles: readonly number[]): string {
  const fmts = Object.entries(numFmts).map(
    ([id, code]) => `<numFmt numFmtId="${id}" formatCode="${escapeAttr(code)}"/>`,
  );
  const xfs = [0, ...styles].map(
    (id) =>
      `<xf numFmtId="${id}" fontId="0" fillId="0" borderId="0" xfId="0"${id ? ' applyNumberFormat="1"' : ''}/>`,
  );
  return xml(
    `<styleSheet xmlns="${NS}">${fmts.length ? `<numFmts count="${fmts.length}">${fmts.join('')}</numFmts>` : ''}` +
      '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills>' +
      '<borders count="1"><border/></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      `<cellXfs count="${xfs.length}">${xfs.join('')}</cellXfs></styleSheet>`,
  );
}

/** The parts of a one-sheet workbook ("Sheet1") holding `w.rows`. */
export function rawWorkbookParts(w: RawWorkbook): { name: string; data: Buffer }[] {
  const shared = w.shared !== undefined;
  const parts: [string, string][] = [
    [
      '[Content_Types].xml',
      xml(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
          '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
          (shared
            ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>'
            : '') +
          '</Types>',
      ),
    ],
    [
      '_rels/.rels',
      xml(
        `<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    ],
    [
      'xl/workbook.xml',
      xml(
        `<workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    ],
    [
      'xl/_rels/workbook.xml.rels',
      xml(
        `<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/>` +
          (shared ? `<Relationship Id="rId3" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>` : '') +
          '</Relationships>',
      ),
    ],
    ['xl/styles.xml', stylesXml(w.numFmts ?? {}, w.styles ?? [])],
    [
      'xl/worksheets/sheet1.xml',
      xml(`<worksheet xmlns="${NS}"><sheetData>${w.rows}</sheetData></worksheet>`),
    ],
  ];
  if (shared)
    parts.push([
      'xl/sharedStrings.xml',
      xml(
        `<sst xmlns="${NS}" count="${w.shared!.length}" uniqueCount="${w.shared!.length}">${w.shared!.map((s) => `<si>${s}</si>`).join('')}</sst>`,
      ),
    ]);
  return parts.map(([name, text]) => ({ name, data: Buffer.from(text, 'utf8') }));
}

export async function writeRawWorkbook(path: string, w: RawWorkbook): Promise<void> {
  await writeZip(path, rawWorkbookParts(w));
}

/** A row of cells given as `<c>` bodies: `cell('A', 2, 't="d"', '<v>2023-03-15</v>')`. */
export function cell(col: string, row: number, attrs: string, body: string): string {
  return `<c r="${col}${row}"${attrs ? ` ${attrs}` : ''}>${body}</c>`;
}

/** An inline-string cell. */
export function text(col: string, row: number, value: string): string {
  return cell(col, row, 't="inlineStr"', `<is><t xml:space="preserve">${value}</t></is>`);
}
