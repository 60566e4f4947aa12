// `assetbatch status FILE`: a second terminal's view of a run, from its journal. A thin
// shell over runStatus(); --json for scripts.
import type { Command } from 'commander';
import { runStatus, RATE_MINUTES, type RunStatus } from '../run/status.js';
import { withoutResumeAdvice } from '../run/stop.js';
import { formatDuration, runAction } from './common.js';

/** "3 created": a count beside its status (a status word has no plural). */
const counted = (n: number, what: string) => `${n} ${what}`;

/** An ended run's counts as its report and summary give them. */
function outcomeText(counts: NonNullable<RunStatus['outcome']>): string {
  const parts = [
    counted(counts.created, 'created'),
    counted(counts.updated, 'updated'),
    counted(counts.skipped, 'skipped'),
    counted(counts.invalid, 'invalid'),
    counted(counts.failed, 'failed'),
  ];
  // Statuses of other commands (sync's unchanged, missing) are said when a run has them.
  for (const [k, n] of Object.entries(counts))
    if (n > 0 && !['created', 'updated', 'skipped', 'invalid', 'failed', 'valid'].includes(k))
      parts.push(counted(n, k));
  return parts.join(', ');
}

export function formatStatus(status: RunStatus): string {
  const counts = status.counts;
  const what = status.mode === 'update' ? 'Update' : status.mode === 'sync' ? 'Sync' : 'Import';
  const state =
    status.state === 'running'
      ? `running${status.holder?.pid ? ` (pid ${status.holder.pid}${status.holder.host ? ` on ${status.holder.host}` : ''}${status.holder.started ? `, since ${status.holder.started}` : ''})` : ''}`
      : status.state === 'finished'
        ? `finished${status.lastActivity ? ` (${status.lastActivity})` : ''}`
        : `stopped${status.stoppedBecause ? `: ${withoutResumeAdvice(status.stoppedBecause)}` : ''}`;
  const lines = [`${what} of ${status.file}${status.resource ? ` (${status.resource}s)` : ''}: ${state}.`];
  if (status.outcome)
    lines.push(
      `Rows: ${outcomeText(status.outcome)}${status.rows !== undefined ? ` (of ${status.rows})` : ''}.`,
    );
  else
    lines.push(
      `Rows: ${counts.created} created, ${counts.updated} updated, ${counts.failed} failed, ${counts.inFlight} in flight${status.left !== undefined ? `; ${status.left} left of ${status.rows}` : ''}.`,
    );
  if (status.state !== 'finished')
    lines.push(
      `Rate: ${status.rowsPerMinute} rows/min over the last ${RATE_MINUTES} minutes${status.alive ? '' : ' of the run'}${status.etaSeconds !== undefined ? `; ETA ${formatDuration(status.etaSeconds)}` : ''}.`,
    );
  if (status.lastError)
    lines.push(
      `Last error: row ${status.lastError.row}: ${status.lastError.message} (${status.lastError.at})`,
    );
  if (status.lastActivity && status.state !== 'finished') lines.push(`Last entry: ${status.lastActivity}`);
  lines.push(
    `Journal: ${status.journal}${status.runs > 1 ? ` (${status.runs} runs)` : status.runs === 0 ? ' (none: stopped before anything was sent)' : ''}`,
  );
  if (status.state === 'stopped' && (status.left ?? 0) > 0)
    lines.push(`Run the same ${what.toLowerCase()} command again to resume.`);
  return lines.join('\n') + '\n';
}

export function registerStatusCommand(program: Command): void {
  program
    .command('status <file>')
    .description(
      'How far an import or update is, running or stopped: rows done by outcome, rows left, the rate, the ETA, the last error (read from its journal).',
    )
    .option('--json', 'print the status as JSON (for scripts)')
    .addHelpText(
      'after',
      `\nGive the input, its report or its journal; for a workbook imported sheet by sheet, the workbook.\n\nExamples:\n  $ assetbatch status register.xlsx\n  $ watch -n 10 assetbatch status register.xlsx\n  $ assetbatch status register.xlsx.report.journal.ndjson --json`,
    )
    .action(async (file: string, f: { json?: boolean }) =>
      runAction(
        false,
        [],
        async () => {
          // A workbook's sheets each have a run of their own: their statuses, in the order they ran.
          const status = await runStatus(file);
          if (status.sheets && !f.json)
            return void process.stdout.write(
              status.sheets.map((x) => `Sheet "${x.sheet}":\n${formatStatus(x)}`).join('\n'),
            );
          process.stdout.write(f.json ? JSON.stringify(status, null, 2) + '\n' : formatStatus(status));
        },
        f.json,
      ),
    );
}
