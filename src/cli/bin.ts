#!/usr/bin/env node
// The CLI as users run it (package.json's bin; scripts/bundle-cli.mjs bundles it): V8's
// code cache for the bundle's chunks first (compile-cache.ts), then the CLI itself (run.ts).
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { useCompileCache } from './compile-cache.js';
import { boundHeapGrowth, exposeGcToWorkers, skipWasmTierUp } from '../util/heap.js';

// Before any chunk compiles: V8 takes cached code only under the flags it was made with.
boundHeapGrowth();
exposeGcToWorkers();
skipWasmTierUp();
useCompileCache(dirname(fileURLToPath(import.meta.url)));
void import('./run.js').then(({ runCli }) => runCli());
