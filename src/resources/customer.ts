// Customer: POST /customer, PUT /customer/{id}, GET /customer/ (public reference).
// Fields of service-api.md 4.4; name is unique per account.
import { CONTACT_TYPE_WORDS } from './value-words.js';
import {
  type FieldDef,
  type ResourceDef,
  type CrossFieldRule,
  columnsFromFields,
  enumValues,
  isBlank,
  getPath,
  textField,
} from './fields.js';

const CONTACT_TYPE = enumValues(
  ['account_management', 'billing', 'executive', 'sales', 'support', 'technical'],
  {},
  CONTACT_TYPE_WORDS,
);

const text = textField;

// The fields customers share with suppliers' read shape (section 2.1/2.2), in the service's order.

/** Who the customer is, and whom to call. */
const PARTY_FIELDS: FieldDef[] = [
  text(
    'name',
    'Name',
    50,
    'Name; unique in the account.',
    [
      'customer name',
      'customer',
      'client',
      'client name',
      'company name',
      'account name',
      'organisation',
      'organization',
    ],
    { required: true },
  ),
  {
    name: 'category',
    label: 'Category',
    type: 'lookup',
    lookup: 'category',
    description: 'Category, by name (from the category list).',
    synonyms: ['industry', 'segment', 'customer category'],
  },
  text('contact_person.name', 'Contact name', 50, 'Contact person; required when a contact email is given.', [
    'contact',
    'contact person',
    'primary contact',
    'contact person name',
  ]),
  {
    name: 'contact_person.email',
    label: 'Contact email',
    type: 'email',
    maxLength: 254,
    description: 'Contact email; required when a contact name is given.',
    synonyms: ['email', 'contact e-mail', 'e-mail', 'contact person email'],
  },
  {
    name: 'contact_person.type',
    label: 'Contact type',
    type: 'enum',
    values: CONTACT_TYPE,
    description: 'Role of the contact person.',
    synonyms: ['contact role', 'contact person type'],
  },
];

/** Where the customer is, and how to reach it. */
const ADDRESS_FIELDS: FieldDef[] = [
  text('address_line_1', 'Address line 1', 50, 'First line of the address.', [
    'address',
    'address 1',
    'street',
    'street address',
  ]),
  text('address_line_2', 'Address line 2', 50, 'Second line of the address.', ['address 2']),
  text('city', 'City', 50, 'City.', ['town']),
  text('state_province', 'State/province', 50, 'State or province.', [
    'state',
    'province',
    'region',
    'county',
  ]),
  text(
    'zip_postal_code',
    'Zip/postal code',
    20,
    'Zip or postal code.',
    ['zip', 'postcode', 'postal code', 'zip code', 'post code'],
    { keepText: true },
  ),
  {
    name: 'country',
    label: 'Country',
    type: 'lookup',
    lookup: 'country',
    description: 'Country, by name, alias, ISO code or numeric code.',
    synonyms: ['country code', 'nation'],
  },
  text('phone', 'Phone', 20, 'Phone number.', ['telephone', 'tel', 'phone number'], { keepText: true }),
  text('mobile', 'Mobile', 20, 'Mobile number.', ['cell', 'mobile phone', 'cell phone'], { keepText: true }),
  text('fax', 'Fax', 20, 'Fax number.', [], { keepText: true }),
  text('website', 'Website', 50, 'Website.', ['web', 'url', 'homepage', 'web site']),
];

/** Descriptions and the agreements signed. */
const AGREEMENT_FIELDS: FieldDef[] = [
  text('general_description', 'General description', 1000, 'General description.', [
    'description',
    'notes',
    'about',
  ]),
  {
    name: 'nda_signed',
    label: 'NDA signed',
    type: 'boolean',
    description: 'Whether an NDA is signed.',
    synonyms: ['nda'],
  },
  {
    name: 'nda_signed_date',
    label: 'NDA signed date',
    type: 'date',
    description: 'Date the NDA was signed.',
    synonyms: ['nda date'],
  },
  {
    name: 'msa_signed',
    label: 'MSA signed',
    type: 'boolean',
    description: 'Whether an MSA is signed.',
    synonyms: ['msa'],
  },
  {
    name: 'msa_signed_date',
    label: 'MSA signed date',
    type: 'date',
    description: 'Date the MSA was signed.',
    synonyms: ['msa date'],
  },
  text('supplementary_description', 'Supplementary description', 1000, 'Supplementary description.', []),
  text('additional_description', 'Additional description', 1000, 'Additional description.', []),
];

const fields: FieldDef[] = [...PARTY_FIELDS, ...ADDRESS_FIELDS, ...AGREEMENT_FIELDS];

const rules: CrossFieldRule[] = [
  {
    id: 'contact_name_and_email',
    description: 'A contact name and a contact email go together: each is required when the other is given.',
    fields: ['contact_person.name', 'contact_person.email'],
    check: (b) => {
      const name = getPath(b, 'contact_person.name');
      const email = getPath(b, 'contact_person.email');
      if (!isBlank(email) && isBlank(name))
        return [
          {
            field: 'contact_person.name',
            message: 'a contact name is required when a contact email is given',
          },
        ];
      if (!isBlank(name) && isBlank(email))
        return [
          {
            field: 'contact_person.email',
            message: 'a contact email is required when a contact name is given',
          },
        ];
      return [];
    },
  },
];

export const customer: ResourceDef = {
  name: 'customer',
  path: 'customer',
  label: 'Customer',
  plural: 'customers',
  description: 'Organisations the company sells to.',
  companyScoped: true,
  filters: [],
  idField: 'id',
  // Read shape (2.2): category as {id, name}, country as its name.
  columns: columnsFromFields(fields),
  fields,
  rules,
  writes: { create: true, update: true },
  naturalKey: ['name'],
  customFieldType: 'customer',
  customTextMax: 50,
  customForms: false,
};
