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
