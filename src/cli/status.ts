// `assetbatch status FILE`: a second terminal's view of a run, from its journal. A thin
// shell over runStatus(); --json for scripts.
import type { Command } from 'commander';
import { runStatus, RATE_MINUTES, type RunStatus } from '../run/status.js';
import { formatDuration, runAction } from './common.js';

const plural = (n: number, what: string) => `${n} ${what}`;

/** An ended run's counts as its report and summary give them. */
function outcomeText(c: NonNullable<RunStatus['outcome']>): string {
  const parts = [plural(c.created, 'created'), plural(c.updated, 'updated'), plural(c.skipped, 'skipped'), plural(c.invalid, 'invalid'), plural(c.failed, 'failed')];
  // Statuses of other commands (sync's unchanged, missing) are said when a run has them.
  for (const [k, n] of Object.entries(c)) if (n > 0 && !['created', 'updated', 'skipped', 'invalid', 'failed', 'valid'].includes(k)) parts.push(plural(n, k));
  return parts.join(', ');
}

export function formatStatus(s: RunStatus): string {
  const c = s.counts;
  const what = s.mode === 'update' ? 'Update' : s.mode === 'sync' ? 'Sync' : 'Import';
  const state =
    s.state === 'running'
      ? `running${s.holder?.pid ? ` (pid ${s.holder.pid}${s.holder.host ? ` on ${s.holder.host}` : ''}${s.holder.started ? `, since ${s.holder.started}` : ''})` : ''}`
      : s.state === 'finished'
        ? `finished${s.lastActivity ? ` (${s.lastActivity})` : ''}`
        : `stopped${s.stoppedBecause ? `: ${s.stoppedBecause}` : ''}`;
  const lines = [`${what} of ${s.file}${s.resource ? ` (${s.resource}s)` : ''}: ${state}.`];
  if (s.outcome) lines.push(`Rows: ${outcomeText(s.outcome)}${s.rows !== undefined ? ` (of ${s.rows})` : ''}.`);
  else lines.push(`Rows: ${c.created} created, ${c.updated} updated, ${c.failed} failed, ${c.inFlight} in flight${s.left !== undefined ? `; ${s.left} left of ${s.rows}` : ''}.`);
  if (s.state !== 'finished') lines.push(`Rate: ${s.rowsPerMinute} rows/min over the last ${RATE_MINUTES} minutes${s.alive ? '' : ' of the run'}${s.etaSeconds !== undefined ? `; ETA ${formatDuration(s.etaSeconds)}` : ''}.`);
  if (s.lastError) lines.push(`Last error: row ${s.lastError.row}: ${s.lastError.message} (${s.lastError.at})`);
  if (s.lastActivity && s.state !== 'finished') lines.push(`Last entry: ${s.lastActivity}`);
  lines.push(`Journal: ${s.journal}${s.runs > 1 ? ` (${s.runs} runs)` : s.runs === 0 ? ' (none: stopped before anything was sent)' : ''}`);
  if (s.state === 'stopped' && (s.left ?? 0) > 0) lines.push(`Run the same ${what.toLowerCase()} command again to resume.`);
  return lines.join('\n') + '\n';
}

export function registerStatusCommand(program: Command): void {
  program
    .command('status <file>')
    .description('How far an import or update is, running or stopped: rows done by outcome, rows left, the rate, the ETA, the last error (read from its journal).')
    .option('--json', 'print the status as JSON (for scripts)')
    .addHelpText('after', `\nGive the input, its report or its journal; for a workbook imported sheet by sheet, the workbook.\n\nExamples:\n  $ assetbatch status register.xlsx\n  $ watch -n 10 assetbatch status register.xlsx\n  $ assetbatch status register.xlsx.report.journal.ndjson --json`)
    .action(async (file: string, f: { json?: boolean }) =>
      runAction(false, [], async () => {
        // A workbook's sheets each have a run of their own: their statuses, in the order they ran.
        const s = await runStatus(file);
        if (s.sheets && !f.json) return void process.stdout.write(s.sheets.map((x) => `Sheet "${x.sheet}":\n${formatStatus(x)}`).join('\n'));
        process.stdout.write(f.json ? JSON.stringify(s, null, 2) + '\n' : formatStatus(s));
      }, f.json),
    );
}
