// When a keyless row is like a record an earlier run created: the same name, and no more of
// the other fields differ than agree (one may always differ). A table of bodies.
import { describe, expect, it } from 'vitest';
import { resemblance } from '../../src/send/resemblance.js';

const chair = {
  company: 1,
  name: 'Desk chair',
  category: { id: 4, subcategory: 'Furniture' },
  original_cost: 900,
  location_description: 'Floor 1',
  asset_usage_status: 1,
};

describe('resemblance', () => {
  it.each([
    {
      name: 'one cell changed',
      body: { ...chair, location_description: 'Floor 2' },
      differs: ['location_description'],
    },
    {
      name: 'two of four changed',
      body: { ...chair, original_cost: 950, location_description: 'Floor 2' },
      differs: ['location_description', 'original_cost'],
    },
    {
      name: 'the name in other case and spaces',
      body: { ...chair, name: ' desk CHAIR ', original_cost: 1 },
      differs: ['original_cost'],
    },
    {
      name: 'a cell emptied',
      body: { ...chair, location_description: undefined },
      differs: ['location_description'],
    },
    {
      name: 'the same values in another order',
      body: {
        location_description: 'Floor 1',
        original_cost: 900,
        category: { subcategory: 'Furniture', id: 4 },
        name: 'Desk chair',
        asset_usage_status: 1,
        company: 1,
      },
      differs: [],
    },
    {
      name: 'three of four changed: another chair',
      body: { ...chair, category: { id: 5 }, original_cost: 1, location_description: 'Floor 9' },
      differs: undefined,
    },
    {
      name: 'another name',
      body: { ...chair, name: 'Stool', location_description: 'Floor 2' },
      differs: undefined,
    },
    { name: 'no name', body: { ...chair, name: undefined }, differs: undefined },
    {
      name: 'a name and one other cell, changed',
      body: { company: 1, name: 'Desk chair', location_description: 'Floor 2' },
      earlier: { company: 1, name: 'Desk chair', location_description: 'Floor 1' },
      differs: ['location_description'],
    },
  ])('$name', ({ body, earlier, differs }) => {
    expect(resemblance(earlier ?? chair, body)?.differs).toEqual(differs);
  });
});
