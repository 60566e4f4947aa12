// What `assetbatch status` reads beside the journal: a run's progress as its own progress
// line shows it (rows done, the ETA by the rate limiter's rule, so a second terminal sees
// the same ETA), and, when the run ends, its outcome counts, the report's. The journal says
// what was sent; only the run knows what it decided (skipped, invalid, not sent). The file
// is replaced whole (a rename), at most every few seconds; it is a courtesy to the reader,
// so a run never fails for it.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { RowStatus } from '../report/report.js';

export interface RunFileState {
  readonly v: 1;
  readonly mode: string;
  readonly pid: number;
  readonly started: string;
  /** When these figures were taken. */
  readonly at: string;
  readonly done: number;
  readonly total?: number;
  /** The progress line's ETA when taken (limiter.estimateMs of the requests left). */
  readonly etaMs?: number;
  /** Set when the run ended: its counts, as in the report, and why it stopped, if it did. */
  readonly ended?: { readonly counts: Readonly<Record<RowStatus, number>>; readonly stopped?: string };
  /** The input and the resource, for a run stopped before its journal was begun (`status` has only this file then). */
  readonly about?: { readonly file: string; readonly resource: string };
}

/** Beside the journal: `<report>.journal.ndjson` → `<report>.run.json`. */
export function runFilePath(journal: string): string {
  return journal.replace(/\.journal\.ndjson$/i, '') + '.run.json';
}

/**
 * The run file of the journal's latest run, which started at `started`: each run replaces the
 * file as it starts, and one written before that run's header (a run that died early) is an
 * older run's, so none.
 */
export function latestRunFile(journal: string, started: string | undefined): RunFileState | undefined {
  const run = readRunFile(runFilePath(journal));
  return run && started !== undefined && run.at >= started ? run : undefined;
}

export function readRunFile(path: string): RunFileState | undefined {
  try {
    const v = JSON.parse(readFileSync(path, 'utf8')) as RunFileState;
    return v && v.v === 1 && typeof v.done === 'number' ? v : undefined;
  } catch {
    return undefined;
  }
}

/** How often the progress is written while the run goes. */
const EVERY_MS = 2000;

export class RunFile {
  private last = 0;
  private readonly started = new Date().toISOString();

  constructor(
    readonly path: string,
    private readonly mode: string,
    private readonly about?: RunFileState['about'],
  ) {}

  /** The progress line's figures, from the first row on; written at most every EVERY_MS (`etaMs` is asked only then). */
  progress(done: number, total: number | undefined, etaMs: () => number | undefined): void {
    const now = Date.now();
    if (now - this.last < EVERY_MS) return;
    this.last = now;
    this.write({ done, total, etaMs: etaMs() });
  }

  /** The run's end: the report's counts, and the stop's reason. */
  end(counts: Readonly<Record<RowStatus, number>>, stopped: string | undefined): void {
    const done = Object.values(counts).reduce((a, b) => a + b, 0);
    this.write({ done, total: done, ended: { counts, stopped } });
  }

  private write(figures: Pick<RunFileState, 'done' | 'total' | 'etaMs' | 'ended'>): void {
    const state: RunFileState = {
      v: 1,
      mode: this.mode,
      pid: process.pid,
      started: this.started,
      at: new Date().toISOString(),
      about: this.about,
      ...figures,
    };
    const part = `${this.path}.${process.pid}.part`;
    try {
      writeFileSync(part, JSON.stringify(state) + '\n');
      renameSync(part, this.path);
    } catch {
      // A folder that takes the journal takes this too; if not, `status` falls back on the journal.
    }
  }
}
