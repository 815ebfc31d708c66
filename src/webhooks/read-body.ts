/** @internal The body is bigger than the handler's `maxBodyBytes`. */
export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError';
}

const encoder = new TextEncoder();

/** @internal Reads a body given chunk by chunk into one Uint8Array, stopping past `maxBytes`. */
export async function collectBody(chunks: AsyncIterable<Uint8Array | string>, maxBytes: number): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    const part = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
    size += part.byteLength;
    if (size > maxBytes) throw new BodyTooLargeError(`the body is larger than maxBodyBytes (${maxBytes})`);
    parts.push(part);
  }
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}

/** @internal The chunks of a web `ReadableStream`, through its reader (workers lack async iteration on streams). */
export async function* streamChunks(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    // Stops the download when the reading stopped early (a body over the limit).
    reader.cancel().catch(() => {});
  }
}

/** @internal True when a Content-Length header announces more than `maxBytes`. */
export function announcesTooMuch(contentLength: string | null | undefined, maxBytes: number): boolean {
  return contentLength != null && Number(contentLength) > maxBytes;
}
