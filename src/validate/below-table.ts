// Lines below a register's table that are no records: its totals line, and the notes an export
// or a person leaves under it (Lansweeper's "Exported from … on … by …", GLPI's "Source: GLPI
// 10.0.7", ServiceNow's and Snipe-IT's printed lists' "Page 1 of 1", a "* Prices exclude VAT").
// The words are kept here once, in the languages headers are read in (resources/languages.ts).
// Pure: the rule sees rows, never the file.
import type { CellValue, NoteBelow, SheetRow } from '../read/types.js';
import { cellText, isEmptyCell } from '../map/coerce.js';

// The word a register's totals line starts with: en Total, Grand total, Subtotal, Sum; de Summe,
// Gesamt, Gesamtsumme, Zwischensumme, Endsumme; fr Sous-total, Total général, Somme; es Suma,
// Total general; it Totale, Subtotale, Somma; nl Totaal, Subtotaal, Eindtotaal, Som; pt Soma,
// Total geral. The rest of the line must be numbers (isTotalsRow), so a record named so is kept.
const TOTALS =
  /^(?:(?:grand\s+|sub\s*|sous-)?totals?(?:\s+(?:g[eé]n[eé]ral|general|geral))?|sum|summe|gesamt|gesamtsumme|zwischensumme|endsumme|somme|suma|(?:sub)?totale(?:\s+generale)?|somma|(?:sub|eind)?totaal|som|soma)\s*:?$/i;

/** How a note line opens, in each language: a label and a colon, or a verb and what follows it. */
interface NoteWords {
  /** "Note:", "Source:" … (followed by a colon or a dash). */
  readonly labels: readonly string[];
  /** "Exported", "Generated" … followed by one of `after` ("on", "by", "from" …). */
  readonly verbs: readonly string[];
  readonly after: readonly string[];
  /** "Page 1 of 3": the word between the numbers. */
  readonly of: string;
}

const NOTE_WORDS: Readonly<Record<string, NoteWords>> = {
  en: {
    labels: [
      'note',
      'notes',
      'nb',
      'n\\.b\\.',
      'remark',
      'remarks',
      'comment',
      'comments',
      'source',
      'disclaimer',
    ],
    verbs: [
      'exported',
      'generated',
      'printed',
      'created',
      'produced',
      'extracted',
      'downloaded',
      'report generated',
    ],
    after: ['on', 'at', 'by', 'from', 'with', 'via', 'using', 'in'],
    of: 'of',
  },
  de: {
    labels: ['hinweis', 'hinweise', 'anmerkung', 'anmerkungen', 'bemerkung', 'quelle', 'stand'],
    verbs: ['exportiert', 'erstellt', 'generiert', 'gedruckt', 'erzeugt'],
    after: ['am', 'von', 'aus', 'mit', 'durch', 'um'],
    of: 'von',
  },
  fr: {
    labels: ['remarque', 'remarques', 'note', 'notes', 'nota', 'source', 'avertissement'],
    verbs: ['export[ée]e?', 'g[ée]n[ée]r[ée]e?', 'imprim[ée]e?', 'cr[ée]{2}e?', 'extrait'],
    after: ['le', 'par', 'depuis', 'à', 'avec', 'du', 'de'],
    of: 'sur',
  },
  es: {
    labels: ['nota', 'notas', 'observaci[oó]n', 'observaciones', 'fuente'],
    verbs: ['exportado', 'generado', 'impreso', 'creado', 'extra[ií]do'],
    after: ['el', 'por', 'desde', 'con', 'en', 'a las'],
    of: 'de',
  },
  it: {
    labels: ['nota', 'note', 'osservazioni', 'fonte'],
    verbs: ['esportato', 'generato', 'stampato', 'creato', 'estratto'],
    after: ['il', 'da', 'con', 'alle', 'in'],
    of: 'di',
  },
  nl: {
    labels: ['opmerking', 'opmerkingen', 'noot', 'bron', 'let op'],
    verbs: ['ge[eë]xporteerd', 'gegenereerd', 'afgedrukt', 'gemaakt', 'aangemaakt'],
    after: ['op', 'door', 'uit', 'met', 'om'],
    of: 'van',
  },
  pt: {
    labels: ['nota', 'notas', 'observa[cç][aã]o', 'observa[cç][oõ]es', 'fonte'],
    verbs: ['exportado', 'gerado', 'impresso', 'criado', 'extra[ií]do'],
    after: ['em', 'por', 'de', 'com'],
    of: 'de',
  },
};

const alternatives = (pick: (w: NoteWords) => readonly string[]): string =>
  [...new Set(Object.values(NOTE_WORDS).flatMap(pick))].join('|');

/** A line that opens as a note does: a footnote mark, a label, an export's signature, a page count, a copyright. */
const NOTE = new RegExp(
  [
    '^(?:\\*|†|‡|\\(\\*\\))',
    `^(?:${alternatives((w) => w.labels)})\\s*[:–—-]`,
    `^(?:${alternatives((w) => w.verbs)})\\s+(?:${alternatives((w) => w.after)})\\b`,
    `^(?:page|seite|p[aá]gina)\\s+\\d+\\s*(?:${alternatives((w) => [w.of])}|/)\\s*\\d+\\s*$`,
    '^(?:©|\\(c\\)\\s|copyright\\b|confidential\\b|vertraulich\\b|confidentiel\\b)',
  ].join('|'),
  'iu',
);

