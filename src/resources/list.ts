// Shared shape of the service's read-only reference lists.
import type { ColumnDef, ResourceDef } from './fields.js';

export function listResource(spec: {
  name: string;
  path?: string;
  label: string;
  plural: string;
  description: string;
  companyScoped: boolean;
  filters?: string[];
  idField?: string;
  columns: ColumnDef[];
}): ResourceDef {
  return {
    path: spec.name,
    filters: [],
    idField: 'id',
    fields: [],
    rules: [],
    writes: { create: false, update: false },
    ...spec,
  };
}
