// Registers written in German, French, Spanish, Italian, Dutch and Portuguese, as a person of
// that country writes them (test/fixtures/languages: their headers, day-first dates, decimal
// commas, country names in the language; the German one in Windows-1252 with semicolons, as
// Excel saves it; the Dutch one an XLSX with real date and number cells). Each goes against
// the sandbox: `mapping suggest` maps every column, proposes the value tables for its
// categories and statuses and finds nothing missing; validate passes every row; the import
// creates them with the values the sheet meant. The German register goes through the built
// CLI; the others through the library's calls the CLI makes (library.ts), in-process.
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { suggestMapping, type MappingFile } from '../../src/index.js';
import { readReport, runCli, useSandbox } from './cli.js';
import { connectionOf, runLibrary } from './library.js';

const env = useSandbox();
const DIR = 'test/fixtures/languages';

interface Register {
  readonly file: string;
  readonly columns: Record<string, string>;
  /** The first row's asset as the service holds it after the import. */
  readonly first: Record<string, unknown>;
}

const std = (t: Record<string, string>) => t;

const REGISTERS: Record<string, Register> = {
  German: {
    file: 'de-inventar.csv',
    columns: std({
      Inventarnummer: 'asset_tag',
      Bezeichnung: 'name',
      Kategorie: 'category',
      Hersteller: 'manufacturer',
      Modell: 'asset_hardware_model',
      Seriennummer: 'serial_number',
      Lieferant: 'attached_supplier',
      Kaufdatum: 'service_start_date',
      Anschaffungswert: 'original_cost',
      'Garantie bis': 'warranty_end_date',
      Standort: 'location_description',
      Ort: 'city',
      PLZ: 'zip_code',
      Land: 'country',
      Status: 'asset_usage_status',
      Bemerkung: 'asset_notes',
    }),
    first: {
      serial_number: 'DE-5CD3417H2K',
      name: 'Notebook Buchhaltung',
      original_cost: 1299,
      service_start_date: '2023-03-15',
      warranty_end_date: '2026-03-14',
      country: 'Germany',
      city: 'München',
      category: { name: 'Hardware', subcategory: 'Laptop' },
      asset_usage_status: { name: 'In Use' },
      location_description: 'Büro 2.14',
    },
  },
  French: {
    file: 'fr-parc-informatique.csv',
    columns: std({
      "N° d'inventaire": 'asset_tag',
      Désignation: 'name',
      Catégorie: 'category',
      Marque: 'manufacturer',
      Modèle: 'asset_hardware_model',
      'Numéro de série': 'serial_number',
      Fournisseur: 'attached_supplier',
      "Date d'achat": 'service_start_date',
      "Prix d'achat": 'original_cost',
      'Fin de garantie': 'warranty_end_date',
      Emplacement: 'location_description',
      Ville: 'city',
      'Code postal': 'zip_code',
      Pays: 'country',
      Statut: 'asset_usage_status',
      Remarques: 'asset_notes',
    }),
    first: {
      serial_number: 'FR-PF4KX2M9',
      name: 'Portable direction financière',
      original_cost: 1349,
      service_start_date: '2023-06-21',
      country: 'France',
      category: { name: 'Hardware', subcategory: 'Laptop' },
      asset_usage_status: { name: 'In Use' },
    },
  },
  Spanish: {
    file: 'es-inventario.csv',
    columns: std({
      'Nº de inventario': 'asset_tag',
      Nombre: 'name',
      Categoría: 'category',
      Marca: 'manufacturer',
      Modelo: 'asset_hardware_model',
      'Número de serie': 'serial_number',
      Proveedor: 'attached_supplier',
      'Fecha de compra': 'service_start_date',
      'Precio de compra': 'original_cost',
      'Fin de garantía': 'warranty_end_date',
      Ubicación: 'location_description',
      Ciudad: 'city',
      País: 'country',
      Estado: 'asset_usage_status',
      Observaciones: 'asset_notes',
    }),
    first: {
      serial_number: 'ES-5CG3302LQ8',
      name: 'Portátil contabilidad',
      original_cost: 1189,
      service_start_date: '2023-04-17',
      country: 'Spain',
      category: { name: 'Hardware', subcategory: 'Laptop' },
      asset_usage_status: { name: 'In Use' },
    },
  },
  Italian: {
    file: 'it-registro-beni.csv',
    columns: std({
      'Numero di inventario': 'asset_tag',
      Denominazione: 'name',
      Categoria: 'category',
      Produttore: 'manufacturer',
      Modello: 'asset_hardware_model',
      Matricola: 'serial_number',
      Fornitore: 'attached_supplier',
      'Data di acquisto': 'service_start_date',
      'Prezzo di acquisto': 'original_cost',
      'Scadenza garanzia': 'warranty_end_date',
      Ubicazione: 'location_description',
      Città: 'city',
      CAP: 'zip_code',
      Paese: 'country',
      Stato: 'asset_usage_status',
      Note: 'asset_notes',
    }),
    first: {
      serial_number: 'IT-PF4N8QZC',
      name: 'Portatile ufficio acquisti',
      original_cost: 1649,
      service_start_date: '2023-09-13',
      country: 'Italy',
      category: { name: 'Hardware', subcategory: 'Laptop' },
      asset_usage_status: { name: 'In Use' },
      location_description: 'Ufficio acquisti, 2° piano',
    },
  },
  Dutch: {
    file: 'nl-inventaris.xlsx',
    columns: std({
      Inventarisnummer: 'asset_tag',
      Naam: 'name',
      Categorie: 'category',
      Merk: 'manufacturer',
      Model: 'asset_hardware_model',
      Serienummer: 'serial_number',
      Leverancier: 'attached_supplier',
      Aankoopdatum: 'service_start_date',
      Aankoopprijs: 'original_cost',
      'Garantie tot': 'warranty_end_date',
      Locatie: 'location_description',
      Plaats: 'city',
      Land: 'country',
      Status: 'asset_usage_status',
      Opmerkingen: 'asset_notes',
    }),
    first: {
      serial_number: 'NL-5CG3318KQ2',
      name: 'Laptop financiële administratie',
      original_cost: 1249.5,
      service_start_date: '2023-03-15',
      warranty_end_date: '2026-03-14',
      country: 'Netherlands',
      category: { name: 'Hardware', subcategory: 'Laptop' },
      asset_usage_status: { name: 'In Use' },
    },
  },
  Portuguese: {
    file: 'pt-inventario.csv',
    columns: std({
      'Nº de inventário': 'asset_tag',
      Designação: 'name',
      Categoria: 'category',
      Fabricante: 'manufacturer',
      Modelo: 'asset_hardware_model',
      'Nº de Série': 'serial_number',
      Fornecedor: 'attached_supplier',
      'Data de aquisição': 'service_start_date',
      'Valor de aquisição': 'original_cost',
      'Fim da garantia': 'warranty_end_date',
      Localização: 'location_description',
      Cidade: 'city',
      'Código postal': 'zip_code',
      País: 'country',
      Estado: 'asset_usage_status',
      Observações: 'asset_notes',
    }),
    first: {
      serial_number: 'PT-C02HK3Q7MD6',
      name: 'Portátil recursos humanos',
      original_cost: 1399,
      service_start_date: '2023-05-19',
      country: 'Portugal',
      category: { name: 'Hardware', subcategory: 'Laptop' },
      asset_usage_status: { name: 'In Use' },
    },
  },
};

