// Formula injection: a text cell that starts with one of these characters is taken as a
// formula (or a DDE call) by spreadsheet programs. Export neutralises such cells, and the
// import's report writer reuses the same test so both sides agree on what is dangerous.

/** = + - @ tab and carriage return, by character code: asked of every cell of every row read. */
const DANGEROUS_START = new Set([0x3d, 0x2b, 0x2d, 0x40, 0x09, 0x0d]);

/** Whether a spreadsheet program could run this text as a formula. */
export function isDangerous(text: string): boolean {
  return text.length > 0 && DANGEROUS_START.has(text.charCodeAt(0));
}

/** The text made inert for CSV: a leading `'` (the convention Excel and LibreOffice honour). */
export function neutralizeCell(text: string): string {
  return isDangerous(text) ? `'${text}` : text;
}

/**
 * A cell of our own report read back as the user typed it: the `'` that neutralizeCell
 * added comes off. Only a `'` before a character we would have neutralised is ours; any
 * other leading `'` (`'80s kit`) is the user's text.
 */
export function restoreCell(text: string): string {
  return text.length > 1 && text.charCodeAt(0) === 0x27 && DANGEROUS_START.has(text.charCodeAt(1))
    ? text.slice(1)
    : text;
}
