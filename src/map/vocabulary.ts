// Map stage: words other tools use for the values of a field, by what they mean in the
// service. The mapping uses them to tell a status column from a state/province one, and
// `mapping suggest` to propose value tables. Pure data.
import type { UsualUsageStatus } from '../resources/usage-status.js';
import { normalizeName } from './normalize.js';

/** A value's words, each once, without Snipe-IT's "(type)" suffix: "Deployed (deployed)" → "deployed", "Lost/Stolen" → "lost stolen". */
export function valueWords(text: string): string {
  const bare = text.replace(/\s*\([^)]*\)\s*$/, '') || text;
  return [...new Set(normalizeName(bare).split(' '))].join(' ');
}

/** Status words → the service's usage statuses they most likely mean (its default list's names). */
export const USAGE_STATUS_MEANS: Readonly<Record<string, readonly UsualUsageStatus[]>> = {
  // Snipe-IT's default status labels (deployable/pending/archived/undeployable; "Deployed" is shown for checked-out assets).
  deployed: ['In Use'],
  'ready to deploy': ['In Stock'],
  deployable: ['In Stock'],
  pending: ['In Repair', 'In Stock'],
  archived: ['Retired'],
  undeployable: ['In Repair', 'Retired'],
  'out for repair': ['In Repair'],
  'out for diagnostics': ['In Repair'],
  'pending diagnostics': ['In Repair'],
  'broken not fixable': ['Disposed'],
  'lost stolen': ['Lost/Stolen'],
  // ServiceNow alm_hardware install_status / GLPI states.
  'in use': ['In Use'],
  'in stock': ['In Stock'],
  // ManageEngine AssetExplorer's asset states; GLPI's default "Stock".
  'in store': ['In Stock'],
  stock: ['In Stock'],
  'in transit': ['In Stock'],
  'in maintenance': ['In Repair'],
  retired: ['Retired'],
  disposed: ['Disposed'],
  missing: ['Lost/Stolen'],
  stolen: ['Lost/Stolen'],
  lost: ['Lost/Stolen'],
  'on order': ['In Stock'],
  active: ['In Use'],
  spare: ['In Stock'],
  available: ['In Stock'],
  inactive: ['In Stock'],
  'in repair': ['In Repair'],
  loaned: ['On Loan'],
  // Ralph's BackOfficeAssetStatus (allegro/ralph src/ralph/back_office/models.py): "free", "damaged", "liquidated", "loan".
  free: ['In Stock'],
  damaged: ['In Repair'],
  liquidated: ['Disposed'],
  loan: ['On Loan'],
  // ManageEngine AssetExplorer's default asset states (help.assetexplorer.com "Asset State"): In Use, In Store, In Repair, Expired, Disposed.
  expired: ['Retired'],
  // The same in German, French, Spanish, Italian, Dutch and Portuguese registers: the words people
  // write (Snipe-IT's status labels are the user's own, so its translations give none). Accents are
  // off (valueWords). A bare "Lager" or "almacén" names a place as often as a state: USAGE_STATUS_MAYBE.
  'in betrieb': ['In Use'],
  'im einsatz': ['In Use'],
  'in benutzung': ['In Use'],
  'in gebrauch': ['In Use'],
  aktiv: ['In Use'],
  'auf lager': ['In Stock'],
  'im lager': ['In Stock'],
  lagernd: ['In Stock'],
  verfugbar: ['In Stock'],
  // "Ready to deploy" as German registers (and Snipe-IT's German interface) write it.
  einsatzbereit: ['In Stock'],
  archiviert: ['Retired'],
  'in reparatur': ['In Repair'],
  defekt: ['In Repair'],
  ausgemustert: ['Retired'],
  'ausser betrieb': ['Retired'],
  verschrottet: ['Disposed'],
  entsorgt: ['Disposed'],
  verloren: ['Lost/Stolen'],
  gestohlen: ['Lost/Stolen'],
  verliehen: ['On Loan'],
  'en service': ['In Use'],
  'en utilisation': ['In Use'],
  utilise: ['In Use'],
  'en stock': ['In Stock'],
  disponible: ['In Stock'],
  'en reparation': ['In Repair'],
  reforme: ['Retired'],
  'hors service': ['Retired'],
  'mis au rebut': ['Disposed'],
  'au rebut': ['Disposed'],
  perdu: ['Lost/Stolen'],
  vole: ['Lost/Stolen'],
  prete: ['On Loan'],
  'en pret': ['On Loan'],
  'en uso': ['In Use'],
  'en almacen': ['In Stock'],
  'en reparacion': ['In Repair'],
  retirado: ['Retired'],
  'dado de baja': ['Retired'],
  desechado: ['Disposed'],
  perdido: ['Lost/Stolen'],
  robado: ['Lost/Stolen'],
  prestado: ['On Loan'],
  'in uso': ['In Use'],
  'in magazzino': ['In Stock'],
  'in riparazione': ['In Repair'],
  dismesso: ['Retired'],
  smaltito: ['Disposed'],
  perso: ['Lost/Stolen'],
  rubato: ['Lost/Stolen'],
  'in prestito': ['On Loan'],
  'in gebruik': ['In Use'],
  'op voorraad': ['In Stock'],
  'in reparatie': ['In Repair'],
  'buiten gebruik': ['Retired'],
  afgeschreven: ['Retired'],
  afgevoerd: ['Disposed'],
  gestolen: ['Lost/Stolen'],
  uitgeleend: ['On Loan'],
  'em uso': ['In Use'],
  'em stock': ['In Stock'],
  'em estoque': ['In Stock'],
  'em reparacao': ['In Repair'],
  'em reparo': ['In Repair'],
  desativado: ['Retired'],
  abatido: ['Disposed'],
  descartado: ['Disposed'],
  roubado: ['Lost/Stolen'],
  emprestado: ['On Loan'],
};

