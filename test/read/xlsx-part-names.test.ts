// How other writers name a workbook's parts, each opened by Excel as the same workbook:
// part names in another case (ECMA-376 Part 2 compares them case-insensitively), targets
// given from the package root or %-escaped, and the strict namespaces of "Strict Open XML".
// Each rewritten copy of a LibreOffice workbook must read the same rows as the original.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readAll, readZip, removeDir, scratchDir, writeZip } from './helpers.js';

const FIX = join(import.meta.dirname, '..', 'fixtures', 'libreoffice', 'asset-register.xlsx');

interface Rewrite {
  readonly name: string;
  /** The part's new name (undefined: unchanged). */
  readonly rename?: (part: string) => string | undefined;
  /** The part's new text (undefined: unchanged). */
  readonly edit?: (part: string, text: string) => string | undefined;
}

const rewrites: Rewrite[] = [
  {
    name: 'parts named in another case than their relationships say',
    rename: (p) =>
      ({
        'xl/sharedStrings.xml': 'xl/SharedStrings.xml',
        'xl/worksheets/sheet1.xml': 'xl/Worksheets/Sheet1.xml',
        'xl/styles.xml': 'xl/Styles.xml',
      })[p],
  },
  {
    name: 'targets given from the package root',
    edit: (p, t) =>
      p === 'xl/_rels/workbook.xml.rels' ? t.replace(/Target="(?!\/)/g, 'Target="/xl/') : undefined,
  },
  {
    name: 'a sheet part whose name has a space, %-escaped in its target',
    rename: (p) => (p === 'xl/worksheets/sheet1.xml' ? 'xl/worksheets/sheet 1.xml' : undefined),
    edit: (p, t) =>
      p === 'xl/_rels/workbook.xml.rels'
        ? t.replace('worksheets/sheet1.xml', 'worksheets/sheet%201.xml')
        : undefined,
  },
  {
    name: 'the strict namespaces (Excel\'s "Strict Open XML Spreadsheet")',
    edit: (_p, t) =>
      t
        .replaceAll(
          'http://schemas.openxmlformats.org/spreadsheetml/2006/main',
          'http://purl.oclc.org/ooxml/spreadsheetml/main',
        )
        .replaceAll(
          'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
          'http://purl.oclc.org/ooxml/officeDocument/relationships',
        ),
  },
];

describe('a workbook whose parts other writers name their way reads as the original', () => {
  const dir = scratchDir('xlsx-part-names');
  afterAll(() => removeDir(dir));

  it.each(rewrites)('$name', async (w) => {
    const parts = await readZip(FIX);
    const file = join(dir, `${w.name.replace(/\W+/g, '-')}.xlsx`);
    await writeZip(
      file,
      parts.map((p) => {
        const text = w.edit?.(p.name, p.data.toString('utf8'));
        return {
          name: w.rename?.(p.name) ?? p.name,
          data: text === undefined ? p.data : Buffer.from(text, 'utf8'),
        };
      }),
    );
    const want = await readAll(FIX);
    const got = await readAll(file);
    expect(got.source.headers).toEqual(want.source.headers);
    expect(got.rows.length).toBeGreaterThan(0);
    expect(got.rows).toEqual(want.rows);
  });
});
