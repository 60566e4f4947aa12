// docs/fields.md is generated from the resource definitions and must be current; its
// content follows the definitions (every field, enum label, lookup, rule and list).
import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { RESOURCES, WRITABLE } from '../../src/resources/index.js';
import { fieldReferenceMarkdown } from '../../src/docs/field-reference.js';

const page = fileURLToPath(new URL('../../docs/fields.md', import.meta.url));
const md = fieldReferenceMarkdown();

describe('docs/fields.md', () => {
  it('equals the generated text', async () => {
    expect(await readFile(page, 'utf8'), 'docs/fields.md is out of date: run npm run gen:docs').toBe(md);
  });
});

describe('field reference content', () => {
  const writable = RESOURCES.filter((r) => (WRITABLE as readonly string[]).includes(r.name));

  it.each(writable.map((r) => [r.name, r] as const))(
    '%s: a row per non-variant field, with its label',
    (_name, def) => {
      for (const f of def.fields.filter((x) => !x.variant))
        expect(md).toContain(`| \`${f.name}\` | ${f.label} |`);
    },
  );

  it.each(writable.map((r) => [r.name, r] as const))('%s: every enum value with its label', (_name, def) => {
    for (const f of def.fields.filter((x) => !x.variant))
      for (const v of f.values ?? []) expect(md).toContain(`\`${v.value}\` (${v.label})`);
  });

  it.each(writable.map((r) => [r.name, r] as const))('%s: every cross-field rule', (_name, def) => {
    for (const r of def.rules) expect(md).toContain(r.description);
  });

  it.each(RESOURCES.filter((r) => r.fields.length === 0).map((r) => [r.name, r] as const))(
    '%s: the list with its columns and filters',
    (_name, def) => {
      expect(md).toContain(`### ${def.label} (\`${def.name}\`)`);
      for (const c of def.columns) expect(md).toContain(`| \`${c.path}\` | ${c.label} | ${c.type} |`);
      for (const f of def.filters) expect(md).toContain(`\`${f}\``);
    },
  );

  const facts: [string, string][] = [
    ['lookups say what they resolve through', '→ suppliers, by name'],
    ['synonyms are listed', 'serial no, serial #, s/n'],
    ['limits are stated', 'at most 50 characters'],
    ['create-only fields are marked', '| `contract_type` | Contract type | one of a list | yes |'],
    ['variant fields are named apart', 'never sent by assetbatch'],
  ];
  it.each(facts)('%s', (_what, text) => expect(md).toContain(text));
});
