let processKey: Promise<CryptoKey> | undefined;

/**
 * A random HMAC key made on first use and kept only in this process's memory, never exported: the
 * same Idempotency-Key gives the same value in every span of the process, and nobody holding the
 * spans can recompute it. A plain SHA-256 could be: keys shaped as the docs advise
 * (`loja-pedido-<id>`) were recovered by hashing every order id in turn.
 */
function keyOfThisProcess(subtle: SubtleCrypto): Promise<CryptoKey> {
  processKey ??= subtle.importKey('raw', globalThis.crypto.getRandomValues(new Uint8Array(32)), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return processKey;
}

/**
 * @internal HMAC-SHA-256 of an Idempotency-Key under this process's random key, hex, for span
 * attributes: it ties together the attempts and calls of one process that used the same key
 * without the key itself, which replays the call, ever leaving the process. `undefined` where
 * WebCrypto is missing.
 */
export async function idempotencyKeyHash(key: string): Promise<string | undefined> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return undefined;
  const mac = new Uint8Array(await subtle.sign('HMAC', await keyOfThisProcess(subtle), new TextEncoder().encode(key)));
  let hex = '';
  for (const byte of mac) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