/**
 * Status words that name a place as often as a state ("Lager" is a store room, and "auf Lager"
 * in stock): in a status column they most likely mean the state, so they are offered, to check,
 * never sure, and they do not make a column a status column (isStatusWord).
 */
export const USAGE_STATUS_MAYBE: Readonly<
  Record<string, { readonly means: UsualUsageStatus; readonly doubt: string }>
> = {
  lager: { means: 'In Stock', doubt: '"Lager" also names a place, the store room' },
  almacen: { means: 'In Stock', doubt: '"almacén" also names a place, the store room' },
  magazzino: { means: 'In Stock', doubt: '"magazzino" also names a place, the store room' },
  magasin: { means: 'In Stock', doubt: '"magasin" also names a place, the store room' },
};

/** Whether a value reads as an asset status in some tool. */
export function isStatusWord(text: string): boolean {
  return USAGE_STATUS_MEANS[valueWords(text)] !== undefined;
}

/**
 * Makers and the product lines that name them ("Latitude" is Dell's): a name that says one
 * maker is never another maker's thing (resolve/name-match.ts). From the makers' own product
 * pages, as commonly known; lines several makers sell (Chromebook) are left out.
 */
const MAKERS: Readonly<Record<string, readonly string[]>> = {
  dell: [
    'dell',
    'latitude',
    'optiplex',
    'poweredge',
    'powervault',
    'precision',
    'vostro',
    'inspiron',
    'xps',
    'ultrasharp',
    'alienware',
  ],
  hp: [
    'hp',
    'elitebook',
    'probook',
    'elitedesk',
    'prodesk',
    'elitedisplay',
    'laserjet',
    'officejet',
    'deskjet',
    'designjet',
    'zbook',
    'pavilion',
  ],
  hpe: ['hpe', 'proliant', 'aruba'],
  lenovo: [
    'lenovo',
    'thinkpad',
    'thinkcentre',
    'thinkstation',
    'thinkvision',
    'ideapad',
    'ideacentre',
    'thinkbook',
  ],
  apple: ['apple', 'macbook', 'imac', 'iphone', 'ipad', 'mac', 'airpods'],
  microsoft: ['microsoft', 'surface'],
  samsung: ['samsung', 'galaxy'],
  cisco: ['cisco', 'catalyst', 'meraki', 'nexus'],
  fujitsu: ['fujitsu', 'esprimo', 'lifebook', 'primergy', 'celsius'],
  acer: ['acer', 'aspire', 'travelmate'],
  asus: ['asus', 'zenbook', 'vivobook', 'expertbook'],
  google: ['google', 'pixel'],
  canon: ['canon', 'pixma', 'imagerunner'],
  epson: ['epson', 'ecotank', 'workforce'],
  brother: ['brother'],
  xerox: ['xerox', 'versalink', 'altalink'],
  ricoh: ['ricoh'],
  lg: ['lg', 'ultrafine'],
  logitech: ['logitech'],
  netapp: ['netapp'],
  juniper: ['juniper'],
  fortinet: ['fortinet', 'fortigate'],
};

const MAKER_OF_WORD = new Map(
  Object.entries(MAKERS).flatMap(([maker, words]) => words.map((w) => [w, maker] as const)),
);

/** The makers' own names (not their product lines): a model name may carry one or not. */
export const MAKER_NAMES: ReadonlySet<string> = new Set(Object.keys(MAKERS).concat('hewlett', 'packard'));

/** The makers a name says, by their names or product lines ("iPhone 15" → apple). */
export function makersOf(name: string): Set<string> {
  return new Set(
    normalizeName(name)
      .split(' ')
      .flatMap((w) => MAKER_OF_WORD.get(w) ?? []),
  );
}

/** Legal forms: one that only one of two like names has ("Acme GmbH") hints, it does not settle. */
export const LEGAL_FORMS: ReadonlySet<string> = new Set([
  'inc',
  'incorporated',
  'corp',
  'corporation',
  'co',
  'company',
  'ltd',
  'limited',
  'llc',
  'plc',
  'lp',
  'llp',
  'gmbh',
  'mbh',
  'ag',
  'kg',
  'ohg',
  'se',
  'ev',
  'sa',
  'sas',
  'sarl',
  'srl',
  'spa',
  'sl',
  'slu',
  'lda',
  'bv',
  'nv',
  'vof',
  'ab',
  'as',
  'oy',
  'pty',
  'kk',
]);

/**
 * Words that do not tell one company from another: legal forms in the countries whose
 * registers we read, and the generic words of company names ("Dell Technologies", "Cisco
 * Systems", "Computacenter France").
 */
export const NOISE_WORDS: ReadonlySet<string> = new Set([
  ...LEGAL_FORMS,
  'the',
  'and',
  'und',
  'et',
  'y',
  'e',
  'en',
  'group',
  'gruppe',
  'groupe',
  'grupo',
  'gruppo',
  'holding',
  'holdings',
  'international',
  'technologies',
  'technology',
  'systems',
  'enterprises',
  'electronics',
  'business',
  'deutschland',
  'germany',
  'france',
  'espana',
  'spain',
  'italia',
  'italy',
  'nederland',
  'netherlands',
  'portugal',
  'uk',
  'usa',
  'us',
  'europe',
  'emea',
]);
