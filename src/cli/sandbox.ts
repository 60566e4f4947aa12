// `assetbatch sandbox`: run the local stand-in for the service until Ctrl-C. A thin shell
// over startSandbox(); the base URL is the first line on stdout so scripts can read it.
import { Command, InvalidArgumentError, Option } from 'commander';
import { RATE_LIMIT } from '../resources/service.js';
import { startSandbox } from '../sandbox/index.js';
import { parseFaults } from '../sandbox/faults.js';

function nonNegativeInt(name: string) {
  return (v: string): number => {
    if (!/^\d+$/.test(v)) throw new InvalidArgumentError(`${name} must be a whole number (0 or more).`);
    return Number(v);
  };
}

function faultSpec(v: string): string {
  try {
    parseFaults(v);
  } catch (e) {
    throw new InvalidArgumentError((e as Error).message);
  }
  return v;
}

export function registerSandboxCommand(program: Command): void {
  program
    .command('sandbox')
    .description(
      'Run a local sandbox of the service (API v2) with realistic seed data, to rehearse imports and exports safely.',
    )
    .option('--port <n>', 'port to listen on; 0 picks a free one', nonNegativeInt('--port'), 0)
    .option('--token <token>', 'bearer token clients must send', 'sandbox-token')
    .option(
      '--rate-limit <n>',
      'requests per sliding minute for the account; 0 turns it off',
      nonNegativeInt('--rate-limit'),
      RATE_LIMIT,
    )
    .option(
      '--latency-ms <n>',
      'delay every answer by this many milliseconds',
      nonNegativeInt('--latency-ms'),
      0,
    )
    .option(
      '--faults <spec>',
      'inject faults at these rates, e.g. 429=0.05,500=0.03,503=0.02,reset=0.02,lost=0.05',
      faultSpec,
    )
    .option(
      '--fault-seed <n>',
      'seed for fault injection, so a run can be repeated exactly',
      nonNegativeInt('--fault-seed'),
    )
    .addOption(
      new Option('--seed <kind>', 'seed data: default (a realistic account) or empty (reference data only)')
        .choices(['default', 'empty'])
        .default('default'),
    )
    .option(
      '--state <file>',
      'load data from this JSON file if it exists; save to it after writes and on exit',
    )
    .option(
      '--background-load <n>',
      'simulate other clients of the account: n requests a minute, evenly spread, counted against the same rate limit',
      nonNegativeInt('--background-load'),
      0,
    )
    .option(
      '--no-patch',
      'refuse PATCH (405), as a service without partial updates does, to rehearse the PUT fallback of `assetbatch update`',
    )
    .addHelpText(
      'after',
      `
The first line printed is the base URL; the API is under <url>/api/v2/.

Examples:
  $ assetbatch sandbox
  $ assetbatch sandbox --port 8000 --state rehearsal.json
      keep what you import across restarts
  $ assetbatch sandbox --faults 429=0.05,500=0.03,reset=0.02,lost=0.05 --fault-seed 7
      rehearse against a flaky service, the same way every time
  $ assetbatch sandbox --seed empty --rate-limit 0
      a bare account without throttling
  $ assetbatch sandbox --rate-limit 100 --background-load 40
      colleagues use 40 of the account's 100 requests a minute: rehearse sharing it
  $ assetbatch sandbox --no-patch
      only PUT updates records: \`assetbatch update\` falls back to read-just-before-PUT

Try it:
  $ curl -H "Authorization: Bearer sandbox-token" "http://127.0.0.1:8000/api/v2/supplier/?company=1"
  $ curl -H "Authorization: Bearer sandbox-token" http://127.0.0.1:8000/__sandbox/stats
`,
    )
    .action(
      async (opts: {
        port: number;
        token: string;
        rateLimit: number;
        latencyMs: number;
        faults?: string;
        faultSeed?: number;
        seed: 'default' | 'empty';
        state?: string;
        patch: boolean;
        backgroundLoad: number;
      }) => {
        const sandbox = await startSandbox({
          port: opts.port,
          token: opts.token,
          rateLimit: opts.rateLimit,
          latencyMs: opts.latencyMs,
          faults: opts.faults,
          faultSeed: opts.faultSeed,
          seed: opts.seed,
          stateFile: opts.state,
          patch: opts.patch,
          backgroundLoad: opts.backgroundLoad,
        });
        process.stdout.write(
          `${sandbox.url}\n` +
            `token: ${sandbox.token}\n` +
            `API: ${sandbox.url}/api/v2/  (companies 1 "Acme Corporation", 2 "Acme Europe GmbH", 3 "Legacy Holdings")\n` +
            `try: curl -H "Authorization: Bearer ${sandbox.token}" "${sandbox.url}/api/v2/company/"\n` +
            `stats: ${sandbox.url}/__sandbox/stats (with the token)\n` +
            (opts.state ? `state: ${opts.state}\n` : '') +
            (opts.patch ? '' : 'PATCH: refused (405); records change by PUT only\n') +
            `Ctrl-C to stop.\n`,
        );
        await new Promise<void>((resolve) => {
          const stop = () => resolve();
          process.once('SIGINT', stop);
          process.once('SIGTERM', stop);
        });
        await sandbox.close();
        process.stderr.write('sandbox stopped\n');
      },
    );
}
