// The workbook's style table (xl/styles.xml) for an export: a cell's look is a number
// format and, for header rows, bold. Formats are numbered as exceljs numbered them, in the
// order first asked for, so the ids in the sheets and the styles part are those exceljs
// wrote (test/export/xlsx-rows.test.ts and xlsx-parts.test.ts compare them).

/** Excel's built-in formats we use; any other format is numbered from 164 on. */
const BUILT_IN: Readonly<Record<string, number>> = { General: 0, '0': 1, '0.00': 2 };
const FIRST_CUSTOM = 164;

const HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" mc:Ignorable="x14ac x16r2" xmlns:x14ac="http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac" xmlns:x16r2="http://schemas.microsoft.com/office/spreadsheetml/2015/02/main">';
const DEFAULT_FONT =
  '<font><color theme="1"/><family val="2"/><scheme val="minor"/><sz val="11"/><name val="Calibri"/></font>';
const BOLD_FONT = '<font><b/></font>';
const FILLS_TO_CELL_STYLE_XFS =
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>';
const TAIL =
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles><dxfs count="0"/><tableStyles count="0" defaultTableStyle="TableStyleMedium2" defaultPivotStyle="PivotStyleLight16"/><extLst><ext uri="{EB79DEF2-80B8-43e5-95BD-54CBDDF9020C}" xmlns:x14="http://schemas.microsoft.com/office/spreadsheetml/2009/9/main"><x14:slicerStyles defaultSlicerStyle="SlicerStyleLight1"/></ext><ext uri="{9260A510-F301-46a8-8635-F512D64BE5F5}" xmlns:x15="http://schemas.microsoft.com/office/spreadsheetml/2010/11/main"><x15:timelineStyles defaultTimelineStyle="TimeSlicerStyleLight1"/></ext></extLst></styleSheet>';

export class StyleTable {
  private readonly custom: string[] = [];
  /** cellXfs in order, each as its XML; the first is the default look. */
  private readonly xfs: string[] = ['<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'];
  private readonly ids = new Map<string, number>([['0:false', 0]]);
  private bold = false;

  /** The cellXfs index of a look (a format, or none, and bold or not), added when new. */
  id(numFmt: string | undefined, bold = false): number {
    const fmtId = this.formatId(numFmt ?? 'General');
    const key = `${fmtId}:${bold}`;
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.xfs.length;
      this.ids.set(key, id);
      this.bold ||= bold;
      const apply = (fmtId ? ' applyNumberFormat="1"' : '') + (bold ? ' applyFont="1"' : '');
      this.xfs.push(
        `<xf numFmtId="${fmtId}" fontId="${bold ? 1 : 0}" fillId="0" borderId="0" xfId="0"${apply}/>`,
      );
    }
    return id;
  }

  private formatId(numFmt: string): number {
    const builtIn = BUILT_IN[numFmt];
    if (builtIn !== undefined) return builtIn;
    const at = this.custom.indexOf(numFmt);
    if (at >= 0) return FIRST_CUSTOM + at;
    this.custom.push(numFmt);
    return FIRST_CUSTOM + this.custom.length - 1;
  }

  /** xl/styles.xml. */
  xml(escape: (text: string) => string): string {
    const formats = this.custom.map(
      (f, i) => `<numFmt numFmtId="${FIRST_CUSTOM + i}" formatCode="${escape(f)}"/>`,
    );
    const fonts = this.bold ? [DEFAULT_FONT, BOLD_FONT] : [DEFAULT_FONT];
    return (
      HEAD +
      (formats.length ? `<numFmts count="${formats.length}">${formats.join('')}</numFmts>` : '') +
      `<fonts count="${fonts.length}" x14ac:knownFonts="1">${fonts.join('')}</fonts>` +
      FILLS_TO_CELL_STYLE_XFS +
      `<cellXfs count="${this.xfs.length}">${this.xfs.join('')}</cellXfs>` +
      TAIL
    );
  }
}
