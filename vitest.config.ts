import { defineConfig } from 'vitest/config';

// Tests run against the TypeScript sources; end-to-end tests spawn the built CLI
// (dist/, built by `pretest`) against a sandbox started in-process.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Two files at a time even on 2 cores: the end-to-end files mostly wait (on the CLIs they
    // start, on the sandbox's answers), so one worker leaves a core idle.
    maxWorkers: 2,
    globalSetup: ['test/global-setup.ts'],
  },
});
