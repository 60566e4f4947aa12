// What every command shares: turning errors into one clear line and an exit code (never
// a stack trace unless --debug), the log file (token redacted), and TTY-only progress.
import { createWriteStream } from 'node:fs';
import type { Logger } from 'pino';
import { InvalidArgumentError, type Command } from 'commander';
import { exitCodeFor, fileSystemError, isAssetbatchError, ExitCode } from '../errors.js';
import type { AssetbatchError, Location } from '../errors.js';
import { knownSecrets, loadConfigFile } from '../config.js';
import { RATE_LIMIT } from '../resources/service.js';
import { isClosedPipe } from './pipe.js';
import type { RunProgress } from '../run/import.js';
import { plural } from '../util/plural.js';

/** Paths pino removes from every log line, wherever a token could hide. */
const REDACT_PATHS = [
  'token',
  '*.token',
  'headers.authorization',
  '*.headers.authorization',
  'authorization',
  '*.authorization',
  'req.headers.authorization',
];

export async function createLogger(file: string | undefined, level = 'debug'): Promise<Logger | undefined> {
  if (!file) return undefined;
  // Loaded only for --log: a run without a log file does not pay for pino's start.
  const { pino } = await import('pino');
  const stream = createWriteStream(file, { flags: 'a' });
  // Redaction covers known paths; a token inside some message text is scrubbed from the line as a whole.
  const destination = { write: (line: string) => stream.write(scrub(line, knownSecrets())) };
  return pino({ level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, destination);
}

/** Remove a secret from any text before it is shown. */
function scrub(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= 4) out = out.split(s).join('[redacted]');
  return out;
}

/** Run a command's action: print AssetbatchErrors plainly and exit with the code from the one table. */
export async function runAction(
  debug: boolean | undefined,
  given: readonly (string | undefined)[],
  fn: () => Promise<number | void>,
  json = false,
): Promise<void> {
  // The token may also come from the variable the config file names: the config knows them all once read.
  const secrets = () => [...given, ...knownSecrets()];
  try {
    const code = await fn();
    process.exitCode = code ?? ExitCode.OK;
  } catch (e) {
    process.exitCode = reportError(e, { debug, json, secrets: secrets() });
  }
}

export interface ErrorOutput {
  readonly debug?: boolean;
  /** Also print `{"error": …}` for scripts, on `jsonOut` (default stdout). */
  readonly json?: boolean;
  readonly secrets: readonly (string | undefined)[];
  readonly stderr?: NodeJS.WritableStream;
  readonly jsonOut?: NodeJS.WritableStream;
}

/**
 * A command's failure told once: one line on stderr (the stack only with --debug; an
 * unexpected error says it is a bug), the JSON object for --json, secrets scrubbed from
 * both. Returns the exit code. stdout closed by its reader (`| head`) is no failure:
 * nothing more to say, and no one to say it to.
 */
export function reportError(thrown: unknown, out: ErrorOutput): number {
  if (isClosedPipe(thrown)) return ExitCode.OK;
  // A refusal of the file system is the user's to fix, not a bug (errors.ts says which).
  const e = fileSystemError(thrown) ?? thrown;
  const stderr = out.stderr ?? process.stderr;
  const known = isAssetbatchError(e);
  const err = e as Error;
  const message = known ? e.describe() : (err?.message ?? String(e));
  if (out.json)
    printJsonError(known ? jsonErrorOf(e) : { code: 'E_INTERNAL', message }, out.secrets, out.jsonOut);
  stderr.write(scrub(`error: ${message}\n`, out.secrets));
  if (out.debug) stderr.write(scrub(`${err?.stack ?? ''}\n`, out.secrets));
  else if (!known)
    stderr.write('This is a bug in assetbatch; run again with --debug to see where, and report it.\n');
  return known ? exitCodeFor(e.code) : ExitCode.STOPPED;
}

/** What --json says of an error: its code and message, and the hint and location the stderr line shows. */
interface JsonError {
  readonly code: string;
  readonly message: string;
  readonly hint?: string;
  readonly location?: Location;
}

function jsonErrorOf(e: AssetbatchError): JsonError {
  const located = Object.values(e.location).some((v) => v !== undefined);
  return {
    code: e.code,
    message: e.message,
    ...(e.hint ? { hint: e.hint } : {}),
    ...(located ? { location: e.location } : {}),
  };
}

/** Scripts reading --json get an object on stdout whatever happened: `{"error": {"code", "message", "hint"?, "location"?}}`. */
function printJsonError(
  error: JsonError,
  secrets: readonly (string | undefined)[],
  out: NodeJS.WritableStream = process.stdout,
): void {
  out.write(scrub(JSON.stringify({ error }), secrets) + '\n');
}

