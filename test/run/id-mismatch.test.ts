// When an update's ID cell is not believed: the row's key is another record's, or the row has
// neither the name nor the key of the record its ID names (another tool's ids). An export's own
// edits (a record renamed, or its serial number corrected) go through.
import { describe, expect, it } from 'vitest';
import { idMismatch } from '../../src/run/id-mismatch.js';

const records = new Map<number, Record<string, unknown>>([
  [1, { id: 1, name: 'Finance laptop 01', serial_number: 'SN-1' }],
  [6, { id: 6, name: 'PC-COMPTA-01', serial_number: 'GLPI0001' }],
]);
const existing = new Map<string, number[]>([
  ['serial_number=SN-1', [1]],
  ['serial_number=GLPI0001', [6]],
]);
const row = (name: string, serial: string | undefined, mapped = false) => ({
  id: 1,
  key: serial === undefined ? undefined : { field: 'serial_number', value: serial },
  name,
  column: 'ID',
  mapped,
});

describe('idMismatch', () => {
  it.each([
    {
      name: 'the record renamed (its serial number kept)',
      row: row('Finance laptop 1', 'SN-1'),
      want: undefined,
    },
    {
      name: 'its serial number corrected (its name kept)',
      row: row('Finance laptop 01', 'SN-01'),
      want: undefined,
    },
    { name: 'no serial number: nothing to compare', row: row('Anything', undefined), want: undefined },
    {
      name: "another record's serial number",
      row: row('PC-COMPTA-01', 'GLPI0001'),
      want: `its ID cell names record 1 ("Finance laptop 01"), but serial number "GLPI0001" is record 6's`,
    },
    {
      name: "another record's serial number, the column mapped to id: still refused",
      row: row('PC-COMPTA-01', 'GLPI0001', true),
      want: `its ID cell names record 1 ("Finance laptop 01"), but serial number "GLPI0001" is record 6's`,
    },
    {
      name: 'neither the name nor the serial number',
      row: row('PC-COMPTA-02', 'GLPI0002'),
      want: `its ID cell names record 1 ("Finance laptop 01"), serial number "SN-1": neither the row's name nor its serial number`,
    },
    {
      name: 'neither, the column mapped to id: believed',
      row: row('PC-COMPTA-02', 'GLPI0002', true),
      want: undefined,
    },
  ])('$name', ({ row, want }) => {
    const issue = idMismatch(row, { records, existing });
    if (want === undefined) expect(issue).toBeUndefined();
    else expect(issue).toMatchObject({ code: 'E_ID_MISMATCH', column: 'ID', field: 'id' });
    if (want !== undefined) expect(issue?.message.startsWith(want), issue?.message).toBe(true);
  });
});
