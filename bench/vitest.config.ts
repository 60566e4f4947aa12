import { defineConfig } from 'vitest/config';

// Benchmarks run like tests (vitest runs the TypeScript sources, no build), one file per
// comparison, each in one run; each writes its own section of bench/results.md.
// `npm run bench:export`, or `npx vitest run --config bench/vitest.config.ts`.
export default defineConfig({
  test: {
    include: ['bench/**/*.bench.ts'],
    testTimeout: 600_000,
    hookTimeout: 600_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
