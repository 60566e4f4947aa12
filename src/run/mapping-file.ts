// Mapping files and the presets shipped with the package: read, checked against their
// schema, and named in errors by file.
import { readFile } from 'node:fs/promises';
import { readdirSync } from 'node:fs';
import { dirname, join, resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { AssetbatchError } from '../errors.js';
import { memoized } from '../util/memo.js';
import type { MappingFile } from '../map/headers.js';
import { compileFieldSpec } from '../map/transforms.js';

/** Made at the first mapping file read: a run without one does not pay for it (issue 17). */
const mappingFileSchema = memoized(() =>
  z
    .object({
      resource: z.string().optional(),
      sheet: z.union([z.string(), z.number().int().positive()]).optional(),
      /** 1-based; 0: the file has no header row, its columns are named A, B, C … (as --no-header). */
      headerRow: z.number().int().nonnegative().optional(),
      columns: z.record(z.string(), z.union([z.string(), z.array(z.string()).min(1)]).nullable()).optional(),
      /** Checked in full by map/transforms.ts, where a problem is named by its key. */
      fields: z
        .record(
          z.string(),
          z.union([
            z.string(),
            z
              .object({
                template: z.string().optional(),
                column: z.string().optional(),
                value: z.union([z.string(), z.number(), z.boolean()]).optional(),
                split: z.string().optional(),
                part: z.number().int().optional(),
                regex: z.string().optional(),
                group: z.union([z.number().int().nonnegative(), z.string()]).optional(),
                trim: z.boolean().optional(),
                case: z.enum(['upper', 'lower', 'title']).optional(),
              })
              .strict(),
          ]),
        )
        .optional(),
      defaults: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
      values: z.record(z.string(), z.record(z.string(), z.string().nullable())).optional(),
      unmatched: z.union([z.string(), z.record(z.string(), z.string())]).optional(),
      formulaEscape: z.literal('backtick').optional(),
      review: z.array(z.string()).optional(),
      dateFormat: z.string().optional(),
      uniqueField: z.enum(['name', 'serial_number']).optional(),
      /** Workbooks: sheet name → resource, where the names do not say it. */
      sheets: z.record(z.string(), z.enum(['customer', 'contract', 'asset'])).optional(),
    })
    .strict(),
);

/** Where the mapping presets ship: templates/presets beside dist/ in the package. */
const PRESETS_DIR = resolvePath(dirname(fileURLToPath(import.meta.url)), '../../templates/presets');

export function listPresets(): string[] {
  try {
    return readdirSync(PRESETS_DIR)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -5))
      .sort();
  } catch {
    return [];
  }
}

export function presetPath(name: string): string {
  const known = listPresets();
  if (!known.includes(name)) {
    throw new AssetbatchError('E_USAGE', `there is no preset "${name}"`, {
      hint: known.length ? `Presets: ${known.join(', ')}` : undefined,
    });
  }
  return join(PRESETS_DIR, `${name}.json`);
}

export async function loadMappingFile(path: string): Promise<MappingFile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    throw new AssetbatchError('E_FILE_NOT_FOUND', 'mapping file not found', { location: { file: path } });
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new AssetbatchError('E_MAPPING_FILE', `mapping file is not valid JSON (${(e as Error).message})`, {
      location: { file: path },
    });
  }
  const parsed = mappingFileSchema().safeParse(data);
  if (!parsed.success) {
    throw new AssetbatchError(
      'E_MAPPING_FILE',
      `mapping file has problems: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(top)'}: ${i.message}`).join('; ')}`,
      {
        location: { file: path },
        hint: 'A mapping file looks like {"resource": "asset", "columns": {"Serial No.": "serial_number"}, "defaults": {}, "dateFormat": "dd/MM/yyyy"}',
      },
    );
  }
  for (const [key, spec] of Object.entries(parsed.data.fields ?? {})) {
    try {
      compileFieldSpec(spec);
    } catch (e) {
      throw new AssetbatchError('E_MAPPING_FILE', `fields.${key}: ${(e as Error).message}`, {
        location: { file: path },
      });
    }
  }
  return parsed.data as MappingFile;
}
