// A PDF may keep its objects inside compressed streams (ISO 32000-1, 7.5.7 object streams, with the
// FlateDecode filter of 7.4.4), so a /JavaScript there is not in the file's raw bytes. The fake
// inflates those streams to look inside, as a server checking "from the content" would. Inflating is
// bounded: an upload is small, but a compressed stream can unfold a thousandfold.

/** At most this many inflated bytes are looked at per upload; past it the rest is not inflated. */
export const MAX_INFLATED_BYTES = 8 * 1024 * 1024;

// `stream` then CR LF or LF (7.3.8.1), up to the next `endstream`.
const STREAM = /stream\r?\n/g;

/**
 * The inflated content of each FlateDecode stream of a PDF, as latin1 text, within
 * {@link MAX_INFLATED_BYTES} in all. A stream that does not inflate is skipped (the raw scan still saw it).
 */
export async function inflatedPdfStreams(bytes: Uint8Array, budget = MAX_INFLATED_BYTES): Promise<string[]> {
  const text = new TextDecoder('latin1').decode(bytes);
  const found: string[] = [];
  let left = budget;
  for (const match of text.matchAll(STREAM)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0 || left <= 0) break;
    const dictionary = text.slice(Math.max(0, text.lastIndexOf('obj', match.index)), match.index);
    if (!dictionary.includes('/FlateDecode') || text.slice(match.index - 3, match.index) === 'end') continue;
    const inflated = await inflate(bytes.subarray(start, end), left);
    left -= inflated.length;
    found.push(new TextDecoder('latin1').decode(inflated));
  }
  return found;
}

/** Inflates zlib data up to `limit` bytes; what came out before an error or the limit is kept. */
async function inflate(data: Uint8Array, limit: number): Promise<Uint8Array> {
  const reader = new Blob([new Uint8Array(data)]).stream().pipeThrough(new DecompressionStream('deflate')).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } catch {
    // bad or trailing data after the compressed part: keep what inflated
  } finally {
    reader.cancel().catch(() => {});
  }
  const out = new Uint8Array(Math.min(size, limit));
  let at = 0;
  for (const chunk of chunks) {
    const take = chunk.subarray(0, out.length - at);
    out.set(take, at);
    at += take.length;
    if (at >= out.length) break;
  }
  return out;
}
