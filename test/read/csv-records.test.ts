// The record splitter on its own (src/read/csv/csv-records.ts): the same records wherever the
// text is cut into chunks, a runaway quote past the record bound repaired when the lines it
// holds are rows, and the failures it names (a quote never closed, a record too long).
import { describe, expect, it } from 'vitest';
import {
  RecordSplitter,
  type Dialect,
  type ParsedRecord,
  type SplitFailure,
} from '../../src/read/csv/csv-records.js';

const comma: Dialect = { delimiter: ',', padded: false, width: 3 };

function split(
  chunks: readonly string[],
  d: Dialect = comma,
  maxChars = 1024 * 1024,
): { records: ParsedRecord[]; failure?: SplitFailure } {
  const s = new RecordSplitter(d, maxChars);
  const records: ParsedRecord[] = [];
  for (const c of chunks) {
    const failure = s.push(c, false, records);
    if (failure) return { records, failure };
  }
  const failure = s.push('', true, records);
  return { records, failure };
}

const brief = (r: ParsedRecord) => ({
  row: r.row,
  line: r.line,
  cells: r.cells,
  raw: r.raw,
  repaired: r.repair !== undefined,
});

const SAMPLE = [
  'Name,Serial,Notes\r\n',
  'A,1,"quoted, with ""quotes"""\n',
  'B,2,"two\r\nlines"\r',
  'C,3,12" monitor\n',
  '\n',
  'D,4,"runs past\n',
  'E,5,x\n',
  'F,6,y"\n',
  'G,7,"never closed\n',
  'H,8,z',
].join('');

describe('RecordSplitter', () => {
  const whole = split([SAMPLE]);

  it('splits the sample as a spreadsheet would', () => {
    expect(whole.failure).toBeUndefined();
    expect(whole.records.map((r) => [r.row, r.line, r.cells, r.repair !== undefined])).toEqual([
      [1, 1, ['Name', 'Serial', 'Notes'], false],
      [2, 2, ['A', '1', 'quoted, with "quotes"'], false],
      [3, 3, ['B', '2', 'two\r\nlines'], false],
      [4, 5, ['C', '3', '12" monitor'], false],
      [5, 6, [''], false],
      // Valid CSV: the quote closes cleanly, so the lines are one cell, as Python's csv reads them.
      [6, 7, ['D', '4', 'runs past\nE,5,x\nF,6,y'], false],
      [7, 10, ['G', '7', '"never closed'], true],
      [8, 11, ['H', '8', 'z'], false],
    ]);
  });

  it.each(Array.from({ length: SAMPLE.length - 1 }, (_, i) => i + 1))(
    'the same records with the text cut at %i',
    (at) => {
      expect(split([SAMPLE.slice(0, at), SAMPLE.slice(at)]).records.map(brief)).toEqual(
        whole.records.map(brief),
      );
    },
  );

  it('the same records one character at a time', () => {
    expect(split([...SAMPLE]).records.map(brief)).toEqual(whole.records.map(brief));
  });

  it('a quote open past the record bound, over lines that are rows: the rows come, the first flagged, and reading goes on', () => {
    const rows = Array.from({ length: 200 }, (_, i) => `R${i},${i},note ${i}\n`).join('');
    const { records, failure } = split(
      ['Name,Serial,Notes\nX,0,"open\n', rows, 'Z,9,"closed"\n'],
      comma,
      1000,
    );
    expect(failure).toBeUndefined();
    expect(records.length).toBe(203);
    expect(records[1]).toMatchObject({ row: 2, cells: ['X', '0', '"open'], repair: { cell: 2 } });
    expect(records[2]).toMatchObject({ row: 3, cells: ['R0', '0', 'note 0'] });
    expect(records[202]).toMatchObject({ row: 203, cells: ['Z', '9', 'closed'] });
    expect(records.filter((r) => r.repair).length).toBe(1);
  });

  it.each<[string, readonly string[], number, SplitFailure]>([
    [
      'a quote never closed over prose',
      ['Name,Serial,Notes\nA,1,ok\nB,2,"open\nand prose\nmore\n'],
      1000,
      { kind: 'quote-not-closed', row: 3, line: 3 },
    ],
    [
      'a record longer than the bound',
      ['Name,Serial,Notes\nA,1,ok\n', 'x'.repeat(3000)],
      1000,
      { kind: 'too-long', row: 3, line: 3 },
    ],
    [
      'an open quote longer than the bound over prose',
      ['Name,Serial,Notes\nA,1,"', 'y\n'.repeat(2000)],
      1000,
      { kind: 'too-long', row: 2, line: 2 },
    ],
  ])('%s: the failure names the row and line it starts on', (_, chunks, max, want) => {
    const { records, failure } = split(chunks, comma, max);
    expect(failure).toEqual(want);
    expect(records.length).toBe(want.row - 1);
  });

  it('padded cells: the spaces after a delimiter and around a quoted cell are not read', () => {
    const { records } = split(['a, b, "c, d" , e\n'], { delimiter: ',', padded: true, width: 4 });
    expect(records[0].cells).toEqual(['a', 'b', 'c, d', 'e']);
  });
});
