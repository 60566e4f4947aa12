// From a read-shape record to one row of cells. The columns come from the resource's
// definition (so they are the same every run, and headed by the labels the import maps
// back), then one column per active custom field of the resource's templates, then any
// finance columns. Cells are typed here once; each writer only renders them.
import type { ColumnDef, CustomTemplate, EnumValue, ResourceDef } from '../resources/fields.js';
import { getPath } from '../resources/fields.js';

/** A cell as every writer receives it: dates stay yyyy-MM-dd text, lists are joined. */
export type CellValue = string | number | boolean | null;

export type ExportColumnType = ColumnDef['type'];

export interface ExportColumn {
  /** Stable identity: the read-shape path, `custom.<field id>` or `finance.<name>`. */
  readonly key: string;
  /** The header. */
  readonly label: string;
  readonly type: ExportColumnType;
  /** The raw value of this column in a read-shape record. */
  readonly read: (record: Record<string, unknown>) => unknown;
  /** The write field it shows, for a definition's column (`category.id` for "Category"). */
  readonly field?: string;
}

export const LIST_SEPARATOR = '; ';

/**
 * Columns of the definition itself, in its order. An enum shows the label people read
 * (`net_30` → "Net 30"), which the import takes back, unless `codes` asks for the
 * service's values; a value the definition does not know is shown as it came.
 */
export function definitionColumns(def: ResourceDef, codes = false): ExportColumn[] {
  return def.columns.map((c) => {
    const values = codes ? undefined : c.values;
    const read = values
      ? (r: Record<string, unknown>) => enumLabelOf(values, getPath(r, c.path))
      : (r: Record<string, unknown>) => getPath(r, c.path);
    return { key: c.path, label: c.label, type: c.type, read, ...(c.field ? { field: c.field } : {}) };
  });
}

function enumLabelOf(values: readonly EnumValue[], raw: unknown): unknown {
  return typeof raw === 'string' ? (values.find((v) => v.value === raw)?.label ?? raw) : raw;
}

/**
 * The custom field template type whose values a resource's records carry. Suppliers'
 * read shape has `template` (service-api.md 2.1) though the supplier list has no write
 * definition to say so.
 */
export function customFieldTypeOf(def: ResourceDef): string | undefined {
  return def.customFieldType ?? (def.name === 'supplier' ? 'supplier' : undefined);
}

const CUSTOM_TYPES: Record<string, ExportColumnType> = {
  money: 'decimal',
  number: 'integer',
  date: 'date',
  text: 'text',
  attachment: 'text',
};

/**
 * One column per active field of the active templates of the resource's type, headed by
 * the field's name (ordered by template, then the field's `order`). A name that repeats a
 * built-in header, or another template's field, gets the template's name in brackets.
 */
export function customColumns(
  def: ResourceDef,
  templates: readonly CustomTemplate[],
  taken: readonly string[] = def.columns.map((c) => c.label),
): ExportColumn[] {
  const type = customFieldTypeOf(def);
  if (!type) return [];
  const used = new Set(taken.map((l) => l.toLowerCase()));
  const out: ExportColumn[] = [];
  const active = templates
    .filter((t) => t.type === type && t.is_active !== false)
    .sort((a, b) => a.id - b.id);
  for (const t of active) {
    const fields = [...(t.fields ?? [])]
      .filter((f) => f.is_active !== false)
      .sort((a, b) => a.order - b.order || a.id - b.id);
    for (const f of fields) {
      let label = f.name;
      if (used.has(label.toLowerCase())) label = `${f.name} (${t.name})`;
      if (used.has(label.toLowerCase())) label = `${f.name} (custom field ${f.id})`;
      used.add(label.toLowerCase());
      const id = String(f.id);
      out.push({
        key: `custom.${f.id}`,
        label,
        type: CUSTOM_TYPES[f.data_type] ?? 'text',
        read: (r) => {
          const fields = (r.template as { fields?: unknown } | null | undefined)?.fields;
          return fields && typeof fields === 'object' ? (fields as Record<string, unknown>)[id] : undefined;
        },
      });
    }
  }
  return out;
}

/** How an object found in a text or list cell reads: its name, number or label, else JSON. */
function objectText(v: object): string {
  const o = v as Record<string, unknown>;
  for (const k of ['name', 'number', 'category', 'country_name', 'label']) {
    if (typeof o[k] === 'string' || typeof o[k] === 'number') return String(o[k]);
  }
  return JSON.stringify(v);
}

function text(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v))
    return v
      .map(text)
      .filter((s) => s !== '')
      .join(LIST_SEPARATOR);
  if (v && typeof v === 'object') return objectText(v);
  return '';
}

const NUMERIC = /^-?\d+(\.\d+)?$/;

/** A raw value as a typed cell; a value that does not fit its column's type is kept as text, never lost. */
export function toCell(type: ExportColumnType, raw: unknown): CellValue {
  if (raw === null || raw === undefined || raw === '') return null;
  switch (type) {
    case 'integer':
    case 'decimal':
      if (typeof raw === 'number' && Number.isFinite(raw)) return raw;
      if (typeof raw === 'string' && NUMERIC.test(raw.trim())) return Number(raw.trim());
      break;
    case 'boolean':
      if (typeof raw === 'boolean') return raw;
      if (raw === 'true' || raw === 'false') return raw === 'true';
      break;
    case 'list':
      if (Array.isArray(raw) && raw.length === 0) return null;
      break;
    default:
      break;
  }
  const s = text(raw);
  return s === '' ? null : s;
}

/** One record as a row of cells, in column order. */
export function flattenRecord(
  record: Record<string, unknown>,
  columns: readonly ExportColumn[],
): CellValue[] {
  return columns.map((c) => toCell(c.type, c.read(record)));
}
