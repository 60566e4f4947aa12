// The memory of what was sent (src/send/memory.ts): one file per service, company and
// resource, shared by every run of this user. Two Memory objects on one file stand for two
// runs (this process is alive, so a claim of the other waits as a live run's would).
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryPath, openMemory, stateFolder, type MemoryScope } from '../../src/send/memory.js';
import { valuesHash } from '../../src/send/journal.js';
import { tempDir } from '../e2e/cli.js';

const scope = (folder: string): [MemoryScope, string] => [
  { service: 'https://api.example.com/', company: 7, resource: 'asset' },
  folder,
];
const row = (o: {
  key?: string;
  fp: string;
  id: number;
  fields?: Record<string, unknown>;
  status?: 'created' | 'updated';
}) => ({
  status: o.status ?? ('created' as const),
  fields: o.fields ?? {},
  file: '/data/assets.csv',
  report: '/data/assets.csv.report.csv',
  ...o,
});

describe('where the memory lives', () => {
  it.each([
    ['XDG_STATE_HOME set', { XDG_STATE_HOME: '/s', HOME: '/h' }, '/s/assetbatch'],
    ['XDG_STATE_HOME empty: ~/.local/state', { XDG_STATE_HOME: '' }, /\/\.local\/state\/assetbatch$/],
  ] as const)('%s', (_name, env, want) => {
    const got = stateFolder(env as NodeJS.ProcessEnv);
    if (typeof want === 'string') expect(got).toBe(want);
    else expect(got).toMatch(want);
  });

  it('one file per service, company and resource, named for people', () => {
    const a = memoryPath({ service: 'https://api.example.com', company: 7, resource: 'asset' }, '/m');
    expect(a).toMatch(/^\/m\/api\.example\.com-[0-9a-f]{8}\.company-7\.asset\.ndjson$/);
    // A trailing slash is the same service; another company, resource or port is not.
    expect(memoryPath({ service: 'https://api.example.com/', company: 7, resource: 'asset' }, '/m')).toBe(a);
    for (const other of [
      { service: 'https://api.example.com', company: 8, resource: 'asset' },
      { service: 'https://api.example.com', company: 7, resource: 'contract' },
      { service: 'https://api.example.com:8443', company: 7, resource: 'asset' },
    ])
      expect(memoryPath(other, '/m')).not.toBe(a);
  });
});

describe('lookups', () => {
  it('by key and by fingerprint, newest first, seen by a run opened later', () => {
    const dir = tempDir('ab-mem-');
    const first = openMemory(...scope(dir));
    first.record(row({ key: 'serial_number=SN-1', fp: 'f1', id: 10 }));
    first.record(row({ fp: 'f2', id: 11 }));
    first.record(row({ key: 'serial_number=SN-1', fp: 'f3', id: 10, status: 'updated' }));
    const later = openMemory(...scope(dir));
    expect(later.lookupByKey('serial_number=SN-1').map((r) => [r.id, r.status, r.fp])).toEqual([
      [10, 'updated', 'f3'],
      [10, 'created', 'f1'],
    ]);
    expect(later.lookupByFingerprint('f2').map((r) => r.id)).toEqual([11]);
    expect(later.lookupByKey('serial_number=SN-2')).toEqual([]);
    const r = later.lookupByFingerprint('f2')[0];
    expect([r.file, r.report, r.run === first.run, Number.isNaN(Date.parse(r.at))]).toEqual([
      '/data/assets.csv',
      '/data/assets.csv.report.csv',
      true,
      false,
    ]);
  });

  it('lastSent: the latest value of each field sent to a record, over its writes', () => {
    const dir = tempDir('ab-mem-');
    const m = openMemory(...scope(dir));
    m.record(
      row({
        key: 'serial_number=A',
        fp: 'f1',
        id: 5,
        fields: { name: 'Desk', serial_number: 'A', notes: 'old' },
      }),
    );
    m.record(row({ key: 'serial_number=A', fp: 'f2', id: 5, status: 'updated', fields: { notes: 'new' } }));
    m.record(row({ fp: 'f9', id: 6, fields: { name: 'Other' } }));
    expect(openMemory(...scope(dir)).lastSent(5)?.fields).toEqual({
      name: 'Desk',
      serial_number: 'A',
      notes: 'new',
    });
    expect(m.lastSent(99)).toBeUndefined();
  });

  it('lastKnown: what was sent and what a sync found, in the order learnt; a gone record forgets both', () => {
    const dir = tempDir('ab-mem-');
    const m = openMemory(...scope(dir));
    m.record(row({ key: 'serial_number=A', fp: 'f1', id: 5, fields: { name: 'Desk', notes: 'old' } }));
    m.agree(5, { notes: 'found', floor: '2' });
    m.record(row({ key: 'serial_number=A', fp: 'f2', id: 5, status: 'updated', fields: { floor: '3' } }));
    m.agree(5, {});
    const later = openMemory(...scope(dir));
    expect(later.lastKnown(5)).toEqual({ name: 'Desk', notes: 'found', floor: '3' });
    // What was sent stays what was sent: a found field is no write.
    expect(later.lastSent(5)?.fields).toEqual({ name: 'Desk', notes: 'old', floor: '3' });
    expect(
      readFileSync(later.path, 'utf8')
        .split('\n')
        .filter((l) => l.includes('"agreed"')),
    ).toHaveLength(1);
    // A record found only, never written: known all the same, and no row's.
    later.agree(8, { name: 'Found' });
    expect([later.lastKnown(8), later.lastSent(8), later.lookupByFingerprint('f1').length]).toEqual([
      { name: 'Found' },
      undefined,
      1,
    ]);
    later.forget([5, 8], true);
    expect([openMemory(...scope(dir)).lastKnown(5), openMemory(...scope(dir)).lastKnown(8)]).toEqual([
      undefined,
      undefined,
    ]);
  });

  it('a torn last line (a run killed mid-append) is ignored, the lines around it are kept', () => {
    const dir = tempDir('ab-mem-');
    const m = openMemory(...scope(dir));
    m.record(row({ fp: 'f1', id: 1 }));
    appendFileSync(m.path, '{"t":"sent","fp":"f2","id":2,"fi');
    const again = openMemory(...scope(dir));
    expect([again.lookupByFingerprint('f1').length, again.lookupByFingerprint('f2').length]).toEqual([1, 0]);
  });
});

