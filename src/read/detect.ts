// Decides what a file is from its first bytes (extensions lie: ".xlsx" files that are CSV,
// ".xls" exports that are tab-separated text), which text encoding it uses, and which
// delimiter separates its cells.
import { isAscii } from 'node:buffer';
import type { Location } from '../errors.js';
import { readError } from './problems.js';

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export type Sniffed =
  | { readonly kind: 'zip' }
  | { readonly kind: 'ole2' }
  | {
      readonly kind: 'text';
      readonly encoding: TextEncodingName;
      /** The encoding was inferred without a byte-order mark (UTF-16 from its NUL pattern). */
      readonly guessed: boolean;
      /** Why this encoding, in words for the plan ("a byte-order mark", "the bytes are valid UTF-8" …). */
      readonly why: string;
    };

export const CONVERT_HINT =
  'Open it in Excel or LibreOffice and save it as .xlsx or "CSV UTF-8"; or convert it on the command line: libreoffice --headless --convert-to xlsx <file>';

/** Leading bytes of files people mistake for spreadsheets, and what to call them. */
const BINARY_MAGIC: readonly { bytes: readonly number[]; what: string }[] = [
  { bytes: [0x25, 0x50, 0x44, 0x46], what: 'a PDF document' },
  { bytes: [0x89, 0x50, 0x4e, 0x47], what: 'a PNG image' },
  { bytes: [0xff, 0xd8, 0xff], what: 'a JPEG image' },
  { bytes: [0x47, 0x49, 0x46, 0x38], what: 'a GIF image' },
  { bytes: [0x1f, 0x8b], what: 'a gzip archive' },
  { bytes: [0x52, 0x61, 0x72, 0x21], what: 'a RAR archive' },
  { bytes: [0x37, 0x7a, 0xbc, 0xaf], what: 'a 7-Zip archive' },
  { bytes: [0x7f, 0x45, 0x4c, 0x46], what: 'a program' },
];

const startsWith = (buf: Buffer, bytes: readonly number[]) => bytes.every((b, i) => buf[i] === b);

/**
 * UTF-16 text without a BOM shows as NUL bytes in every other position (ASCII characters are
 * `xx 00` in LE, `00 xx` in BE). We decode it when that pattern is clear, and warn.
 */
function utf16ByNulPattern(sample: Buffer): 'utf-16le' | 'utf-16be' | undefined {
  const n = Math.min(sample.length, 4096) & ~1;
  if (n < 8) return undefined;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < n; i += 2) {
    if (sample[i] === 0) evenNul++;
    if (sample[i + 1] === 0) oddNul++;
  }
  const pairs = n / 2;
  if (oddNul >= 0.3 * pairs && evenNul <= 0.05 * pairs) return 'utf-16le';
  if (evenNul >= 0.3 * pairs && oddNul <= 0.05 * pairs) return 'utf-16be';
  return undefined;
}

