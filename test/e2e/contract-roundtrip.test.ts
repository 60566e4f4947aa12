// Contracts of every status survive export → edit → update: unchanged rows send nothing,
// an edited cell is the only change, a status an update cannot set is the row's error
// (naming what the service accepts), and create-only columns are a note, not unknown. The
// unchanged update runs the built CLI (its note on stderr); the set-up and the other updates
// call the library in-process (library.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { updateSpreadsheet } from '../../src/index.js';
import { countWrites, readReport, runCli, useSandbox, type TestSandbox } from './cli.js';
import { exportTo, runLibrary } from './library.js';

const STATUSES = ['active', 'archived', 'cancelled', 'draft', 'expired', 'suspended', 'terminated'];
const numberOf = (status: string) => `RT-${status.toUpperCase()}`;
/** A status as the export shows it: its label ("Active"), which the update reads back. */
const labelOf = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

/** One buy-side contract of each status, created by an import as a user would. */
const CREATE_CSV =
  'Contract type,Name,Contract number,Supplier,Country,Status,Category,Start date,End date,Notice period (days),Total contract value,Approver\n' +
  STATUSES.map(
    (s) =>
      `Buy side,Round trip ${s},${numberOf(s)},Dell Technologies,United States,${s},Hardware,2024-01-01,2025-12-31,30,1000.00,Ann Lee`,
  ).join('\n') +
  '\n';

type Row = Record<string, string>;
const contracts = async (sb: TestSandbox) =>
  (await sb.records('contract')).filter((c) => String(c.number).startsWith('RT-'));
const without = (r: Record<string, unknown>, ...keys: string[]) =>
  Object.fromEntries(Object.entries(r).filter(([k]) => !keys.includes(k)));

async function setUp(sb: TestSandbox, dir: string): Promise<Row[]> {
  const input = join(dir, 'create.csv');
  writeFileSync(input, CREATE_CSV);
  const created = await runLibrary(sb, {
    file: input,
    resource: 'contract',
    reportPath: join(dir, 'create.report.csv'),
  });
  expect(created.code, created.stderr).toBe(0);
  const exported = join(dir, 'contracts.csv');
  await exportTo(sb, 'contract', exported);
  return (parse(readFileSync(exported), { columns: true, bom: true }) as Row[]).filter((r) =>
    r['Contract number'].startsWith('RT-'),
  );
}

/**
 * Write the rows as a CSV, run `update` on it (in-process, or the built CLI with `cli`), and
 * give the run, its report and the writes.
 */
async function update(
  env: { sb: TestSandbox; dir: string },
  name: string,
  rows: Row[],
  how: { dryRun?: boolean; cli?: boolean } = {},
) {
  const file = join(env.dir, `${name}.csv`);
  writeFileSync(file, stringify(rows, { header: true }));
  const report = join(env.dir, `${name}.report.csv`);
  await env.sb.resetStats();
  const options = { file, resource: 'contract', reportPath: report, dryRun: how.dryRun };
  const res = how.cli
    ? await runCli(['update', file, '-r', 'contract', '--report', report, ...env.sb.args])
    : await runLibrary(env.sb, options, updateSpreadsheet);
  const byNumber = new Map(readReport(report).map((r) => [r['Contract number'], r]));
  return { res, byNumber, writes: countWrites(await env.sb.stats()) };
}

