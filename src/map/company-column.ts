// Map stage: a register's company column (Snipe-IT's "Company", GLPI's "Entité", a German
// "Firma"). No field takes it: the company is the run's (--company), so its values say which
// rows this run loads and which are left for a run of their own (resolve/company.ts). Pure data.
import type { Mapping } from './headers.js';
import { compactName } from './normalize.js';

/** Headers that name the company a row belongs to, in the languages registers are kept in. */
const COMPANY_HEADERS: ReadonlySet<string> = new Set([
  'company',
  'companyname',
  'firma',
  'unternehmen',
  'gesellschaft',
  'mandant',
  'societe',
  'entreprise',
  'entite',
  'entity',
  'empresa',
  'azienda',
  'societa',
  'bedrijf',
  'organization',
  'organisation',
]);

export function isCompanyHeader(header: string): boolean {
  return COMPANY_HEADERS.has(compactName(header));
}

/** The sheet's company column: the first column no field took whose header names a company. */
export function companyColumn(mapping: Mapping): { index: number; header: string } | undefined {
  const u = mapping.unmapped.find((c) => c.why === undefined && isCompanyHeader(c.header));
  return u && { index: u.index, header: u.header };
}
