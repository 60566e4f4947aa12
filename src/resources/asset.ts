// Asset: POST /asset (with ?unique_field), PUT /asset/{id}, GET /asset/ (public reference).
// Every field once, in the order of the service's documentation (service-api.md 4.2).
import { DEPRECIATION_SCHEDULE_WORDS, SUPPORT_STATUS_WORDS, WARRANTY_STATUS_WORDS } from './value-words.js';
import {
  type FieldDef,
  type ResourceDef,
  type CrossFieldRule,
  columnsFromFields,
  enumValues,
  moneyField as money,
  textField,
} from './fields.js';

const text50 = (
  name: string,
  label: string,
  description: string,
  synonyms: string[] = [],
  extra: Partial<FieldDef> = {},
): FieldDef => textField(name, label, 50, description, synonyms, extra);

const WARRANTY_STATUS = enumValues(['none', 'out_of_warranty', 'within_warranty'], {}, WARRANTY_STATUS_WORDS);
const WARRANTY_TYPE = enumValues(
  [
    'none',
    'oem',
    'oem_extended',
    'third_party',
    'advanced_replacement_warranty',
    'standard_manufacturer_warranty',
    'gold_level_support',
  ],
  { oem: 'OEM', oem_extended: 'OEM extended' },
);
const SUPPORT_STATUS = enumValues(['none', 'out_of_support', 'within_support'], {}, SUPPORT_STATUS_WORDS);
const SUPPORT_TYPE = enumValues(['none', 'oem', 'oem_extended', 'third_party'], {
  oem: 'OEM',
  oem_extended: 'OEM extended',
});
const DEPRECIATION_SCHEDULE = enumValues(
  ['other', '3_year_33_percent', '5_year_20_percent', '10_year_10_percent'],
  {
    '3_year_33_percent': '3 years, 33%',
    '5_year_20_percent': '5 years, 20%',
    '10_year_10_percent': '10 years, 10%',
  },
  DEPRECIATION_SCHEDULE_WORDS,
);
/** The public reference's older variant: usage_status as an enum. Accepted, never sent. */
const USAGE_STATUS_VARIANT = enumValues(['non_production', 'none', 'other', 'production']);