describe('takeCreated: each record another run created goes to one row', () => {
  it.each([
    [
      'a keyed row is its key, whatever it sends',
      [{ key: 'k=1', fp: 'a', id: 1 }],
      [['k=1', 'other body']],
      [1],
    ],
    [
      'a keyless row is what it sends',
      [{ fp: 'a', id: 1 }],
      [
        [undefined, 'a'],
        [undefined, 'b'],
      ],
      [1, undefined],
    ],
    [
      'two identical keyless rows: two records, one each in order; a third is new',
      [
        { fp: 'a', id: 1 },
        { fp: 'a', id: 2 },
      ],
      [
        [undefined, 'a'],
        [undefined, 'a'],
        [undefined, 'a'],
      ],
      [1, 2, undefined],
    ],
    [
      'a keyed record is not a keyless row, even with the same body',
      [{ key: 'k=1', fp: 'a', id: 1 }],
      [[undefined, 'a']],
      [undefined],
    ],
    [
      'an update is no creation',
      [{ key: 'k=1', fp: 'a', id: 1, status: 'updated' as const }],
      [['k=1', 'a']],
      [undefined],
    ],
  ] as const)('%s', (_name, written, rows, want) => {
    const dir = tempDir('ab-mem-');
    const earlier = openMemory(...scope(dir));
    for (const w of written) earlier.record(row(w));
    const now = openMemory(...scope(dir));
    expect(rows.map(([key, fp]) => now.takeCreated(key, fp)?.id)).toEqual(want);
  });

  it.each([
    ['the same values, keys in another order', { b: 2, a: { y: 1, x: 0 } }, 1],
    ['custom values in another order', { template: { id: 3, fields: [{ id: 9 }, { id: 8 }] } }, 2],
    ['another value', { a: { x: 0, y: 2 }, b: 2 }, undefined],
  ])('a keyless row whose columns were moved: %s', (_name, body, want) => {
    const dir = tempDir('ab-mem-');
    const earlier = openMemory(...scope(dir));
    earlier.record(row({ fp: 'f1', id: 1, fields: { a: { x: 0, y: 1 }, b: 2 } }));
    earlier.record(row({ fp: 'f2', id: 2, fields: { template: { fields: [{ id: 8 }, { id: 9 }], id: 3 } } }));
    expect(openMemory(...scope(dir)).takeCreated(undefined, 'moved', valuesHash(body))?.id).toBe(want);
  });

  it("a run's own records are never taken for its other rows", () => {
    const m = openMemory(...scope(tempDir('ab-mem-')));
    m.record(row({ fp: 'a', id: 1 }));
    expect(m.takeCreated(undefined, 'a')).toBeUndefined();
  });
});

