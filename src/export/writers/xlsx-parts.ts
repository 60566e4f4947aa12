// The parts of an export workbook around the rows: the package's content types and
// relationships, the document properties, the workbook's sheet list, and each sheet's XML
// before and after its rows. Each is the text exceljs's streaming writer wrote for our
// workbooks, byte for byte (test/export/xlsx-parts.test.ts compares whole workbooks).
import { xmlText } from './xlsx-rows.js';

const DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const CT = 'application/vnd.openxmlformats-officedocument';

/** A sheet column as the `<cols>` element states it: its width and its style id (0: none). */
export interface SheetColumn {
  readonly width: number;
  readonly styleId: number;
}

export function contentTypesXml(sheets: number): string {
  const sheetParts = Array.from(
    { length: sheets },
    (_, i) =>
      `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="${CT}.spreadsheetml.worksheet+xml"/>`,
  );
  return (
    `${DECL}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>` +
    `<Override PartName="/xl/workbook.xml" ContentType="${CT}.spreadsheetml.sheet.main+xml"/>${sheetParts.join('')}` +
    `<Override PartName="/xl/theme/theme1.xml" ContentType="${CT}.theme+xml"/><Override PartName="/xl/styles.xml" ContentType="${CT}.spreadsheetml.styles+xml"/><Default Extension="vml" ContentType="${CT}.vmlDrawing"/>` +
    `<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/><Override PartName="/docProps/app.xml" ContentType="${CT}.extended-properties+xml"/></Types>`
  );
}

export const ROOT_RELS_XML =
  `${DECL}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/>` +
  `<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/><Relationship Id="rId3" Type="${REL}/extended-properties" Target="docProps/app.xml"/></Relationships>`;

export function appXml(names: readonly string[]): string {
  const titles = names.map((n) => `<vt:lpstr>${xmlText(n)}</vt:lpstr>`).join('');
  return (
    `${DECL}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"><Application>Microsoft Excel</Application><DocSecurity>0</DocSecurity><ScaleCrop>false</ScaleCrop>` +
    `<HeadingPairs><vt:vector size="2" baseType="variant"><vt:variant><vt:lpstr>Worksheets</vt:lpstr></vt:variant><vt:variant><vt:i4>${names.length}</vt:i4></vt:variant></vt:vector></HeadingPairs>` +
    `<TitlesOfParts><vt:vector size="${names.length}" baseType="lpstr">${titles}</vt:vector></TitlesOfParts><Company></Company><LinksUpToDate>false</LinksUpToDate><SharedDoc>false</SharedDoc><HyperlinksChanged>false</HyperlinksChanged><AppVersion>16.0300</AppVersion></Properties>`
  );
}

/** Who and when; `lastModifiedBy` stays what exceljs put there. Times to the second. */
export function coreXml(creator: string, when: Date): string {
  const at = when.toISOString().replace(/\.\d{3}/, '');
  return (
    `${DECL}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
    `<dc:creator>${xmlText(creator)}</dc:creator><cp:lastModifiedBy>ExcelJS</cp:lastModifiedBy><dcterms:created xsi:type="dcterms:W3CDTF">${at}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">${at}</dcterms:modified></cp:coreProperties>`
  );
}

/** The sheets' relationships are rId3 on: rId1 is the styles, rId2 the theme. */
export function workbookXml(names: readonly string[]): string {
  const sheets = names
    .map((n, i) => `<sheet sheetId="${i + 1}" name="${xmlText(n)}" state="visible" r:id="rId${i + 3}"/>`)
    .join('');
  return (
    `${DECL}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${REL}" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" mc:Ignorable="x15" xmlns:x15="http://schemas.microsoft.com/office/spreadsheetml/2010/11/main">` +
    `<fileVersion appName="xl" lastEdited="5" lowestEdited="5" rupBuild="9303"/><workbookPr defaultThemeVersion="164011" filterPrivacy="1"/><sheets>${sheets}</sheets><calcPr calcId="171027"/></workbook>`
  );
}

export function workbookRelsXml(sheets: number): string {
  const sheetRels = Array.from(
    { length: sheets },
    (_, i) =>
      `<Relationship Id="rId${i + 3}" Type="${REL}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
  );
  return (
    `${DECL}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/styles" Target="styles.xml"/>` +
    `<Relationship Id="rId2" Type="${REL}/theme" Target="theme/theme1.xml"/>${sheetRels.join('')}</Relationships>`
  );
}

/** Excel's default width: exceljs left a column of that width and no style out of `<cols>`. */
const DEFAULT_WIDTH = 9;

/** `<cols>`: neighbours of the same width and style share one element, as exceljs wrote them. */
function colsXml(columns: readonly SheetColumn[]): string {
  const isDefault = (c: SheetColumn) => c.width === DEFAULT_WIDTH && !c.styleId;
  let xml = '';
  for (let i = 0; i < columns.length;) {
    if (isDefault(columns[i])) {
      i++;
      continue;
    }
    let j = i;
    while (
      j + 1 < columns.length &&
      columns[j + 1].width === columns[i].width &&
      columns[j + 1].styleId === columns[i].styleId
    )
      j++;
    const style = columns[i].styleId ? ` style="${columns[i].styleId}"` : '';
    xml += `<col min="${i + 1}" max="${j + 1}" width="${columns[i].width}"${style} customWidth="1"/>`;
    i = j + 1;
  }
  return xml ? `<cols>${xml}</cols>` : '';
}

const FROZEN_HEADER =
  '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft"/></sheetView></sheetViews>';

/** A sheet's XML up to its first row: the frozen header row, if asked, and the columns. */
export function sheetHeadXml(columns: readonly SheetColumn[], frozenHeader: boolean): string {
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="' +
    REL +
    '" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" mc:Ignorable="x14ac" xmlns:x14ac="http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac">' +
    (frozenHeader ? FROZEN_HEADER : '') +
    '<sheetFormatPr defaultRowHeight="15" outlineLevelRow="0" outlineLevelCol="0" x14ac:dyDescent="55"/>' +
    colsXml(columns) +
    '<sheetData>'
  );
}

/** A sheet's XML after its last row, with the header's filter over `filterRef` (A1:D20). */
export function sheetTailXml(filterRef?: string): string {
  return (
    '</sheetData>' +
    (filterRef ? `<autoFilter ref="${filterRef}"/>` : '') +
    '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/><pageSetup orientation="portrait" horizontalDpi="4294967295" verticalDpi="4294967295" scale="100" fitToWidth="1" fitToHeight="1"/></worksheet>'
  );
}
