// The sandbox's public surface: start a local stand-in for the service in-process.
export { startSandbox, type Sandbox, type SandboxOptions } from './server.js';
export { buildSeed } from './seed/index.js';