describe("a create's lacked names, as a copy known by its cells says them again", () => {
  const lack = { column: 'Hardware model', field: 'asset_hardware_model.id', message: 'left empty' };
  it.each([
    { name: 'kept as written', lacks: [lack], want: [lack] },
    { name: 'none: the line has no lacks', lacks: undefined, want: undefined },
    { name: 'a word without its message is dropped', lacks: [lack, { column: 'X' }], want: [lack] },
    { name: 'lacks that are no list are dropped, the line kept', lacks: 'left empty', want: undefined },
  ])('$name', ({ lacks, want }) => {
    const dir = tempDir('ab-mem-');
    const m = openMemory(...scope(dir));
    appendFileSync(
      m.path,
      JSON.stringify({ t: 'sent', ...row({ fp: 'f1', id: 1 }), cells: 'c1', lacks, at: 'x', run: 'r' }) +
        '\n',
    );
    const known = openMemory(...scope(dir)).takeByCells([[2, 'c1']]);
    expect([known.get(2)?.id, known.get(2)?.lacks]).toEqual([1, want]);
  });
});

describe('takeByCells: rows known by their cells, each record to one row', () => {
  type Line = Parameters<typeof row>[0] & { cells?: string };
  const made = (o: Line) => ({ ...row(o), cells: o.cells });
  it.each<{ name: string; lines: Line[]; rows: [number, string][]; want: [number, number][] }>([
    {
      name: 'two rows of the same cells take a record each (two identical chairs); a third, none',
      lines: [
        { fp: 'f', id: 1, cells: 'c1' },
        { fp: 'f', id: 2, cells: 'c1' },
      ],
      rows: [
        [2, 'c1'],
        [3, 'c1'],
        [4, 'c1'],
      ],
      want: [
        [2, 1],
        [3, 2],
      ],
    },
    {
      name: 'a line written before cells were kept is not known by cells',
      lines: [{ key: 'serial_number=SN-1', fp: 'f', id: 1 }],
      rows: [[2, 'c1']],
      want: [],
    },
    {
      name: "a keyed record made again since (the first deleted) is the key's: the old cells find none",
      lines: [
        { key: 'serial_number=SN-1', fp: 'f', id: 1, cells: 'c1' },
        { key: 'serial_number=SN-1', fp: 'f', id: 5, cells: 'c2' },
      ],
      rows: [
        [2, 'c1'],
        [3, 'c2'],
      ],
      want: [[3, 5]],
    },
    {
      name: 'an update is no create: its cells find nothing',
      lines: [{ key: 'serial_number=SN-1', fp: 'f', id: 1, cells: 'c1', status: 'updated' }],
      rows: [[2, 'c1']],
      want: [],
    },
  ])('$name', ({ lines, rows, want }) => {
    const dir = tempDir('ab-mem-');
    const earlier = openMemory(...scope(dir));
    for (const l of lines) earlier.record(made(l));
    const run = openMemory(...scope(dir));
    const got = run.takeByCells(rows);
    expect([...got].map(([r, sent]) => [r, sent.id])).toEqual(want);
    // Taken: no row of this run is given them by its key or body.
    for (const [, id] of want) expect(run.takeCreated(undefined, 'f')?.id).not.toBe(id);
  });

  it("a run's own records are not given to its rows by their cells", () => {
    const dir = tempDir('ab-mem-');
    const run = openMemory(...scope(dir));
    run.record(made({ fp: 'f', id: 1, cells: 'c1' }));
    expect(run.takeByCells([[2, 'c1']]).size).toBe(0);
  });

  it('the lines other runs appended since this one opened are read first', () => {
    const dir = tempDir('ab-mem-');
    const dry = openMemory(...scope(dir));
    openMemory(...scope(dir)).record(made({ fp: 'f', id: 3, cells: 'c1' }));
    expect([...dry.takeByCells([[2, 'c1']])].map(([r, s]) => [r, s.id])).toEqual([[2, 3]]);
  });
});

