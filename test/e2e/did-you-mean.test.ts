// A German and a French register through the real CLI: each name the sandbox's lists lack is
// answered on the row (stderr and the report) with the match `mapping suggest` writes for it,
// sure or to check, and the closing hint still points to `mapping suggest`.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readReport, runCli, useSandbox } from './cli.js';

const env = useSandbox({ rateLimit: 0 });

interface Register {
  readonly name: string;
  readonly file: string;
  readonly text: string;
  /** The row lines on stderr, in order. */
  readonly lines: readonly string[];
}

const registers: Register[] = [
  {
    name: 'a German register',
    file: 'inventar.csv',
    text:
      'Bezeichnung;Seriennummer;Hersteller;Modell;Kaufdatum;Status;Kategorie;Lieferant\n' +
      'Notebook Buchhaltung;DE-001;Dell;Latitude 5540;15.03.2023;In Betrieb;Notebook;Dell GmbH\n' +
      'Drucker Empfang;DE-002;HP;LaserJet Pro;02.11.2022;Lager;Drucker;Dell Technologies\n',
    lines: [
      `row 2: column "Status" → asset_usage_status: usage status 'In Betrieb' not found; did you mean 'In Use'?`,
      `row 2: column "Kategorie" → category.id: category 'Notebook' not found; did you mean 'Hardware / Laptop'?`,
      `row 2: column "Lieferant" → attached_supplier: supplier 'Dell GmbH' not found; did you mean 'Dell Technologies'?`,
      `row 3: column "Modell" → asset_hardware_model.id: hardware model 'LaserJet Pro' not found; did you mean 'LaserJet Pro M404'? (confidence 0.70; check: "LaserJet Pro" and "LaserJet Pro M404" do not name the same numbers)`,
      `row 3: column "Status" → asset_usage_status: usage status 'Lager' not found; did you mean 'In Stock'? (confidence 0.60; check: "Lager" also names a place, the store room)`,
      `row 3: column "Kategorie" → category.id: category 'Drucker' not found; did you mean 'Hardware / Printer'?`,
    ],
  },
  {
    name: 'a French register',
    file: 'parc.csv',
    text:
      "Désignation;Numéro de série;Fabricant;Modèle;Date d'achat;Prix d'achat (€);Site;Pays;État;Catégorie;Fournisseur\n" +
      'Portable compta;FR-001;Dell;Latitude 5540;15/03/2023;1 249,00;Lyon;France;En service;Ordinateur portable;Dell Technologies\n' +
      'Écran accueil;FR-002;Dell;UltraSharp U2723QE;02/11/2022;399,90;Paris;Belgique;En stock;Écran;Dell Technologies\n',
    lines: [
      `row 2: column "État" → asset_usage_status: usage status 'En service' not found; did you mean 'In Use'?`,
      `row 2: column "Catégorie" → category.id: category 'Ordinateur portable' not found; did you mean 'Hardware / Laptop'?`,
      `row 3: column "État" → asset_usage_status: usage status 'En stock' not found; did you mean 'In Stock'?`,
      `row 3: column "Catégorie" → category.id: category 'Écran' not found; did you mean 'Hardware / Monitor'?`,
    ],
  },
];

/** `mapping suggest`'s notes on values, by column and value: the match and how sure, or none. */
function suggested(review: readonly string[]): Map<string, { to: string; how: string } | undefined> {
  const found = new Map<string, { to: string; how: string } | undefined>();
  for (const note of review) {
    const m = /^column "(.+?)": "(.+?)" (?:→ "(.+?)" \((.+?)\)|matches nothing)/.exec(note);
    if (m) found.set(`${m[1]}|${m[2]}`, m[3] === undefined ? undefined : { to: m[3], how: m[4] });
  }
  return found;
}

describe('a register naming what the lists lack', () => {
  it.each(registers)('$name: each row says the match, stderr and report alike', async (reg) => {
    writeFileSync(join(env.dir, reg.file), reg.text);
    const report = join(env.dir, `${reg.file}.report.csv`);
    const res = await runCli(['validate', reg.file, '-r', 'asset', '--report', report, ...env.sb.args], {
      cwd: env.dir,
    });
    expect(res.code, res.stderr).toBe(1);
    const lines = res.stderr.split('\n');
    expect(lines.filter((l) => l.startsWith('row '))).toEqual(reg.lines);
    expect(lines.filter((l) => l.startsWith('hint: '))).toEqual([
      `hint: 2 rows name something the service's lists lack. \`assetbatch mapping suggest ${reg.file} -r asset > mapping.json\` (with this run's service options) writes a mapping file with a value table for the names it can match, to pass with --mapping; --unmatched blank imports such rows without them`,
    ]);
    const byRow = (row: string) =>
      reg.lines
        .filter((l) => l.startsWith(`row ${row}: `))
        .map((l) => l.slice(`row ${row}: `.length))
        .join('; ');
    expect(readReport(report).map((r) => [r['#row'], r['#message']])).toEqual([
      ['2', byRow('2')],
      ['3', byRow('3')],
    ]);
  });

  it.each(registers)('$name: `mapping suggest` and the row message agree', async (reg) => {
    writeFileSync(join(env.dir, reg.file), reg.text);
    const suggest = await runCli(['mapping', 'suggest', reg.file, '-r', 'asset', ...env.sb.args], {
      cwd: env.dir,
    });
    const file = JSON.parse(suggest.stdout) as {
      values?: Record<string, Record<string, string>>;
      review?: string[];
    };
    const notes = suggested(file.review ?? []);
    for (const line of reg.lines) {
      const m =
        /^row \d+: column "(.+?)" → [^:]+: .*? '(.+?)' not found(?:; (?:it is the name of a subcategory: )?did you mean '(.+?)'\?(?: \((.+)\))?)?$/.exec(
          line,
        );
      expect(m, line).not.toBeNull();
      const [, column, value, to, how] = m!;
      expect(notes.has(`${column}|${value}`), `suggest says nothing of ${line}`).toBe(true);
      const note = notes.get(`${column}|${value}`);
      expect(note?.to, line).toBe(to);
      // A sure match is in the value table, and says no "check"; one to check says what the review says.
      if (to !== undefined && how === undefined) {
        expect(file.values?.[column]?.[value], line).toBe(to);
        expect(note?.how).not.toContain('check:');
      }
      if (how !== undefined) {
        expect(note?.how, line).toBe(how);
        expect(file.values?.[column]?.[value], line).toBeUndefined();
      }
    }
  });
});
