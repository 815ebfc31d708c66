/**
 * @internal SHA-256 of an Idempotency-Key, hex, for span attributes: it lets a trace be matched with
 * a key the partner stored (hash it the same way) without the key itself, which replays the call,
 * ever leaving the process. `undefined` where WebCrypto is missing.
 */
export async function idempotencyKeyHash(key: string): Promise<string | undefined> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return undefined;
  const digest = new Uint8Array(await subtle.digest('SHA-256', new TextEncoder().encode(key)));
  let hex = '';
  for (const byte of digest) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
