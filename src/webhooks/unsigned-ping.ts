// The panel's test button sends `teste.ping` possibly unsigned (the spec says it need not be signed),
// and a 401 would show the partner a failed test. A ping is a few hundred bytes: anything bigger is
// refused without being read, and a smaller one is only asked its kind, never parsed into an event.
const MAX_PING_BYTES = 4096;
const utf8 = new TextDecoder('utf-8');

/** @internal True when a body that failed `verify` is the panel's test ping (its `evento` is `teste.ping`). */
export function isUnsignedPing(bytes: Uint8Array): boolean {
  if (bytes.byteLength > MAX_PING_BYTES) return false;
  let value: unknown;
  try {
    value = JSON.parse(utf8.decode(bytes));
  } catch {
    return false;
  }
  return typeof value === 'object' && value !== null && (value as { evento?: unknown }).evento === 'teste.ping';
}
