// Country list (service-api.md 2.13): read only, not scoped by company. The numeric
// code is what write bodies carry; reads give the name.
import { listResource } from './list.js';

export const country = listResource({
  name: 'country',
  label: 'Country',
  plural: 'countries',
  description: 'Countries with their ISO 3166 numeric codes.',
  companyScoped: false,
  idField: 'country_numeric_code',
  columns: [
    { path: 'country_name', label: 'Country', type: 'text' },
    { path: 'country_numeric_code', label: 'Numeric code', type: 'integer' },
  ],
});
