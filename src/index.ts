// The library's public API: everything the CLI does, importable.
export * from './errors.js';
export * from './resources/index.js';
