// Helpers for end-to-end cases that run in the test's own process: the library's calls (what
// the CLI's commands call) against the file's sandbox, over HTTP. A table whose cases differ
// only in their input runs them so, and keeps one run of the built CLI for each kind of
// outcome (exit code, what is printed); a CLI start costs far more than the run itself.
import { Writable } from 'node:stream';
import { printPlan } from '../../src/cli/plan-text.js';
import { exitCodeOf } from '../../src/cli/summary-text.js';
import { reportError } from '../../src/cli/common.js';
import { maxMissing, missingAction } from '../../src/cli/sync.js';
import {
  exportResource,
  importSpreadsheet,
  type ConnectionConfig,
  type ImportOptions,
  type ImportSummary,
  type SyncOptions,
} from '../../src/index.js';
import type { TestSandbox } from './cli.js';

/** What a CLI run against the sandbox uses: its URL and token, company 1, no pacing. */
export function connectionOf(sb: TestSandbox): ConnectionConfig {
  const { url: baseUrl, token } = sb.sb;
  return { baseUrl, token, sandbox: false, company: 1, rateLimit: 0, allowInsecureHttp: false };
}

export interface LibraryResult {
  /** The exit code the CLI gives for this end (exitCodeOf, or reportError's for a stop). */
  code: number;
  /** What the CLI prints on stderr of the plan (printPlan) and of a stop (reportError). */
  stderr: string;
  /** The run's summary; undefined when it stopped with an error. */
  summary?: ImportSummary;
}

/**
 * A run of `call` (importSpreadsheet by default; validateSpreadsheet, updateSpreadsheet,
 * syncSpreadsheet) against the sandbox's company 1 (or `connection`, made inside the run as the
 * CLI makes it from its flags, so that its refusal ends the run too), its plan printed as the
 * CLI prints it, ended as the CLI ends it: the summary's exit code, or a stop's error as
 * reportError words it.
 */
export async function runLibrary(
  sb: TestSandbox,
  options: Omit<ImportOptions, 'connection'> & { connection?: () => ConnectionConfig },
  call: (options: ImportOptions) => Promise<ImportSummary> = importSpreadsheet,
): Promise<LibraryResult> {
  let stderr = '';
  const err = new Writable({ write: (chunk, _enc, done) => void ((stderr += String(chunk)), done()) });
  try {
    const summary = await call({
      onPlan: (plan) => printPlan(plan, err),
      ...options,
      connection: options.connection?.() ?? connectionOf(sb),
    });
    return { code: exitCodeOf(summary), stderr, summary };
  } catch (e) {
    return { code: reportError(e, { secrets: [sb.sb.token], stderr: err }), stderr };
  }
}

/** `assetbatch export RESOURCE -o output` of company 1 (`codes`: --codes), through the library. */
export async function exportTo(
  sb: TestSandbox,
  resource: string,
  output: string,
  options: { codes?: boolean } = {},
): Promise<void> {
  await exportResource({
    baseUrl: sb.sb.url,
    token: sb.sb.token,
    rateLimit: 0,
    company: 1,
    resource,
    output,
    ...options,
  });
}

/**
 * The sync options of `--key KEY --scope manufacturer=TAG --max-missing MAX --missing WHAT
 * --prefer sheet`, parsed by the CLI's own parsers (src/cli/sync.ts).
 */
export function syncFlags(o: {
  key?: string;
  tag?: string;
  max?: string;
  missing?: string;
  prefer?: 'sheet';
}): SyncOptions {
  return {
    key: o.key,
    scope: o.tag ? { field: 'manufacturer', value: o.tag } : undefined,
    maxMissing: maxMissing(o.max),
    missing: missingAction(o.missing),
    prefer: o.prefer,
  };
}

/**
 * `assetbatch export` of company 1 through the library (`columns`: --columns split at its
 * commas, `finance`: --finance), ended as the CLI ends it: 0, or a stop's exit code and
 * error as reportError words it.
 */
export async function exportLibrary(
  sb: TestSandbox,
  options: { resource: string; output: string; columns?: readonly string[]; finance?: boolean },
): Promise<{ code: number; stderr: string }> {
  let stderr = '';
  const err = new Writable({ write: (chunk, _enc, done) => void ((stderr += String(chunk)), done()) });
  try {
    await exportResource({ baseUrl: sb.sb.url, token: sb.sb.token, rateLimit: 0, company: 1, ...options });
    return { code: 0, stderr };
  } catch (e) {
    return { code: reportError(e, { secrets: [sb.sb.token], stderr: err }), stderr };
  }
}
