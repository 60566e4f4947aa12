// Number formats by cell style (src/read/xlsx/xlsx-styles.ts): each `<xf>` of `<cellXfs>` mapped
// to its format code, custom or one of Excel's built-in ids, as the cells were always read.
import { describe, expect, it } from 'vitest';
import { numberFormats } from '../../src/read/xlsx/xlsx-styles.js';
import { xmlElements } from '../../src/read/xlsx/xml-elements.js';

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

describe('number formats by cell style', () => {
  const styles = (numFmts: string, xfs: string) =>
    `<styleSheet xmlns="${NS}">${numFmts}<cellStyleXfs count="1"><xf numFmtId="14"/></cellStyleXfs><cellXfs>${xfs}</cellXfs><dxfs><dxf><numFmt numFmtId="200" formatCode="0"/></dxf></dxfs></styleSheet>`;

  const general = '<xf numFmtId="0"/>';
  it.each([
    { name: 'style 0 is General whatever its id', xfs: '<xf numFmtId="14"/>', fmt: undefined },
    { name: 'a built-in date', xfs: `${general}<xf numFmtId="14" applyNumberFormat="1"/>`, fmt: 'mm-dd-yy' },
    { name: 'a built-in elapsed time', xfs: `${general}<xf numFmtId="46"/>`, fmt: '[h]:mm:ss' },
    { name: 'a locale-dependent built-in id has none', xfs: `${general}<xf numFmtId="30"/>`, fmt: undefined },
    { name: 'numFmtId 0 is General', xfs: `${general}<xf numFmtId="0"/>`, fmt: undefined },
    {
      name: 'a custom format, entities decoded',
      xfs: `${general}<xf numFmtId="164"/>`,
      fmt: '"TRUE";"TRUE";"FALSE"',
    },
    {
      name: 'a custom format, backslash escapes dropped',
      xfs: `${general}<xf numFmtId="165"><alignment horizontal="left"/></xf>`,
      fmt: 'dd.mm.yyyy',
    },
    {
      name: 'a custom code for a built-in id wins',
      xfs: `${general}<xf numFmtId="14"/>`,
      fmt: 'yyyy-mm-dd',
      custom: '<numFmt numFmtId="14" formatCode="yyyy-mm-dd"/>',
    },
  ])('$name', ({ xfs, fmt, custom }) => {
    const numFmts = `<numFmts count="3"><numFmt numFmtId="164" formatCode="&quot;TRUE&quot;;&quot;TRUE&quot;;&quot;FALSE&quot;"/><numFmt formatCode="dd\\.mm\\.yyyy" numFmtId="165"/>${custom ?? ''}</numFmts>`;
    const formats = numberFormats(xmlElements(styles(numFmts, xfs), 'xl/styles.xml', {}));
    expect(formats[formats.length - 1]).toBe(fmt);
  });
});
