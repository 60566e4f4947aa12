// The sandbox's default seed, built once by `npm run build` (after tsc) and saved as JSON
// beside the built sandbox, where src/sandbox/seed-file.ts reads it at each start.
import { writeFile } from 'node:fs/promises';
import { buildSeed } from '../dist/sandbox/seed/index.js';

await writeFile('dist/sandbox/seed-default.json', JSON.stringify(buildSeed('default')));
