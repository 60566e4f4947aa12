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
};

/** Whether a value reads as an asset status in some tool. */
export function isStatusWord(text: string): boolean {
  return USAGE_STATUS_MEANS[valueWords(text)] !== undefined;
}
