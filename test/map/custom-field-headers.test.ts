// mapHeaders and the account's custom fields: headers naming an active custom field of
// the resource's type map to it; inactive, attachment and other-type fields do not.
import { describe, expect, it } from 'vitest';
import { mapHeaders, targetName, type CustomFieldSet } from '../../src/map/headers.js';
import { asset } from '../../src/resources/asset.js';

const custom: CustomFieldSet = {
  fieldTemplates: [
    {
      id: 1,
      name: 'Asset extras',
      is_active: true,
      type: 'asset',
      fields: [
        { id: 11, name: 'Insurance Value', data_type: 'money', is_active: true, order: 1 },
        { id: 12, name: 'Retired On', data_type: 'date', is_active: false, order: 2 },
        { id: 13, name: 'Photo', data_type: 'attachment', is_active: true, order: 3 },
      ],
    },
    {
      id: 2,
      name: 'Contract extras',
      is_active: true,
      type: 'contract',
      fields: [{ id: 21, name: 'Renewal Owner', data_type: 'text', is_active: true, order: 1 }],
    },
  ],
  formTemplates: [
    {
      id: 5,
      name: 'Audit',
      is_active: true,
      type: 'asset',
      fields: [{ id: 51, name: 'Audit Ref', data_type: 'text', is_active: true, order: 1 }],
    },
  ],
};

describe('custom field headers', () => {
  const cases: [string, string, 'create' | 'update', string | undefined][] = [
    ['an active template field', 'Insurance value', 'create', 'custom:Asset extras/Insurance Value'],
    ['an active form field on create', 'Audit Ref', 'create', 'form:Audit/Audit Ref'],
    ['a form field on update is not a target', 'Audit Ref', 'update', undefined],
    ['an inactive field is not a target', 'Retired On', 'create', undefined],
    ['an attachment field is not a target', 'Photo', 'create', undefined],
    ["another resource's field is not a target", 'Renewal Owner', 'create', undefined],
  ];
  it.each(cases)('%s', (_name, header, mode, want) => {
    const c = mapHeaders(asset, [header], { custom, mode }).columns[0];
    expect(c ? targetName(c.target) : undefined).toBe(want);
  });

  it('a mapping file names a custom field as custom:Template/Field', () => {
    const c = mapHeaders(asset, ['Cover'], {
      custom,
      mappingFile: { columns: { Cover: 'custom:asset extras/insurance value' } },
    }).columns[0];
    expect(c.target).toMatchObject({
      kind: 'custom',
      source: 'template',
      templateId: 1,
      fieldId: 11,
      dataType: 'money',
    });
  });

  it('the unknown-field hint lists the custom fields', () => {
    expect(() =>
      mapHeaders(asset, ['X'], { custom, mappingFile: { columns: { X: 'custom:Asset extras/Nope' } } }),
    ).toThrow(
      expect.objectContaining({
        code: 'E_MAPPING_UNKNOWN_FIELD',
        hint: expect.stringContaining('custom:Asset extras/Insurance Value'),
      }),
    );
  });
});
