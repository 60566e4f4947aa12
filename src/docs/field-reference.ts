// The field reference (docs/fields.md), generated from the resource definitions so that it
// cannot drift from what the import, the templates and the sandbox enforce.
import { type FieldDef, type ResourceDef, RESOURCES, WRITABLE, writeFields } from '../resources/index.js';
import { HEADER_WORDS, LANGUAGE_NAMES, LANGUAGES } from '../resources/languages.js';
import { limitText, lookupText, typeText, visibleFields } from './describe.js';

/** Markdown table cells: pipes and line breaks would break the row. */
const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const code = (s: string): string => `\`${s}\``;
const row = (cells: string[]): string => `| ${cells.map(cell).join(' | ')} |`;

function valuesOrLookup(f: FieldDef): string {
  if (f.values) {
    const all = f.values.map((v) => `${code(v.value)} (${v.label})`).join(', ');
    return f.updateValues ? `${all}; an update accepts only ${f.updateValues.map(code).join(', ')}` : all;
  }
  if (f.lookup) return `→ ${lookupText(f.lookup)}`;
  return '';
}

function endpoints(def: ResourceDef): string {
  const parts = [`GET /api/v2/${def.path}/`];
  if (def.writes.create) parts.push(`POST /api/v2/${def.path}`);
  if (def.writes.update) parts.push(`PUT /api/v2/${def.path}/{id}`);
  return parts.map(code).join(', ');
}

function listFacts(def: ResourceDef): string[] {
  return [
    `- Endpoints: ${endpoints(def)}`,
    `- Scoped by company: ${def.companyScoped ? 'yes (`company` in the query)' : 'no'}`,
    `- List filters: ${def.filters.length ? def.filters.map(code).join(', ') : 'none'}`,
    `- Record key: ${code(def.idField)}`,
  ];
}

function writableSection(def: ResourceDef): string[] {
  const out = [`### ${def.label} (${code(def.name)})`, '', def.description, '', ...listFacts(def)];
  if (def.naturalKey) out.push(`- Identifies a row's record by: ${def.naturalKey.map(code).join(', then ')}`);
  if (!def.writes.create)
    out.push(
      `- The service cannot create ${def.plural}: rows update the record named by their ${code('id')} (column "ID").`,
    );
  if (def.customFieldType) {
    out.push(
      `- Custom fields: the ${def.customFieldType} custom field template${def.customForms ? ' and custom forms (on create only)' : ''}; text values at most ${def.customTextMax} characters.`,
    );
  }
  out.push(
    '',
    row([
      'Field',
      'Label',
      'Type',
      'Required',
      'Limit',
      'Values / looks up',
      'Synonyms',
      'Create only',
      'Description',
    ]),
  );
  out.push(row(['---', '---', '---', '---', '---', '---', '---', '---', '---']));
  for (const f of visibleFields(def)) {
    out.push(
      row([
        code(f.name),
        f.label,
        typeText(f),
        f.required ? 'yes' : '',
        limitText(f),
        valuesOrLookup(f),
        (f.synonyms ?? []).join(', '),
        f.createOnly ? 'yes' : '',
        f.description + (f.keepText ? ' Kept as text.' : ''),
      ]),
    );
  }
  const variants = def.fields.filter((f) => f.variant);
  if (variants.length) {
    out.push(
      '',
      `Accepted by some versions of the service, never sent by assetbatch and not in templates: ${variants.map((f) => `${code(f.name)} (${f.description.replace(/\.$/, '')})`).join(', ')}.`,
    );
  }
  if (def.writes.update && def.fields.some((f) => f.createOnly)) {
    const left = def.fields.filter((f) => f.createOnly && !writeFields(def, 'update').includes(f));
    out.push('', `An update leaves out the create-only fields: ${left.map((f) => code(f.name)).join(', ')}.`);
  }
  if (def.rules.length) {
    out.push('', '**Rules across fields**', '');
    for (const r of def.rules)
      out.push(`- ${r.description} (${code(r.id)}: ${r.fields.map(code).join(', ')})`);
  }
  out.push(...languagesSection(def));
  return out;
}

/** The headers registers in other languages give each field (src/resources/languages.ts), as the import takes them. */
function languagesSection(def: ResourceDef): string[] {
  const words = Object.entries(HEADER_WORDS[def.name] ?? {});
  if (words.length === 0) return [];
  const labelOf = (key: string) => def.fields.find((f) => f.name === key)?.label;
  const out = [
    '',
    `**Headers in other languages.** The import also recognises these headers for ${def.plural}, after the English ones (an English synonym wins over a word spelled the same), case, accents and punctuation ignored:`,
    '',
    row(['Field', ...LANGUAGES.map((l) => `${LANGUAGE_NAMES[l]} (${l})`)]),
    row(['---', ...LANGUAGES.map(() => '---')]),
  ];
  for (const [key, byLanguage] of words) {
    const label = labelOf(key);
    // A key that is no field is a target the mapping derives a field from (warranty_months).
    const what = label ? `${code(key)} (${label})` : `${code(key)} (derived: [mapping.md](mapping.md))`;
    out.push(row([what, ...LANGUAGES.map((l) => (byLanguage[l] ?? []).join(', '))]));
  }
  return out;
}

function listSection(def: ResourceDef): string[] {
  const out = [`### ${def.label} (${code(def.name)})`, '', def.description, '', ...listFacts(def), ''];
  out.push(row(['Column', 'Label', 'Type']), row(['---', '---', '---']));
  for (const c of def.columns) out.push(row([code(c.path), c.label, c.type]));
  return out;
}

export function fieldReferenceMarkdown(): string {
  const writable = WRITABLE.map((n) => RESOURCES.find((r) => r.name === n)!);
  const lists = RESOURCES.filter((r) => !(WRITABLE as readonly string[]).includes(r.name));
  const lines = [
    '# Field reference',
    '',
    '<!-- Generated from src/resources by `npm run gen:docs`. Do not edit: change the definitions and regenerate. -->',
    '',
    'Every field assetbatch reads and writes, as the resource definitions in `src/resources/` state them. The import, the templates, the sandbox and this page all derive from those definitions.',
    '',
    "- **Field**: the service's name; a dot path is a member of a nested object (`category.id`, `contact_person.email`).",
    "- **Label**: the header in templates, exports and reports. The import maps a label back to its field exactly; **synonyms** are other headers it recognises (case, spaces and punctuation ignored). The headers of registers written in German, French, Spanish, Italian, Dutch and Portuguese follow each resource's table.",
    '- **Values**: the service value and, in brackets, the label a spreadsheet may use instead (either is accepted, in any case); exports write the label unless `--codes`.',
    '- **Looks up**: the cell holds a name (or number, code, email) that the import resolves to an id through that list.',
    '- Amounts take at most 2 decimal places; dates are written yyyy-mm-dd (the import also reads day-first and Excel dates).',
    '',
    '## Writable resources',
    '',
  ];
  for (const def of writable) lines.push(...writableSection(def), '');
  lines.push(
    '## Read-only lists',
    '',
    'Lists the import resolves names through, and that `assetbatch export` writes.',
    '',
  );
  for (const def of lists) lines.push(...listSection(def), '');
  return lines.join('\n').replace(/\n+$/, '\n');
}
