/**
 * FNV-1a, 32 bits, as 8 hex digits. Synchronous and dependency-free, which is all the fake needs: stable
 * ids from a seed and a tamper check on cursors (not a security boundary, the fake has no secrets).
 */
export function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}
