// SHA-256 in hex, for the names of files (the lookup cache, the pace memory, the memory of
// what was sent) and a write body's fingerprint in the journal. node:crypto is taken when a
// hash is first made, not imported: a run that makes none (a validate against the
// in-process sandbox) does not load it, which costs some 10 ms on Node 24
// (bench/results.md, "Startup").
export function sha256Hex(text: string): string {
  return process.getBuiltinModule('node:crypto').createHash('sha256').update(text).digest('hex');
}

/**
 * A short fingerprint of a text (36 bits of SHA-256, base64url: 6 characters): enough to tell
 * one field's value from another in the memory of exports (an edit taken for the value it
 * replaced: one in 69 billion), small enough that 2,000 assets take some 400 KB.
 */
export function shortHash(text: string): string {
  return process
    .getBuiltinModule('node:crypto')
    .createHash('sha256')
    .update(text)
    .digest('base64url')
    .slice(0, 6);
}
