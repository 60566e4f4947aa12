import { defineConfig } from 'vitest/config';

// Tests run against the TypeScript sources; end-to-end tests spawn the built CLI
// (dist/, built by `pretest`) against a sandbox started in-process.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    globalSetup: ['test/global-setup.ts'],
  },
});
