// The small XML parts of a workbook (workbook.xml, the relationships, styles.xml) parsed
// with saxes, a conforming XML parser: any namespace prefix, CDATA, comments and entities
// as XML has them, and a part that is not well formed refused, naming the part. Each
// element comes as its name and attributes without prefixes, with its parent's name.
import { createRequire } from 'node:module';
import type * as Saxes from 'saxes';
import type { Location } from '../../errors.js';
import { readError } from '../problems.js';

/** Required rather than imported, as yauzl is (zip.ts): Node then skips scanning its source for exports. */
const { SaxesParser } = createRequire(import.meta.url)('saxes') as typeof Saxes;

export interface XmlElement {
  /** The element's name without its prefix (`sheet` of `<x:sheet>`). */
  readonly name: string;
  /** The parent element's name without its prefix; undefined for the root. */
  readonly parent: string | undefined;
  /** Attributes by name without prefix (`id` of `r:id`); a prefixed one wins over a bare one. */
  readonly attrs: Readonly<Record<string, string>>;
}

const local = (name: string) => name.slice(name.indexOf(':') + 1);

function attributes(raw: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
    const key = local(name);
    if (!(key in out) || name.includes(':')) out[key] = value;
  }
  return out;
}

/**
 * Every element of `xml`, in document order. Namespaces are not resolved (a prefix the
 * part never declares is no reason to refuse a workbook Excel opens); well-formedness is.
 */
export function xmlElements(xml: string, part: string, where: Location): XmlElement[] {
  const out: XmlElement[] = [];
  const open: string[] = [];
  const parser = new SaxesParser({ xmlns: false, position: true });
  parser.on('opentag', (tag) => {
    const name = local(tag.name);
    out.push({
      name,
      parent: open[open.length - 1],
      attrs: attributes(tag.attributes as Record<string, string>),
    });
    if (!tag.isSelfClosing) open.push(name);
  });
  parser.on('closetag', (tag) => {
    if (!tag.isSelfClosing) open.pop();
  });
  try {
    parser.write(xml).close();
  } catch (err) {
    throw readError(
      'E_FILE_CORRUPT',
      where,
      `is damaged: its part ${part} is not well-formed XML (${(err as Error).message})`,
      {
        hint: 'Open it in Excel or LibreOffice and save it again as .xlsx.',
        cause: err,
      },
    );
  }
  return out;
}
