// Templates are derived from the resource definitions: headers, notes, drop-downs,
// formats and the example row each follow a field's definition.
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import {
  type FieldDef,
  type ResourceDef,
  WRITABLE,
  findResource,
  validateWriteBody,
  setPath,
} from '../../src/resources/index.js';
import { EXAMPLES } from '../../src/template/examples.js';
import {
  TEMPLATE_ROWS,
  buildTemplate,
  templateColumns,
  templateCsv,
  templateResource,
} from '../../src/template/template.js';
import { registerTemplateCommand } from '../../src/cli/template.js';
import { noteText, readBack } from './snapshot.js';

const defOf = (name: string): ResourceDef => findResource(name)!;
const visible = (def: ResourceDef): FieldDef[] =>
  def.fields.filter((f) => !f.variant && !(def.writes.create === false && f.createOnly));

async function templateBack(name: string, opts = {}): Promise<ExcelJS.Workbook> {
  return readBack(await buildTemplate(name, opts));
}

function headerIndex(ws: ExcelJS.Worksheet): Map<string, number> {
  const m = new Map<string, number>();
  ws.getRow(1).eachCell((c, col) => m.set(String(c.value), col));
  return m;
}

describe('template columns', () => {
  it.each(WRITABLE.map((n) => [n]))(
    '%s: headers are the labels of the writable fields, in order',
    async (name) => {
      const def = defOf(name);
      const ws = (await templateBack(name)).worksheets[0];
      const headers = (ws.getRow(1).values as unknown[]).slice(1);
      const expected = visible(def).map((f) => f.label);
      expect(headers).toEqual(def.writes.create ? expected : ['ID', ...expected]);
    },
  );

  it.each(WRITABLE.map((n) => [n]))('%s: labels are unique, so the import can map them back', (name) => {
    const headers = templateColumns(defOf(name)).map((c) => c.header);
    expect(new Set(headers).size).toBe(headers.length);
  });

  it.each(WRITABLE.map((n) => [n]))(
    '%s: required fields are bold and filled, and their note says required',
    async (name) => {
      const ws = (await templateBack(name)).worksheets[0];
      for (const col of templateColumns(defOf(name))) {
        const cell = ws.getCell(1, headerIndex(ws).get(col.header)!);
        expect(Boolean(cell.font?.bold), col.header).toBe(col.required);
        expect(
          noteText(cell.note as ExcelJS.Comment)!.startsWith(col.required ? 'Required.' : 'Optional.'),
          col.header,
        ).toBe(true);
      }
    },
  );

  it('asset: variant fields are left out', () => {
    const headers = templateColumns(defOf('asset')).map((c) => c.key);
    expect(headers).not.toContain('usage_status');
    expect(headers).not.toContain('area');
  });

  it('asset-owner: the ID column comes first (update-only resource)', () => {
    expect(templateColumns(defOf('asset-owner'))[0]).toMatchObject({
      header: 'ID',
      key: 'id',
      required: true,
    });
  });

  it('contract: create-only fields are in the create template, marked in the note', async () => {
    const ws = (await templateBack('contract')).worksheets[0];
    const note = noteText(ws.getCell(1, headerIndex(ws).get('Contract type')!).note as ExcelJS.Comment);
    expect(note).toContain('Create only');
  });
});

describe('header notes carry the rule', () => {
  const cases: [string, string, string[]][] = [
    ['asset', 'Name', ['Type: text, at most 50 characters.']],
    ['asset', 'Warranty status', ['Allowed values: None, Out of warranty, Within warranty.']],
    ['asset', 'Original cost', ['0 to 999999999999999', 'at most 2 decimal places']],
    ['asset', 'Supplier', ['Looks up: suppliers, by name.']],
    ['asset', 'Owner', ['Looks up: asset owners, by name or email.']],
    ['asset', 'Serial number', ['leading zeros']],
    [
      'contract',
      'Status',
      ['Allowed values: Active, Archived, Cancelled', 'An update accepts only: Active, Archived.'],
    ],
    ['contract', 'Notice period (days)', ['whole number, at least 0']],
    ['customer', 'NDA signed', ['Write Yes or No.']],
    ['customer', 'Zip/postal code', ['at most 20 characters']],
  ];
  it.each(cases)('%s "%s"', async (name, header, parts) => {
    const ws = (await templateBack(name)).worksheets[0];
    const note = noteText(ws.getCell(1, headerIndex(ws).get(header)!).note as ExcelJS.Comment)!;
    for (const p of parts) expect(note).toContain(p);
  });
});

