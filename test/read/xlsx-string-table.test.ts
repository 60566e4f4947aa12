// The shared-strings table as the reader keeps it, packed (readSharedStringTable in
// src/read/xlsx/xlsx-strings.ts): every kind of text reads back as the cells show it, whatever
// chunks the part comes in and whatever its <sst> and the zip directory claim of its size.
import { describe, expect, it } from 'vitest';
import { LONGEST_PACKED } from '../../src/read/xlsx/packed-strings.js';
import { readSharedStringTable } from '../../src/read/xlsx/xlsx-strings.js';

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

const items: { name: string; si: string; text: string }[] = [
  { name: 'ASCII', si: '<t>SN-BENCH-0000001</t>', text: 'SN-BENCH-0000001' },
  { name: 'empty <t>', si: '<t></t>', text: '' },
  { name: 'empty item', si: '', text: '' },
  { name: 'accented', si: '<t>Łódź Müller</t>', text: 'Łódź Müller' },
  {
    name: 'CJK with a phonetic guide',
    si: '<t>漢字</t><rPh sb="0" eb="2"><t>かんじ</t></rPh>',
    text: '漢字',
  },
  { name: 'emoji', si: '<t>ok 😀 👍🏽</t>', text: 'ok 😀 👍🏽' },
  { name: 'an emoji as an entity', si: '<t>&#x1F600;!</t>', text: '😀!' },
  { name: 'a lone surrogate from an entity', si: '<t>a&#xD800;b</t>', text: 'a\uD800b' },
  { name: 'a pair from two escapes', si: '<t>_xD83D__xDE00_</t>', text: '😀' },
  { name: 'an underscore that is no escape', si: '<t>my_file_x</t>', text: 'my_file_x' },
  {
    name: 'rich text runs',
    si: '<r><t>Hello </t></r><r><rPr><b/></rPr><t>wörld</t></r>',
    text: 'Hello wörld',
  },
  { name: 'a long string', si: `<t>${'é'.repeat(LONGEST_PACKED)}</t>`, text: 'é'.repeat(LONGEST_PACKED) },
  {
    name: 'a long ASCII string',
    si: `<t>${'x'.repeat(3 * LONGEST_PACKED)}</t>`,
    text: 'x'.repeat(3 * LONGEST_PACKED),
  },
];

const sst = (attrs: string) =>
  Buffer.from(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="${NS}"${attrs}>${items.map((i) => (i.si === '' ? '<si/>' : `<si>${i.si}</si>`)).join('')}</sst>`,
    'utf8',
  );
const want = items.map((i) => i.text);

async function* split(bytes: Buffer, at: number[]): AsyncGenerator<Buffer> {
  let from = 0;
  for (const to of [...at, bytes.length]) {
    yield bytes.subarray(from, to);
    from = to;
  }
}

async function read(bytes: Buffer, at: number[], partBytes?: number): Promise<string[]> {
  return [
    ...(await readSharedStringTable(split(bytes, at), 'xl/sharedStrings.xml', { file: 'x.xlsx' }, partBytes)),
  ];
}

describe('the packed shared-strings table', () => {
  const bytes = sst(` count="${items.length}" uniqueCount="${items.length}"`);

  it.each(items.map((item, i) => ({ ...item, i })))('$name', async ({ text, i }) => {
    expect((await read(bytes, [], bytes.length))[i]).toBe(text);
  });

  it('split in two at every byte (a character, a tag or an item cut between chunks)', async () => {
    const wrong: number[] = [];
    for (let k = 1; k < bytes.length; k++)
      if (JSON.stringify(await read(bytes, [k], bytes.length)) !== JSON.stringify(want)) wrong.push(k);
    expect(wrong).toEqual([]);
  });

  it.each([1, 2, 3, 5, 64])('in chunks of %i bytes', async (size) => {
    const at = Array.from({ length: Math.ceil(bytes.length / size) - 1 }, (_, i) => (i + 1) * size);
    expect(await read(bytes, at, bytes.length)).toEqual(want);
  });

  it.each([
    { name: 'no counts, no size', attrs: '', partBytes: undefined },
    { name: 'a count too small, a size too small', attrs: ' uniqueCount="1"', partBytes: 10 },
    { name: 'a count far too large', attrs: ' uniqueCount="999999999999"', partBytes: undefined },
    {
      name: 'a count far too large, bounded by the size',
      attrs: ' uniqueCount="999999999999"',
      partBytes: 1e9,
    },
    { name: 'a count of zero', attrs: ' uniqueCount="0"', partBytes: 1 },
  ])('sized by $name, the same table', async ({ attrs, partBytes }) => {
    const b = sst(attrs);
    expect(await read(b, [100], partBytes)).toEqual(want);
  });
});
