// Shared strings (src/read/xlsx/xlsx-strings.ts) as our own code reads them: each `<si>` a plain
// `<t>` or runs joined, phonetic guides left out, entities and `_xHHHH_` escapes decoded
// once, whatever chunks the part arrives in.
import { describe, expect, it } from 'vitest';
import { readSharedStrings } from '../../src/read/xlsx/xlsx-strings.js';

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

const items: [si: string, text: string][] = [
  ['<t>Laptop</t>', 'Laptop'],
  ['<t xml:space="preserve"> padded </t>', ' padded '],
  ['<t>AT&amp;amp;T &lt;b&gt; &#x1F600; &#38;</t>', 'AT&amp;T <b> 😀 &'],
  [
    '<r><t xml:space="preserve">Hello </t></r><r><rPr><b/><sz val="11"/><rFont val="Calibri"/></rPr><t>world</t></r>',
    'Hello world',
  ],
  ['<t>漢字</t><rPh sb="0" eb="2"><t>かんじ</t></rPh><phoneticPr fontId="1"/>', '漢字'],
  [
    '<r><t>東京</t></r><r><t>都</t></r><rPh sb="0" eb="2"><t>とうきょう</t></rPh><rPh sb="2" eb="3"><t>と</t></rPh>',
    '東京都',
  ],
  ['<t>line 1_x000D__x000A_line 2</t>', 'line 1\r\nline 2'],
  ['<t>literally _x005F_x000D_</t>', 'literally _x000D_'],
  ['<t></t>', ''],
  ['<t/>', ''],
  ['Bare text', 'Bare text'],
  ['<r><t>Łódź</t></r><r><t>_x0009_Müller</t></r>', 'Łódź\tMüller'],
];

const sst = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="${NS}" count="${items.length + 1}">${items.map(([si]) => `<si>${si}</si>`).join('')}<si/></sst>`;
const expected = [...items.map(([, text]) => text), ''];

async function* split(bytes: Buffer, at: number[]): AsyncGenerator<Buffer> {
  let from = 0;
  for (const to of [...at, bytes.length]) {
    yield bytes.subarray(from, to);
    from = to;
  }
}

const read = (bytes: Buffer, at: number[]) =>
  readSharedStrings(split(bytes, at), 'xl/sharedStrings.xml', { file: 'x.xlsx' });

describe('shared strings', () => {
  const bytes = Buffer.from(sst, 'utf8');

  it.each(items.map(([si, text], i) => ({ si, text, i })))('$si reads as $text', async ({ text, i }) => {
    expect((await read(bytes, []))[i]).toBe(text);
  });

  it('the same table split in two at every byte', async () => {
    const wrong: number[] = [];
    for (let k = 1; k < bytes.length; k++)
      if (JSON.stringify(await read(bytes, [k])) !== JSON.stringify(expected)) wrong.push(k);
    expect(wrong).toEqual([]);
  });

  it('the same table in chunks of 1 byte', async () => {
    expect(
      await read(
        bytes,
        Array.from({ length: bytes.length - 1 }, (_, i) => i + 1),
      ),
    ).toEqual(expected);
  });

  it('a table all in ASCII (read by its own path), split in two at every byte', async () => {
    const ascii = items.filter(([si]) => /^[\x00-\x7f]*$/.test(si));
    const xml = Buffer.from(
      `<sst xmlns="${NS}">${ascii.map(([si]) => `<si>${si}</si>`).join('')}<si/></sst>`,
    );
    const want = [...ascii.map(([, text]) => text), ''];
    expect(ascii.length).toBeGreaterThan(6);
    const wrong: number[] = [];
    for (let k = 0; k < xml.length; k++)
      if (JSON.stringify(await read(xml, k === 0 ? [] : [k])) !== JSON.stringify(want)) wrong.push(k);
    expect(wrong).toEqual([]);
  });

  it('a DOCTYPE is refused', async () => {
    const evil = Buffer.from(sst.replace('?>', '?><!DOCTYPE sst [<!ENTITY x "y">]>'));
    await expect(read(evil, [])).rejects.toThrow(/xl\/sharedStrings\.xml declares XML entities/);
  });
});