describe('drop-downs and checks', () => {
  it.each(WRITABLE.map((n) => [n]))(
    '%s: every enum column offers its labels from the hidden Lists sheet',
    async (name) => {
      const wb = await templateBack(name);
      const ws = wb.worksheets[0];
      const lists = wb.getWorksheet('Lists')!;
      expect(lists.state).toBe('hidden');
      for (const f of visible(defOf(name)).filter((x) => x.type === 'enum')) {
        const col = headerIndex(ws).get(f.label)!;
        for (const row of [2, 1 + TEMPLATE_ROWS]) {
          const dv = ws.getCell(row, col).dataValidation;
          expect(dv?.type, f.label).toBe('list');
          const m = /^Lists!\$([A-Z]+)\$2:\$\1\$(\d+)$/.exec(String(dv.formulae[0]))!;
          const offered = [];
          for (let r = 2; r <= Number(m[2]); r++) offered.push(lists.getCell(`${m[1]}${r}`).value);
          expect(offered, f.label).toEqual(f.values!.map((v) => v.label));
        }
      }
    },
  );

  const checks: [string, string, Partial<ExcelJS.DataValidation>][] = [
    ['asset', 'Name', { type: 'textLength', operator: 'lessThanOrEqual', formulae: [50] }],
    ['asset', 'Original cost', { type: 'decimal', operator: 'between' }],
    ['contract', 'Notice period (days)', { type: 'whole', operator: 'greaterThanOrEqual', formulae: [0] }],
    ['customer', 'NDA signed', { type: 'list' }],
    ['asset-owner', 'ID', { type: 'whole' }],
  ];
  it.each(checks)('%s "%s" has a check', async (name, header, expected) => {
    const ws = (await templateBack(name)).worksheets[0];
    expect(ws.getCell(2, headerIndex(ws).get(header)!).dataValidation).toMatchObject(expected);
  });

  it('lookup columns get a (warning) drop-down only when lookup names are given', async () => {
    const plain = (await templateBack('asset')).worksheets[0];
    expect(plain.getCell(2, headerIndex(plain).get('Supplier')!).dataValidation).toBeUndefined();
    const wb = await templateBack('asset', { lookups: { supplier: ['Dell Technologies', 'HP Inc.'] } });
    const ws = wb.worksheets[0];
    for (const header of ['Supplier', 'Warranty provider', 'Support provider']) {
      expect(ws.getCell(2, headerIndex(ws).get(header)!).dataValidation, header).toMatchObject({
        type: 'list',
        errorStyle: 'warning',
      });
    }
  });

  it('the header row is frozen', async () => {
    const ws = (await templateBack('asset')).worksheets[0];
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  });
});

describe('formats', () => {
  it.each(WRITABLE.map((n) => [n]))('%s: date columns are yyyy-mm-dd, money columns 0.00', async (name) => {
    const ws = (await templateBack(name)).worksheets[0];
    for (const f of visible(defOf(name))) {
      const col = ws.getColumn(headerIndex(ws).get(f.label)!);
      if (f.type === 'date') expect(col.numFmt, f.label).toBe('yyyy-mm-dd');
      if (f.type === 'decimal') expect(col.numFmt, f.label).toBe('0.00');
      if (f.keepText) expect(col.numFmt, f.label).toBe('@');
    }
  });
});

describe('instructions', () => {
  it.each(WRITABLE.map((n) => [n]))(
    '%s: the Instructions sheet states every cross-field rule',
    async (name) => {
      const wb = await templateBack(name);
      const text: string[] = [];
      wb.getWorksheet('Instructions')!.eachRow((r) => r.eachCell((c) => text.push(String(c.value))));
      for (const rule of defOf(name).rules) expect(text.join('\n')).toContain(rule.description);
    },
  );

  it('the company is named', async () => {
    const wb = await templateBack('contract', { company: 7 });
    expect(wb.getWorksheet('Instructions')!.getCell('A1').value).toBe('Contract template (company 7)');
  });
});

