// `assetbatch status FILE`: a second terminal's view of a run, from its journal. A thin
// shell over runStatus(); --json for scripts.
import type { Command } from 'commander';
import { runStatus, RATE_MINUTES, type RunStatus } from '../run/status.js';
import { formatDuration, runAction } from './common.js';

export function formatStatus(s: RunStatus): string {
  const c = s.counts;
  const state = s.alive ? `running${s.holder?.pid ? ` (pid ${s.holder.pid}${s.holder.host ? ` on ${s.holder.host}` : ''}${s.holder.started ? `, since ${s.holder.started}` : ''})` : ''}` : 'stopped';
  const lines = [
    `${s.mode === 'update' ? 'Update' : 'Import'} of ${s.file}${s.resource ? ` (${s.resource}s)` : ''}: ${state}.`,
    `Rows: ${c.created} created, ${c.updated} updated, ${c.failed} failed, ${c.inFlight} in flight${s.left !== undefined ? `; ${s.left} left of ${s.rows}` : ''}.`,
    `Rate: ${s.rowsPerMinute} rows/min over the last ${RATE_MINUTES} minutes${s.alive ? '' : ' of the run'}${s.etaSeconds !== undefined ? `; ETA ${formatDuration(s.etaSeconds)}` : ''}.`,
  ];
  if (s.lastError) lines.push(`Last error: row ${s.lastError.row}: ${s.lastError.message} (${s.lastError.at})`);
  if (s.lastActivity) lines.push(`Last entry: ${s.lastActivity}`);
  lines.push(`Journal: ${s.journal}${s.runs > 1 ? ` (${s.runs} runs)` : ''}`);
  if (!s.alive && (s.left ?? 0) > 0) lines.push('Run the same import command again to resume.');
  return lines.join('\n') + '\n';
}

export function registerStatusCommand(program: Command): void {
  program
    .command('status <file>')
    .description('How far an import or update is, running or stopped: rows done by outcome, rows left, the rate, the ETA, the last error (read from its journal).')
    .option('--json', 'print the status as JSON (for scripts)')
    .addHelpText('after', `\nGive the input, its report or its journal.\n\nExamples:\n  $ assetbatch status register.xlsx\n  $ watch -n 10 assetbatch status register.xlsx\n  $ assetbatch status register.xlsx.report.journal.ndjson --json`)
    .action(async (file: string, f: { json?: boolean }) =>
      runAction(false, [], async () => {
        const s = await runStatus(file);
        process.stdout.write(f.json ? JSON.stringify(s, null, 2) + '\n' : formatStatus(s));
      }, f.json),
    );
}
