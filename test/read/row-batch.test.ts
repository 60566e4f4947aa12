import { describe, expect, it } from 'vitest';
import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads';
import { packRows, unpackRows } from '../../src/read/worker/row-batch.js';
import type { RawRow } from '../../src/read/header.js';

const note = { code: 'W_ROW_SHORT', cell: 2, message: 'short', repaired: false };

/** What a batch of rows is, sent through a real port as the reading thread sends it. */
function overPort(rows: RawRow[]): RawRow[] {
  const { port1, port2 } = new MessageChannel();
  port2.postMessage(packRows(rows));
  const got = receiveMessageOnPort(port1)!.message;
  port1.close();
  return unpackRows(got);
}

describe('a batch of rows packed flat for the trip between threads', () => {
  const cases: { name: string; rows: RawRow[] }[] = [
    { name: 'no rows', rows: [] },
    {
      name: 'CSV rows with their record text',
      rows: [
        { row: 2, cells: ['a', 'b'], text: 'a,b' },
        { row: 3, cells: ['c', ''], text: 'c,' },
      ],
    },
    {
      name: 'rows of different widths, and an empty one',
      rows: [
        { row: 5, cells: ['a'] },
        { row: 6, cells: [] },
        { row: 7, cells: ['x', 'y', 'z'] },
      ],
    },
    {
      name: 'XLSX values: numbers, booleans, null, dates',
      rows: [{ row: 10, cells: [1.5, true, null, new Date(Date.UTC(2024, 0, 31))] }],
    },
    {
      name: 'a record that starts on a line of its own, and one without text among texted rows',
      rows: [
        { row: 4, line: 5, cells: ['a\nb'], text: '"a\nb"' },
        { row: 6, cells: ['=1'] },
      ],
    },
    {
      name: 'notes on one row only',
      rows: [
        { row: 2, cells: ['a'] },
        { row: 3, cells: ['b'], notes: [note] },
      ],
    },
  ];
  it.each(cases)('$name: each row comes back as it was', ({ rows }) => {
    expect(overPort(rows)).toEqual(rows);
  });

  it('gives a row no text, line or notes it did not have', () => {
    const [row] = overPort([{ row: 2, cells: ['a'] }]);
    expect([row.text, row.line, row.notes]).toEqual([undefined, undefined, undefined]);
  });
});
