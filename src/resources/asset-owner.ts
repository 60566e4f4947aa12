// Asset owner: GET /asset-owner/ and PUT /asset-owner/{id} (service-api.md 4.7).
// There is no create; name is unique per account.
import type { FieldDef, ResourceDef } from './fields.js';
import { columnsFromFields } from './fields.js';

const fields: FieldDef[] = [
  {
    name: 'name',
    label: 'Name',
    type: 'text',
    maxLength: 50,
    required: true,
    description: 'Name of the owner; unique in the account.',
    synonyms: ['owner', 'owner name', 'full name', 'person', 'employee'],
  },
  {
    name: 'email',
    label: 'Email',
    type: 'email',
    maxLength: 254,
    description: 'Email address.',
    synonyms: ['e-mail', 'owner email', 'mail'],
  },
  {
    name: 'phone',
    label: 'Phone',
    type: 'text',
    maxLength: 20,
    keepText: true,
    description: 'Phone number.',
    synonyms: ['telephone', 'tel', 'phone number', 'mobile'],
  },
];

export const assetOwner: ResourceDef = {
  name: 'asset-owner',
  path: 'asset-owner',
  label: 'Asset owner',
  plural: 'asset owners',
  description: 'People or teams who own assets.',
  companyScoped: true,
  filters: [],
  idField: 'id',
  columns: columnsFromFields(fields),
  fields,
  rules: [],
  writes: { create: false, update: true },
  naturalKey: ['name'],
};
