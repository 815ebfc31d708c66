import type { CatalogStore, StoredProduto, Change } from '../store/types.js';
import type { MirrorFeedChange, MirrorFeedMessage, MirrorFeedSnapshotRow } from './feed-message.js';
import type { FeedCursor } from './feed-offset.js';

/** @internal A read the feed can answer, or why it must refetch from the start. */
export type FeedPage = { gone: false; messages: MirrorFeedMessage[]; next: Exclude<FeedCursor, { kind: 'start' } | { kind: 'now' }>; upToDate: boolean } | { gone: true; reason: string };

/**
 * @internal One page of the feed from `cursor`, at most `limit` messages: snapshot rows in sku order,
 * then (in the same page when there is room) the changes after the snapshot's position. `feedId` is
 * this feed's; an offset of another one, one older than what retention kept, or one past the log's
 * end (a store restored from an older copy) is gone: the reader must start over.
 */
export async function readFeed(store: CatalogStore, cursor: FeedCursor, limit: number, feedId: string): Promise<FeedPage> {
  if (cursor.kind === 'start' || cursor.kind === 'now') {
    const position = await store.lastPosition();
    if (cursor.kind === 'now') return { gone: false, messages: [], next: { kind: 'changes', position, feedId }, upToDate: true };
    return snapshot(store, position, null, limit, feedId);
  }
  if (cursor.feedId !== feedId) return { gone: true, reason: 'the offset belongs to another feed (another store, or a store created again)' };
  const page = cursor.kind === 'snapshot' ? await snapshot(store, cursor.position, cursor.afterSku, limit, feedId) : await changes(store, cursor.position, [], limit, feedId);
  // The horizon is read after the page: retention removing changes meanwhile is then seen, never a
  // page with a silent gap (it moves the horizon in the transaction that deletes).
  const horizon = await store.compactedThrough();
  if (cursor.position < horizon) return { gone: true, reason: `the changes after ${cursor.position} were removed by retention (kept from ${horizon})` };
  // An empty page may mean an offset past the log's end (a store restored from an older copy).
  if (!page.gone && page.next.kind === 'changes' && page.next.position === cursor.position) {
    const last = await store.lastPosition();
    if (cursor.position > last) return { gone: true, reason: `the offset is past the end of the change log (${last})` };
  }
  return page;
}

async function snapshot(store: CatalogStore, position: number, afterSku: string | null, limit: number, feedId: string): Promise<FeedPage> {
  const rows = await store.produtos(afterSku, limit);
  const messages: MirrorFeedMessage[] = rows.map(toSnapshotRow);
  if (rows.length === limit) return { gone: false, messages, next: { kind: 'snapshot', position, afterSku: rows.at(-1)!.produto.sku, feedId }, upToDate: false };
  return changes(store, position, messages, limit, feedId);
}

async function changes(store: CatalogStore, after: number, messages: MirrorFeedMessage[], limit: number, feedId: string): Promise<FeedPage> {
  const room = limit - messages.length;
  const log = room > 0 ? await store.changes(after, room) : [];
  for (const change of log) messages.push(toChange(change));
  const position = log.at(-1)?.position ?? after;
  return { gone: false, messages, next: { kind: 'changes', position, feedId }, upToDate: log.length < room };
}

function toSnapshotRow(row: StoredProduto): MirrorFeedSnapshotRow {
  return { type: 'snapshot', sku: row.produto.sku, produto: row.produto, missingSince: row.naoVistoDesde, position: row.position };
}

function toChange(change: Change): MirrorFeedChange {
  const { sku, kind, fields, before, after, origin, evento, position, recordedAt } = change;
  return { type: 'change', sku, kind, fields, before, after, origin, evento, position, recordedAt };
}
