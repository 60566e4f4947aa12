#!/usr/bin/env node
// The CLI as users run it (package.json's bin; scripts/bundle-cli.mjs bundles it). On
// Node 22.1 and later, Node's own compile cache keeps the code V8 compiled for the next
// run; Node 20 has none and starts without it.
import module from 'node:module';

const withCache = module as { enableCompileCache?: () => unknown };
try {
  withCache.enableCompileCache?.();
} catch {
  // The cache is an aid: a run never fails for it.
}
void import('./run.js').then(({ runCli }) => runCli());
