// License list (service-api.md 2.7, beta): read only; keyed by license_id.
import { listResource } from './list.js';

export const license = listResource({
  name: 'license',
  label: 'License',
  plural: 'licenses',
  description: 'Software and support licenses (beta).',
  companyScoped: true,
  idField: 'license_id',
  columns: [
    { path: 'license_id', label: 'License ID', type: 'integer' },
    { path: 'hashed_id', label: 'Hashed ID', type: 'text' },
    { path: 'public_license_id', label: 'Public license ID', type: 'integer' },
    { path: 'license_name', label: 'License name', type: 'text' },
    { path: 'type', label: 'Type', type: 'text' },
    { path: 'state', label: 'State', type: 'text' },
    { path: 'status', label: 'Status', type: 'text' },
    { path: 'issued_date', label: 'Issued date', type: 'date' },
    { path: 'activation_date', label: 'Activation date', type: 'date' },
    { path: 'claimed_date', label: 'Claimed date', type: 'date' },
    { path: 'expiry_date', label: 'Expiry date', type: 'date' },
    { path: 'is_transferrable', label: 'Transferrable', type: 'boolean' },
    { path: 'is_key_universal', label: 'Universal key', type: 'boolean' },
    { path: 'license_key_number', label: 'License key', type: 'text' },
    { path: 'notes', label: 'Notes', type: 'text' },
    { path: 'stock_keeping_unit', label: 'SKU', type: 'text' },
    { path: 'term_type', label: 'Term type', type: 'text' },
    { path: 'term_value', label: 'Term value', type: 'integer' },
    { path: 'quota', label: 'Quota', type: 'integer' },
    { path: 'issuer', label: 'Issuer', type: 'integer' },
    { path: 'assets', label: 'Assets', type: 'list' },
  ],
});
