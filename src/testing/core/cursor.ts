import { fnv1a } from './hash.js';

// Changing the salt invalidates every cursor handed out before, like a server deploy could.
const SALT = 'partner-commerce-fake/cursor/v1';

/** What a cursor remembers: the ordering it was made for and the key of the last item served. */
export interface CursorState {
  ordem: string;
  depois: string;
}

/** An opaque cursor: base64url JSON plus a checksum, so any edit is detected. */
export function encodeCursor(state: CursorState): string {
  const payload = toBase64Url(JSON.stringify({ o: state.ordem, d: state.depois }));
  return `${payload}.${fnv1a(SALT + payload)}`;
}

/** The state of a cursor made for `ordem`; `undefined` when altered, malformed or of another ordering. */
export function decodeCursor(text: string, ordem: string): CursorState | undefined {
  const [payload, checksum, ...rest] = text.split('.');
  if (!payload || rest.length > 0 || checksum !== fnv1a(SALT + payload)) return undefined;
  try {
    const parsed: unknown = JSON.parse(fromBase64Url(payload));
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { o, d } = parsed as { o?: unknown; d?: unknown };
    if (o !== ordem || typeof d !== 'string') return undefined;
    return { ordem: o, depois: d };
  } catch {
    return undefined;
  }
}

// btoa/atob and TextEncoder exist on every target runtime; Buffer does not (edge workers).
function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}
