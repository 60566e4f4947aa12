// Fields a mapping file builds from the row ("fields"), over the sandbox: a name from a
// template over two columns, a constant, one column sent to several fields, a part of a
// column by a separator or a regular expression, case; a spec that cannot work stops the
// run (exit 2) before any request, naming the key and what is wrong. The import and the
// first refusal run the built CLI; the other refusals call the library's import in-process
// (library.ts), their error worded by the CLI's reportError.
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { countWrites, readReport, runCli, useSandbox } from './cli.js';
import { runLibrary } from './library.js';

const env = useSandbox();
const FILE = 'test/fixtures/mapping/make-model.csv';

function mappingFile(name: string, content: object): string {
  const path = join(env.dir, name);
  writeFileSync(path, JSON.stringify({ resource: 'asset', ...content }));
  return path;
}

/** Make + Model is the name; Tag is the asset tag, its number the serial, its site the city. */
const BUILT = {
  columns: { Model: null, Type: null, Tag: ['asset_tag', 'asset_notes'] },
  fields: {
    name: '{Make} {Model}',
    category: { value: 'Hardware' },
    serial_number: { column: 'Tag', regex: 'SN-(\\d+)' },
    city: { column: 'Tag', split: '-', part: -1, case: 'upper' },
  },
};

describe('a mapping file builds fields', () => {
  it('from a template, a constant, a list of fields, a regex group and a split part; a regex that does not match is a row problem naming the column', async () => {
    const map = mappingFile('built.json', BUILT);
    const report = join(env.dir, 'built.report.csv');
    const res = await runCli([
      'import',
      FILE,
      '-r',
      'asset',
      '--mapping',
      map,
      '--report',
      report,
      ...env.sb.args,
    ]);
    expect(res.code, res.stderr).toBe(1);
    expect(res.stderr).toContain(
      'Columns: "Make" → manufacturer, "Tag" → asset_tag, "{Make} {Model}" → name, "(value "Hardware")" → category.id, "Tag" → serial_number, "Tag" → city, "Tag" → asset_notes',
    );
    const rows = readReport(report);
    expect(rows.map((r) => r['#status'])).toEqual(['created', 'created', 'invalid']);
    expect(rows[2]['#message']).toBe(
      'column "Tag" → serial_number: "XX-9" does not match the regex SN-(\\d+)',
    );
    const assets = await env.sb.records('asset');
    const want: [string, string, string, string][] = [
      ['Dell Latitude 5540', '4411', 'SN-4411-lon', 'LON'],
      ['Lenovo ThinkPad T14 Gen 4', '4412', 'SN-4412-par', 'PAR'],
    ];
    for (const [name, serial, tag, city] of want) {
      expect(
        assets.find((a) => a.serial_number === serial),
        name,
      ).toMatchObject({ name, asset_tag: tag, asset_notes: tag, city, category: { name: 'Hardware' } });
    }
  });
});

describe('a built field that cannot work stops the run before any request (exit 2)', () => {
  const cases: [string, object, string, string?][] = [
    [
      'a template naming a column the sheet lacks',
      { fields: { name: '{Make} {Modell}' } },
      'fields.name: the sheet has no column "Modell"',
      `hint: The sheet's columns: "Make", "Model", "Tag", "Type"`,
    ],
    [
      'a regex that is not one',
      { fields: { name: '{Make}', serial_number: { column: 'Tag', regex: 'SN-(\\d+' } } },
      'fields.serial_number: "regex" "SN-(\\\\d+" is not a regular expression',
    ],
    [
      'a key that is no field',
      { fields: { nmae: '{Make} {Model}' } },
      'fields.nmae: "nmae" is not a field of assets (did you mean "name"?)',
    ],
    [
      'a field given by a column and by fields',
      { columns: { Model: 'name' }, fields: { name: '{Make} {Model}' } },
      'fields.name: name is also given by column "Model"; give each field once',
    ],
    ['a template with no column', { fields: { name: 'Laptop' } }, 'fields.name: "Laptop" names no column'],
  ];
  for (const [name, content, message, hint] of cases) {
    it(name, async () => {
      const map = mappingFile('bad.json', content);
      await env.sb.resetStats();
      const res =
        name === cases[0][0]
          ? await runCli(['import', FILE, '-r', 'asset', '--mapping', map, ...env.sb.args])
          : await runLibrary(env.sb, { file: FILE, resource: 'asset', mappingPath: map });
      expect(res.code).toBe(2);
      expect(res.stderr).toContain(message);
      if (hint) expect(res.stderr).toContain(hint);
      expect(countWrites(await env.sb.stats())).toBe(0);
    });
  }
});
