// A sync's dry run past --max-missing exits as the real run of the same sheet would: the same
// exit code (2), the same refusal (the limit said the same way: the percentage, of how many,
// and the count), a line saying it is where a real run would stop, and how to go on. The
// real run's error names the records; the dry run's names them once, as `missing:` lines (its
// plan's `Missing:` line and its error count them). Both
// run the built CLI against the sandbox; neither writes. The records are seeded as
// sync.test.ts seeds them, each case with its own manufacturer as --scope.
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { countWrites, runCli, useSandbox } from './cli.js';
import { seedAssets } from './seed.js';

const env = useSandbox();

/** A sheet of the assets `<tag>-1` … `<tag>-n` the seed made, as they are. */
function sheet(tag: string, n: number): string {
  const file = join(env.dir, `${tag}.csv`);
  const rows = Array.from({ length: n }, (_, i) => [`${tag}-${i + 1}`, `${tag} laptop ${i + 1}`, tag]);
  writeFileSync(file, stringify([['Serial number', 'Name', 'Manufacturer'], ...rows]));
  return file;
}

/** What a dry run's `missing:` line says of a record --missing leaves alone. */
const leftAsIs =
  'in the service but not in the sheet; left as it is (--missing archive or set:FIELD=VALUE to change it)';

/** The lines of stderr that an error prints: `error: …` and its `  hint: …`. */
const errorLines = (stderr: string) => stderr.split('\n').filter((l) => /^(error| {2}hint): /.test(l));

describe('a sync dry run past --max-missing exits as the real run would', () => {
  it.each([
    // `percent`: the smallest --max-missing N% that lets the n missing through, as the hint says.
    {
      name: 'the default 5%',
      tag: 'MMP',
      seeded: 9,
      inSheet: 5,
      flags: [],
      limit: '5% of 9 = 0',
      percent: 45,
    },
    {
      name: '--max-missing 10%',
      tag: 'MMQ',
      seeded: 20,
      inSheet: 17,
      flags: ['--max-missing', '10%'],
      limit: '10% of 20 = 2',
      percent: 15,
    },
    {
      name: '--max-missing 1',
      tag: 'MMC',
      seeded: 4,
      inSheet: 2,
      flags: ['--max-missing', '1'],
      limit: '1',
      percent: 50,
    },
  ])(
    '$name: exit 2 both times, the same limit, each record named once, nothing written',
    async ({ tag, seeded, inSheet, flags, limit, percent }) => {
      const ids = await seedAssets(env.sb, tag, seeded);
      const file = sheet(tag, inSheet);
      const n = seeded - inSheet;
      const gone = ids
        .slice(inSheet)
        .map(
          (id, i) => `id ${id} (serial number "${tag}-${inSheet + i + 1}", ${tag} laptop ${inSheet + i + 1})`,
        )
        .join('; ');
      const args = ['sync', file, '-r', 'asset', '--scope', `manufacturer=${tag}`, ...flags, ...env.sb.args];
      const hint = `  hint: Is this the whole register? Check the sheet (or narrow the records with --scope FIELD=VALUE); if these ${n} are really gone, --max-missing ${n} (or ${percent}%) lets the run go on.`;
      const said = `${n} of ${seeded} assets in the service are not in the sheet, more than --max-missing allows (${limit})`;

      await env.sb.resetStats();
      const dry = await runCli([...args, '--dry-run']);
      const real = await runCli(args);
      expect(countWrites(await env.sb.stats())).toBe(0);

      expect({ dry: dry.code, real: real.code }).toEqual({ dry: 2, real: 2 });
      // The plan counts them; each is named on its own `missing:` line below.
      expect(dry.stderr.split('\n').filter((l) => l.startsWith('Missing: '))).toEqual([
        `Missing: ${n} of ${seeded} assets in the service are not in the sheet (--max-missing ${limit}): each on a "missing:" line below; reported as missing, nothing written (--missing archive or set:FIELD=VALUE to change them).`,
      ]);
      expect(dry.stderr).toContain(
        `warning: ${n} missing is more than --max-missing allows (${limit}): a real run would stop here, before any write; this dry run checks every row, then exits 2`,
      );
      expect(dry.stdout).toContain(
        `Checked: ${inSheet} rows and ${n} missing records — 0 to create, 0 to update, ${inSheet} unchanged, ${n} missing`,
      );
      // The dry run names each record once, on its `missing:` line; its plan and error only count them.
      expect(dry.stderr.split('\n').filter((l) => l.startsWith('missing: '))).toEqual(
        ids
          .slice(inSheet)
          .map(
            (id, i) =>
              `missing: id ${id} "${tag}-${inSheet + i + 1}" (${tag} laptop ${inSheet + i + 1}): ${leftAsIs}`,
          ),
      );
      for (const id of ids.slice(inSheet)) expect(dry.stderr.split(`id ${id} `)).toHaveLength(2);
      expect(errorLines(dry.stderr)).toEqual([
        `error: ${file}: ${said}: a real run would stop here, before any write (each is in the report as missing)`,
        hint,
      ]);
      expect(errorLines(real.stderr)).toEqual([
        `error: ${file}: ${said}; nothing was sent. Missing: ${gone}`,
        hint,
      ]);
    },
  );

  it("--json: the dry run's summary has the refusal as wouldStop, and exits 2 as the real run does", async () => {
    await seedAssets(env.sb, 'MMJ', 3);
    const file = sheet('MMJ', 1);
    const args = ['sync', file, '-r', 'asset', '--scope', 'manufacturer=MMJ', '--json', ...env.sb.args];
    const dry = await runCli([...args, '--dry-run']);
    const real = await runCli(args);
    const summary = JSON.parse(dry.stdout) as {
      wouldStop: { code: string };
      plan: { sync: { maxMissingText: string } };
    };
    const refusal = JSON.parse(real.stdout) as { error: { code: string } };
    expect({
      dry: [dry.code, summary.wouldStop.code, summary.plan.sync.maxMissingText],
      real: [real.code, refusal.error.code],
    }).toEqual({ dry: [2, 'E_SYNC_TOO_MANY_MISSING', '5% of 3 = 0'], real: [2, 'E_SYNC_TOO_MANY_MISSING'] });
  });

  it('--quiet prints no `missing:` lines, so the plan names the records', async () => {
    const ids = await seedAssets(env.sb, 'MMQT', 3);
    const file = sheet('MMQT', 1);
    const args = ['sync', file, '-r', 'asset', '--scope', 'manufacturer=MMQT', '--quiet', '--dry-run'];
    const dry = await runCli([...args, '--max-missing', '2', ...env.sb.args]);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stderr.split('\n').filter((l) => /^missing: /i.test(l))).toEqual([
      `Missing: 2 of 3 assets in the service are not in the sheet (--max-missing 2): id ${ids[1]} "MMQT-2" (MMQT laptop 2), id ${ids[2]} "MMQT-3" (MMQT laptop 3); reported as missing, nothing written (--missing archive or set:FIELD=VALUE to change them).`,
    ]);
  });

  it('within the limit the dry run exits 0 and says nothing of stopping', async () => {
    await seedAssets(env.sb, 'MMW', 4);
    const file = sheet('MMW', 3);
    const dry = await runCli([
      'sync',
      file,
      '-r',
      'asset',
      '--scope',
      'manufacturer=MMW',
      '--max-missing',
      '1',
      '--dry-run',
      ...env.sb.args,
    ]);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stderr).toContain('(--max-missing 1)');
    expect(dry.stderr).not.toMatch(/would stop|^error:/m);
  });
});
