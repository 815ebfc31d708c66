/**
 * Offsets of the change feed over HTTP: `<position>.<sku cursor>.<feed id>`. The position is the
 * change log's, zero-padded to 16 digits so offsets sort as strings (the Durable Streams protocol
 * compares them that way). While the snapshot runs, the sku cursor is the last sku sent, as UTF-8 hex
 * (empty before the first page); once the snapshot is done it is `~`, which sorts after every hex
 * digit. The feed id names the store the offset came from: an offset of another feed is refused as
 * must-refetch rather than read against the wrong log.
 */

/** @internal Where a read starts. */
export type FeedCursor = { kind: 'start' } | { kind: 'now' } | { kind: 'snapshot'; position: number; afterSku: string | null; feedId: string } | { kind: 'changes'; position: number; feedId: string };

/** @internal The first offset of a feed: the whole snapshot, then the changes. */
export const START_OFFSET = '-1';
/** @internal The feed's tail: no snapshot, changes from now on. */
export const NOW_OFFSET = 'now';
/** Longer than any offset this feed writes for a sku of the API's length; anything longer is refused unread. */
const MAX_OFFSET_LENGTH = 1_100;
const SHAPE = /^(\d{16})\.(~|(?:[0-9a-f]{2})*)\.([0-9a-z]{8,32})$/;
const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/** @internal The offset of `cursor` (never `start` or `now`: those are only read). */
export function formatOffset(cursor: Exclude<FeedCursor, { kind: 'start' } | { kind: 'now' }>): string {
  const position = String(cursor.position).padStart(16, '0');
  const sku = cursor.kind === 'changes' ? '~' : cursor.afterSku === null ? '' : toHex(cursor.afterSku);
  return `${position}.${sku}.${cursor.feedId}`;
}

/** @internal Reads an offset; undefined when it is malformed (not when it is foreign or expired: the reader decides). */
export function parseOffset(text: string): FeedCursor | undefined {
  if (text === START_OFFSET) return { kind: 'start' };
  if (text === NOW_OFFSET) return { kind: 'now' };
  if (text.length > MAX_OFFSET_LENGTH) return undefined;
  const match = SHAPE.exec(text);
  if (match === null) return undefined;
  const position = Number(match[1]);
  if (!Number.isSafeInteger(position)) return undefined;
  const feedId = match[3] as string;
  if (match[2] === '~') return { kind: 'changes', position, feedId };
  if (match[2] === '') return { kind: 'snapshot', position, afterSku: null, feedId };
  const afterSku = fromHex(match[2] as string);
  return afterSku === undefined ? undefined : { kind: 'snapshot', position, afterSku, feedId };
}

function toHex(text: string): string {
  let out = '';
  for (const byte of encoder.encode(text)) out += byte.toString(16).padStart(2, '0');
  return out;
}

function fromHex(hex: string): string | undefined {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  try {
    return decoder.decode(bytes);
  } catch {
    // Not UTF-8: no sku this feed sent.
    return undefined;
  }
}
