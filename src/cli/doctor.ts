// `assetbatch doctor`: read-only checks before a migration. A thin shell over runDoctor().
import type { Command } from 'commander';
import { connect } from '../connect.js';
import { connectionConfig, type ConnectionFlags } from '../config.js';
import { ExitCode } from '../errors.js';
import { runDoctor, type DoctorReport } from '../run/doctor.js';
import { addConnectionOptions, createLogger, runAction } from './common.js';
import { plural } from '../util/plural.js';

export function formatDoctor(r: DoctorReport): string {
  const lines = r.checks.map(
    (c) => `${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.detail}${c.hint ? `\n     → ${c.hint}` : ''}`,
  );
  lines.push(
    r.ok
      ? `All checks passed (${plural(r.requests, 'request')}, nothing written).`
      : `Some checks failed (${plural(r.requests, 'request')}, nothing written).`,
  );
  return lines.join('\n') + '\n';
}

export function registerDoctorCommand(program: Command): void {
  addConnectionOptions(
    program
      .command('doctor')
      .description(
        'Check, before a migration, that the service answers as assetbatch expects: token, companies, list shape and pages, rate limit, proxy, time a request takes. Read-only: it never writes.',
      )
      .option('--json', 'print the checks as JSON (for scripts)'),
  )
    .addHelpText(
      'after',
      `\nExit codes: 0 all checks passed, 3 a check failed, 2 usage or configuration.\n\nExamples:\n  $ assetbatch doctor --sandbox\n  $ ASSETBATCH_TOKEN=… assetbatch doctor --base-url https://dashboard-api.revnue.com --company 2\n  $ HTTPS_PROXY=http://proxy.example.com:3128 assetbatch doctor --base-url https://dashboard-api.revnue.com`,
    )
    .action(async (f: ConnectionFlags & { json?: boolean; log?: string; debug?: boolean }) =>
      runAction(
        f.debug,
        [f.token, process.env.ASSETBATCH_TOKEN],
        async () => {
          const cfg = connectionConfig(f);
          // One attempt per request: a doctor reports what it sees, it does not insist.
          const conn = await connect(cfg, { logger: await createLogger(f.log), maxRetries: 0 });
          try {
            const report = await runDoctor(conn, cfg);
            process.stdout.write(f.json ? JSON.stringify(report, null, 2) + '\n' : formatDoctor(report));
            return report.ok ? ExitCode.OK : ExitCode.STOPPED;
          } finally {
            await conn.close();
          }
        },
        f.json,
      ),
    );
}
