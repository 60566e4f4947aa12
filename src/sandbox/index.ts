// The sandbox's public surface: start a local stand-in for the service in-process.
export { startSandbox, PAGE_SIZE, type Sandbox, type SandboxOptions, type SandboxLogger } from './server.js';
export { parseFaults, FAULT_KINDS, type FaultKind, type FaultRates } from './faults.js';
export { buildSeed, COMPANIES, CATEGORIES, USAGE_STATUSES, type SeedKind } from './seed/index.js';
