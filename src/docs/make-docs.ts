// Regenerates docs/fields.md from the resource definitions. Run: npm run gen:docs.
// test/docs/fields.test.ts checks that the committed page is current.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fieldReferenceMarkdown } from './field-reference.js';

export async function makeDocs(root: string): Promise<string[]> {
  const file = join(root, 'docs', 'fields.md');
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, fieldReferenceMarkdown(), 'utf8');
  return [file];
}

if (process.argv[1] && resolve(process.argv[1]).endsWith(join('docs', 'make-docs.js'))) {
  for (const f of await makeDocs(resolve(process.argv[2] ?? '.'))) console.log(f);
}
