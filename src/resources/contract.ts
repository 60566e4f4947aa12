// Contract: POST /contract, PUT /contract/{id} (no contract_type, no create-only fields),
// GET /contract/ (public reference). Fields and cross-field rules of service-api.md 4.3.
import {
  CONTRACT_STATUS_WORDS,
  CONTRACT_TYPE_WORDS,
  END_OF_TERM_CLAUSE_WORDS,
  EXPENDITURE_TYPE_WORDS,
  FINANCING_WORDS,
  PAYMENT_TERMS_WORDS,
} from './value-words.js';
import {
  type FieldDef,
  type ResourceDef,
  type CrossFieldRule,
  type WriteBody,
  columnsFromFields,
  enumValues,
  getPath,
  isValidIsoDate,
  moneyField,
} from './fields.js';
import { DAY_MS } from '../util/excel-serial.js';

const money = moneyField;

const CONTRACT_TYPE = enumValues(
  ['buy_side', 'sell_side'],
  { buy_side: 'Buy side', sell_side: 'Sell side' },
  CONTRACT_TYPE_WORDS,
);
const CONTRACT_STATUS = enumValues(
  ['active', 'archived', 'cancelled', 'draft', 'expired', 'suspended', 'terminated'],
  {},
  CONTRACT_STATUS_WORDS,
);
const END_OF_TERM_CLAUSE = enumValues(['auto_expires', 'auto_renewed'], {}, END_OF_TERM_CLAUSE_WORDS);
const END_OF_TERM_ACTION = enumValues([
  'allow_auto_renew',
  'allow_expiration',
  'disallow_auto_renew',
  'renegotiate',
]);
const EXPENDITURE_TYPE = enumValues(
  ['blended', 'capex', 'opex'],
  { capex: 'CapEx', opex: 'OpEx' },
  EXPENDITURE_TYPE_WORDS,
);
const PAYMENT_TERMS = enumValues(
  ['custom', 'net_30', 'net_45', 'net_60'],
  {
    net_30: 'Net 30',
    net_45: 'Net 45',
    net_60: 'Net 60',
  },
  PAYMENT_TERMS_WORDS,
);
const FINANCING = enumValues(['custom', 'financed', 'leased', 'self_paid'], {}, FINANCING_WORDS);

