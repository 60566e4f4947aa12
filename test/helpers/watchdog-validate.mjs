// A child process of test/e2e/watchdog.test.ts: validates each file the test sends it, one
// at a time, through the built library against the test's sandbox, and answers with how it
// ended. One process for many files spares a start of Node for each (the watchdog's hostile
// fixtures took 60-100 s as one CLI process each on a loaded 2-core machine); the test still
// times each file, and kills this process when one does not end. Test-only.
import { join } from 'node:path';
import { exitCodeFor, isAssetbatchError, validateSpreadsheet } from '../../dist/index.js';
import { fileSystemError } from '../../dist/internal.js';

const { url, token, reports } = JSON.parse(process.argv[2]);

process.on('message', async ({ n, file }) => {
  let end;
  try {
    const summary = await validateSpreadsheet({
      file,
      resource: 'asset',
      connection: { baseUrl: url, token, company: 1, rateLimit: 0, sandbox: false, allowInsecureHttp: true },
      reportPath: join(reports, `${n}.report.csv`),
    });
    end = { code: summary.counts.invalid > 0 || summary.counts.failed > 0 ? 1 : 0 };
  } catch (thrown) {
    // As the CLI tells them (src/cli/common.ts reportError): our errors and the file system's
    // refusals have an exit code; anything else would be "This is a bug".
    const e = fileSystemError(thrown) ?? thrown;
    end = isAssetbatchError(e)
      ? { code: exitCodeFor(e.code), error: e.code }
      : { code: 3, bug: String(e?.stack ?? e) };
  }
  process.send({ n, ...end });
});
