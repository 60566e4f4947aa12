// Regenerates the pre-built templates in templates/ (xlsx and csv per writable resource).
// Run: npm run gen:templates. test/template/templates-current.test.ts checks they are current.
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { WRITABLE } from '../resources/index.js';
import { writeTemplate } from './template.js';

export async function makeTemplates(dir: string): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const written: string[] = [];
  for (const name of WRITABLE) {
    for (const format of ['xlsx', 'csv'] as const) {
      const file = join(dir, `${name}.${format}`);
      await writeTemplate(name, file, { format });
      written.push(file);
    }
  }
  return written;
}

if (process.argv[1] && resolve(process.argv[1]).endsWith(join('template', 'make-templates.js'))) {
  for (const f of await makeTemplates(resolve(process.argv[2] ?? 'templates'))) console.log(f);
}
