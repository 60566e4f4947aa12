// The calibration of `mapping suggest`'s value matches: a labelled set of names as registers
// write them, each with the name of the sandbox's lists it means (or null: none of them),
// matched against the seed account's lists. A "sure" match goes into the value table without
// review, so nearly all must be right: the goal is 98% or more. The figures are printed and
// recorded in bench/results.md ("Suggest calibration").
import { describe, expect, it } from 'vitest';
import { suggestValue } from '../../src/resolve/suggest-values.js';
import type { LookupKind } from '../../src/resources/fields.js';
import { seedResolver } from '../helpers/seed-resolver.js';

type Case = readonly [LookupKind, string, string | null];
const M = 'hardware_model';
const S = 'supplier';
const C = 'category';
const U = 'usage_status';

/** Sheet value → the service's name it means, or null where the list has nothing it means. */
const LABELLED: readonly Case[] = [
  // Models: typos, makers' names, order, and near misses that differ by a number or a letter.
  [M, 'Dell Latitude 7440', 'Latitude 7440'],
  [M, 'Lattitude 7440', 'Latitude 7440'],
  [M, 'Latitude 7440 (i7, 16GB)', 'Latitude 7440'],
  [M, 'Latitude 5421', null],
  [M, 'Latitude 5420', null],
  [M, 'Latitude 7420', null],
  [M, 'Latitude 5550', null],
  [M, 'Dell OptiPlex 7010 SFF', 'OptiPlex 7010'],
  [M, 'Optiplex 7000', null],
  [M, 'OptiPlex 7090', null],
  [M, 'Optiplx 7010', 'OptiPlex 7010'],
  [M, 'PowerEdge R750', null],
  [M, 'Dell PowerEdge R760', 'PowerEdge R760'],
  [M, 'PowerEdge R-650', 'PowerEdge R650'],
  [M, 'PowerEdge R640', null],
  [M, 'ThinkPad T14', 'ThinkPad T14 Gen 4'],
  [M, 'ThinkPad T14 Gen 3', null],
  [M, 'ThinkPad T14s Gen 4', null],
  [M, 'Lenovo ThinkPad T14 Gen 4', 'ThinkPad T14 Gen 4'],
  [M, 'Thinkpad T14 G4', null],
  [M, 'ThinkPad X1 Carbon Gen 10', null],
  [M, 'Lenovo X1 Carbon Gen 11', 'ThinkPad X1 Carbon Gen 11'],
  [M, 'ThinkCentre M90q Gen 3', 'ThinkCentre M90q'],
  [M, 'ThinkCentre M70q', null],
  [M, 'Thinkcenter M90q', 'ThinkCentre M90q'],
  [M, 'MacBook Pro 14', 'MacBook Pro 14 M3'],
  [M, 'Macbook Pro 13"', null],
  [M, 'MacBook Pro 16 M3', null],
  [M, 'MacBook Pro 14 M2', null],
  [M, 'Apple MacBook Pro 14 M3', 'MacBook Pro 14 M3'],
  [M, 'Macbook Air M2 13', 'MacBook Air 13 M2'],
  [M, 'MacBook Air 15 M2', null],
  [M, 'MacBook Air M2', 'MacBook Air 13 M2'],
  [M, 'iMac 27', null],
  [M, 'Apple iMac 24"', 'iMac 24'],
  [M, 'EliteBook 840 G9', null],
  [M, 'HP EliteBook 840 G10', 'EliteBook 840 G10'],
  [M, 'EliteBook 850 G10', null],
  [M, 'Elitebook 840G10', 'EliteBook 840 G10'],
  [M, 'ProBook 450 G9', null],
  [M, 'HP ProBook 450 G10', 'ProBook 450 G10'],
  [M, 'ProBook 440 G10', null],
  [M, 'Z2 G9 Workstation', 'HP Z2 G9'],
  [M, 'HP Z4 G5', null],
  [M, 'HP E24 G4', null],
  [M, 'HP E27 G5', null],
  [M, 'Catalyst 9300-24P', null],
  [M, 'Cisco Catalyst 9300-48P', 'Catalyst 9300-48P'],
  [M, 'Catalyst 9200L-48P', null],
  [M, 'Meraki MR36', null],
  [M, 'Cisco Meraki MR46', 'Meraki MR46'],
  [M, 'UltraSharp U2723QE 27"', 'UltraSharp U2723QE'],
  [M, 'UltraSharp U2422H', null],
  [M, 'Dell U2723QE', 'UltraSharp U2723QE'],
  [M, 'iPhone 15 Pro', null],
  [M, 'Apple iPhone 15 128GB', 'iPhone 15'],
  [M, 'iPhone 14', null],
  [M, 'Galaxy S24 Ultra', null],
  [M, 'Galaxy S23', null],
  [M, 'Samsung Galaxy S24', 'Galaxy S24'],
  [M, 'iPad Pro', null],
  [M, 'iPad Air 5th gen', 'iPad Air'],
  [M, 'Surface Pro 8', null],
  [M, 'Microsoft Surface Pro 9', 'Surface Pro 9'],
  [M, 'Surface Pro 9 i5', 'Surface Pro 9'],
  [M, 'Surface Laptop Go 2', null],
  [M, 'Surface Laptop 4', null],
  [M, 'LaserJet Pro M404dn', 'LaserJet Pro M404'],
  [M, 'LaserJet Pro M402', null],
  [M, 'HP LaserJet M404', 'LaserJet Pro M404'],
  [M, 'PowerVault ME5012', null],
  [M, 'ThinkPad P16s Gen 1', null],
  [M, 'Mac mini', 'Mac mini M2'],
  [M, 'Mac mini M1', null],
  [M, 'Fujitsu Esprimo D7012', null],
  [M, 'Latitude 7440 Rugged', null],
  [M, 'OptiPlex 7010 Micro', 'OptiPlex 7010'],
  // Suppliers: legal forms, short forms, typos, and other companies whose names are close.
  [S, 'Dell', 'Dell Technologies'],
  [S, 'Dell Inc.', 'Dell Technologies'],
  [S, 'Del Technologies', 'Dell Technologies'],
  [S, 'HP', 'HP Inc.'],
  [S, 'Hewlett Packard Enterprise Company', 'Hewlett Packard Enterprise'],
  [S, 'HPE', null],
  [S, 'Lenovo Group', 'Lenovo'],
  [S, 'Lenovo Deutschland GmbH', 'Lenovo'],
  [S, 'Apple Inc.', 'Apple'],
  [S, 'Apple Store', 'Apple'],
  [S, 'Cisco', 'Cisco Systems'],
  [S, 'Cisco Systems Inc', 'Cisco Systems'],
  [S, 'Microsoft Corporation', 'Microsoft'],
  [S, 'Microsoft Ireland', 'Microsoft'],
  [S, 'Amazon', 'Amazon Web Services'],
  [S, 'AWS', null],
  [S, 'CDW Corporation', 'CDW'],
  [S, 'CDW-G', 'CDW'],
  [S, 'Insight', 'Insight Enterprises'],
  [S, 'SHI', 'SHI International'],
  [S, 'Ingram Micro Inc.', 'Ingram Micro'],
  [S, 'Ingram', 'Ingram Micro'],
  [S, 'TD Synnex Corp', 'TD SYNNEX'],
  [S, 'Synnex', 'TD SYNNEX'],
  [S, 'Computacenter AG & Co. oHG', 'Computacenter'],
  [S, 'Computacenter France', 'Computacenter'],
  [S, 'Bechtle AG', 'Bechtle'],
  [S, 'Bechtle GmbH & Co. KG', 'Bechtle'],
  [S, 'Softcat plc', 'Softcat'],
  [S, 'Softchoice Corp', 'Softchoice'],
  [S, 'Logicalis UK', 'Logicalis'],
  [S, 'Iron Mountain Inc', 'Iron Mountain'],
  [S, 'Verizon', 'Verizon Business'],
  [S, 'AT&T', 'AT&T Business'],
  [S, 'Oracle Corp', 'Oracle'],
  [S, 'Oracle Cloud', 'Oracle'],
  [S, 'Salesforce.com', 'Salesforce'],
  [S, 'Adobe Systems', 'Adobe'],
  [S, 'VMware', 'VMware by Broadcom'],
  [S, 'Broadcom', 'VMware by Broadcom'],
  [S, 'Red Hat Inc', 'Red Hat'],
  [S, 'Redhat', 'Red Hat'],
  [S, 'Atlassian Pty Ltd', 'Atlassian'],
  [S, 'Zoom', 'Zoom Video Communications'],
  [S, 'Slack', 'Slack Technologies'],
  [S, 'Palo Alto', 'Palo Alto Networks'],
  [S, 'Fortinet Inc', 'Fortinet'],
  [S, 'Crowdstrike', 'CrowdStrike'],
  [S, 'Juniper', 'Juniper Networks'],
  [S, 'Arista', 'Arista Networks'],
  [S, 'Net App', 'NetApp'],
  [S, 'Pure', 'Pure Storage'],
  [S, 'Samsung', 'Samsung Electronics'],
  [S, 'LG', 'LG Electronics'],
  [S, 'Logitech International', 'Logitech'],
  [S, 'Canon Inc', 'Canon'],
  [S, 'Xerox Corporation', 'Xerox'],
  [S, 'Ricoh Europe', 'Ricoh'],
  [S, 'Google', 'Google Cloud'],
  [S, 'IBM Corp', 'IBM'],
  [S, 'Accenture plc', 'Accenture'],
  [S, 'Deloitte', 'Deloitte Consulting'],
  [S, 'Rackspace', 'Rackspace Technology'],
  [S, 'Equinix Inc', 'Equinix'],
  [S, 'Lumen', 'Lumen Technologies'],
  [S, 'Comcast', 'Comcast Business'],
  [S, 'Zones Inc', 'Zones'],
  [S, 'Presidio Inc', 'Presidio'],
  [S, 'WWT', null],
  [S, 'Steelcase Inc', 'Steelcase'],
  [S, 'Herman-Miller', 'Herman Miller'],
  [S, 'Carrier Global', 'Carrier'],
  [S, 'Sophos Ltd', 'Sophos'],
  [S, 'Jamf Software', 'Jamf'],
  [S, 'Grainger Industrial Supply', 'Grainger'],
  [S, 'Dell EMC', 'Dell Technologies'],
  [S, 'Kunde, Doyle and Kozey', null],
  [S, 'Krajcik LLC', null],
  [S, 'Office Depot', null],
  [S, 'Amazon Business', null],
  [S, 'MediaMarkt', null],
  [S, 'Lumen Technologies UK', 'Lumen Technologies'],
  [S, 'Fujitsu', null],
  [S, 'Atos', null],
  [S, 'Cancom', null],
  // Categories and subcategories, in English and other languages.
  [C, 'Laptops', 'Hardware / Laptop'],
  [C, 'Notebook', 'Hardware / Laptop'],
  [C, 'Tablet', 'Hardware / Tablet'],
  [C, 'HVAC', 'Facilities / HVAC'],
  [C, 'Monitors', 'Hardware / Monitor'],
  [C, 'Printer', 'Hardware / Printer'],
  [C, 'Mobile Phones', 'Hardware / Mobile Phone'],
  [C, 'Furniture', 'Facilities / Furniture'],
  [C, 'Vehicles', 'Facilities / Vehicles'],
  [C, 'Hardwear', 'Hardware'],
  [C, 'Sofware', 'Software'],
  [C, 'Devices', null],
  [C, 'Service', 'Services'],
  [C, 'Drucker', 'Hardware / Printer'],
  [C, 'Imprimante', 'Hardware / Printer'],
  [C, 'Portátil', 'Hardware / Laptop'],
  [C, 'Telemóvel', 'Hardware / Mobile Phone'],
  [C, 'Beeldscherm', 'Hardware / Monitor'],
  [C, 'Accessories', null],
  [C, 'Peripherals', null],
  [C, 'Networking', 'Hardware / Network'],
  [C, 'Netzwerk', 'Hardware / Network'],
  [C, 'Réseau', 'Hardware / Network'],
  [C, 'Switch', 'Hardware / Network'],
  [C, 'Speicher', 'Hardware / Storage'],
  [C, 'Möbel', 'Facilities / Furniture'],
  [C, 'Véhicule', 'Facilities / Vehicles'],
  [C, 'Klimaanlage', 'Facilities / HVAC'],
  [C, 'Licences', null],
  // Usage statuses, by meaning and by spelling.
  [U, 'Deployed', 'In Use'],
  [U, 'Ready to Deploy', 'In Stock'],
  [U, 'Archived', 'Retired'],
  [U, 'Retird', 'Retired'],
  [U, 'In Betrieb', 'In Use'],
  [U, 'En service', 'In Use'],
  [U, 'En almacén', 'In Stock'],
  [U, 'In riparazione', 'In Repair'],
  [U, 'Op voorraad', 'In Stock'],
  [U, 'Em uso', 'In Use'],
  [U, 'Broken', null],
  [U, 'Quarantined', null],
  [U, 'On loan', 'On Loan'],
  [U, 'Instock', 'In Stock'],
  [U, 'Stolen', 'Lost/Stolen'],
  [U, 'Disposd', 'Disposed'],
];

