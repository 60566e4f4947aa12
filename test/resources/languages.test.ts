// The header words of other languages (src/resources/languages.ts): each names a field the
// resource has, and none collides with another field's English name, label or synonym, or
// with a word of another field, except where a word is meant for two (a description is the
// name only when nothing better is in the sheet, as in English).
import { describe, expect, it } from 'vitest';
import { HEADER_WORDS, LANGUAGES, localSynonyms } from '../../src/resources/languages.js';
import { findResource } from '../../src/resources/index.js';
import { DERIVED } from '../../src/map/headers.js';
import { compactName } from '../../src/map/normalize.js';

/** Words meant for two fields: the name, else the notes or description. */
const TWO_FIELDS: Record<string, string[]> = {
  asset: ['beschreibung', 'descripcion', 'descrizione', 'omschrijving', 'descricao'],
  customer: [],
};

function wordsByKey(resource: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const field of Object.keys(HEADER_WORDS[resource])) {
    for (const { word } of localSynonyms(resource, field)) {
      const k = compactName(word);
      out.set(k, (out.get(k) ?? new Set()).add(field));
    }
  }
  return out;
}

describe.each(Object.keys(HEADER_WORDS))('%s: the header words of other languages', (resource) => {
  const def = findResource(resource)!;

  it('name fields (or derived targets) of the resource', () => {
    const known = [
      ...def.fields.map((f) => f.name),
      ...DERIVED.filter((d) => d.resources.includes(resource)).map((d) => d.name),
    ];
    expect(Object.keys(HEADER_WORDS[resource]).filter((f) => !known.includes(f))).toEqual([]);
  });

  it('are in the six languages only', () => {
    const langs = new Set(Object.values(HEADER_WORDS[resource]).flatMap((w) => Object.keys(w)));
    expect([...langs].filter((l) => !(LANGUAGES as readonly string[]).includes(l))).toEqual([]);
  });

  it('never name two fields, but for a description', () => {
    const two = [...wordsByKey(resource)].filter(
      ([k, fields]) => fields.size > 1 && !TWO_FIELDS[resource].includes(k),
    );
    expect(two.map(([k, f]) => `${k}: ${[...f].join(', ')}`)).toEqual([]);
  });

  it("are never another field's English name, label or synonym", () => {
    const english = new Map<string, string>();
    for (const f of def.fields)
      for (const w of [f.name, f.label, ...(f.synonyms ?? [])])
        if (!english.has(compactName(w))) english.set(compactName(w), f.name);
    const clashes = [...wordsByKey(resource)].filter(
      ([k, fields]) => english.has(k) && !fields.has(english.get(k)!),
    );
    expect(clashes.map(([k, f]) => `${k}: ${[...f].join(', ')} / English ${english.get(k)}`)).toEqual([]);
  });
});