/**
 * The Dutch register as Excel keeps it: purchase dates and prices as real cells (shown
 * 15-03-2023 and € 1.249,50), the warranty column typed as text.
 */
async function writeDutchWorkbook(path: string): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Inventaris');
  ws.addRow(Object.keys(REGISTERS.Dutch.columns));
  const rows: [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    Date,
    number,
    string,
    string,
    string,
    string,
    string,
    string,
  ][] = [
    [
      'NL-2023-017',
      'Laptop financiële administratie',
      'Laptop',
      'HP',
      'EliteBook 840 G10',
      'NL-5CG3318KQ2',
      'Ingram Micro',
      new Date(Date.UTC(2023, 2, 15)),
      1249.5,
      '14-03-2026',
      'Kantoor 2.07',
      'Utrecht',
      'Nederland',
      'In gebruik',
      '',
    ],
    [
      'NL-2023-018',
      'Beeldscherm receptie',
      'Beeldscherm',
      'Dell',
      'UltraSharp U2723QE',
      'NL-CN0K7P2D',
      'Ingram Micro',
      new Date(Date.UTC(2023, 2, 15)),
      539,
      '14-03-2026',
      'Receptie',
      'Utrecht',
      'Nederland',
      'In gebruik',
      'Standaard vervangen',
    ],
    [
      'NL-2022-044',
      'Printer magazijn',
      'Printer',
      'HP',
      'LaserJet Pro M404',
      'NL-PHBW227719',
      'CDW',
      new Date(Date.UTC(2022, 10, 30)),
      379,
      '29-11-2024',
      'Magazijn',
      'Antwerpen',
      'België',
      'In reparatie',
      'Papierlade klemt',
    ],
    [
      'NL-2024-003',
      'Telefoon verkoop',
      'Telefoon',
      'Apple',
      'iPhone 15',
      'NL-G6KQ2LZ8PX',
      'CDW',
      new Date(Date.UTC(2024, 0, 22)),
      969,
      '21-01-2026',
      'Voorraadkast IT',
      'Rotterdam',
      'Nederland',
      'Op voorraad',
      'Reservetoestel',
    ],
  ];
  for (const r of rows) ws.addRow(r);
  ws.getColumn(8).numFmt = 'dd-mm-yyyy';
  ws.getColumn(9).numFmt = '"€" #.##0,00';
  await wb.xlsx.writeFile(path);
}

