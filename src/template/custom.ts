// `template --live`: the account's active custom fields and custom form fields as
// columns. Each becomes a field description like the standard ones (type, limit, range),
// so the header note, the cell check and the instructions come from the same code; the
// header is the custom field's name, which the import maps back to it by name.
import { customTargets, targetName, type CustomFieldSet, type Target } from '../map/headers.js';
import {
  MONEY_MAX,
  MONEY_MIN,
  NUMBER_MAX,
  NUMBER_MIN,
  type FieldDef,
  type ResourceDef,
} from '../resources/fields.js';

type CustomTarget = Extract<Target, { kind: 'custom' }>;

/** A custom field's rules as a field description. */
function customFieldDef(def: ResourceDef, t: CustomTarget): FieldDef {
  const where = `${t.source === 'template' ? 'Custom field' : 'Custom form field'} of "${t.templateName}" in this account.`;
  const base = { name: targetName(t), label: t.fieldName, description: where };
  switch (t.dataType) {
    case 'date':
      return { ...base, type: 'date' };
    case 'money':
      return { ...base, type: 'decimal', min: MONEY_MIN, max: MONEY_MAX };
    case 'number':
      return { ...base, type: 'integer', min: NUMBER_MIN, max: NUMBER_MAX };
    default:
      return { ...base, type: 'text', maxLength: def.customTextMax };
  }
}

/**
 * The columns for the account's custom fields (templates, then forms, as the service
 * orders them); a field named like a column already there is left out, since the import
 * would map that header to the standard field.
 */
export function customFieldDefs(
  def: ResourceDef,
  custom: CustomFieldSet | undefined,
  taken: ReadonlySet<string>,
): FieldDef[] {
  const out: FieldDef[] = [];
  const seen = new Set(taken);
  for (const t of customTargets(def, custom, def.writes.create ? 'create' : 'update')) {
    if (t.kind !== 'custom' || seen.has(t.fieldName.toLowerCase())) continue;
    seen.add(t.fieldName.toLowerCase());
    out.push(customFieldDef(def, t));
  }
  return out;
}