describe('claims: two runs never both write one row', () => {
  const claimRow = { key: 'serial_number=S', fp: 'f', file: '/x.csv', report: '/x.report.csv' };

  it('the second run waits for the first, then finds its record', async () => {
    const dir = tempDir('ab-mem-');
    const a = openMemory(...scope(dir));
    const b = openMemory(...scope(dir));
    const mine = await a.claim(claimRow);
    expect(mine.kind).toBe('mine');
    let settled = false;
    const waiting = b
      .claim({ ...claimRow, file: '/copy.csv', report: '/copy.report.csv' })
      .finally(() => (settled = true));
    await new Promise((r) => setTimeout(r, 300));
    expect(settled).toBe(false);
    a.record(row({ key: claimRow.key, fp: 'f', id: 42 }), mine.kind === 'mine' ? mine.claim : undefined);
    const got = await waiting;
    expect(got.kind === 'created' ? got.row.id : got.kind).toBe(42);
  });

  const copyRow = { ...claimRow, file: '/copy.csv', report: '/copy.report.csv' };

  it('a claim released without a record (refused, not sent) lets the other run write the row', async () => {
    const dir = tempDir('ab-mem-');
    const a = openMemory(...scope(dir));
    const b = openMemory(...scope(dir));
    const mine = await a.claim(claimRow);
    const waiting = b.claim(copyRow);
    if (mine.kind === 'mine') a.release(mine.claim);
    expect((await waiting).kind).toBe('mine');
  });

  it('a wait ends when the run is stopped', async () => {
    const dir = tempDir('ab-mem-');
    const a = openMemory(...scope(dir));
    await a.claim(claimRow);
    const stop = new Error('interrupted');
    await expect(openMemory(...scope(dir)).claim(copyRow, () => stop)).rejects.toBe(stop);
  });

  it('a claim of the same report is an earlier run of this import (its journal decides): not waited for', async () => {
    const dir = tempDir('ab-mem-');
    await openMemory(...scope(dir)).claim(claimRow);
    expect((await openMemory(...scope(dir)).claim(claimRow)).kind).toBe('mine');
  });

  it('a run that ends with a claim open (a write cut in flight) leaves the row unsure for others, at once', async () => {
    const dir = tempDir('ab-mem-');
    const a = openMemory(...scope(dir));
    await a.claim(claimRow);
    a.close();
    expect((await openMemory(...scope(dir)).claim(copyRow)).kind).toBe('unsure');
  });

  it("a dead run's claim with no outcome makes the row unsure, until that run takes it up again", async () => {
    const dir = tempDir('ab-mem-');
    const path = openMemory(...scope(dir)).path;
    const dead = {
      t: 'claim',
      claim: 'r0.0',
      run: 'r0',
      key: claimRow.key,
      fp: 'f',
      file: '/old.csv',
      report: '/old.report.csv',
      pid: 2 ** 22 + 12345,
      host: 'elsewhere',
      at: '2026-01-02T03:04:05.000Z',
    };
    writeFileSync(path, JSON.stringify(dead) + '\n');
    const got = await openMemory(...scope(dir)).claim(claimRow);
    expect(got).toEqual({
      kind: 'unsure',
      file: '/old.csv',
      report: '/old.report.csv',
      at: dead.at,
      pid: dead.pid,
    });
    // The dead run resumed (same report, same body) and recorded what it found.
    const resumed = openMemory(...scope(dir));
    resumed.record({
      key: claimRow.key,
      fp: 'f',
      id: 8,
      status: 'created',
      fields: {},
      file: '/old.csv',
      report: '/old.report.csv',
    });
    const after = await openMemory(...scope(dir)).claim(claimRow);
    expect(after.kind === 'created' ? after.row.id : after.kind).toBe(8);
    expect(readFileSync(path, 'utf8').split('\n').filter(Boolean)).toHaveLength(2);
  });
});

describe('a memory folder that cannot be written', () => {
  it('is E_STATE_UNWRITABLE naming the folder and the way out', () => {
    const dir = tempDir('ab-mem-');
    const blocker = join(dir, 'a-file');
    writeFileSync(blocker, '');
    let err: unknown;
    try {
      openMemory({ service: 'https://x', company: 1, resource: 'asset' }, join(blocker, 'memory'));
    } catch (e) {
      err = e;
    }
    expect(err).toMatchObject({ code: 'E_STATE_UNWRITABLE' });
    expect(String((err as Error).message)).toContain(join(blocker, 'memory'));
    expect((err as { hint?: string }).hint).toMatch(/XDG_STATE_HOME/);
  });
});