/** Decides the kind of file from its first bytes. Throws for files that are not spreadsheets. */
export function sniffBytes(sample: Buffer, where: Location): Sniffed {
  if (startsWith(sample, [0x50, 0x4b, 0x03, 0x04]) || startsWith(sample, [0x50, 0x4b, 0x05, 0x06]))
    return { kind: 'zip' };
  if (startsWith(sample, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return { kind: 'ole2' };
  if (startsWith(sample, [0xef, 0xbb, 0xbf]))
    return { kind: 'text', encoding: 'utf-8', guessed: false, why: 'its byte-order mark' };
  if (startsWith(sample, [0xff, 0xfe, 0x00, 0x00]) || startsWith(sample, [0x00, 0x00, 0xfe, 0xff])) {
    throw readError('E_FILE_FORMAT', where, 'is UTF-32 text, which is not supported', {
      hint: 'Save it again as "CSV UTF-8".',
    });
  }
  if (startsWith(sample, [0xff, 0xfe]))
    return { kind: 'text', encoding: 'utf-16le', guessed: false, why: 'its byte-order mark' };
  if (startsWith(sample, [0xfe, 0xff]))
    return { kind: 'text', encoding: 'utf-16be', guessed: false, why: 'its byte-order mark' };

  for (const m of BINARY_MAGIC) {
    if (startsWith(sample, m.bytes)) {
      throw readError('E_FILE_FORMAT', where, `does not look like a text spreadsheet: it is ${m.what}`, {
        hint: 'Choose the spreadsheet itself: a .csv, .tsv or .xlsx file.',
      });
    }
  }
  const utf16 = utf16ByNulPattern(sample);
  if (utf16) {
    // Binary data can have NULs in every other byte too: the decoded text must read as text.
    const text = new TextDecoder(utf16).decode(sample.subarray(0, Math.min(sample.length, 8192) & ~1));
    let odd = 0;
    for (const ch of text) {
      const c = ch.codePointAt(0) ?? 0;
      if ((c < 0x20 && c !== 9 && c !== 10 && c !== 13) || c === 0xfffd || (c >= 0xd800 && c <= 0xdfff))
        odd++;
    }
    if (odd > Math.max(2, text.length * 0.01)) {
      throw readError(
        'E_FILE_FORMAT',
        where,
        'does not look like a text spreadsheet: it contains binary data',
        {
          hint: 'Choose the spreadsheet itself, or save it from Excel or LibreOffice as "CSV UTF-8" or .xlsx.',
        },
      );
    }
    return {
      kind: 'text',
      encoding: utf16,
      guessed: true,
      why: 'no byte-order mark, but a NUL byte in every other position, as UTF-16 text has',
    };
  }

  // Text has no NUL and few control characters; anything else is binary, whatever its name.
  let control = 0;
  for (let i = 0; i < sample.length; i++) {
    const b = sample[i];
    if (b === 0) {
      throw readError(
        'E_FILE_FORMAT',
        where,
        'does not look like a text spreadsheet: it contains binary data',
        {
          hint: 'Choose the spreadsheet itself, or save it from Excel or LibreOffice as "CSV UTF-8" or .xlsx.',
        },
      );
    }
    if (b < 0x09 || (b > 0x0d && b < 0x20 && b !== 0x1a && b !== 0x1b)) control++;
  }
  if (control > Math.max(2, sample.length * 0.01)) {
    throw readError(
      'E_FILE_FORMAT',
      where,
      'does not look like a text spreadsheet: it contains binary data',
      {
        hint: 'Choose the spreadsheet itself, or save it from Excel or LibreOffice as "CSV UTF-8" or .xlsx.',
      },
    );
  }
  try {
    // stream: true lets the sample end in the middle of a multi-byte character.
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
    const ascii = isAscii(sample);
    return {
      kind: 'text',
      encoding: 'utf-8',
      guessed: false,
      why: ascii ? 'its first bytes are plain ASCII (UTF-8 is assumed)' : 'its bytes are valid UTF-8',
    };
  } catch {
    return {
      kind: 'text',
      encoding: 'windows-1252',
      guessed: false,
      why: 'its bytes are not valid UTF-8 (Windows-1252 is what Excel on Windows writes)',
    };
  }
}

/** The sample as text, without BOM, cut after its last complete line unless it is the whole file. */
export function decodeSample(sample: Buffer, encoding: TextEncodingName, wholeFile: boolean): string {
  const text = new TextDecoder(encoding).decode(sample, { stream: !wholeFile });
  if (wholeFile) return text;
  const cut = Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r'));
  return cut > 0 ? text.slice(0, cut) : text;
}

/** Text formats we cannot read but can name: HTML tables and SpreadsheetML saved as ".xls". */
export function refuseMarkup(text: string, where: Location): void {
  const head = text.slice(0, 2048).trimStart().toLowerCase();
  if (head.startsWith('<!doctype html') || head.startsWith('<html') || head.startsWith('<table')) {
    throw readError(
      'E_FILE_UNSUPPORTED',
      where,
      'is a web page (HTML), not a spreadsheet, even if its name says otherwise',
      {
        hint: CONVERT_HINT,
      },
    );
  }
  if (head.startsWith('<?xml')) {
    throw readError(
      'E_FILE_UNSUPPORTED',
      where,
      'is an XML file (perhaps an "XML Spreadsheet 2003"), which is not supported',
      {
        hint: CONVERT_HINT,
      },
    );
  }
}

export const DELIMITERS = [',', ';', '\t', '|'] as const;

/** What the sample says about the file's cells: the delimiter, its padding, the usual count. */
export interface SniffedDialect {
  readonly delimiter: string;
  /** Every delimiter is followed by a space (`a, b, "c, d"`): the spaces are padding. */
  readonly padded: boolean;
  /** Cells on the records that agree (the delimiter's usual count + 1). */
  readonly width: number;
}

interface DelimiterCounts {
  /** Per delimiter, its count on each record that has content. */
  readonly counts: number[][];
  /** Per delimiter, how many times a space follows it, and how many times it occurs. */
  readonly spaced: number[];
  readonly total: number[];
}

/**
 * Counts each candidate delimiter outside quotes on the first records. A quote opens a
 * quoted cell only at the start of a cell (`24" monitor` does not; spaces before it are
 * allowed, for padded files), and a doubled quote inside one is a literal quote.
 */
function countDelimiters(text: string, order: readonly string[], maxRecords: number): DelimiterCounts {
  const counts: number[][] = order.map(() => []);
  const spaced = order.map(() => 0);
  const total = order.map(() => 0);
  const current = order.map(() => 0);
  let inQuotes = false;
  let records = 0;
  let lineHasContent = false;
  const endRecord = () => {
    if (lineHasContent) {
      for (let d = 0; d < order.length; d++) counts[d].push(current[d]);
      records++;
    }
    current.fill(0);
    lineHasContent = false;
  };
  let fieldStart = true;
  for (let i = 0; i < text.length && records < maxRecords; i++) {
    const ch = text[i];
    if (ch === '"') {
      lineHasContent = true;
      if (inQuotes) {
        if (text[i + 1] === '"') i++;
        else inQuotes = false;
      } else if (fieldStart) inQuotes = true;
      fieldStart = false;
    } else if (inQuotes) {
      continue;
    } else if (ch === '\n' || ch === '\r') {
      endRecord();
      fieldStart = true;
    } else {
      const d = order.indexOf(ch);
      if (d >= 0) {
        current[d]++;
        total[d]++;
        if (text[i + 1] === ' ') spaced[d]++;
        fieldStart = true;
      } else if (ch !== ' ') fieldStart = false;
      if (ch !== ' ') lineHasContent = true;
    }
  }
  if (records < maxRecords) endRecord();
  return { counts, spaced, total };
}

/**
 * Picks the delimiter whose count is the same on the most records (title rows have none,
 * so they do not vote). Ties go to the larger count, then to the order , ; tab | (tab first
 * for .tsv files). A forced delimiter is taken as it is; its padding and width are still read.
 */
export function sniffDialect(
  text: string,
  preferTab: boolean,
  forced?: string,
  maxRecords = 30,
): SniffedDialect | undefined {
  const order = forced !== undefined ? [forced] : preferTab ? ['\t', ',', ';', '|'] : [...DELIMITERS];
  const { counts, spaced, total } = countDelimiters(text, order, maxRecords);
  let best: { d: number; agree: number; count: number } | undefined;
  for (let d = 0; d < order.length; d++) {
    const tally = new Map<number, number>();
    for (const c of counts[d]) if (c > 0) tally.set(c, (tally.get(c) ?? 0) + 1);
    for (const [count, agree] of tally) {
      if (!best || agree > best.agree || (agree === best.agree && count > best.count))
        best = { d, agree, count };
    }
  }
  if (!best) return forced !== undefined ? { delimiter: forced, padded: false, width: 0 } : undefined;
  const d = best.d;
  // Padding is a dialect only when every delimiter has it, on more than one record.
  const padded =
    order[d] !== '\t' && order[d] !== ' ' && total[d] >= 2 && best.agree >= 2 && spaced[d] === total[d];
  return { delimiter: order[d], padded, width: best.count + 1 };
}

/** OLE2 holds both old .xls workbooks and password-protected .xlsx ("EncryptedPackage" stream). */
export const ENCRYPTED_PACKAGE_UTF16 = Buffer.from('EncryptedPackage', 'utf16le');