async function fixture(file: string): Promise<string> {
  if (!file.endsWith('.xlsx')) return join(DIR, file);
  const path = join(env.dir, file);
  await writeDutchWorkbook(path);
  return path;
}

/** What `mapping suggest` printed: the mapping file (stdout) and its warning and missing lines (stderr). */
async function suggest(
  file: string,
  resource: string,
  cli: boolean,
): Promise<{ mapping: MappingFile; stderr: string }> {
  if (cli) {
    const res = await runCli(['mapping', 'suggest', file, '-r', resource, ...env.sb.args]);
    expect(res.code, res.stderr).toBe(0);
    return { mapping: JSON.parse(res.stdout) as MappingFile, stderr: res.stderr };
  }
  const s = await suggestMapping({ file, resource, connection: connectionOf(env.sb) });
  expect(s.missingFields).toEqual([]);
  // The lines the CLI prints for them (src/cli/import.ts).
  const stderr = [...s.warnings.map((w) => `warning: ${w}`), ...s.missing].join('\n');
  return { mapping: s.mapping, stderr };
}

/** validate or import through the CLI (exit code 0) or the library (the CLI's exit code 0). */
async function run(
  command: 'validate' | 'import',
  file: string,
  extra: { resource: string; mapping?: string; report: string },
  cli: boolean,
): Promise<void> {
  if (cli) {
    const mapping = extra.mapping ? ['--mapping', extra.mapping] : [];
    const res = await runCli([
      command,
      file,
      '-r',
      extra.resource,
      ...mapping,
      '--report',
      extra.report,
      ...env.sb.args,
    ]);
    expect(res.code, res.stderr).toBe(0);
  } else {
    const res = await runLibrary(env.sb, {
      file,
      resource: extra.resource,
      mappingPath: extra.mapping,
      reportPath: extra.report,
      dryRun: command === 'validate',
    });
    expect(res.code, res.stderr).toBe(0);
  }
}

