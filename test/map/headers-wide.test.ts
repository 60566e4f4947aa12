// Mapping a wide header costs time in proportion to its columns (issue 28): 16,384 columns
// (Excel's limit) against 1,000 of the same make, each judged by its first rows as a run
// does. Linear mapping makes the ratio about 16 (less, as only the first 1,000 columns that
// name no field are tried as misspellings); the bound is generous for a loaded machine, and
// a step that is quadratic in the width (about 270) fails it. Headers have the same lengths
// in both, so the ratio measures the width alone; the narrow one is timed as the best of three.
import { describe, expect, it } from 'vitest';
import { FUZZY_COLUMNS, mapHeaders, type Mapping } from '../../src/map/headers.js';
import { asset } from '../../src/resources/asset.js';

const WORDS = ['Reading', 'Bucket', 'Quarter', 'Tally', 'Sensor', 'Gauge', 'Batch', 'Probe'];
const number = (i: number) => String(i).padStart(5, '0');
const untried = (n: number, from: string) =>
  `${n.toLocaleString('en-US')} columns from column "${from}" on were not tried as misspellings of a field's name ` +
  `(a sheet is tried on its first 1,000 columns that name no field exactly): map any of them that is meant for a field in a mapping file (--mapping)`;

const cases: {
  name: string;
  header: (i: number) => string;
  bound: number;
  mapped: string[];
  repeated: number;
  untried?: [number, string];
}[] = [
  // Words no field uses: the first 1,000 are tried as misspellings of every name and synonym,
  // the rest only looked up, so 16,384 cost little more than 1,000 (1.5 times here; 13 to 23
  // times before the cap, when every column was tried; 6.7 once, timed once on a machine
  // running four suites, hence the bound of 8 and the wide sheet's best of two).
  {
    name: 'headers no field names',
    header: (i) => `${WORDS[i % WORDS.length]} ${number(i)}`,
    bound: 8,
    mapped: ['Name'],
    repeated: 0,
    untried: [15_383, 'Bucket 01001'],
  },
  // Each header twice: one warning per repeated header.
  {
    name: 'each header twice',
    header: (i) => `${WORDS[(i >> 1) % WORDS.length]} ${number(i >> 1)}`,
    bound: 60,
    mapped: ['Name'],
    repeated: 8_191,
    untried: [7_192, 'Reading 01000'],
  },
  // Units in brackets do not change the field: every column names the serial number, the first keeps it.
  {
    name: 'every column a serial number with its unit',
    header: (i) => `Serial number (${number(i)})`,
    bound: 60,
    mapped: ['Name', 'Serial number (00001)'],
    repeated: 0,
  },
];

/** The best of `runs` mappings of the header, each judged by five rows of numbers as a run would. */
function timeMapping(headers: readonly string[], runs: number): { ms: number; mapping: Mapping } {
  const samples = Array.from({ length: 5 }, (_, r) =>
    headers.map((_, i) => (i === 0 ? `Desk ${r}` : String((i * 7 + r) % 97))),
  );
  let ms = Infinity;
  let mapping: Mapping | undefined;
  for (let k = 0; k < runs; k++) {
    const t = performance.now();
    mapping = mapHeaders(asset, headers, { samples });
    ms = Math.min(ms, performance.now() - t);
  }
  return { ms, mapping: mapping! };
}

describe('mapping a wide header', () => {
  it.each(cases)(
    '$name: 16,384 columns map in time proportional to 1,000 (under $bound times)',
    (c) => {
      const make = (n: number) => ['Name', ...Array.from({ length: n - 1 }, (_, i) => c.header(i + 1))];
      // The narrow sheet's first run warms the code up; the wide one's best of two spares it a pause.
      const narrow = timeMapping(make(1_000), 3);
      const wide = timeMapping(make(16_384), 2);
      console.log(
        `${c.name}: 1,000 columns ${narrow.ms.toFixed(0)} ms; 16,384 columns ${wide.ms.toFixed(0)} ms; ratio ${(wide.ms / narrow.ms).toFixed(1)}`,
      );
      expect(wide.mapping.columns.map((x) => x.header)).toEqual(c.mapped);
      expect(wide.mapping.columns.length + wide.mapping.unmapped.length).toBe(16_384);
      const repeats = wide.mapping.warnings.filter((w) =>
        /^the header ".*" appears 2 times; only the first is used$/.test(w),
      );
      expect(repeats).toHaveLength(c.repeated);
      expect(wide.mapping.warnings.filter((w) => !repeats.includes(w))).toEqual(
        c.untried ? [untried(...c.untried)] : [],
      );
      expect(wide.ms / narrow.ms).toBeLessThan(c.bound);
    },
    120_000,
  );
});

describe(`a sheet wider than ${FUZZY_COLUMNS.toLocaleString('en-US')} columns that name no field`, () => {
  const filler = Array.from({ length: FUZZY_COLUMNS }, (_, i) => `Reading ${number(i)}`);
  const table: [string, string[], string, string | undefined, string[]][] = [
    [
      'a misspelling among the first 1,000 is matched',
      ['Name', 'Serail Number', ...filler],
      'serial_number',
      undefined,
      [untried(1, 'Reading 00999')],
    ],
    [
      'a misspelling past them is not, and the warning says so',
      ['Name', ...filler, 'Serail Number'],
      '',
      'Serail Number',
      [untried(1, 'Serail Number')],
    ],
  ];
  it.each(table)('%s', (_name, headers, field, unmapped, warnings) => {
    const m = mapHeaders(asset, headers);
    const serial = m.columns.find((x) => x.header === 'Serail Number');
    expect(serial ? `${serial.target.kind === 'field' ? serial.target.field.name : ''}` : '').toBe(field);
    expect(m.unmapped.find((u) => u.header === 'Serail Number')?.header).toBe(unmapped);
    expect(m.warnings).toEqual(warnings);
  });
});
