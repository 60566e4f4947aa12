// `template --live` adds a column for each active custom field and custom form field of
// the account, with its type's rule in the note and the cell check; a filled template then
// imports with those values stored. Over the sandbox: the asset template is written once by
// the built CLI and read by each case; the contract template and the import run the library's
// calls in-process (the CLI's runTemplate and runImport make the same calls).
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { join } from 'node:path';
import { connect, fetchTemplateLookups, templateResource, writeTemplate } from '../../src/index.js';
import { loadCustomFields } from '../../src/internal.js';
import { readReport, runCli, useSandbox } from '../e2e/cli.js';
import { connectionOf, runLibrary } from '../e2e/library.js';

const env = useSandbox();

/** `template RESOURCE --live -o FILE`: the asset's by the built CLI, the contract's in-process. */
async function writeLive(resource: string, file: string): Promise<void> {
  if (resource === 'asset') {
    const res = await runCli(['template', resource, '--live', '-o', file, ...env.sb.args]);
    expect(res.code, res.stderr).toBe(0);
    return;
  }
  const def = templateResource(resource);
  const conn = await connect(connectionOf(env.sb));
  try {
    const lookups = await fetchTemplateLookups(conn.client, def, 1);
    const custom = await loadCustomFields(conn, def, 1);
    await writeTemplate(def.name, file, { company: 1, ...lookups, custom, format: 'xlsx' });
  } finally {
    await conn.close();
  }
}

/** Each resource's live template is written once; the cases read it. */
const written = new Map<string, Promise<void>>();

async function liveTemplate(
  resource: string,
): Promise<{ file: string; wb: ExcelJS.Workbook; headers: string[] }> {
  const file = join(env.dir, `${resource}-live.xlsx`);
  if (!written.has(resource)) written.set(resource, writeLive(resource, file));
  await written.get(resource);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const headers = (wb.worksheets[0].getRow(1).values as unknown[]).slice(1).map(String);
  return { file, wb, headers };
}

describe("template --live with the account's custom fields", () => {
  const cases: [string, string[], string[]][] = [
    // Active template fields and form fields; the inactive "Old Ref" and the attachment "Purchase Receipt" are left out.
    [
      'asset',
      [
        'Cost Centre',
        'PO Number',
        'Insurance Value',
        'Rack Units',
        'Last Audit',
        'Requested By',
        'Approval Date',
      ],
      ['Old Ref', 'Purchase Receipt'],
    ],
    ['contract', ['Budget Code', 'Renewal Budget', 'Review Date', 'Reviewed By', 'Review Outcome'], []],
  ];
  it.each(cases)(
    '%s: a column for each active custom field, after the standard ones',
    async (resource, want, not) => {
      const { headers } = await liveTemplate(resource);
      expect(headers.slice(-want.length)).toEqual(want);
      for (const h of not) expect(headers).not.toContain(h);
    },
  );

  it("each custom column carries its type's rule: note, number format and cell check", async () => {
    const { wb, headers } = await liveTemplate('asset');
    const ws = wb.worksheets[0];
    const col = (h: string) => headers.indexOf(h) + 1;
    expect(String(ws.getCell(1, col('Insurance Value')).note)).toMatch(
      /Custom field of "Asset extras" in this account\.\nType: amount/,
    );
    expect(String(ws.getCell(1, col('Approval Date')).note)).toMatch(
      /Custom form field of "Asset intake form"/,
    );
    expect(ws.getCell(2, col('Rack Units')).dataValidation).toMatchObject({ type: 'whole' });
    expect(ws.getCell(2, col('Last Audit')).dataValidation).toMatchObject({ type: 'date' });
    expect(ws.getCell(2, col('Cost Centre')).dataValidation).toMatchObject({
      type: 'textLength',
      formulae: [150],
    });
  });

  it('a filled live template imports its custom values, with no warnings; the example row is skipped', async () => {
    const { file, wb, headers } = await liveTemplate('asset');
    const ws = wb.worksheets[0];
    const row = ws.getRow(3);
    ws.getRow(2).eachCell((cell, c) => (row.getCell(c).value = cell.value));
    const set = (h: string, v: ExcelJS.CellValue) => (row.getCell(headers.indexOf(h) + 1).value = v);
    set('Serial number', 'SN-LIVE-0001');
    set('Cost Centre', 'CC-7001');
    set('Insurance Value', 1500.5);
    set('Last Audit', new Date(Date.UTC(2024, 5, 30)));
    set('Requested By', 'Dana Scully');
    const filled = file.replace(/\.xlsx$/, '-filled.xlsx');
    await wb.xlsx.writeFile(filled);
    const report = join(env.dir, 'live.report.csv');
    const res = await runLibrary(env.sb, { file: filled, resource: 'asset', reportPath: report });
    expect(res.code, res.stderr).toBe(0);
    // The plan's warnings (an unplaced column) and the rows' (the report's #warnings): none.
    expect(res.stderr).not.toMatch(/warning/);
    expect(readReport(report).map((r) => [r['#row'], r['#status'], r['#warnings']])).toEqual([
      ['2', 'skipped', ''],
      ['3', 'created', ''],
    ]);
    const rec = (await env.sb.records('asset')).find((a) => a.serial_number === 'SN-LIVE-0001');
    // The record's read shape: custom values by field id.
    expect(rec?.template?.fields).toMatchObject({ 1: 'CC-7001', 3: 1500.5, 5: '2024-06-30' });
    expect(JSON.stringify(rec?.form_template)).toContain('Dana Scully');
  });
});