/** The example row as a write body: lookups stand in as id 1, as the resolver would give. */
function exampleBody(def: ResourceDef): Record<string, unknown> {
  const body: Record<string, unknown> = { company: 1 };
  for (const [key, v] of Object.entries(EXAMPLES[def.name as (typeof WRITABLE)[number]])) {
    if (key === 'id') continue;
    const f = def.fields.find((x) => x.name === key)!;
    setPath(body, key, f.type === 'lookup' ? 1 : v);
  }
  return body;
}

describe('example row', () => {
  it.each(WRITABLE.map((n) => [n]))('%s: every example key is a template column', (name) => {
    const keys = templateColumns(defOf(name)).map((c) => c.key);
    for (const key of Object.keys(EXAMPLES[name])) expect(keys, key).toContain(key);
  });

  it.each(WRITABLE.map((n) => [n]))('%s: the example passes the schema and the cross-field rules', (name) => {
    const def = defOf(name);
    const r = validateWriteBody(def, exampleBody(def), def.writes.create ? 'create' : 'update', 'user');
    expect(r.issues).toEqual([]);
  });

  it('enum examples are shown by label, dates as date cells', async () => {
    const ws = (await templateBack('asset')).worksheets[0];
    const h = headerIndex(ws);
    expect(ws.getCell(2, h.get('Warranty status')!).value).toBe('Within warranty');
    expect(ws.getCell(2, h.get('Service start date')!).value).toEqual(new Date('2024-01-15T00:00:00Z'));
    expect(ws.getCell(2, h.get('Original cost')!).value).toBe(1234.5);
  });
});

describe('csv template', () => {
  it.each(WRITABLE.map((n) => [n]))('%s: headers and one example row', (name) => {
    const rows = parse(templateCsv(name), { bom: true }) as string[][];
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual(templateColumns(defOf(name)).map((c) => c.header));
  });

  it('values are labels, plain amounts and ISO dates', () => {
    const [head, row] = parse(templateCsv('contract'), { bom: true }) as string[][];
    const at = (h: string) => row[head.indexOf(h)];
    expect([at('Contract type'), at('Total contract value'), at('Start date'), at('Payment terms')]).toEqual([
      'Buy side',
      '250000.00',
      '2024-01-01',
      'Net 30',
    ]);
  });
});

describe('template resource', () => {
  it.each([['license'], ['supplier'], ['nonsense']])('"%s" is refused with the choices', (name) => {
    expect(() => templateResource(name)).toThrow(
      expect.objectContaining({ code: 'E_USAGE', hint: expect.stringContaining('asset-owner') }),
    );
  });
  it.each([
    ['assets', 'asset'],
    ['asset_owner', 'asset-owner'],
    ['Contract', 'contract'],
  ])('"%s" names %s', (given, name) => {
    expect(templateResource(given).name).toBe(name);
  });
});

describe('template command', () => {
  const run = async (...args: string[]) => {
    const program = new Command().exitOverride();
    registerTemplateCommand(program);
    await program.parseAsync(['node', 'assetbatch', 'template', ...args]);
  };
  it.each([
    ['customer.xlsx', [], 'xlsx'],
    ['customer.csv', [], 'csv'],
    ['customer.out', ['--format', 'csv'], 'csv'],
  ] as const)('-o %s %j writes %s', async (file, extra, format) => {
    const dir = await mkdtemp(join(tmpdir(), 'assetbatch-template-'));
    const out = join(dir, file);
    await run('customer', '-o', out, ...extra);
    const bytes = await readFile(out);
    // An xlsx is a zip (PK); a csv starts with the BOM and the first header.
    if (format === 'xlsx') expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    else expect(bytes.toString('utf8')).toMatch(/^\uFEFFName,Category,/);
  });
});
