// What earlier runs left: the journal beside the report, read before anything is sent. A
// journal of this same run is resumed; one of another run (another input, resource,
// service, company or mode) is set aside; a damaged one stops the run, unless the user
// starts over knowingly with --no-resume, and then we say how many records may exist twice.
import { existsSync, readFileSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import { resolve as resolvePath } from 'node:path';
import { AssetbatchError } from '../errors.js';
import { loadJournal, type JournalHeader, type JournalState } from '../send/journal.js';
import { plural } from '../util/plural.js';
import { readRunFile, runFilePath } from './run-file.js';

export interface RunIdentity {
  readonly file: string;
  readonly resource: string;
  readonly company: number;
  readonly baseUrl: string;
  readonly mode: string;
  readonly onExisting: string;
}

/** Whether a journal was written by this same run (so resuming from it is right). */
export function sameRun(h: JournalHeader | undefined, run: RunIdentity): boolean {
  return (
    !!h &&
    resolvePath(h.file) === resolvePath(run.file) &&
    h.resource === run.resource &&
    h.company === run.company &&
    h.baseUrl === run.baseUrl &&
    h.mode === run.mode
  );
}

/** Rows a journal says were written, counted even when it is too damaged to load. */
function writtenRows(path: string): number {
  try {
    return loadJournal(path).attempts.filter((a) => a.state === 'done').length;
  } catch {
    return (
      readFileSync(path, 'utf8')
        .split('\n')
        // A done line with cells says again what an earlier one said (Journal.knownByCells).
        .filter((l) => l.includes('"t":"done"') && !l.includes('"cells"')).length
    );
  }
}

async function setAside(path: string): Promise<string> {
  const aside = `${path}.${new Date().toISOString().replace(/[:.]/g, '-')}.old`;
  await rename(path, aside);
  return aside;
}

/** The journal to resume from, if any, and what the plan should say about it. */
/** `readOnly`: a dry run's look, which moves no journal aside (and says the run will). */
export async function priorState(
  path: string,
  resume: boolean,
  run: RunIdentity,
  readOnly = false,
): Promise<{ state?: JournalState; warnings: string[] }> {
  if (!existsSync(path)) return { warnings: [] };
  if (!resume) {
    const written = writtenRows(path);
    const aside = await setAside(path);
    return {
      warnings: [
        `--no-resume: the journal was moved to ${aside}${written ? `; it records ${plural(written, 'row')} written by earlier runs, which are sent again and may now exist twice (unless the existing-record check finds them)` : ''}`,
      ],
    };
  }
  // Throws E_JOURNAL_DAMAGED: a journal we cannot read is never a reason to send rows again.
  const state = loadJournal(path);
  if (!state.header) return { warnings: [] };
  if (sameRun(state.header, run)) return { state, warnings: otherOnExisting(path, state, run) };
  const h = state.header;
  if (readOnly)
    return {
      warnings: [
        `the journal ${path} is from another run (${h.resource} ${h.mode} of ${h.file} into ${h.baseUrl}, company ${h.company}); the run will move it aside and start afresh`,
      ],
    };
  const aside = await setAside(path);
  return {
    warnings: [
      `the journal ${path} was from another run (${h.resource} ${h.mode} of ${h.file} into ${h.baseUrl}, company ${h.company}); it was moved to ${aside}`,
    ],
  };
}

/**
 * A journal's last run had another --on-existing (a journal written before it was kept says
 * none): a run cut short is refused, as its rows left would be treated unlike those before;
 * after one that finished, this run is a new one of the same import, and the plan says so.
 */
function otherOnExisting(path: string, state: JournalState, run: RunIdentity): string[] {
  const before = state.last?.onExisting;
  if (before === undefined || before === run.onExisting) return [];
  const ended = readRunFile(runFilePath(path))?.ended;
  const unsure = state.attempts.some((a) => a.state === 'sent' || a.unsure);
  if (!ended || ended.stopped !== undefined || unsure || (ended.counts['not sent'] ?? 0) > 0)
    throw new AssetbatchError(
      'E_RESUME_ON_EXISTING',
      `this import was stopped part-way with --on-existing ${before}, and this run asks for --on-existing ${run.onExisting}: resuming it so would treat its rows left unlike those before, so nothing was sent`,
      {
        location: { file: path },
        hint: `Run it again with --on-existing ${before} to finish it as it began, then again with --on-existing ${run.onExisting} if you want that for every row. Or start over with --no-resume: the journal is set aside.`,
      },
    );
  return [
    `the last run of this import used --on-existing ${before}; this one uses --on-existing ${run.onExisting}: rows already in the service are now ${run.onExisting === 'update' ? 'updated' : run.onExisting === 'error' ? 'refused' : 'skipped'}, rows the journal did stay as they are`,
  ];
}
