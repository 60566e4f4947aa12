// The journal: intents and outcomes written line by line, read back into the state a
// resumed run needs; a torn last line is skipped and a lone intent marks a row in flight.
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Journal, loadJournal, payloadHash } from '../../src/send/journal.js';

const dir = mkdtempSync(join(tmpdir(), 'assetbatch-journal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let seq = 0;
const HEADER = { file: 'assets.xlsx', resource: 'asset', company: 1, baseUrl: 'http://127.0.0.1:1', mode: 'create' };

/** Run `steps` on a fresh journal (one run), then append `raw` text as is. */
function journal(steps: (j: Journal) => void, raw = ''): string {
  const path = join(dir, `j-${++seq}.ndjson`);
  const j = new Journal(path);
  j.open(HEADER);
  steps(j);
  j.close();
  if (raw) appendFileSync(path, raw);
  return path;
}

describe('loadJournal', () => {
  const cases: [string, (j: Journal) => void, string, Record<number, { inFlight: boolean; done?: { status: string; id: number }; key?: string }>][] = [
    ['an intent and its outcome', (j) => (j.intent(2, 'h2', 'SN-1'), j.done(2, 'h2', 'created', 41)), '', { 2: { inFlight: false, done: { status: 'created', id: 41 }, key: 'SN-1' } }],
    ['an intent without an outcome is in flight', (j) => j.intent(3, 'h3', 'SN-2'), '', { 3: { inFlight: true, key: 'SN-2' } }],
    ['a failure ends the flight without an outcome', (j) => (j.intent(4, 'h4'), j.failed(4, 'h4', 'HTTP 400')), '', { 4: { inFlight: false } }],
    [
      'a torn last line is ignored',
      (j) => (j.intent(2, 'h2'), j.done(2, 'h2', 'created', 41)),
      '{"t":"done","row":5,"hash":"h5","sta',
      { 2: { inFlight: false, done: { status: 'created', id: 41 } } },
    ],
    ['a torn outcome leaves its row in flight', (j) => j.intent(6, 'h6'), '{"t":"done","row":6,"ha', { 6: { inFlight: true } }],
    [
      'sending the same payload again keeps the earlier outcome',
      (j) => (j.intent(2, 'h2'), j.done(2, 'h2', 'created', 41), j.intent(2, 'h2')),
      '',
      { 2: { inFlight: true, done: { status: 'created', id: 41 } } },
    ],
    [
      'a changed payload drops the earlier outcome',
      (j) => (j.intent(2, 'h2'), j.done(2, 'h2', 'created', 41), j.intent(2, 'h2b')),
      '',
      { 2: { inFlight: true } },
    ],
    [
      'an update after a create keeps the latest outcome',
      (j) => (j.intent(2, 'h2'), j.done(2, 'h2', 'created', 41), j.intent(2, 'h2u'), j.done(2, 'h2u', 'updated', 41)),
      '',
      { 2: { inFlight: false, done: { status: 'updated', id: 41 } } },
    ],
  ];
  it.each(cases)('%s', (_name, steps, raw, want) => {
    const state = loadJournal(journal(steps, raw));
    const got = Object.fromEntries([...state.rows].map(([row, s]) => [row, { inFlight: s.inFlight, ...(s.done ? { done: s.done } : {}), ...(s.key ? { key: s.key } : {}) }]));
    expect(got).toEqual(want);
  });

  it('counts runs and keeps the first header', () => {
    const path = journal((j) => j.intent(2, 'h2'));
    const again = new Journal(path);
    again.open({ ...HEADER, mode: 'update' });
    again.close();
    const state = loadJournal(path);
    expect(state.runs).toBe(2);
    expect(state.header).toMatchObject({ t: 'run', v: 1, ...HEADER });
  });

  it('a run after a torn line keeps its header and lines', () => {
    const path = journal((j) => j.intent(6, 'h6'), '{"t":"done","row":6,"ha');
    const next = new Journal(path);
    next.open(HEADER);
    next.done(6, 'h6', 'created', 77, true);
    next.close();
    const state = loadJournal(path);
    expect(state.runs).toBe(2);
    expect(state.rows.get(6)).toMatchObject({ inFlight: false, done: { status: 'created', id: 77 } });
  });

  it('a journal that does not exist is empty', () => {
    expect(loadJournal(join(dir, 'none.ndjson'))).toEqual({ rows: new Map(), runs: 0 });
  });
});

describe('Journal lines', () => {
  it('are one JSON object a line, recovered outcomes marked', () => {
    const path = journal((j) => (j.intent(2, 'h2', 'SN-1'), j.done(2, 'h2', 'created', 41, true), j.failed(3, 'h3', 'no')));
    const lines = readFileSync(path, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => l.t)).toEqual(['run', 'intent', 'done', 'failed']);
    expect(lines[2]).toMatchObject({ row: 2, hash: 'h2', status: 'created', id: 41, recovered: true });
    expect(lines[3]).toMatchObject({ row: 3, hash: 'h3', message: 'no' });
  });

  it('are not written before open', () => {
    const path = join(dir, 'unopened.ndjson');
    new Journal(path).intent(2, 'h2');
    expect(loadJournal(path).rows.size).toBe(0);
  });
});

describe('payloadHash', () => {
  const cases: [string, unknown, unknown, boolean][] = [
    ['same body, same hash', { name: 'A', cost: 1 }, { name: 'A', cost: 1 }, true],
    ['another value, another hash', { name: 'A' }, { name: 'B' }, false],
  ];
  it.each(cases)('%s', (_name, a, b, same) => {
    expect(payloadHash(a) === payloadHash(b)).toBe(same);
    expect(payloadHash(a)).toMatch(/^[0-9a-f]{16}$/);
  });
});
