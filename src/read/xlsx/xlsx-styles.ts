// XLSX number formats: each cell style (an `<xf>` of styles.xml's `<cellXfs>`, the cell's
// `s`) mapped to its format code, custom (`<numFmts>`) or one of Excel's built-in ids. The
// format tells a date, a time, a duration or yes/no from a plain number (xlsx-cells.ts).
import type { XmlElement } from './xml-elements.js';

/**
 * Excel's built-in format codes by id, as exceljs has them (lib/xlsx/defaultnumformats.js,
 * the ids with one code for every locale): a file names these by id alone, e.g. 14 for a
 * short date, 20 for h:mm, 46 for [h]:mm:ss.
 */
const BUILT_IN_FORMATS: Readonly<Record<number, string>> = {
  0: 'General',
  1: '0',
  2: '0.00',
  3: '#,##0',
  4: '#,##0.00',
  9: '0%',
  10: '0.00%',
  11: '0.00E+00',
  12: '# ?/?',
  13: '# ??/??',
  14: 'mm-dd-yy',
  15: 'd-mmm-yy',
  16: 'd-mmm',
  17: 'mmm-yy',
  18: 'h:mm AM/PM',
  19: 'h:mm:ss AM/PM',
  20: 'h:mm',
  21: 'h:mm:ss',
  22: 'm/d/yy "h":mm',
  37: '#,##0 ;(#,##0)',
  38: '#,##0 ;[Red](#,##0)',
  39: '#,##0.00 ;(#,##0.00)',
  40: '#,##0.00 ;[Red](#,##0.00)',
  45: 'mm:ss',
  46: '[h]:mm:ss',
  47: 'mmss.0',
  48: '##0.0E+0',
  49: '@',
};

/**
 * The format code of each cell style, by its index (the cell's `s`), from styles.xml's
 * elements (xmlElements). As exceljs read them: style 0 and a style with numFmtId 0 have
 * none (General), a custom code overrides a built-in id, and a backslash's escape is
 * dropped (`dd\.mm\.yyyy` is `dd.mm.yyyy`).
 */
export function numberFormats(styles: readonly XmlElement[]): (string | undefined)[] {
  const custom = new Map<number, string>();
  for (const { name, parent, attrs } of styles) {
    if (name !== 'numFmt' || parent !== 'numFmts') continue;
    const id = parseInt(attrs.numFmtId ?? '', 10);
    if (Number.isFinite(id) && attrs.formatCode !== undefined)
      custom.set(id, attrs.formatCode.replace(/\\(.)/g, '$1'));
  }
  return styles
    .filter((e) => e.name === 'xf' && e.parent === 'cellXfs')
    .map(({ attrs }, index) => {
      const id = parseInt(attrs.numFmtId ?? '', 10);
      if (index === 0 || !id) return undefined;
      return custom.get(id) ?? BUILT_IN_FORMATS[id];
    });
}
