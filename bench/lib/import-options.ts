// What the import benches (ceiling, pacing) share: the generated register imported as
// assets into a sandbox through a connection the bench made, lookups read afresh.
import { join } from 'node:path';
import type { Connection } from '../../src/connect.js';
import type { ImportOptions } from '../../src/run/types.js';

export function benchImportOptions(
  file: string,
  dir: string,
  label: string,
  connection: ImportOptions['connection'],
  conn: Connection,
  concurrency: number,
): ImportOptions {
  return {
    file,
    resource: 'asset',
    connection,
    connectionOverride: conn,
    dateFormat: 'dd/MM/yyyy',
    concurrency,
    reportPath: join(dir, `${label.replace(/\W+/g, '-')}.report.csv`),
    lookupCacheDir: join(dir, 'lookups'),
    refreshLookups: true,
  };
}
