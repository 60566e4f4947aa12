// What a column maps to: a field of the resource, a custom field, the record's id, or a
// value turned into a field (derived). Its own module so that the mapping (headers.ts) and
// the judging of columns by their values (judge.ts) both use it without importing each other.
import type { CustomFieldDataType, FieldDef } from '../resources/fields.js';

export type Target =
  | { readonly kind: 'field'; readonly field: FieldDef }
  | {
      readonly kind: 'custom';
      /** template = custom field template (values in template.fields[]); form = custom form (form_template[].custom_form_data). */
      readonly source: 'template' | 'form';
      readonly templateId: number;
      readonly templateName: string;
      readonly fieldId: number;
      readonly fieldName: string;
      readonly dataType: CustomFieldDataType;
    }
  | { readonly kind: 'id' }
  /** A value the service has no field for, turned into one (warranty months → warranty end date). */
  | { readonly kind: 'derived'; readonly name: DerivedName; readonly label: string };

export type DerivedName = 'warranty_months';

/**
 * How a column was matched; 'values': its values named the target (its header named a
 * field they contradict, or they are names in one of the service's lists); 'built': made from
 * the row's other columns, since no column gives a required field.
 */
export type MatchHow = 'mapping file' | 'built' | 'name' | 'synonym' | 'custom field' | 'fuzzy' | 'values';

/** A column that may feed a target, and how strongly. */
export interface Candidate {
  readonly index: number;
  readonly header: string;
  readonly target: Target;
  readonly how: MatchHow;
  readonly score: number;
  /** Said in the warnings when the column is mapped by this candidate (a guess from its values). */
  readonly note?: string;
  /** Said when the column loses this target to another: what its values say against it. */
  readonly doubt?: string;
}

/** How much each way of matching counts: a name beats a synonym beats a fuzzy match. */
export const HOW_RANK: Readonly<Record<MatchHow, number>> = {
  'mapping file': 100,
  // A field the run builds from the row because no column gives it (map/built-fallback.ts).
  built: 100,
  name: 4,
  'custom field': 3.5,
  synonym: 3,
  values: 3,
  fuzzy: 1,
};
