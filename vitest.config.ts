import { defineConfig } from 'vitest/config';

/** Files that replace a module with vi.mock: each runs in a fresh module graph of its own. */
const MOCKING = ['test/util/atomic-file-short-writes.test.ts', 'test/e2e/repeat-reads.test.ts'];

// Tests run against the TypeScript sources; end-to-end tests spawn the built CLI
// (dist/, built by `pretest`) against a sandbox started in-process.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Two files at a time even on 2 cores: the end-to-end files mostly wait (on the CLIs they
    // start, on the sandbox's answers), so one worker leaves a core idle.
    maxWorkers: 2,
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/file-state.ts'],
    projects: [
      {
        extends: true,
        // A worker runs file after file in one module graph: src/ is loaded once a worker,
        // not once a file (the suite's CPU 551 s → 431 s, bench/results.md "Test suite").
        // No file keeps state at a module's top level; one that mocks a module is below.
        test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: MOCKING, isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: MOCKING, isolate: true } },
    ],
  },
});
