// The journal: an append-only NDJSON file beside the report that makes a run resumable
// without duplicates. Before a write we record the intent (row, payload hash, natural
// key); after it, the outcome. Each line goes to the OS with one write call, so a
// `kill -9` loses at most the line being written; a torn last line is ignored on load.
import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, readSync, statSync, writeSync, fsyncSync } from 'node:fs';

export interface JournalHeader {
  readonly t: 'run';
  readonly v: 1;
  readonly file: string;
  readonly resource: string;
  readonly company: number;
  readonly baseUrl: string;
  readonly mode: string;
  readonly started: string;
}

export type JournalLine =
  | JournalHeader
  | { readonly t: 'intent'; readonly row: number; readonly hash: string; readonly key?: string; readonly at: string }
  | { readonly t: 'done'; readonly row: number; readonly hash: string; readonly status: 'created' | 'updated'; readonly id: number; readonly recovered?: boolean; readonly at: string }
  | { readonly t: 'failed'; readonly row: number; readonly hash: string; readonly message: string; readonly at: string };

export interface JournalState {
  /** Outcome or open intent per row, from earlier runs. */
  readonly rows: Map<number, { hash: string; key?: string; done?: { status: 'created' | 'updated'; id: number }; inFlight: boolean }>;
  readonly runs: number;
  readonly header?: JournalHeader;
}

export function payloadHash(body: unknown): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 16);
}

/** Read a journal; lines that do not parse (a torn last write) are skipped. */
export function loadJournal(path: string): JournalState {
  const rows: JournalState['rows'] = new Map();
  let runs = 0;
  let header: JournalHeader | undefined;
  if (!existsSync(path)) return { rows, runs };
  for (const text of readFileSync(path, 'utf8').split('\n')) {
    if (!text.trim()) continue;
    let line: JournalLine;
    try {
      line = JSON.parse(text) as JournalLine;
    } catch {
      continue;
    }
    if (line.t === 'run') {
      runs++;
      header ??= line;
    } else if (line.t === 'intent') {
      const prev = rows.get(line.row);
      // A new intent after an outcome means the row was sent again (changed payload or --update).
      rows.set(line.row, { hash: line.hash, key: line.key, inFlight: true, done: prev?.done && prev.hash === line.hash ? prev.done : undefined });
    } else if (line.t === 'done') {
      rows.set(line.row, { hash: line.hash, key: rows.get(line.row)?.key, inFlight: false, done: { status: line.status, id: line.id } });
    } else if (line.t === 'failed') {
      const prev = rows.get(line.row);
      rows.set(line.row, { hash: line.hash, key: prev?.key, inFlight: false, done: prev?.done });
    }
  }
  return { rows, runs, header };
}

function endsWithNewline(path: string): boolean {
  const size = statSync(path).size;
  if (size === 0) return true;
  const fd = openSync(path, 'r');
  try {
    const last = Buffer.alloc(1);
    readSync(fd, last, 0, 1, size - 1);
    return last[0] === 0x0a;
  } finally {
    closeSync(fd);
  }
}

export class Journal {
  private fd: number | undefined;
  readonly path: string;

  constructor(path: string) {
    this.path = path;
  }

  open(header: Omit<JournalHeader, 't' | 'v' | 'started'>): void {
    this.fd = openSync(this.path, 'a');
    // After a torn last line, end it first: else this run's header would be glued to it and lost.
    if (existsSync(this.path) && !endsWithNewline(this.path)) writeSync(this.fd, '\n');
    this.append({ t: 'run', v: 1, started: new Date().toISOString(), ...header });
  }

  private append(line: JournalLine): void {
    if (this.fd === undefined) return;
    writeSync(this.fd, JSON.stringify(line) + '\n');
  }

  intent(row: number, hash: string, key?: string): void {
    this.append({ t: 'intent', row, hash, key, at: new Date().toISOString() });
  }

  done(row: number, hash: string, status: 'created' | 'updated', id: number, recovered = false): void {
    this.append({ t: 'done', row, hash, status, id, recovered: recovered || undefined, at: new Date().toISOString() });
  }

  failed(row: number, hash: string, message: string): void {
    this.append({ t: 'failed', row, hash, message, at: new Date().toISOString() });
  }

  close(): void {
    if (this.fd === undefined) return;
    try {
      fsyncSync(this.fd);
    } catch {
      // fsync is a courtesy at the end; every line was already handed to the OS.
    }
    closeSync(this.fd);
    this.fd = undefined;
  }
}
