#!/usr/bin/env node
// The CLI run from tsc's modules (dist/cli/main.js: the sandbox script, tests and benches
// beside the bundle). Users run the bundle, whose entry is bin.ts.
import { runCli } from './run.js';

void runCli();
