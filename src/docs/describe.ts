// Words for a field's rule, derived from its definition: shared by the templates' header
// notes and the generated field reference, so both say the same thing.
import { type FieldDef, type LookupKind, type ResourceDef, LOOKUP_LIST } from '../resources/index.js';

/** How a lookup's names are matched; the resolver's behaviour, said once for people. */
const LOOKUP_BY: Partial<Record<LookupKind, string>> = {
  country: 'name, common alias, ISO alpha-2/alpha-3 or numeric code',
  asset_owner: 'name or email',
  contract: 'contract number',
  category: 'name (a "Name / Subcategory" value also works)',
};

export function lookupText(kind: LookupKind): string {
  return `${LOOKUP_LIST[kind].plural}, by ${LOOKUP_BY[kind] ?? 'name'}`;
}

export function typeText(f: FieldDef): string {
  switch (f.type) {
    case 'text':
      return 'text';
    case 'email':
      return 'email address';
    case 'integer':
      return 'whole number';
    case 'decimal':
      return 'amount';
    case 'date':
      return 'date (yyyy-mm-dd)';
    case 'boolean':
      return 'yes/no';
    case 'enum':
      return 'one of a list';
    case 'lookup':
      return f.lookup === 'contract' ? 'contract number' : 'name from a list';
  }
}

/** The value's limit in words, or '' when it has none. */
export function limitText(f: FieldDef): string {
  const parts: string[] = [];
  if (f.maxLength !== undefined) parts.push(`at most ${f.maxLength} characters`);
  if (f.type === 'decimal') {
    parts.push(`${f.min ?? 0} to ${f.max}`, 'at most 2 decimal places');
  } else if (f.min !== undefined && f.max !== undefined) {
    parts.push(`${f.min} to ${f.max}`);
  } else if (f.min !== undefined) {
    parts.push(`at least ${f.min}`);
  } else if (f.max !== undefined) {
    parts.push(`at most ${f.max}`);
  }
  return parts.join(', ');
}

export function valuesText(f: FieldDef, mode: 'create' | 'update' = 'create'): string {
  const values = f.values ?? [];
  const allowed =
    mode === 'update' && f.updateValues ? values.filter((v) => f.updateValues!.includes(v.value)) : values;
  return allowed.map((v) => v.label).join(', ');
}

/** Fields that appear in templates and the reference: everything but the variants. */
export function visibleFields(def: ResourceDef): FieldDef[] {
  return def.fields.filter((f) => !f.variant);
}

/** The header note of a template column: the whole rule, one line per aspect. */
export function fieldNote(f: FieldDef): string {
  const lines = [f.required ? 'Required.' : 'Optional.', f.description];
  const limit = limitText(f);
  lines.push(`Type: ${typeText(f)}${limit ? `, ${limit}` : ''}.`);
  if (f.values) {
    lines.push(`Allowed values: ${valuesText(f)}.`);
    if (f.updateValues) lines.push(`An update accepts only: ${valuesText(f, 'update')}.`);
  }
  if (f.lookup) lines.push(`Looks up: ${lookupText(f.lookup)}.`);
  if (f.type === 'boolean') lines.push('Write Yes or No.');
  if (f.keepText) lines.push('Kept as text: leading zeros matter.');
  if (f.createOnly) lines.push('Create only: not sent on update.');
  return lines.join('\n');
}