const fields: FieldDef[] = [
  // Synonyms from other tools' files (test/fixtures/registers/README.md has each source): Snipe-IT's importer
  // "item Name", Shelf's "title" (its example import CSV), ServiceNow's "Display name", Freshservice's "Display Name"
  // (its asset import guide), Ralph's "hostname" (Asset.hostname); "computer name" is from the registers issue 15 met
  // (ManageEngine's own import says "Asset Name": help.assetexplorercloud.com, asset FAQ).
  // A description is the name only when nothing better is in the sheet: it comes last.
  text50(
    'name',
    'Name',
    'Name of the asset.',
    [
      'asset name',
      'item name',
      'title',
      'display name',
      'device name',
      'hostname',
      'computer name',
      'item',
      'description',
      'asset description',
    ],
    {
      required: true,
    },
  ),
  {
    name: 'contract',
    label: 'Contract',
    type: 'lookup',
    lookup: 'contract',
    description: 'Contract the asset belongs to, by contract number.',
    synonyms: ['contract number', 'contract no', 'agreement'],
  },
  // 'model category': ServiceNow alm_hardware; 'asset type': Lansweeper (its reports' "AssetType", jschlackman/Lansweeper Reports/),
  // Freshservice (asset_type_id); 'product type': ManageEngine (its import's "Product Type" column, asset FAQ); 'type': GLPI
  // (search option 4 "Type", glpi-project/glpi src/Computer.php).
  {
    name: 'category.id',
    label: 'Category',
    type: 'lookup',
    lookup: 'category',
    description: 'Category, by name (from the category list).',
    synonyms: ['cat', 'asset category', 'model category', 'asset type', 'product type', 'type', 'class'],
  },
  text50('category.subcategory', 'Subcategory', 'Subcategory name within the category.', [
    'sub category',
    'sub cat',
    'asset subcategory',
    'subtype',
  ]),
  // 'purchase from': Homebox (HB.purchase_from); 'provider': Ralph (Asset.provider, allegro/ralph src/ralph/assets/models/assets.py);
  // 'vendor': ServiceNow, Freshservice (the type field vendor_N of its API's asset example); ManageEngine (not re-read).
  {
    name: 'attached_supplier',
    label: 'Supplier',
    type: 'lookup',
    lookup: 'supplier',
    description: 'Supplier the asset was bought from, by name.',
    synonyms: ['vendor', 'attached supplier', 'purchased from', 'purchase from', 'provider', 'reseller'],
  },
  // 'brand': Shelf's example import CSV ("cf:brand, type:option").
  text50('manufacturer', 'Manufacturer', 'Manufacturer (make) of the asset.', [
    'make',
    'brand',
    'oem',
    'mfr',
  ]),
  // 'service tag': ManageEngine workstations (their key in a scan, asset FAQ); 'sn': Ralph (Asset.sn); 'serial': Snipe-IT's export, NetBox.
  text50(
    'serial_number',
    'Serial number',
    'Manufacturer serial number.',
    ['serial', 'serial no', 'serial #', 's/n', 'sn', 'serial num', 'service tag'],
    { keepText: true },
  ),
  text50(
    'pseudo_number',
    'Pseudo number',
    'Alternative identifier.',
    ['pseudo no', 'alt id', 'alternate number'],
    { keepText: true },
  ),
  text50('unit', 'Unit', 'Unit of the location.', ['suite']),
  text50('bldng_name', 'Building', 'Building name.', ['building', 'building name', 'bldg']),
  text50('street', 'Street', 'Street of the location.', []),
  text50('floor', 'Floor', 'Floor.', ['level'], { keepText: true }),
  text50('room', 'Room', 'Room.', ['office', 'room number'], { keepText: true }),
  // 'location address' … 'location zip' below: Snipe-IT's custom asset report (the location's address columns).
  text50('address', 'Address', 'Address of the location.', [
    'site address',
    'street address',
    'location address',
  ]),
  // Not 'region': in asset registers a region is an organisation's (Ralph's back-office assets have one, "PL";
  // sales regions, "EMEA"), not a part of an address.
  text50('state_province', 'State/province', 'State or province.', [
    'state',
    'province',
    'location state',
    'county',
  ]),
  text50('city', 'City', 'City.', ['town', 'site city', 'location city']),
  text50(
    'zip_code',
    'Zip code',
    'Zip or postal code.',
    ['zip', 'postcode', 'postal code', 'post code', 'location zip'],
    { keepText: true },
  ),
  // 'location country': Snipe-IT's custom asset report.
  {
    name: 'country',
    label: 'Country',
    type: 'lookup',
    lookup: 'country',
    description: 'Country, by name, alias, ISO code or numeric code.',
    synonyms: ['site country', 'nation', 'country code', 'location country'],
  },
  {
    name: 'location_description',
    label: 'Location description',
    type: 'text',
    maxLength: 1000,
    description: 'Free-text description of where the asset is.',
    synonyms: ['location', 'site', 'where'],
  },
  {
    name: 'general_info_notes',
    label: 'General notes',
    type: 'text',
    maxLength: 150,
    description: 'General information.',
    synonyms: ['general info', 'general info notes', 'notes general'],
  },
  // 'checked out to': Snipe-IT's export (AssetPresenter); 'full name': its importer (MOCK_ASSETS.csv); 'used by': Freshservice
  // (user_id, "Used By", in its API reference); 'custodian': Shelf's example import CSV.
  {
    name: 'asset_owner',
    label: 'Owner',
    type: 'lookup',
    lookup: 'asset_owner',
    description: 'Asset owner, by name or email.',
    synonyms: [
      'asset owner',
      'assigned to',
      'checked out to',
      'used by',
      'custodian',
      'user',
      'full name',
      'owner email',
      'checked out to email',
    ],
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
    name: 'warranty_status',
    label: 'Warranty status',
    type: 'enum',
    values: WARRANTY_STATUS,
    description: 'Whether the asset is under warranty.',
    synonyms: ['warranty', 'under warranty'],
  },
  {
    name: 'warranty_type',
    label: 'Warranty type',
    type: 'enum',
    values: WARRANTY_TYPE,
    description: 'Kind of warranty.',
    synonyms: [],
  },
  {
    name: 'warranty_provider',
    label: 'Warranty provider',
    type: 'lookup',
    lookup: 'supplier',
    description: 'Supplier giving the warranty, by name.',
    synonyms: ['warranty vendor', 'warranty supplier'],
  },
  // 'asset eol date': Snipe-IT (asset_eol_date, custom report).
  {
    name: 'end_of_life_date',
    label: 'End of life date',
    type: 'date',
    description: 'Date the asset reaches end of life.',
    synonyms: ['end of life', 'eol', 'eol date', 'asset eol date', 'retirement date'],
  },
  {
    name: 'warranty_start_date',
    label: 'Warranty start date',
    type: 'date',
    description: 'Warranty start.',
    synonyms: ['warranty start', 'warranty from'],
  },
  // 'warranty expires': Snipe-IT, Homebox; 'warranty expiration': ServiceNow; 'warranty expiry date': Freshservice (warranty_expiry_date_N),
  // ManageEngine (not re-read); 'warranty date': Lansweeper (tblAssetCustom.Warrantydate).
  {
    name: 'warranty_end_date',
    label: 'Warranty end date',
    type: 'date',
    description: 'Warranty end.',
    synonyms: [
      'warranty end',
      'warranty exp',
      'warranty expiry',
      'warranty expiry date',
      'warranty expires',
      'warranty expiration',
      'warranty date',
      'warranty to',
    ],
  },
  {
    name: 'warranty_contact_phone',
    label: 'Warranty contact phone',
    type: 'text',
    maxLength: 20,
    keepText: true,
    description: 'Warranty contact phone.',
    synonyms: ['warranty phone'],
  },
  {
    name: 'warranty_contact_email',
    label: 'Warranty contact email',
    type: 'email',
    maxLength: 254,
    description: 'Warranty contact email.',
    synonyms: ['warranty email'],
  },
  // 'warranty details': Homebox.
  {
    name: 'warranty_notes',
    label: 'Warranty notes',
    type: 'text',
    maxLength: 1000,
    description: 'Notes on the warranty.',
    synonyms: ['warranty details'],
  },
  {
    name: 'support_status',
    label: 'Support status',
    type: 'enum',
    values: SUPPORT_STATUS,
    description: 'Whether the asset is under support.',
    synonyms: ['support', 'under support'],
  },
  {
    name: 'support_type',
    label: 'Support type',
    type: 'enum',
    values: SUPPORT_TYPE,
    description: 'Kind of support.',
    synonyms: [],
  },
  {
    name: 'support_provider',
    label: 'Support provider',
    type: 'lookup',
    lookup: 'supplier',
    description: 'Supplier giving support, by name.',
    synonyms: ['support vendor', 'support supplier', 'maintainer'],
  },
  {
    name: 'end_of_support_date',
    label: 'End of support date',
    type: 'date',
    description: 'Date support ends for good.',
    synonyms: ['end of support', 'eos', 'eos date'],
  },
  {
    name: 'support_start_date',
    label: 'Support start date',
    type: 'date',
    description: 'Support start.',
    synonyms: ['support start'],
  },
  {
    name: 'support_end_date',
    label: 'Support end date',
    type: 'date',
    description: 'Support end.',
    synonyms: ['support end', 'support exp', 'support expiry'],
  },
  {
    name: 'support_contact_phone',
    label: 'Support contact phone',
    type: 'text',
    maxLength: 20,
    keepText: true,
    description: 'Support contact phone.',
    synonyms: ['support phone'],
  },
  {
    name: 'support_contact_email',
    label: 'Support contact email',
    type: 'email',
    maxLength: 254,
    description: 'Support contact email.',
    synonyms: ['support email'],
  },
  {
    name: 'support_notes',
    label: 'Support notes',
    type: 'text',
    maxLength: 1000,
    description: 'Notes on support.',
    synonyms: [],
  },
  // 'asset state': Freshservice (asset_state_N), ManageEngine ("Asset State", help.assetexplorer.com); 'install status': ServiceNow
  // (install_status); 'state': ServiceNow's label, Lansweeper (tblState.Statename As State).
  {
    name: 'asset_usage_status',
    label: 'Usage status',
    type: 'lookup',
    lookup: 'usage_status',
    description: 'Usage status, by name (from the usage status list).',
    synonyms: [
      'status',
      'asset status',
      'asset state',
      'install status',
      'state',
      'usage',
      'asset usage status',
    ],
  },
  // 'asset code': home-grown registers; 'barcode': Ralph (Asset.barcode), Lansweeper (tblAssetCustom.BarCode); 'inventory number':
  // GLPI (otherserial, option 6); 'asset id': Homebox (HB.asset_id).
  text50(
    'asset_tag',
    'Asset tag',
    "Your organisation's tag for the asset.",
    [
      'tag',
      'asset id',
      'asset code',
      'asset no',
      'asset number',
      'asset #',
      'inventory number',
      'barcode',
      'property tag',
    ],
    { keepText: true },
  ),
  text50('lifecycle_stage', 'Lifecycle stage', "Stage of the asset's life.", [
    'lifecycle',
    'stage',
    'life cycle',
  ]),
  // 'comments': ServiceNow, GLPI (option 16), NetBox; 'remarks': Ralph (BaseObject.remarks); 'description' last: Shelf, Lansweeper,
  // Freshservice (the name's fallback too).
  {
    name: 'asset_notes',
    label: 'Asset notes',
    type: 'text',
    maxLength: 1000,
    description: 'Notes on the asset.',
    synonyms: ['notes', 'comments', 'remarks', 'description'],
  },
  // 'purchased price': Homebox's template; 'valuation': Shelf; 'cost': ServiceNow, Freshservice (cost_N), Jira Assets (ours);
  // 'price': Ralph (Asset.price, with price_currency beside it in its export).
  money('original_cost', 'Original cost', 'Purchase cost.', [
    'cost',
    'purchase cost',
    'purchase price',
    'purchased price',
    'price',
    'valuation',
    'value',
    'acquisition cost',
    'purchase cost ($)',
  ]),
  // 'purchased': ServiceNow's label; 'purchased time'/'purchase time': Homebox; 'acquisition date': Freshservice (acquisition_date_N),
  // ManageEngine (not re-read); 'production use date': Ralph (Asset.production_use_date); 'purchase date': Lansweeper
  // (tblAssetCustom.PurchaseDate), Shelf ("cf:purchase date, type:date"); 'installation date'/'install date': ServiceNow, home-grown sheets.
  {
    name: 'service_start_date',
    label: 'Service start date',
    type: 'date',
    description: 'Date the asset entered service (start of depreciation).',
    synonyms: [
      'purchase date',
      'purchased',
      'purchased time',
      'purchase time',
      'in service date',
      'date purchased',
      'acquired',
      'acquisition date',
      'production use date',
      'installation date',
      'install date',
      'deployed',
    ],
  },
  {
    name: 'depreciation_schedule',
    label: 'Depreciation schedule',
    type: 'enum',
    values: DEPRECIATION_SCHEDULE,
    description: 'Depreciation schedule.',
    synonyms: ['depreciation'],
  },
  // 'salvage': Freshservice (the type field salvage of its API's asset example).
  money('estimated_salvage_value', 'Salvage value', 'Estimated salvage value.', [
    'estimated salvage value',
    'residual value',
    'salvage',
  ]),
  {
    name: 'financial_notes',
    label: 'Financial notes',
    type: 'text',
    maxLength: 1000,
    description: 'Notes on finance.',
    synonyms: ['finance notes'],
  },
  text50('customer_part_number', 'Customer part number', 'Customer part number.', ['customer pn'], {
    keepText: true,
  }),
  text50(
    'parent_manufacturer_part_number',
    'Parent manufacturer part number',
    'Parent manufacturer part number.',
    ['parent mpn'],
    { keepText: true },
  ),
  text50(
    'parent_serial_number',
    'Parent serial number',
    'Serial number of the parent asset.',
    ['parent serial'],
    { keepText: true },
  ),
  // 'model number': Snipe-IT's importer, Homebox; 'model no': Snipe-IT's export ("Model No.").
  text50(
    'manufacturer_part_number',
    'Manufacturer part number',
    'Manufacturer part number.',
    ['mpn', 'part number', 'part no', 'model number', 'model no', 'sku'],
    { keepText: true },
  ),
  // 'device type': NetBox; 'product': Freshservice (product_N), ManageEngine (its import's "Product" column, asset FAQ); 'model name':
  // Snipe-IT's importer.
  {
    name: 'asset_hardware_model.id',
    label: 'Hardware model',
    type: 'lookup',
    lookup: 'hardware_model',
    description: 'Hardware model, by name (from the hardware model list).',
    synonyms: ['model', 'hardware model', 'model name', 'device type', 'product'],
  },
  text50('sales_manager_name', 'Sales manager', 'Sales manager name.', [
    'sales manager name',
    'account manager',
  ]),
  {
    name: 'sales_manager_email',
    label: 'Sales manager email',
    type: 'email',
    maxLength: 50,
    description: 'Sales manager email.',
    synonyms: ['account manager email'],
  },
  {
    name: 'additional_sales_email',
    label: 'Additional sales email',
    type: 'email',
    maxLength: 50,
    description: 'Another sales email.',
    synonyms: [],
  },
  money('contract_service_per_item', 'Contract service per item', 'Contract service cost per item.', []),
  text50('asset_location_address', 'Asset location address', "Address of the asset's location.", []),
  text50('currency.value', 'Currency', 'Currency, as a country code.', ['currency code']),
  text50('currency.symbol', 'Currency symbol', 'Currency symbol.', []),
  money(
    'new_hardware_selling_unit_price',
    'New hardware selling unit price',
    'Selling unit price of new hardware.',
    [],
  ),
  text50(
    'manufacturer_currency.value',
    'Manufacturer currency',
    'Manufacturer currency, as a country code.',
    [],
  ),
  text50('manufacturer_currency.symbol', 'Manufacturer currency symbol', 'Manufacturer currency symbol.', []),
  money(
    'manufacturer_warranty_unit_price',
    'Manufacturer warranty unit price',
    'Unit price of the manufacturer warranty.',
    [],
  ),
  // Variants from the public reference: accepted by the sandbox, never sent by us.
  {
    name: 'usage_status',
    label: 'Usage status (old form)',
    type: 'enum',
    values: USAGE_STATUS_VARIANT,
    variant: true,
    description: 'Older form of the usage status, as an enum.',
  },
  text50('area', 'Area', 'Area (older form of the asset body).', [], { variant: true }),
  text50(
    'business_entity_type',
    'Business entity type',
    'Business entity type (older form of the asset body).',
    [],
    { variant: true },
  ),
];

const rules: CrossFieldRule[] = [];

export const asset: ResourceDef = {
  name: 'asset',
  path: 'asset',
  label: 'Asset',
  plural: 'assets',
  description: 'Hardware, software and other items the company owns or manages.',
  companyScoped: true,
  filters: ['name', 'serial_number', 'manufacturer_name'],
  idField: 'id',
  columns: columnsFromFields(fields),
  fields,
  rules,
  writes: { create: true, update: true },
  naturalKey: ['serial_number', 'name'],
  customFieldType: 'asset',
  customTextMax: 150,
  customForms: true,
  // Name columns come first (a hostname, a computer name: the name's synonyms). Without one,
  // registers of Ralph, Lucity and home-grown sheets have a make and a model; Snipe-IT shows an
  // unnamed asset as its model and tag (AssetPresenter::name()), so that comes next.
  builtWhenMissing: {
    field: 'name',
    ways: [
      [['manufacturer'], ['asset_hardware_model.id']],
      [['asset_hardware_model.id', 'category.id'], ['asset_tag']],
    ],
  },
};