describe.each(Object.entries(REGISTERS))('a register in %s', (language, reg) => {
  it('maps every column to its field, with value tables for its categories and statuses and nothing missing; every row validates, then imports as the sheet meant', async () => {
    const cli = language === 'German';
    const file = await fixture(reg.file);
    const { mapping, stderr } = await suggest(file, 'asset', cli);
    expect(mapping.columns).toEqual(reg.columns);
    expect(stderr).not.toMatch(/^(missing|warning):/m);
    // Every category and status the sheet writes in its language, sure, in the tables.
    const header = (field: string) => Object.keys(reg.columns).find((h) => reg.columns[h] === field)!;
    expect(Object.keys(mapping.values![header('category')]!)).toHaveLength(4);
    expect(
      Object.values(mapping.values![header('asset_usage_status')]!).every((s) =>
        ['In Use', 'In Stock', 'In Repair'].includes(s as string),
      ),
    ).toBe(true);
    const mappingPath = join(env.dir, `${reg.file}.mapping.json`);
    writeFileSync(mappingPath, JSON.stringify(mapping, null, 2) + '\n');

    const checked = join(env.dir, `${reg.file}.validate.csv`);
    await run('validate', file, { resource: 'asset', mapping: mappingPath, report: checked }, cli);
    expect(readReport(checked).map((r) => [r['#status'], r['#message']])).toEqual(
      Array(4).fill(['valid', '']),
    );

    const report = join(env.dir, `${reg.file}.import.csv`);
    await run('import', file, { resource: 'asset', mapping: mappingPath, report }, cli);
    expect(readReport(report).map((r) => r['#status'])).toEqual(['created', 'created', 'created', 'created']);
    const created = (await env.sb.records('asset')).find((a) => a.serial_number === reg.first.serial_number);
    expect(created).toMatchObject(reg.first);
  });
});

describe.each([
  [
    'French',
    'fr-clients.csv',
    {
      'Raison sociale': 'name',
      Interlocuteur: 'contact_person.name',
      Courriel: 'contact_person.email',
      Adresse: 'address_line_1',
      'Code postal': 'zip_postal_code',
      Ville: 'city',
      Pays: 'country',
      Téléphone: 'phone',
      'NDA signé': 'nda_signed',
      'Contrat-cadre': 'msa_signed',
      Remarques: 'general_description',
    },
    [
      [true, false],
      [false, false],
      [true, true],
    ],
  ],
  [
    'Dutch',
    'nl-klanten.csv',
    {
      Bedrijfsnaam: 'name',
      Contactpersoon: 'contact_person.name',
      'E-mailadres': 'contact_person.email',
      Adres: 'address_line_1',
      Postcode: 'zip_postal_code',
      Plaats: 'city',
      Land: 'country',
      Telefoon: 'phone',
      'NDA getekend': 'nda_signed',
      Raamovereenkomst: 'msa_signed',
      Opmerkingen: 'general_description',
    },
    [
      [true, false],
      [false, false],
      [true, true],
    ],
  ],
] as const)('a customer list in %s', (_language, file, columns, signed) => {
  it('maps every column, reads its yes and no (Oui/Non, Ja/Nee) and imports every customer', async () => {
    const path = join(DIR, file);
    expect((await suggest(path, 'customer', false)).mapping.columns).toEqual(columns);
    const report = join(env.dir, `${file}.import.csv`);
    await run('import', path, { resource: 'customer', report }, false);
    const rows = readReport(report);
    expect(rows.map((r) => r['#status'])).toEqual(['created', 'created', 'created']);
    const customers = await env.sb.records('customer');
    const names = rows.map((r) => r[Object.keys(columns)[0]]);
    expect(
      names.map((n) => customers.find((c) => c.name === n)).map((c) => [c?.nda_signed, c?.msa_signed]),
    ).toEqual(signed);
  });
});