describe('a contract of every status goes through export → update', () => {
  const env = useSandbox();
  let exported: Row[];
  beforeAll(async () => {
    exported = await setUp(env.sb, env.dir);
  });

  it('unchanged: every row is "unchanged", nothing is written, create-only columns are a note', async () => {
    expect(exported.map((r) => r.Status).sort()).toEqual(STATUSES.map(labelOf));
    const before = await contracts(env.sb);
    const { res, byNumber, writes } = await update(env, 'unchanged', exported, { cli: true });
    expect(res.code, res.stderr).toBe(0);
    expect(STATUSES.map((s) => byNumber.get(numberOf(s))?.['#status'])).toEqual(
      STATUSES.map(() => 'skipped'),
    );
    expect(writes).toBe(0);
    expect(res.stderr).toContain(
      'note: columns "Contract type" (contract_type), "Approver" (approver), "Signer" (signer), "Signed date" (signed_date) are set at creation; an update leaves them as they are.',
    );
    expect(res.stderr).not.toMatch(/column "(Contract type|Approver|Signer|Signed date)" is not imported/);
    expect(await contracts(env.sb)).toEqual(before);
  });

  it('the notice period edited on every row: each is updated, that field alone changes, the status stays', async () => {
    const before = await contracts(env.sb);
    const edited = exported.map((r) => ({ ...r, 'Notice period (days)': '45' }));
    const { res, byNumber, writes } = await update(env, 'notice', edited);
    expect(res.code, res.stderr).toBe(0);
    expect(STATUSES.map((s) => byNumber.get(numberOf(s))?.['#status'])).toEqual(
      STATUSES.map(() => 'updated'),
    );
    expect(writes).toBe(STATUSES.length);
    const after = await contracts(env.sb);
    for (const b of before) {
      const a = after.find((x) => x.id === b.id)!;
      expect(a.notice_period).toBe(45);
      expect(without(a, 'notice_period')).toEqual(without(b, 'notice_period'));
    }
  });

  const statusChanges = [
    {
      what: 'draft → Active is updated',
      from: 'draft',
      to: 'Active',
      status: 'updated',
      message: '',
      stored: 'active',
    },
    {
      what: 'suspended → Archived is updated',
      from: 'suspended',
      to: 'Archived',
      status: 'updated',
      message: '',
      stored: 'archived',
    },
    {
      what: 'active → Expired is refused on the row, naming what an update accepts',
      from: 'active',
      to: 'Expired',
      status: 'invalid',
      message:
        'column "Status" → status: status "Expired" cannot be set by an update: the service\'s update accepts only Active or Archived',
      stored: 'active',
    },
    {
      what: 'archived → draft is refused on the row too',
      from: 'archived',
      to: 'draft',
      status: 'invalid',
      message:
        'column "Status" → status: status "Draft" cannot be set by an update: the service\'s update accepts only Active or Archived',
      stored: 'archived',
    },
  ];
  it.each(statusChanges)('status $what', async ({ from, to, status, message, stored }) => {
    const rows = exported.filter((r) => r.Status === labelOf(from)).map((r) => ({ ...r, Status: to }));
    const { res, byNumber } = await update(env, `status-${from}`, rows);
    expect(res.code).toBe(status === 'updated' ? 0 : 1);
    expect(byNumber.get(numberOf(from))).toMatchObject({ '#status': status, '#message': message });
    expect((await contracts(env.sb)).find((c) => c.number === numberOf(from))?.status).toBe(stored);
  });

  it('a dry run of a refused status says so on the row and sends nothing', async () => {
    const rows = exported
      .filter((r) => r.Status === 'Expired')
      .map((r) => ({ ...r, Status: 'Terminated', 'Notice period (days)': '10' }));
    const { res, byNumber, writes } = await update(env, 'dry-status', rows, { dryRun: true });
    expect(res.code).toBe(1);
    expect(byNumber.get(numberOf('expired'))).toMatchObject({
      '#status': 'invalid',
      '#message': expect.stringContaining('status "Terminated" cannot be set by an update'),
    });
    expect(writes).toBe(0);
  });
});

describe('a service that takes only PUT: a status an update cannot set cannot be kept either', () => {
  const env = useSandbox({ patch: false });
  let exported: Row[];
  beforeAll(async () => {
    exported = await setUp(env.sb, env.dir);
  });

  it('rows whose status an update accepts are updated; the others are invalid, saying how to update them', async () => {
    const edited = exported.map((r) => ({ ...r, 'Notice period (days)': '60' }));
    const { res, byNumber } = await update(env, 'put-notice', edited);
    expect(res.code).toBe(1);
    for (const s of STATUSES) {
      const line = byNumber.get(numberOf(s))!;
      if (s === 'active' || s === 'archived') expect(line['#status']).toBe('updated');
      else {
        // The first row may be the PATCH probe (refused with 405): no row fails for the probe.
        expect(line['#status']).toBe('invalid');
        expect(line['#message']).toContain(
          `this contract's status is "${s.charAt(0).toUpperCase()}${s.slice(1)}", and the service updates contracts only by whole-record PUTs`,
        );
        expect(line['#message']).toContain(
          'update accepts only Active or Archived: set Status to one of them to update this row',
        );
      }
    }
    const after = await contracts(env.sb);
    expect(
      after
        .filter((c) => c.notice_period === 60)
        .map((c) => c.status)
        .sort(),
    ).toEqual(['active', 'archived']);
  });
});