/** A totals row: its first filled cell says "Total" and no other text is there. */
export function isTotalsRow(cells: readonly CellValue[]): boolean {
  // Called twice for every row: no arrays, and most rows fail at their first cell.
  let i = 0;
  while (i < cells.length && isEmptyCell(cells[i])) i++;
  const first = cells[i];
  if (typeof first !== 'string' || !isTotalsWord(first)) return false;
  for (i++; i < cells.length; i++) {
    const c = cells[i];
    if (isEmptyCell(c) || typeof c === 'number') continue;
    if (!/^[\s$€£\d.,()-]+$/.test(cellText(c))) return false;
  }
  return true;
}

/** "Total", "Summe", "Total général :" … alone. */
export function isTotalsWord(text: string): boolean {
  return TOTALS.test(text.trim());
}

/**
 * The row's one text when every filled cell holds it (one cell, or a merged range copied into
 * each of its cells); undefined for a row with two texts, or a number.
 */
function loneText(cells: readonly CellValue[]): string | undefined {
  let text: string | undefined;
  for (const c of cells) {
    if (isEmptyCell(c)) continue;
    if (typeof c !== 'string') return undefined;
    const t = c.trim();
    if (text !== undefined && t !== text) return undefined;
    text = t;
  }
  return text;
}

/** Two cells or more filled, with different values (a merged range's copies are one). */
function fillsSeveral(cells: readonly CellValue[]): boolean {
  let first: CellValue | undefined;
  for (const c of cells) {
    if (isEmptyCell(c)) continue;
    if (first === undefined) first = c;
    // A merged range's copies are the same text (or the same value); anything else differs.
    else if (c !== first && (typeof c !== 'string' || typeof first !== 'string' || c.trim() !== first.trim()))
      return true;
  }
  return false;
}

/** Text that reads as a sentence rather than a name: many words, or words ending in a stop. */
function readsAsSentence(text: string): boolean {
  const words = text.split(/\s+/).length;
  return words >= 6 || (words >= 3 && /[.!?:]$/.test(text));
}

/** What the table's records look like, from the rows above. */
interface Shape {
  /** Most records fill two cells or more: a row filling one differs from them. */
  readonly wide: boolean;
  /** The totals row above this line, if the tail holds one. */
  readonly totalsRow?: number;
}

const quoted = (text: string) => `"${text.length > 60 ? `${text.slice(0, 57)}…` : text}"`;

/**
 * Whether a line at the end of the sheet, its one filled cell `text`, is a note: sure (it is
 * skipped), unsure (it is invalid, with a hint), or a record (undefined). Only a line that
 * differs from the records (they fill several cells) or follows the totals row is sure.
 */
function noteBelow(text: string, shape: Shape): NoteBelow | undefined {
  const note = NOTE.test(text);
  const fills = 'it fills one cell where the records above fill several';
  if (shape.totalsRow !== undefined && shape.wide)
    return {
      sure: true,
      why: `${quoted(text)} is below the totals row (row ${shape.totalsRow}) and ${fills}`,
    };
  if (note && shape.wide) return { sure: true, why: `${quoted(text)} reads as a note and ${fills}` };
  if (note || shape.totalsRow !== undefined)
    return {
      sure: false,
      why: `${quoted(text)} ${note ? 'reads as a note' : `is below the totals row (row ${shape.totalsRow})`}, but the records above fill one cell too`,
    };
  if (shape.wide && readsAsSentence(text))
    return { sure: false, why: `${quoted(text)} reads as a sentence and ${fills}` };
  return undefined;
}

/** A row marked as a note; a note skipped needs no word that its other cells are read as empty. */
function marked(r: SheetRow, verdict: NoteBelow): SheetRow {
  const notes = verdict.sure ? r.notes?.filter((n) => n.code !== 'W_ROW_SHORT') : r.notes;
  return { ...r, notes: notes?.length ? notes : undefined, belowTable: verdict };
}

/** Lines held at the end of the table: more than this, and they are records after all. */
const MAX_HELD = 50;

/**
 * The end of a table as its rows stream by: rows that may be notes (one text, or a totals
 * row) are held until a record follows (they are records then, handed on as they were) or
 * the sheet ends (each is judged by noteBelow and marked). Memory: at most MAX_HELD rows.
 */
export class TableTail {
  private records = 0;
  private wideRecords = 0;
  private held: SheetRow[] = [];

  /** Adds to `out` the rows now handed on, in order (none while `r` is held): no array a row. */
  push(r: SheetRow, out: SheetRow[]): void {
    const totals = isTotalsRow(r.cells);
    if (this.held.length < MAX_HELD && (totals || loneText(r.cells) !== undefined)) {
      this.held.push(r);
      return;
    }
    for (const h of this.held) {
      this.count(h, isTotalsRow(h.cells));
      out.push(h);
    }
    if (this.held.length > 0) this.held = [];
    this.count(r, totals);
    out.push(r);
  }

  /** The sheet has ended: adds to `out` the rows held, those that are notes marked. */
  end(out: SheetRow[]): void {
    const wide = this.records > 0 && this.wideRecords * 2 > this.records;
    let totalsRow: number | undefined;
    for (const r of this.held) {
      if (isTotalsRow(r.cells)) {
        totalsRow ??= r.row;
        out.push(r);
        continue;
      }
      const verdict = noteBelow(loneText(r.cells)!, { wide, totalsRow });
      out.push(verdict ? marked(r, verdict) : r);
    }
    this.held = [];
  }

  private count(r: SheetRow, totals: boolean): void {
    if (totals || r.repeatsHeader) return;
    this.records++;
    if (fillsSeveral(r.cells)) this.wideRecords++;
  }
}