describe('attachCells: a create written before cells were kept, known by a row’s cells since', () => {
  type Attach = { id: number; fp: string; cells: string };
  it.each<{ name: string; attach: Attach[]; rows: [number, string][]; want: [number, number][] }>([
    {
      name: 'the cells a row matched by its key had find its record',
      attach: [{ id: 1, fp: 'f1', cells: 'c1' }],
      rows: [[2, 'c1']],
      want: [[2, 1]],
    },
    {
      name: 'two runs at once, the same record, rows of other cells: each finds it, one row of a run takes it',
      attach: [
        { id: 1, fp: 'f1', cells: 'c1' },
        { id: 1, fp: 'f1', cells: 'c9' },
      ],
      rows: [
        [2, 'c1'],
        [3, 'c9'],
      ],
      want: [[2, 1]],
    },
    {
      name: 'a line naming no create (another body, another id) finds nothing',
      attach: [
        { id: 1, fp: 'other', cells: 'c1' },
        { id: 99, fp: 'f1', cells: 'c2' },
      ],
      rows: [
        [2, 'c1'],
        [3, 'c2'],
      ],
      want: [],
    },
  ])('$name', ({ attach, rows, want }) => {
    const dir = tempDir('ab-mem-');
    const earlier = openMemory(...scope(dir));
    earlier.record(row({ key: 'serial_number=SN-1', fp: 'f1', id: 1 }));
    earlier.record(row({ key: 'serial_number=SN-2', fp: 'f2', id: 2 }));
    // Two runs (b and c) attach; the lines go to the file as each writes them.
    const [b, c] = [openMemory(...scope(dir)), openMemory(...scope(dir))];
    attach.forEach((a, i) => {
      const made = { ...row({ key: `serial_number=SN-${a.id}`, fp: a.fp, id: a.id }), at: '', run: '' };
      (i % 2 ? c : b).attachCells(made, a.cells);
    });
    const run = openMemory(...scope(dir));
    expect([...run.takeByCells(rows)].map(([r, s]) => [r, s.id])).toEqual(want);
    // No create: the records by key are the two made, and a run opened later reads the same.
    expect(run.lookupByKey('serial_number=SN-1').map((s) => s.id)).toEqual([1]);
  });

  it('cells the create is known by already write no line', () => {
    const dir = tempDir('ab-mem-');
    const earlier = openMemory(...scope(dir));
    earlier.record({ ...row({ fp: 'f1', id: 1 }), cells: 'c1' });
    const run = openMemory(...scope(dir));
    const made = run.lookupByFingerprint('f1')[0];
    run.attachCells(made, 'c1');
    run.attachCells(made, 'c2');
    run.attachCells(made, 'c2');
    const kinds = readFileSync(run.path, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => (JSON.parse(l) as { t: string }).t);
    expect(kinds).toEqual(['sent', 'cells']);
  });
});

describe('records the service no longer has (forget)', () => {
  // Two runs' creates, then record 10 found gone; `after`: a line written after that (a service
  // started afresh gives id 10 out again). What a run opened later finds for each row.
  it.each([
    {
      name: 'a gone record is no row’s: not by its key, body, values or cells',
      after: [],
      key: undefined,
      byFp: undefined,
      created: [11],
    },
    {
      name: 'a record made again under the same id after it is the new one’s',
      after: [row({ key: 'serial_number=SN-1', fp: 'f1', id: 10, fields: { name: 'Laptop 1' } })],
      key: 10,
      byFp: 10,
      created: [10, 11],
    },
  ])('$name', ({ after, key, byFp, created }) => {
    const dir = tempDir('ab-mem-');
    const first = openMemory(...scope(dir));
    first.record({
      ...row({ key: 'serial_number=SN-1', fp: 'f1', id: 10, fields: { name: 'Laptop 1' } }),
      cells: 'c1',
    });
    first.record({ ...row({ fp: 'f2', id: 11, fields: { name: 'Chair' } }), cells: 'c2' });
    const checker = openMemory(...scope(dir));
    checker.forget([10], true);
    for (const r of after) checker.record(r);
    const later = openMemory(...scope(dir));
    expect(later.lookupByKey('serial_number=SN-1')[0]?.id).toBe(key);
    expect(later.lookupByFingerprint('f1')[0]?.id).toBe(byFp);
    expect(later.created().map((r) => r.id)).toEqual(created);
    // The gone create is known by its cells no more; the other still is.
    expect(
      [
        ...later
          .takeByCells([
            [1, 'c1'],
            [2, 'c2'],
          ])
          .entries(),
      ].map(([n, r]) => [n, r.id]),
    ).toEqual([[2, 11]]);
  });

  it('a dry run forgets for itself alone: nothing written', () => {
    const dir = tempDir('ab-mem-');
    const first = openMemory(...scope(dir));
    first.record(row({ key: 'serial_number=SN-1', fp: 'f1', id: 10 }));
    const before = readFileSync(first.path, 'utf8');
    const dry = openMemory(...scope(dir));
    dry.forget([10], false);
    expect(dry.lookupByKey('serial_number=SN-1')).toEqual([]);
    expect(readFileSync(first.path, 'utf8')).toBe(before);
    expect(openMemory(...scope(dir)).lookupByKey('serial_number=SN-1')[0]?.id).toBe(10);
  });
});
