// A closed stdout (`assetbatch --help | head`): the reader has enough. Kept apart from
// common.ts so that the CLI's start, which sets this up, loads nothing more.
import { ExitCode } from '../errors.js';

/** A write to a pipe whose reader has gone (EPIPE): an interruption, not a failure. */
export function isClosedPipe(e: unknown): boolean {
  return (e as NodeJS.ErrnoException)?.code === 'EPIPE';
}

/**
 * A closed stdout ends the command quietly: `assetbatch --help | head` or `export | head`
 * is the reader saying it has enough. Exit code 0, unless the command already failed.
 */
export function endQuietlyOnClosedStdout(): void {
  process.stdout.on('error', (e) => {
    if (!isClosedPipe(e)) throw e;
    process.exit(process.exitCode ?? ExitCode.OK);
  });
}