/** A one-line progress display on stderr, only when it is a terminal. */
export class Progress {
  private last = 0;
  /** A line is on the screen: `done` clears only then. */
  private drawn = false;
  private readonly started = Date.now();
  private readonly enabled: boolean;
  constructor(
    private readonly label: string,
    enabled = process.stderr.isTTY === true,
  ) {
    this.enabled = enabled;
  }
  /** `total` undefined: not known yet (a one-pass check of a long sheet); shows the count and the speed. */
  update(done: number, total: number | undefined, extra = ''): void {
    if (!this.enabled) return;
    const now = Date.now();
    if (now - this.last < 100 && (total === undefined || done < total)) return;
    this.last = now;
    if (total === undefined) {
      const rate = done / Math.max(0.001, (now - this.started) / 1000);
      this.draw(
        `${this.label} ${plural(done, 'row')} · ${Math.round(rate)} rows/s${extra ? ` · ${extra}` : ''}`,
      );
      return;
    }
    const pct = total > 0 ? Math.floor((done / total) * 100) : 100;
    const width = 24;
    const filled = Math.round((pct / 100) * width);
    const elapsed = (now - this.started) / 1000;
    const eta = done > 0 && total > done ? formatDuration(((total - done) * elapsed) / done) : '';
    this.draw(
      `${this.label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} ${pct}%${eta ? ` · ETA ${eta}` : ''}${extra ? ` · ${extra}` : ''}`,
    );
  }
  /**
   * A run that writes: rows done, rows a minute, what the account's window still has for
   * us, and the ETA by the rate limiter's own rule (not an extrapolation of the first
   * minute, which a burst or a wait would throw off). Redrawn at most twice a second.
   */
  run(progress: RunProgress): void {
    if (!this.enabled) return;
    const now = Date.now();
    if (now - this.last < 500 && (progress.total === undefined || progress.done < progress.total)) return;
    this.last = now;
    const minutes = Math.max(1 / 60, (now - this.started) / 60_000);
    const parts = [
      progress.total !== undefined
        ? `${progress.done}/${plural(progress.total, 'row')}`
        : plural(progress.done, 'row'),
      `${Math.round(progress.done / minutes)} rows/min`,
    ];
    const left = progress.windowLeft?.();
    if (left !== undefined) parts.push(`${plural(left, 'request')} left in the window`);
    const eta =
      progress.total !== undefined && progress.done < progress.total ? progress.etaMs?.() : undefined;
    if (eta !== undefined) parts.push(`ETA ${formatDuration(eta / 1000)}`);
    this.draw(`${this.label} ${parts.join(' · ')}`);
  }

  private draw(line: string): void {
    process.stderr.write(`\r${line}\x1b[K`);
    this.drawn = true;
  }

  done(): void {
    if (this.drawn) process.stderr.write('\r\x1b[K');
    this.drawn = false;
  }
}

export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

export function intOption(name: string, min = 0) {
  return (v: string): number => {
    const n = Number(v);
    // Commander's own error type: it prints "error: option … is invalid" and exits as a usage error, no stack.
    if (!/^\d+$/.test(v.trim()) || n < min)
      throw new InvalidArgumentError(
        `${name} must be a whole number${min > 0 ? ` of at least ${min}` : ''}, not "${v}".`,
      );
    return n;
  };
}

/**
 * A number of seconds above 0 and at most `max` (fractions too: `--timeout 0.5`), refused as
 * intOption's are: at parse time, a usage error with the hint the others have. The library's
 * own check (config.ts) stays for callers that do not come through the CLI.
 */
function secondsOption(name: string, max: number) {
  return (v: string): number => {
    const n = Number(v);
    if (v.trim() === '' || !Number.isFinite(n) || n <= 0 || n > max)
      throw new InvalidArgumentError(`${name} must be a number of seconds between 0 and ${max}, not "${v}".`);
    return n;
  };
}

/**
 * The config file's profiles, for the end of a command's --help: the names `--profile` takes
 * are in a file the user may not have written. Empty without a config file or profiles; a file
 * that cannot be read is said (its problems are told when a command runs), never thrown.
 */
function profilesHelp(configPath: string | undefined): string {
  const where = configPath ?? 'assetbatch.config.json';
  try {
    const { profiles = {}, defaultProfile } = loadConfigFile(configPath);
    const names = Object.keys(profiles);
    if (names.length === 0) return '';
    return `\nProfiles in ${where}: ${names.join(', ')}${defaultProfile ? ` (default: ${defaultProfile})` : ''}.\n`;
  } catch (e) {
    return `\nProfiles: ${where} cannot be read (${isAssetbatchError(e) ? e.message : 'unreadable'}); run the command to see why.\n`;
  }
}

/** Connection flags every command that talks to the service takes; its --help ends with the config file's profiles. */
export function addConnectionOptions(cmd: Command): Command {
  // Help is drawn after the options are parsed: a --config before --help is known here.
  cmd.addHelpText('afterAll', ({ command }) => profilesHelp((command.opts() as { config?: string }).config));
  return cmd
    .option(
      '--company <n>',
      'company id (default 1; see `assetbatch export company`); a register with a company column loads ' +
        "this company's rows and leaves the others' for a run with their --company",
    )
    .option(
      '--base-url <url>',
      'service base URL (env ASSETBATCH_BASE_URL), e.g. https://dashboard-api.revnue.com',
    )
    .option(
      '--token <token>',
      'API token (better: env ASSETBATCH_TOKEN, so it stays out of your shell history)',
    )
    .option('--sandbox', 'start the local sandbox in-process and use it (nothing leaves this machine)')
    .option(
      '--rate-limit <n>',
      `requests per minute for the whole account (default ${RATE_LIMIT}, the service's limit); 0 = no pacing`,
    )
    .option('--config <file>', 'config file (default: ./assetbatch.config.json if present)')
    .option(
      '--profile <name>',
      'a profile of the config file\'s "profiles" (env ASSETBATCH_PROFILE; default: its defaultProfile)',
    )
    .option('--allow-insecure-http', 'allow a plain http:// base URL that is not this machine')
    .option(
      '--proxy <url>',
      'HTTP proxy to go through, e.g. http://user:password@proxy:3128 (default: HTTPS_PROXY / HTTP_PROXY, minus NO_PROXY)',
    )
    .option(
      '--timeout <seconds>',
      'give up connecting, or waiting for an answer, after this long (default 60); a write that times out is looked up before it is sent again',
      secondsOption('--timeout', 3600),
    )
    .option('--log <file>', 'write a detailed log (NDJSON) to this file; the token is never in it')
    .option('--debug', 'show internal details (stack traces) on errors');
}
