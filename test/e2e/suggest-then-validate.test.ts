// The first steps of a migration: `mapping suggest`, then `validate` with the file it wrote.
// Suggest reads the lookup lists it judges the columns by fresh from the service, and leaves
// them in the cache, so the dry run that follows reads none of them again: its only request is
// the existing-record check. A list another run cached is read again: suggest is where a
// name just added to the service is looked for.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, useSandbox } from './cli.js';

const env = useSandbox({ rateLimit: 0 });

const cases = [
  {
    name: "GLPI's computers, in French (status, type and user lists)",
    file: 'glpi-ordinateurs.csv',
    csv:
      'Nom;Entité;Statut;Numéro de série;Type;Usager\n' +
      'PC-COMPTA-01;Entité racine > Paris;En service;SV-1;Portable;Alice Johnson\n' +
      'SRV-PARIS-02;Entité racine > Paris;En stock;SV-2;Serveur;\n',
    suggestReads: ['GET /api/v2/usage-status/', 'GET /api/v2/category/', 'GET /api/v2/asset-owner/'],
    lookups: 'Lookups: usage status cache (0 req), category cache (0 req), asset owner cache (0 req).',
  },
  {
    name: 'a home-grown register naming suppliers (a list of 3 pages)',
    file: 'inventaire.csv',
    csv:
      'Désignation;N° de série;Catégorie;Fournisseur\n' +
      'Portable compta;SV-3;Hardware / Laptop;Dell Inc.\n' +
      'Poste accueil;SV-4;Hardware / Desktop;Lenovo Group\n',
    suggestReads: ['GET /api/v2/category/', 'GET /api/v2/supplier/'],
    lookups: 'Lookups: category cache (0 req), supplier cache (0 req).',
  },
];

describe('validate after mapping suggest', () => {
  it.each(cases)('$name: the dry run reads no list again', async ({ file, csv, suggestReads, lookups }) => {
    const path = join(env.dir, file);
    writeFileSync(path, csv);
    await env.sb.resetStats();
    const suggest = await runCli(['mapping', 'suggest', path, '-r', 'asset', ...env.sb.args], {
      cwd: env.dir,
    });
    expect(suggest.code, suggest.stderr).toBe(0);
    const read = Object.keys(((await env.sb.stats()) as { requests: Record<string, number> }).requests);
    for (const list of suggestReads) expect(read).toContain(list);
    const mapping = join(env.dir, `${file}.mapping.json`);
    writeFileSync(mapping, suggest.stdout);

    await env.sb.resetStats();
    const run = await runCli(['validate', path, '-r', 'asset', '--mapping', mapping, ...env.sb.args], {
      cwd: env.dir,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr.split('\n')).toContain(lookups);
    expect(((await env.sb.stats()) as { requests: Record<string, number> }).requests).toEqual({
      'GET /api/v2/asset/': 1,
    });
  });

  // The service's lists cannot be written through the API: a list read by another run within
  // the hour stands for one that may have changed since (a supplier added in the service).
  it('reads the lists from the service even when another run has cached them', async () => {
    const path = join(env.dir, 'cached-first.csv');
    writeFileSync(path, 'Name;Serial number;Category;Supplier\nPrinter;SV-5;Hardware;Brother France\n');
    const validate = await runCli(['validate', path, '-r', 'asset', ...env.sb.args], { cwd: env.dir });
    expect(validate.stderr).toContain("supplier 'Brother France' not found");
    await env.sb.resetStats();
    const suggest = await runCli(['mapping', 'suggest', path, '-r', 'asset', ...env.sb.args], {
      cwd: env.dir,
    });
    expect(suggest.code, suggest.stderr).toBe(0);
    const requests = ((await env.sb.stats()) as { requests: Record<string, number> }).requests;
    expect(requests['GET /api/v2/supplier/']).toBe(3);
  });
});
