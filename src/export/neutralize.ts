// Formula injection: a text cell that starts with one of these characters is taken as a
// formula (or a DDE call) by spreadsheet programs. Export neutralises such cells, and the
// import's report writer reuses the same test so both sides agree on what is dangerous.

const DANGEROUS_START = new Set(['=', '+', '-', '@', '\t', '\r']);

/** Whether a spreadsheet program could run this text as a formula. */
export function isDangerous(text: string): boolean {
  return text.length > 0 && DANGEROUS_START.has(text[0]);
}

/** The text made inert for CSV: a leading `'` (the convention Excel and LibreOffice honour). */
export function neutralizeCell(text: string): string {
  return isDangerous(text) ? `'${text}` : text;
}
