// XML parts as text in pieces that end after a closing tag (`</row>`, `</si>`): the scanners
// (xlsx-sheet.ts, xlsx-strings.ts; ours, not a library's, see there) then never see an
// element cut between two chunks. The
// bytes are decoded as one UTF-8 stream, so a character split between chunks arrives whole.

/**
 * The text of `chunks`, each piece ending just after the last `until` seen so far (the
 * final piece holds what follows the last one). Chunks without `until` are held until one
 * arrives: a long element (a row of 5,000 cells, a 2 MB string) is joined once, not re-read.
 */
export async function* xmlPieces(chunks: AsyncIterable<Buffer>, until: string): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  const keep = until.length - 1;
  let pending: string[] = [];
  // The end of the held text, where an `until` split between two chunks starts.
  let tail = '';
  for await (const chunk of chunks) {
    const text = decoder.decode(chunk, { stream: true });
    if (text === '') continue;
    const at = (tail + text).lastIndexOf(until);
    if (at < 0) {
      pending.push(text);
      tail = (tail + text).slice(-keep);
      continue;
    }
    const cut = at + until.length - tail.length;
    pending.push(text.slice(0, cut));
    yield pending.length === 1 ? pending[0] : pending.join('');
    const rest = text.slice(cut);
    pending = rest === '' ? [] : [rest];
    tail = rest.slice(-keep);
  }
  pending.push(decoder.decode());
  const rest = pending.join('');
  if (rest !== '') yield rest;
}

/**
 * As xmlPieces, the pieces left as UTF-8 bytes: a string decoded from a piece's bytes is a
 * string of its own, where one sliced from a piece's text would keep the whole piece alive
 * (the shared-strings table holds its strings to the end of the read: xlsx-strings.ts).
 * Bytes held from the last chunk are joined with this one's only up to its first `until`;
 * the rest of it is a piece of its own, not copied: a copy of each chunk was garbage that
 * piled up, outside the heap, until the next collection.
 */
export async function* xmlBytePieces(chunks: AsyncIterable<Buffer>, until: string): AsyncGenerator<Buffer> {
  const needle = Buffer.from(until, 'latin1');
  const keep = needle.length - 1;
  let pending: Buffer[] = [];
  // The end of the held bytes, where an `until` split between two chunks starts.
  let tail: Buffer = Buffer.alloc(0);
  for await (const chunk of chunks) {
    const seam = tail.length > 0 ? Buffer.concat([tail, chunk.subarray(0, keep)]).indexOf(needle) : -1;
    // Where this chunk's first and last `until` end (one that starts in the held bytes first).
    const inChunk = chunk.indexOf(needle);
    const first = seam >= 0 ? seam + needle.length - tail.length : inChunk < 0 ? -1 : inChunk + needle.length;
    const at = chunk.lastIndexOf(needle);
    const cut = at < 0 ? first : at + needle.length;
    if (cut < 0) {
      pending.push(chunk);
      tail =
        chunk.length >= keep
          ? chunk.subarray(chunk.length - keep)
          : Buffer.concat([tail, chunk]).subarray(-keep);
      continue;
    }
    if (pending.length === 0) {
      yield chunk.subarray(0, cut);
    } else {
      pending.push(chunk.subarray(0, first));
      yield Buffer.concat(pending);
      if (first < cut) yield chunk.subarray(first, cut);
    }
    const rest = chunk.subarray(cut);
    pending = rest.length === 0 ? [] : [rest];
    tail = rest.length >= keep ? rest.subarray(rest.length - keep) : rest;
  }
  if (pending.length > 0) yield Buffer.concat(pending);
}
