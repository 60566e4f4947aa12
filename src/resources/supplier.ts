// Supplier list (service-api.md 2.1): read only.
import { listResource } from './list.js';
import type { ColumnDef } from './fields.js';

const columns: ColumnDef[] = [
  { path: 'id', label: 'ID', type: 'integer' },
  { path: 'name', label: 'Name', type: 'text' },
  { path: 'category.name', label: 'Category', type: 'text' },
  { path: 'contact_person.name', label: 'Contact name', type: 'text' },
  { path: 'contact_person.email', label: 'Contact email', type: 'text' },
  { path: 'contact_person.type', label: 'Contact type', type: 'text' },
  { path: 'address_line_1', label: 'Address line 1', type: 'text' },
  { path: 'address_line_2', label: 'Address line 2', type: 'text' },
  { path: 'city', label: 'City', type: 'text' },
  { path: 'state_province', label: 'State/province', type: 'text' },
  { path: 'zip_postal_code', label: 'Zip/postal code', type: 'text' },
  { path: 'country', label: 'Country', type: 'text' },
  { path: 'phone', label: 'Phone', type: 'text' },
  { path: 'mobile', label: 'Mobile', type: 'text' },
  { path: 'fax', label: 'Fax', type: 'text' },
  { path: 'website', label: 'Website', type: 'text' },
  { path: 'general_description', label: 'General description', type: 'text' },
  { path: 'type', label: 'Supplier type', type: 'text' },
  { path: 'business_name', label: 'Business name', type: 'text' },
  { path: 'business_address_line_1', label: 'Business address line 1', type: 'text' },
  { path: 'business_address_line_2', label: 'Business address line 2', type: 'text' },
  { path: 'business_city', label: 'Business city', type: 'text' },
  { path: 'business_state_province', label: 'Business state/province', type: 'text' },
  { path: 'business_zip_postal_code', label: 'Business zip/postal code', type: 'text' },
  { path: 'business_country', label: 'Business country', type: 'text' },
  { path: 'ein', label: 'EIN', type: 'text' },
  { path: 'financial_description', label: 'Financial description', type: 'text' },
  { path: 'nda_signed', label: 'NDA signed', type: 'boolean' },
  { path: 'nda_signed_date', label: 'NDA signed date', type: 'date' },
  { path: 'msa_signed', label: 'MSA signed', type: 'boolean' },
  { path: 'msa_signed_date', label: 'MSA signed date', type: 'date' },
  { path: 'supplementary_description', label: 'Supplementary description', type: 'text' },
  { path: 'additional_description', label: 'Additional description', type: 'text' },
];

export const supplier = listResource({
  name: 'supplier',
  label: 'Supplier',
  plural: 'suppliers',
  description: 'Organisations the company buys from.',
  companyScoped: true,
  columns,
});
