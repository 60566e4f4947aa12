// A column's letter as spreadsheets show it (A, Z, AA …): the reader names columns by it in
// its messages and for a sheet without a header row, the XLSX writer in its cell references.

/** 0 → A, 25 → Z, 26 → AA. */
export function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}
