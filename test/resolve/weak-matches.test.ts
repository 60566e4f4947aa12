// A name the list lacks and that is only near another in spelling: the row (and `mapping
// suggest`) offers the near name when it reads as a typo of it, and nothing when it is
// another word, so that "did you mean" is not noise on every row of a name the list lacks.
// Matched against the sandbox's seed lists, as a dry run against the sandbox does.
import { describe, expect, it } from 'vitest';
import { suggestValues } from '../../src/resolve/suggest-values.js';
import type { LookupKind } from '../../src/resources/fields.js';
import { seedResolver } from '../helpers/seed-resolver.js';

type Case = readonly [LookupKind, string, string];

/** Typos, other languages' words and short forms: the offer stays. */
const OFFERED: readonly Case[] = [
  ['country', 'Germny', "country 'Germny' not found; did you mean 'Germany'?"],
  [
    'country',
    'Frnace',
    "country 'Frnace' not found; did you mean 'France'? (confidence 0.83; check: the spelling is only close)",
  ],
  ['usage_status', 'Retird', "usage status 'Retird' not found; did you mean 'Retired'?"],
  ['usage_status', 'En service', "usage status 'En service' not found; did you mean 'In Use'?"],
  ['usage_status', 'In Betrieb', "usage status 'In Betrieb' not found; did you mean 'In Use'?"],
  ['supplier', 'Dell GmbH', "supplier 'Dell GmbH' not found; did you mean 'Dell Technologies'?"],
  [
    'supplier',
    'Lenvo',
    "supplier 'Lenvo' not found; did you mean 'Lenovo'? (confidence 0.83; check: the spelling is only close)",
  ],
  [
    'category',
    'Ordinateur portable',
    "category 'Ordinateur portable' not found; did you mean 'Hardware / Laptop'?",
  ],
  [
    'category',
    'Hardwear',
    "category 'Hardwear' not found; did you mean 'Hardware'? (confidence 0.75; check: the spelling is only close)",
  ],
  [
    'business_unit',
    'Facility',
    "business unit 'Facility' not found; did you mean 'Facilities'? (confidence 0.70; check: the spelling is only close)",
  ],
  [
    'company',
    'Acme Corp',
    `company 'Acme Corp' not found; did you mean 'Acme Corporation'? (confidence 0.70; check: "Acme Europe GmbH" is as close)`,
  ],
  [
    'hardware_model',
    'LaserJet Pro',
    `hardware model 'LaserJet Pro' not found; did you mean 'LaserJet Pro M404'? (confidence 0.70; check: "LaserJet Pro" and "LaserJet Pro M404" do not name the same numbers)`,
  ],
];

/** Other words, three or more edits from a name or beginning with another letter: no offer. */
const NOT_OFFERED: readonly (readonly [LookupKind, string, string])[] = [
  ['country', 'Narnia', 'Armenia (0.57)'],
  ['country', 'Wakanda', 'Canada (0.57)'],
  ['country', 'Mordor', 'Moldova (0.57)'],
  ['country', 'Utopia', 'Ethiopia (0.63)'],
  ['country', 'Asia', 'Austria (0.57)'],
  ['country', 'EU', 'Peru (0.50)'],
  ['country', 'Various', 'Mauritius (0.56)'],
  ['supplier', 'Kunde Doyle', 'Kyndryl (0.50)'],
  ['supplier', 'Misc', 'Cisco Systems (0.60)'],
  ['supplier', 'Costco', 'Cisco Systems (0.67)'],
  ['supplier', 'Internal', 'SHI International (0.50)'],
  ['supplier', 'Cancom', 'Canon (0.67)'],
  ['usage_status', 'Reserved', 'Retired (0.63)'],
  ['category', 'Devices', 'Services (0.75, another first letter)'],
];

describe('a name only near another in spelling', () => {
  it.each(OFFERED)('%s "%s" is offered: %s', (kind, text, message) => {
    const res = seedResolver().resolve(kind, text);
    expect(res.ok ? res.entry : res.message).toBe(message);
  });

  it.each(NOT_OFFERED)('%s "%s" is offered nothing (it was %s)', (kind, text) => {
    const res = seedResolver().resolve(kind, text);
    const word = kind.replace('_', ' ');
    expect(res.ok ? res.entry : res.message).toBe(`${word} '${text}' not found`);
  });

  it.each([...OFFERED, ...NOT_OFFERED])(
    '%s "%s": `mapping suggest` finds what the row offers',
    async (kind, text) => {
      const r = seedResolver();
      const res = r.resolve(kind, text);
      const { matched } = await suggestValues(r, kind, [text]);
      expect(res.ok ? undefined : res.suggestion).toEqual(matched[0]);
    },
  );
});

/**
 * The sandbox's companies "Acme Corporation" and "Acme Europe GmbH" are both "Acme" once their
 * legal forms and places are left out: the words left out tell them apart.
 */
const OF_ONE_CORE: readonly (readonly [string, string, string])[] = [
  ['a place only one of them names', 'Acme Europe', "did you mean 'Acme Europe GmbH'?"],
  ['a place and another legal form', 'Acme Europe Ltd', "did you mean 'Acme Europe GmbH'?"],
  [
    'a legal form only one of them has: a hint, not proof (a register drops or adds them)',
    'Acme GmbH',
    `did you mean 'Acme Europe GmbH'? (confidence 0.70; check: "Acme Corporation" is as close)`,
  ],
  [
    'an abbreviation, spelt nearer one of them: offered first, the other as close',
    'Acme Corp',
    `did you mean 'Acme Corporation'? (confidence 0.70; check: "Acme Europe GmbH" is as close)`,
  ],
  [
    'neither, by words or spelling: a tie',
    'Acme',
    `did you mean 'Acme Corporation'? (confidence 0.70; check: "Acme Europe GmbH" is as close)`,
  ],
];

describe('two companies alike but for their legal forms and places', () => {
  it.each(OF_ONE_CORE)('%s: "%s" is offered %s', async (_name, text, offer) => {
    const r = seedResolver();
    const res = r.resolve('company', text);
    expect(res.ok ? res.entry : res.message).toBe(`company '${text}' not found; ${offer}`);
    const { matched } = await suggestValues(r, 'company', [text]);
    expect(res.ok ? undefined : res.suggestion).toEqual(matched[0]);
  });
});
