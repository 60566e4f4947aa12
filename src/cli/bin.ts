#!/usr/bin/env node
// The CLI as users run it (package.json's bin; scripts/bundle-cli.mjs bundles it), then
// the CLI itself (run.ts).
import { boundHeapGrowth, skipWasmTierUp } from '../util/heap.js';

boundHeapGrowth();
skipWasmTierUp();
void import('./run.js').then(({ runCli }) => runCli());
