// `update` of another tool's export with its own "ID" column (GLPI, Lansweeper): the ids are
// that tool's, and the records they name in the service are others. A row whose serial
// number another record has, or whose name and serial number both differ from the record
// its ID names, is invalid (exit 1) and nothing is written; the hint says how to leave the
// column out. A mapping file that maps the column to "id" says they are the service's ids.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countWrites, madeByApi, readReport, runCli, useSandbox } from './cli.js';

const env = useSandbox({ rateLimit: 0 });

describe("update of a sheet whose ID column is another tool's", () => {
  const cases = [
    {
      name: "the row's serial number is another record's: invalid, nothing written",
      serial: (made: { mine: string }) => made.mine,
      mapping: undefined,
      code: 1,
      status: 'invalid',
      message: (m: { theirs: number; mine: string; mineId: number }) =>
        `column "ID" → id: its ID cell names record ${m.theirs} ("Reception desk FID"), but serial number "${m.mine}" is record ${m.mineId}'s: ` +
        `if the "ID" column holds another tool's ids, leave it out with a mapping file ({"columns": {"ID": null}}) and the serial number finds the record`,
      writes: 0,
    },
    {
      name: "neither its name nor its serial number is the record's: invalid, nothing written",
      serial: () => 'FID-NEW-1',
      mapping: undefined,
      code: 1,
      status: 'invalid',
      message: (m: { theirs: number }) =>
        `column "ID" → id: its ID cell names record ${m.theirs} ("Reception desk FID"), serial number "FID-DESK-1": neither the row's name nor its serial number; ` +
        `if the "ID" column holds another tool's ids, leave it out with a mapping file ({"columns": {"ID": null}}) and the serial number finds the record; ` +
        `if they are the service's ids, map it to "id" ({"columns": {"ID": "id"}}) to change both`,
      writes: 0,
    },
    {
      name: 'the same, with a mapping file that maps the column to "id": updated',
      serial: () => 'FID-NEW-2',
      mapping: { columns: { ID: 'id' } },
      code: 0,
      status: 'updated',
      message: () => '',
      writes: 1,
    },
  ];
  it.each(cases)('$name', async (c) => {
    const theirs = await madeByApi(env.sb, { name: 'Reception desk FID', serial_number: 'FID-DESK-1' });
    const mine = `FID-LAPTOP-${theirs}`;
    const mineId = await madeByApi(env.sb, { name: 'PC-COMPTA-01 FID', serial_number: mine });
    const made = { theirs, mine, mineId };
    const file = join(env.dir, `glpi-${theirs}.csv`);
    // The tool's item whose id happens to be the desk's record id, under its own name.
    writeFileSync(file, `ID;Nom;Numéro de série\n${theirs};PC-COMPTA-01 FID;${c.serial(made)}\n`);
    const mapping = c.mapping ? join(env.dir, `glpi-${theirs}.json`) : undefined;
    if (mapping) writeFileSync(mapping, JSON.stringify(c.mapping));
    await env.sb.resetStats();
    const res = await runCli([
      'update',
      file,
      '-r',
      'asset',
      ...(mapping ? ['--mapping', mapping] : []),
      ...env.sb.args,
    ]);
    expect(res.code, res.stderr).toBe(c.code);
    const [row] = readReport(`${file}.report.csv`);
    expect([row['#status'], row['#message']]).toEqual([c.status, c.message(made)]);
    expect(countWrites((await env.sb.stats()) as { requests: Record<string, number> })).toBe(c.writes);
    const desk = (await env.sb.records('asset')).find((r) => r.id === theirs);
    expect(desk?.name).toBe(c.writes ? 'PC-COMPTA-01 FID' : 'Reception desk FID');
  });
});