const fields: FieldDef[] = [
  {
    name: 'contract_type',
    label: 'Contract type',
    type: 'enum',
    values: CONTRACT_TYPE,
    required: true,
    createOnly: true,
    description:
      'Buy side (we buy from a supplier) or sell side (we sell to a customer); cannot change later.',
    synonyms: ['type', 'side', 'direction'],
  },
  {
    name: 'name',
    label: 'Name',
    type: 'text',
    maxLength: 50,
    required: true,
    description: 'Name of the contract.',
    synonyms: ['contract name', 'title', 'agreement name'],
  },
  {
    name: 'number',
    label: 'Contract number',
    type: 'text',
    maxLength: 50,
    required: true,
    keepText: true,
    description: 'Contract number; identifies the contract.',
    synonyms: [
      'number',
      'contract no',
      'contract #',
      'contract id',
      'agreement number',
      'reference',
      'contract_no',
    ],
  },
  {
    name: 'parent_contract',
    label: 'Parent contract',
    type: 'lookup',
    lookup: 'contract',
    description: 'Parent contract, by contract number.',
    synonyms: ['parent', 'master contract', 'parent contract number'],
  },
  money('first_offer_value', 'First offer value', 'Value of the first offer.', ['first offer']),
  money('cost_avoidance_value', 'Cost avoidance value', 'Cost avoided.', ['cost avoidance', 'savings']),
  money('contract_risk_value', 'Contract risk value', 'Value at risk.', ['risk value', 'risk']),
  {
    name: 'customer',
    label: 'Customer',
    type: 'lookup',
    lookup: 'customer',
    description: 'Customer, by name; required on sell-side contracts.',
    synonyms: ['client', 'customer name', 'account'],
  },
  {
    name: 'supplier',
    label: 'Supplier',
    type: 'lookup',
    lookup: 'supplier',
    description: 'Supplier, by name; required on buy-side contracts.',
    synonyms: ['vendor', 'supplier name', 'provider'],
  },
  {
    name: 'country',
    label: 'Country',
    type: 'lookup',
    lookup: 'country',
    required: true,
    description: 'Country, by name, alias, ISO code or numeric code.',
    synonyms: ['jurisdiction', 'country code'],
  },
  {
    name: 'status',
    label: 'Status',
    type: 'enum',
    values: CONTRACT_STATUS,
    updateValues: ['active', 'archived'],
    required: true,
    description: 'Status; an update accepts only Active or Archived.',
    synonyms: ['contract status', 'state'],
  },
  {
    name: 'category.id',
    label: 'Category',
    type: 'lookup',
    lookup: 'category',
    required: true,
    description: 'Category, by name (from the category list).',
    synonyms: ['cat', 'contract category'],
  },
  {
    name: 'category.subcategory',
    label: 'Subcategory',
    type: 'text',
    maxLength: 50,
    description: 'Subcategory name within the category.',
    synonyms: ['sub category', 'sub cat'],
  },
  {
    name: 'description',
    label: 'Description',
    type: 'text',
    maxLength: 1000,
    description: 'Description of the contract.',
    synonyms: ['details', 'summary', 'scope'],
  },
  {
    name: 'business_unit',
    label: 'Business unit',
    type: 'lookup',
    lookup: 'business_unit',
    description: 'Business unit, by name.',
    synonyms: ['department', 'dept', 'division', 'bu'],
  },
  {
    name: 'contract_start_date',
    label: 'Start date',
    type: 'date',
    required: true,
    description: 'First day of the contract; before the end date.',
    synonyms: [
      'start',
      'contract start',
      'contract start date',
      'effective date',
      'commencement date',
      'from',
    ],
  },
  {
    name: 'contract_end_date',
    label: 'End date',
    type: 'date',
    required: true,
    description: 'Last day of the contract.',
    synonyms: ['end', 'contract end', 'contract end date', 'expiry date', 'expiration date', 'to'],
  },
  {
    name: 'notice_period',
    label: 'Notice period (days)',
    type: 'integer',
    min: 0,
    description: 'Notice period in days; shorter than the contract.',
    synonyms: ['notice period', 'notice', 'notice days'],
  },
  {
    name: 'service_start_date',
    label: 'Service start date',
    type: 'date',
    description: 'First day of service: on or after the start date, before the end date.',
    synonyms: ['service start', 'go live date'],
  },
  {
    name: 'end_of_term_clause',
    label: 'End of term clause',
    type: 'enum',
    values: END_OF_TERM_CLAUSE,
    description: 'What the contract says happens at its end.',
    synonyms: ['renewal', 'auto renew', 'end of term'],
  },
  {
    name: 'end_of_term_action',
    label: 'End of term action',
    type: 'enum',
    values: END_OF_TERM_ACTION,
    description: 'What we intend to do at the end of term.',
    synonyms: [],
  },
  {
    name: 'timeline_notes',
    label: 'Timeline notes',
    type: 'text',
    maxLength: 1000,
    description: 'Notes on the timeline.',
    synonyms: [],
  },
  money(
    'total_contract_spend_value',
    'Total contract value',
    'Total spend over the contract.',
    ['total contract spend value', 'total value', 'contract value', 'tcv', 'total spend', 'value'],
    { required: true },
  ),
  money('mrc', 'Monthly recurring cost', 'Monthly recurring cost.', ['mrc', 'monthly cost', 'monthly fee']),
  money('nrc', 'Non-recurring cost', 'One-off cost; not more than the total contract value.', [
    'nrc',
    'one off cost',
    'setup fee',
  ]),
  {
    name: 'expenditure_type.type',
    label: 'Expenditure type',
    type: 'enum',
    values: EXPENDITURE_TYPE,
    description: 'CapEx, OpEx or blended.',
    synonyms: ['expenditure', 'capex/opex', 'spend type'],
  },
  money(
    'expenditure_type.capex_actual',
    'CapEx actual',
    'Capital part of the spend; required when blended.',
    ['capex', 'capex actual'],
  ),
  money(
    'expenditure_type.opex_actual',
    'OpEx actual',
    'Operating part of the spend; required when blended.',
    ['opex', 'opex actual'],
  ),
  {
    name: 'payment_terms',
    label: 'Payment terms',
    type: 'enum',
    values: PAYMENT_TERMS,
    description: 'Payment terms.',
    synonyms: ['terms'],
  },
  {
    name: 'financing',
    label: 'Financing',
    type: 'enum',
    values: FINANCING,
    description: 'How the contract is financed.',
    synonyms: [],
  },
  {
    name: 'financial_notes',
    label: 'Financial notes',
    type: 'text',
    maxLength: 1000,
    description: 'Notes on finance.',
    synonyms: ['finance notes'],
  },
  {
    name: 'approver',
    label: 'Approver',
    type: 'text',
    maxLength: 50,
    createOnly: true,
    description: 'Who approved the contract (create only).',
    synonyms: ['approved by'],
  },
  {
    name: 'signer',
    label: 'Signer',
    type: 'text',
    maxLength: 50,
    createOnly: true,
    description: 'Who signed the contract (create only).',
    synonyms: ['signed by', 'signatory'],
  },
  {
    name: 'signed_date',
    label: 'Signed date',
    type: 'date',
    createOnly: true,
    description: 'Date the contract was signed (create only).',
    synonyms: ['date signed', 'signature date'],
  },
];

const date = (body: WriteBody, path: string): string | undefined => {
  const v = getPath(body, path);
  return typeof v === 'string' && isValidIsoDate(v) ? v : undefined;
};
const num = (body: WriteBody, path: string): number | undefined => {
  const v = getPath(body, path);
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};
const days = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

