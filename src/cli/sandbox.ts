// `assetbatch sandbox`: run the local stand-in for the service until Ctrl-C. A thin shell
// over startSandbox(); the base URL is the first line on stdout so scripts can read it.
import { Command, InvalidArgumentError, Option } from 'commander';
import { RATE_WINDOW_MAX_S, rateWindowOfText } from '../config.js';
import { RATE_LIMIT } from '../resources/service.js';
import { startSandbox } from '../sandbox/index.js';
import { parseFaults } from '../sandbox/faults.js';

function nonNegativeInt(name: string) {
  return (v: string): number => {
    if (!/^\d+$/.test(v)) throw new InvalidArgumentError(`${name} must be a whole number (0 or more).`);
    return Number(v);
  };
}

/** --rate-window: seconds, as the client's ASSETBATCH_RATE_WINDOW and config `rateWindow` take them; in ms. */
function rateWindow(v: string): number {
  const ms = rateWindowOfText(v);
  if (ms === undefined)
    throw new InvalidArgumentError(
      `--rate-window must be a number of seconds above 0 and at most ${RATE_WINDOW_MAX_S}, not "${v}".`,
    );
  return ms;
}

/** What a rehearsal with --rate-window needs on the client's side: the same window. */
function windowLines(rateLimit: number, windowMs: number | undefined): string {
  if (windowMs === undefined) return '';
  const s = windowMs / 1000;
  return (
    `rate limit: ${rateLimit || 'none'}${rateLimit ? ` requests per ${s} s` : ''} (--rate-window ${s})\n` +
    `pace the client the same: ASSETBATCH_RATE_WINDOW=${s} (or "rateWindow": ${s} in the config file)\n`
  );
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
      'requests per sliding minute (or --rate-window) for the account; 0 turns it off',
      nonNegativeInt('--rate-limit'),
      RATE_LIMIT,
    )
    .option(
      '--rate-window <seconds>',
      "the rate limit's sliding window, in seconds (default 60, the service's minute), to rehearse pacing quickly; give the client the same with ASSETBATCH_RATE_WINDOW",
      rateWindow,
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
  $ assetbatch sandbox --rate-limit 10 --rate-window 6
      10 requests per 6 s: a full window frees in seconds, not a minute (the client: ASSETBATCH_RATE_WINDOW=6)
  $ assetbatch sandbox --rate-limit 100 --background-load 40
      colleagues use 40 of the account's 100 requests a minute: rehearse sharing it
  $ assetbatch sandbox --no-patch
      only PUT updates records: \`assetbatch update\` falls back to read-just-before-PUT

Try it:
  $ curl -H "Authorization: Bearer sandbox-token" "http://127.0.0.1:8000/api/v2/supplier/?company=1"
  $ curl -H "Authorization: Bearer sandbox-token" http://127.0.0.1:8000/__sandbox/stats
`,
    )
    .action(runSandbox);
}

/** The command's options, as commander parsed them. */
interface SandboxFlags {
  readonly port: number;
  readonly token: string;
  readonly rateLimit: number;
  /** --rate-window, in milliseconds. */
  readonly rateWindow?: number;
  readonly latencyMs: number;
  readonly faults?: string;
  readonly faultSeed?: number;
  readonly seed: 'default' | 'empty';
  readonly state?: string;
  readonly patch: boolean;
  readonly backgroundLoad: number;
}

/** The sandbox, serving until Ctrl-C (or SIGTERM): the base URL first on stdout, then how to use it. */
async function runSandbox(opts: SandboxFlags): Promise<void> {
  const sandbox = await startSandbox({
    port: opts.port,
    token: opts.token,
    rateLimit: opts.rateLimit,
    rateWindowMs: opts.rateWindow,
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
      windowLines(opts.rateLimit, opts.rateWindow) +
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
}
