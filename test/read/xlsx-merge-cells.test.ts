// A sheet's merged ranges (MergeCells in src/read/xlsx/xlsx-parts.ts) as its XML inflates: the
// same ranges whatever chunks the XML comes in, a tag cut between two chunks included.
import { describe, expect, it } from 'vitest';
import { MergeCells } from '../../src/read/xlsx/xlsx-parts.js';

const rows =
  '<sheetData>' +
  Array.from({ length: 40 }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>${i}</v></c></row>`).join('') +
  '</sheetData>';

const cases: { name: string; merges: string; refs: string[] }[] = [
  {
    name: 'one range',
    merges: '<mergeCells count="1"><mergeCell ref="A1:B2"/></mergeCells>',
    refs: ['A1:B2'],
  },
  {
    name: 'ranges sorted by row, then column',
    merges:
      '<mergeCells><mergeCell ref="C5:D6"/><mergeCell ref="A5:B5"/><mergeCell ref="A1:A3"/></mergeCells>',
    refs: ['A1:A3', 'A5:B5', 'C5:D6'],
  },
  {
    name: 'absolute references, a single cell, single quotes',
    merges: '<mergeCells><mergeCell ref=\'$A$7:$C$8\'/><mergeCell ref="E9"/></mergeCells>',
    refs: ['$A$7:$C$8', 'E9:E9'],
  },
  {
    name: 'a range written bottom-right first',
    merges: '<mergeCells><mergeCell ref="D4:B2"/></mergeCells>',
    refs: ['D4:B2'],
  },
  {
    name: 'a line break or tab after the name, other attributes first',
    merges: '<mergeCells><mergeCell\nxr:uid="{1}" ref="A10:B10"/><mergeCell\tref="A12:A13"/></mergeCells>',
    refs: ['A10:B10', 'A12:A13'],
  },
  {
    name: 'the same range twice counts once',
    merges: '<mergeCells><mergeCell ref="A1:B1"/><mergeCell ref="A1:B1"/></mergeCells>',
    refs: ['A1:B1'],
  },
  { name: 'no ranges', merges: '', refs: [] },
];

function mergesOf(xml: Buffer, at: number[]): string[] {
  const m = new MergeCells();
  let from = 0;
  for (const to of [...at, xml.length]) {
    m.add(xml.subarray(from, to));
    from = to;
  }
  return m.sorted().map((r) => r.ref);
}

describe('merged ranges', () => {
  it.each(cases)('$name', ({ merges, refs }) => {
    const xml = Buffer.from(`<worksheet>${rows}${merges}</worksheet>`);
    expect(mergesOf(xml, [])).toEqual(refs);
  });

  it.each(cases)('$name, the XML split in two at every byte', ({ merges, refs }) => {
    const xml = Buffer.from(`<worksheet>${rows}${merges}</worksheet>`);
    const wrong: number[] = [];
    for (let k = 1; k < xml.length; k++)
      if (JSON.stringify(mergesOf(xml, [k])) !== JSON.stringify(refs)) wrong.push(k);
    expect(wrong).toEqual([]);
  });

  it.each([1, 2, 3, 7, 100, 255, 256, 257])('every case in chunks of %i bytes', (size) => {
    for (const { merges, refs } of cases) {
      const xml = Buffer.from(`<worksheet>${rows}${merges}</worksheet>`);
      const at = Array.from({ length: Math.ceil(xml.length / size) - 1 }, (_, i) => (i + 1) * size);
      expect(mergesOf(xml, at)).toEqual(refs);
    }
  });
});
