// The journal: intents and outcomes written line by line under a row's slot, read back into
// the attempts a resumed run matches its rows to; a torn last line is skipped, and any
// other damage stops the run (E_JOURNAL_DAMAGED) rather than let it send rows twice.
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Journal, lastRunOf, loadJournal, payloadHash, type Attempt } from '../../src/send/journal.js';
import { AssetbatchError } from '../../src/errors.js';

const dir = mkdtempSync(join(tmpdir(), 'assetbatch-journal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let seq = 0;
const HEADER = {
  file: 'assets.xlsx',
  resource: 'asset',
  company: 1,
  baseUrl: 'http://127.0.0.1:1',
  mode: 'create',
};
const HEADER_LINE = JSON.stringify({ t: 'run', v: 2, started: 'x', ...HEADER });

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

const brief = (a: Attempt) => ({
  row: a.row,
  fp: a.fp,
  state: a.state,
  ...(a.done ? { id: a.done.id } : {}),
  ...(a.key ? { key: a.key } : {}),
  ...(a.mark !== undefined ? { mark: a.mark } : {}),
  ...(a.unsure ? { unsure: true } : {}),
  ...(a.cells ? { cells: a.cells } : {}),
});

describe('loadJournal', () => {
  const cases: [string, (j: Journal) => void, string, ReturnType<typeof brief>[]][] = [
    [
      'an intent and its outcome',
      (j) => (j.intent('1.2', 2, 'h2', { key: 'SN-1', mark: 40 }), j.done('1.2', 2, 'h2', 'created', 41)),
      '',
      [{ row: 2, fp: 'h2', state: 'done', id: 41, key: 'SN-1', mark: 40 }],
    ],
    [
      "a create's intent keeps the row's cells, which its outcome keeps",
      (j) => (j.intent('1.2', 2, 'h2', { cells: 'c2' }), j.done('1.2', 2, 'h2', 'created', 41)),
      '',
      [{ row: 2, fp: 'h2', state: 'done', id: 41, cells: 'c2' }],
    ],
    [
      'a later intent of the slot without cells (an update) forgets them',
      (j) => (j.intent('1.2', 2, 'h2', { cells: 'c2' }), j.intent('1.2', 2, 'h3')),
      '',
      [{ row: 2, fp: 'h3', state: 'sent' }],
    ],
    [
      'an intent without an outcome was sent, outcome unknown',
      (j) => j.intent('1.3', 3, 'h3', { mark: 7 }),
      '',
      [{ row: 3, fp: 'h3', state: 'sent', mark: 7 }],
    ],
    [
      'a refusal ends the attempt',
      (j) => (j.intent('1.4', 4, 'h4'), j.failed('1.4', 4, 'h4', 'HTTP 400')),
      '',
      [{ row: 4, fp: 'h4', state: 'failed' }],
    ],
    [
      'an unsure failure stays unsure',
      (j) => (j.intent('1.4', 4, 'h4'), j.failed('1.4', 4, 'h4', 'no answer', true)),
      '',
      [{ row: 4, fp: 'h4', state: 'failed', unsure: true }],
    ],
    [
      'a torn last line is ignored',
      (j) => (j.intent('1.2', 2, 'h2'), j.done('1.2', 2, 'h2', 'created', 41)),
      '{"t":"done","slot":"1.5","row":5,"fp":"h5","sta',
      [{ row: 2, fp: 'h2', state: 'done', id: 41 }],
    ],
    [
      'a torn outcome leaves its row sent',
      (j) => j.intent('1.6', 6, 'h6'),
      '{"t":"done","slot":"1.6","ro',
      [{ row: 6, fp: 'h6', state: 'sent' }],
    ],
    [
      'a later run resuming a slot under another row number',
      (j) => (j.intent('1.2', 2, 'h2'), j.done('1.2', 9, 'h2', 'created', 41, true)),
      '',
      [{ row: 9, fp: 'h2', state: 'done', id: 41 }],
    ],
    [
      'identical rows keep one attempt each',
      (j) => (
        j.intent('1.2', 2, 'hx'),
        j.done('1.2', 2, 'hx', 'created', 5),
        j.intent('1.3', 3, 'hx'),
        j.done('1.3', 3, 'hx', 'created', 6)
      ),
      '',
      [
        { row: 2, fp: 'hx', state: 'done', id: 5 },
        { row: 3, fp: 'hx', state: 'done', id: 6 },
      ],
    ],
  ];
  it.each(cases)('%s', (_name, steps, raw, want) => {
    expect(loadJournal(journal(steps, raw)).attempts.map(brief)).toEqual(want);
  });

  it('reads a version 1 journal: rows by number, `hash` as the fingerprint', () => {
    const path = join(dir, 'v1.ndjson');
    writeFileSync(
      path,
      [
        JSON.stringify({ t: 'run', v: 1, started: 'x', ...HEADER }),
        '{"t":"intent","row":2,"hash":"h2","at":"x"}',
        '{"t":"done","row":2,"hash":"h2","status":"created","id":8,"at":"x"}',
        '{"t":"intent","row":3,"hash":"h3","at":"x"}',
        '',
      ].join('\n'),
    );
    expect(loadJournal(path).attempts.map(brief)).toEqual([
      { row: 2, fp: 'h2', state: 'done', id: 8 },
      { row: 3, fp: 'h3', state: 'sent' },
    ]);
  });

  const damaged: [string, string][] = [
    [
      'a line that is JSON but not an entry (null)',
      `${HEADER_LINE}\nnull\n{"t":"intent","slot":"1.2","row":2,"fp":"h","at":"x"}\n`,
    ],
    [
      'a line that is not JSON in the middle',
      `${HEADER_LINE}\n{"t":"intent","slot":"1.2","row":2,"fp":"h","at":"x"}\nxx garbage\n{"t":"intent","slot":"1.3","row":3,"fp":"h","at":"x"}\n`,
    ],
    [
      'a damaged header line',
      `{"t":"run","v":2,"fi\n{"t":"intent","slot":"1.2","row":2,"fp":"h","at":"x"}\n`,
    ],
    ['an entry of an unknown kind', `${HEADER_LINE}\n{"t":"maybe","row":2,"fp":"h"}\n`],
    [
      'a done line without an id',
      `${HEADER_LINE}\n{"t":"done","slot":"1.2","row":2,"fp":"h","status":"created"}\n`,
    ],
  ];
  it.each(damaged)('stops with E_JOURNAL_DAMAGED on %s', (_name, text) => {
    const path = join(dir, `d-${++seq}.ndjson`);
    writeFileSync(path, text);
    let err: unknown;
    try {
      loadJournal(path);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AssetbatchError);
    expect((err as AssetbatchError).code).toBe('E_JOURNAL_DAMAGED');
    expect((err as AssetbatchError).hint).toMatch(/--no-resume/);
  });

  it('counts runs and keeps the first header', () => {
    const path = journal((j) => j.intent('1.2', 2, 'h2'));
    const again = new Journal(path);
    again.open({ ...HEADER, mode: 'update' }, 1);
    again.close();
    const state = loadJournal(path);
    expect(state.runs).toBe(2);
    expect(state.header).toMatchObject({ t: 'run', v: 2, ...HEADER });
  });

  it('a run after a torn line keeps its header and lines; its new slots are its own', () => {
    const path = journal((j) => j.intent('1.6', 6, 'h6'), '{"t":"done","slot":"1.6","ro');
    const next = new Journal(path);
    next.open(HEADER, 1);
    next.done('1.6', 6, 'h6', 'created', 77, true);
    expect(next.newSlot(6)).toBe('2.6');
    next.close();
    const state = loadJournal(path);
    expect(state.runs).toBe(2);
    expect(state.attempts.map(brief)).toEqual([{ row: 6, fp: 'h6', state: 'done', id: 77 }]);
  });

  it('a journal that does not exist is empty', () => {
    expect(loadJournal(join(dir, 'none.ndjson'))).toEqual({ runs: 0, attempts: [] });
  });
});

describe('lastRunOf', () => {
  const second = JSON.stringify({ t: 'run', v: 2, started: 'y', ...HEADER, mode: 'update' });
  const row = JSON.stringify({ t: 'done', slot: '1.2', row: 2, fp: 'f', status: 'created', id: 7, at: '' });
  const lastRuns: [name: string, text: string | undefined, mode: string | undefined][] = [
    ['no journal', undefined, undefined],
    ['one run, its rows after it', `${HEADER_LINE}\n${row}\n`, 'create'],
    ['two runs: the last', `${HEADER_LINE}\n${row}\n${second}\n${row}\n`, 'update'],
    ['a last run line torn: none', `${HEADER_LINE}\n${row}\n{"t":"run","v":2,"fi`, undefined],
    ['rows without a run line: none', `${row}\n`, undefined],
  ];
  it.each(lastRuns)('%s', (_name, text, mode) => {
    const path = join(dir, `last-${++seq}.ndjson`);
    if (text !== undefined) writeFileSync(path, text);
    expect(lastRunOf(path)?.mode).toBe(mode);
  });
});

describe('Journal lines', () => {
  it('are one JSON object a line, recovered outcomes marked', () => {
    const path = journal(
      (j) => (
        j.intent('1.2', 2, 'h2', { key: 'SN-1', mark: 3 }),
        j.done('1.2', 2, 'h2', 'created', 41, true),
        j.failed('1.3', 3, 'h3', 'no')
      ),
    );
    const lines = readFileSync(path, 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.t)).toEqual(['run', 'intent', 'done', 'failed']);
    expect(lines[1]).toMatchObject({ slot: '1.2', row: 2, fp: 'h2', key: 'SN-1', mark: 3 });
    expect(lines[2]).toMatchObject({
      slot: '1.2',
      row: 2,
      fp: 'h2',
      status: 'created',
      id: 41,
      recovered: true,
    });
    expect(lines[3]).toMatchObject({ slot: '1.3', row: 3, fp: 'h3', message: 'no' });
  });

  it('are not written before open', () => {
    const path = join(dir, 'unopened.ndjson');
    new Journal(path).intent('1.2', 2, 'h2');
    expect(loadJournal(path).attempts).toEqual([]);
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

describe("an update's row left holding its values (Journal.tryUnchanged)", () => {
  it("is a slot of its own, by the row's cells: the row's write keeps its attempt, done", async () => {
    const path = journal((j) => {
      void j.intent('1.4', 4, 'body');
      j.done('1.4', 4, 'body', 'updated', 41);
      j.tryUnchanged(4, 'cells-4', 41, true);
      j.tryUnchanged(5, 'cells-5', 42, false);
    });
    const attempts = loadJournal(path).attempts.map((a) => ({
      slot: a.slot,
      fp: a.fp,
      state: a.state,
      done: a.done?.id,
      unchanged: a.unchanged,
      wrote: a.wrote,
    }));
    expect(attempts).toEqual([
      { slot: '1.4', fp: 'body', state: 'done', done: 41, unchanged: undefined, wrote: undefined },
      { slot: '1.4.same', fp: 'cells-4', state: 'failed', done: undefined, unchanged: 41, wrote: true },
      { slot: '1.5.same', fp: 'cells-5', state: 'failed', done: undefined, unchanged: 42, wrote: undefined },
    ]);
    // A "not sent" line, which an earlier version reads as a row to check again.
    expect(readFileSync(path, 'utf8')).toContain('"message":"not sent: the record already had these values"');
  });
});
