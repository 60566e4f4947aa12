// Enum values a field does not take, through the CLI against the sandbox: the allowed
// labels are each quoted (labels hold commas: "3 years, 33%"), and a near miss gets a
// "did you mean", as lookups do.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { readReport, runCli, useSandbox } from './cli.js';

const env = useSandbox();

describe('an enum value the field does not take', () => {
  const DEPRECIATION = '"Other", "3 years, 33%", "5 years, 20%", "10 years, 10%"';
  const cases: [string, string, string, string[]][] = [
    [
      'assets: quoted labels, a near miss offered, none for a value near nothing',
      'enum-typos-assets.csv',
      'asset',
      [
        `column "Depreciation schedule" → depreciation_schedule: "3 year (33%)" is not one of: ${DEPRECIATION}; did you mean "3 years, 33%"?`,
        'column "Warranty type" → warranty_type: "platinum" is not one of: "None", "OEM", "OEM extended", "Third party", "Advanced replacement warranty", "Standard manufacturer warranty", "Gold level support"',
      ],
    ],
    [
      'contracts: Actve → Active, Buy sde → Buy side',
      'enum-typos-contracts.csv',
      'contract',
      [
        'column "Status" → status: "Actve" is not one of: "Active", "Archived", "Cancelled", "Draft", "Expired", "Suspended", "Terminated"; did you mean "Active"?',
        'column "Contract type" → contract_type: "Buy sde" is not one of: "Buy side", "Sell side"; did you mean "Buy side"?',
      ],
    ],
  ];
  for (const [name, file, resource, messages] of cases) {
    it(name, async () => {
      const report = join(env.dir, `${file}.report.csv`);
      const res = await runCli([
        'validate',
        `test/fixtures/mapping/${file}`,
        '-r',
        resource,
        '--report',
        report,
        ...env.sb.args,
      ]);
      expect(res.code, res.stderr).toBe(1);
      expect(readReport(report).map((r) => r['#message'])).toEqual(messages);
    });
  }
});
