// SpreadsheetML whose element names carry a namespace prefix (`<x:row>`, `<x:c>`, `<x:si>`),
// as the .NET Open XML SDK and other libraries may write it: Excel opens it as any other
// workbook, so the reader must read the same rows. Until this was fixed, such a sheet read
// as blank ("every row is blank") and its shared strings as nothing.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mainPrefix, unprefixed, unprefixedPart } from '../../src/read/xlsx/xml-prefix.js';
import { readAll, removeDir, rezip, scratchDir } from './helpers.js';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const STRICT = 'http://purl.oclc.org/ooxml/spreadsheetml/main';
const DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

describe('mainPrefix: the prefix a part gives SpreadsheetML names', () => {
  const cases: [string, string, string][] = [
    ['no prefix (what Excel writes)', `${DECL}<worksheet xmlns="${MAIN}"><sheetData/></worksheet>`, ''],
    ['x: bound to the namespace', `${DECL}<x:worksheet xmlns:x="${MAIN}"><x:sheetData/></x:worksheet>`, 'x:'],
    ['the strict namespace', `<s:sst xmlns:s="${STRICT}" count="1">`, 's:'],
    ["single quotes and spaces around '='", `<x:sst xmlns:r="r" xmlns:x = '${MAIN}'>`, 'x:'],
    ['a comment before the root', `${DECL}<!-- made by a tool --><x:styleSheet xmlns:x="${MAIN}">`, 'x:'],
    ['a prefix bound to another namespace', `<x:worksheet xmlns:x="urn:other"><x:row/>`, ''],
    ['a prefix never declared', `<x:worksheet><x:row/>`, ''],
    [
      'a prefixed element that is no root',
      `<worksheet xmlns="${MAIN}"><mc:AlternateContent xmlns:mc="${MAIN}">`,
      '',
    ],
  ];
  it.each(cases)('%s', (_name, head, want) => {
    expect(mainPrefix(head)).toBe(want);
  });
});

describe('unprefixedPart: chunks with the prefix taken off, wherever the chunks are cut', () => {
  const xml = `${DECL}<x:sst xmlns:x="${MAIN}" count="2"><x:si><x:t>Café</x:t></x:si><x:si><x:r><x:t>a</x:t></x:r><x:rPh><x:t>b</x:t></x:rPh></x:si></x:sst>`;
  const bytes = Buffer.from(xml, 'utf8');
  const want = unprefixed(xml, 'x:');

  async function through(chunks: Buffer[]): Promise<string> {
    const out: Buffer[] = [];
    for await (const c of unprefixedPart(
      (async function* () {
        yield* chunks;
      })(),
    ))
      out.push(c);
    return Buffer.concat(out).toString('utf8');
  }

  it('takes off every prefix, opening and closing tags alike', () => {
    expect(want).not.toContain('x:s');
    expect(want).toContain('<sst xmlns:x=');
    expect(want).toContain('<si><t>Café</t></si>');
  });

  it('gives the same text cut in two at every byte past the root tag', async () => {
    const rootEnd = bytes.indexOf('>', bytes.indexOf('<x:sst')) + 1;
    for (let cut = rootEnd; cut < bytes.length; cut++) {
      expect([cut, await through([bytes.subarray(0, cut), bytes.subarray(cut)])]).toEqual([cut, want]);
    }
  });

  it('gives the same text in chunks of 1 to 5 bytes after the first', async () => {
    const rootEnd = bytes.indexOf('>', bytes.indexOf('<x:sst')) + 1;
    for (let size = 1; size <= 5; size++) {
      const chunks = [bytes.subarray(0, rootEnd)];
      for (let at = rootEnd; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
      expect(await through(chunks)).toBe(want);
    }
  });

  it('passes a part without a prefix through as the same chunks', async () => {
    const plain = [Buffer.from(`<sst xmlns="${MAIN}"><si><t>`), Buffer.from('a</t></si></sst>')];
    const out: Buffer[] = [];
    for await (const c of unprefixedPart(
      (async function* () {
        yield* plain;
      })(),
    ))
      out.push(c);
    expect(out).toEqual(plain);
  });
});

describe('a LibreOffice workbook rewritten with prefixed SpreadsheetML names', () => {
  const FIX = join(import.meta.dirname, '..', 'fixtures', 'libreoffice');
  const dir = scratchDir('xlsx-prefixed');
  afterAll(() => removeDir(dir));

  /** Every SpreadsheetML part's default namespace made the prefix x:, and its element names prefixed. */
  const prefixAll = (name: string, text: string): string | undefined => {
    if (!/^xl\/(worksheets\/sheet\d+|sharedStrings|styles|workbook)\.xml$/.test(name)) return undefined;
    return text
      .replace(`xmlns="${MAIN}"`, `xmlns:x="${MAIN}"`)
      .replace(/<(\/?)([A-Za-z][\w.]*)(?=[\s/>])/g, '<$1x:$2');
  };

  it.each(['asset-register.xlsx', 'cell-types.xlsx', 'contracts.xlsx'])(
    '%s reads the same headers and rows',
    async (file) => {
      const prefixed = join(dir, file);
      await rezip(join(FIX, file), prefixed, prefixAll);
      const want = await readAll(join(FIX, file));
      const got = await readAll(prefixed);
      expect(got.source.headers).toEqual(want.source.headers);
      expect(got.rows.length).toBeGreaterThan(0);
      expect(got.rows).toEqual(want.rows);
    },
  );
});