const rules: CrossFieldRule[] = [
  {
    id: 'start_before_end',
    description: 'The start date must be before the end date.',
    fields: ['contract_start_date', 'contract_end_date'],
    check: (b) => {
      const s = date(b, 'contract_start_date');
      const e = date(b, 'contract_end_date');
      return s && e && s >= e
        ? [{ field: 'contract_start_date', message: `start date ${s} must be before end date ${e}` }]
        : [];
    },
  },
  {
    id: 'service_start_within_term',
    description: 'The service start date must be on or after the start date and before the end date.',
    fields: ['service_start_date', 'contract_start_date', 'contract_end_date'],
    check: (b) => {
      const v = date(b, 'service_start_date');
      const s = date(b, 'contract_start_date');
      const e = date(b, 'contract_end_date');
      if (!v) return [];
      if (s && v < s)
        return [
          { field: 'service_start_date', message: `service start date ${v} is before the start date ${s}` },
        ];
      if (e && v >= e)
        return [
          {
            field: 'service_start_date',
            message: `service start date ${v} must be before the end date ${e}`,
          },
        ];
      return [];
    },
  },
  {
    id: 'notice_shorter_than_term',
    description:
      'The notice period (days) must be shorter than the contract (end date minus start date, in days).',
    fields: ['notice_period', 'contract_start_date', 'contract_end_date'],
    check: (b) => {
      const n = num(b, 'notice_period');
      const s = date(b, 'contract_start_date');
      const e = date(b, 'contract_end_date');
      if (n === undefined || !s || !e || s >= e) return [];
      const d = days(s, e);
      return n >= d
        ? [
            {
              field: 'notice_period',
              message: `notice period of ${n} days must be shorter than the contract (${d} days)`,
            },
          ]
        : [];
    },
  },
  {
    id: 'nrc_within_total',
    description: 'The non-recurring cost must not be greater than the total contract value.',
    fields: ['nrc', 'total_contract_spend_value'],
    check: (b) => {
      const nrc = num(b, 'nrc');
      const total = num(b, 'total_contract_spend_value');
      return nrc !== undefined && total !== undefined && nrc > total
        ? [
            {
              field: 'nrc',
              message: `non-recurring cost ${nrc} is greater than the total contract value ${total}`,
            },
          ]
        : [];
    },
  },
  {
    id: 'blended_sums_to_total',
    description:
      'A blended expenditure needs CapEx actual and OpEx actual, and they must add up to the total contract value.',
    fields: [
      'expenditure_type.type',
      'expenditure_type.capex_actual',
      'expenditure_type.opex_actual',
      'total_contract_spend_value',
    ],
    check: (b) => {
      if (getPath(b, 'expenditure_type.type') !== 'blended') return [];
      const capex = num(b, 'expenditure_type.capex_actual');
      const opex = num(b, 'expenditure_type.opex_actual');
      const out = [];
      if (capex === undefined)
        out.push({
          field: 'expenditure_type.capex_actual',
          message: 'CapEx actual is required when the expenditure type is blended',
        });
      if (opex === undefined)
        out.push({
          field: 'expenditure_type.opex_actual',
          message: 'OpEx actual is required when the expenditure type is blended',
        });
      const total = num(b, 'total_contract_spend_value');
      if (
        capex !== undefined &&
        opex !== undefined &&
        total !== undefined &&
        Math.round((capex + opex) * 100) !== Math.round(total * 100)
      ) {
        out.push({
          field: 'expenditure_type.capex_actual',
          message: `CapEx ${capex} + OpEx ${opex} = ${+(capex + opex).toFixed(2)}, but the total contract value is ${total}`,
        });
      }
      return out;
    },
  },
  {
    id: 'side_needs_party',
    description: 'A sell-side contract needs a customer; a buy-side contract needs a supplier.',
    fields: ['contract_type', 'customer', 'supplier'],
    check: (b, mode) => {
      // On update the type is not sent: the sandbox checks against the stored record.
      const t = b.contract_type;
      if (mode === 'update' && t === undefined) return [];
      if (t === 'sell_side' && (b.customer === undefined || b.customer === null))
        return [{ field: 'customer', message: 'a sell-side contract needs a customer' }];
      if (t === 'buy_side' && (b.supplier === undefined || b.supplier === null))
        return [{ field: 'supplier', message: 'a buy-side contract needs a supplier' }];
      return [];
    },
  },
];

export const contract: ResourceDef = {
  name: 'contract',
  path: 'contract',
  label: 'Contract',
  plural: 'contracts',
  description: 'Buy-side contracts with suppliers and sell-side contracts with customers.',
  companyScoped: true,
  filters: ['name', 'contract_no'],
  idField: 'id',
  columns: [
    { path: 'id', label: 'ID', type: 'integer' },
    ...columnsFromFields(fields).filter((c) => c.path !== 'id'),
  ],
  fields,
  rules,
  writes: { create: true, update: true },
  naturalKey: ['number'],
  customFieldType: 'contract',
  customTextMax: 50,
  customForms: true,
};