interface Figures {
  readonly sure: number;
  readonly sureRight: number;
  readonly sureWrong: string[];
  /** Pairs with a name, found sure and right. */
  readonly found: number;
  readonly withName: number;
  readonly check: number;
  /** Of those to check, the ones that name what the value means. */
  readonly checkRight: number;
}

function measure(): Figures {
  const r = seedResolver();
  const out = {
    sure: 0,
    sureRight: 0,
    sureWrong: [] as string[],
    found: 0,
    withName: 0,
    check: 0,
    checkRight: 0,
  };
  for (const [kind, value, want] of LABELLED) {
    const s = suggestValue(r, kind, value);
    if (want !== null) out.withName++;
    if (s && !s.sure) out.check++;
    if (s && !s.sure && s.to === want) out.checkRight++;
    if (!s?.sure) continue;
    out.sure++;
    if (s.to === want) {
      out.sureRight++;
      out.found++;
    } else
      out.sureWrong.push(
        `${kind} "${value}" → "${s.to}" (${s.confidence}), expected ${want === null ? 'none' : `"${want}"`}`,
      );
  }
  return out;
}

describe('the calibration of suggested value matches', () => {
  it('has a labelled set of 150 or more names from models, suppliers, categories and statuses', () => {
    expect(LABELLED.length).toBeGreaterThanOrEqual(150);
    expect(new Set(LABELLED.map(([k]) => k)).size).toBe(4);
  });

  it('98% or more of the sure matches are right', () => {
    const f = measure();
    const share = f.sureRight / f.sure;
    console.log(
      `suggest calibration: ${LABELLED.length} names, ${f.withName} with a name in the list; sure ${f.sure}, right ${f.sureRight} (${(share * 100).toFixed(1)}%); to check ${f.check} (${f.checkRight} right); found sure and right ${f.found} of ${f.withName} (${((f.found / f.withName) * 100).toFixed(1)}%)`,
    );
    if (f.sureWrong.length) console.log(f.sureWrong.join('\n'));
    expect(share).toBeGreaterThanOrEqual(0.98);
  });

  const never: readonly Case[] = [
    [M, 'Latitude 5421', null],
    [M, 'Macbook Pro 13"', null],
    [M, 'ThinkPad T14s Gen 4', null],
    [M, 'EliteBook 840 G9', null],
  ];
  it.each(never)('%s "%s" is never matched sure to a model whose numbers differ', (kind, value) => {
    expect(suggestValue(seedResolver(), kind, value)?.sure ?? false).toBe(false);
  });
});
