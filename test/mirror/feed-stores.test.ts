/**
 * The change feed over HTTP on every store kind: the snapshot in sku order then the changes, resumed
 * from a saved offset; a change another Mirror writes to the same store (another process, in
 * production) wakes a live reader through the server's poll; an offset retention removed is 410.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readMirrorFeed, serveMirror, type MirrorFeedBatch, type MirrorFeedMessage } from '../../src/mirror/index.js';
import { feedMirror, loteOf, skus } from './feed-fixtures.js';
import { storeKinds } from './stores.js';

const skusOf = (batches: readonly MirrorFeedBatch[]) => batches.flatMap((b) => b.messages).map((m: MirrorFeedMessage) => `${m.type}:${m.sku}`);

for (const kind of storeKinds()) {
  describe.skipIf(kind.skip !== undefined)(`change feed on the ${kind.name} store`, { timeout: 60_000 }, () => {
    beforeAll(() => kind.setup(), 120_000);
    afterAll(() => kind.teardown());
    const open: Array<{ close(): Promise<void> }> = [];
    afterEach(async () => {
      for (const thing of open.splice(0).reverse()) await thing.close();
    });

    async function setUp(pollIntervalMs = 1_000) {
      const store = await kind.fresh();
      const mirror = feedMirror(store);
      open.push(mirror);
      await mirror.applyEvent(loteOf(skus(20), 10));
      // Longer than the test's timeout: a wake that fails times the test out, never passes late.
      const feed = await serveMirror({ mirror, pageSize: 7, pollIntervalMs, longPollMs: 600_000 });
      open.push(feed);
      return { store, mirror, feed };
    }

    it('sends the snapshot in sku order, then the changes; a saved offset resumes after it', async () => {
      const { mirror, feed } = await setUp();
      const snapshot: MirrorFeedBatch[] = [];
      for await (const batch of readMirrorFeed(feed.url)) snapshot.push(batch);
      expect(skusOf(snapshot)).toEqual(skus(20).map((s) => `snapshot:${s}`));
      expect(snapshot.map((b) => b.messages.length)).toEqual([7, 7, 6]);
      const offsets = snapshot.map((b) => b.offset);
      expect([...offsets].sort()).toEqual(offsets);
      await mirror.applyEvent(loteOf(['FEED-0007', 'NOVO-1'], 20));
      const changes: MirrorFeedBatch[] = [];
      for await (const batch of readMirrorFeed(feed.url, { from: offsets.at(-1)! })) changes.push(batch);
      expect(skusOf(changes)).toEqual(['change:FEED-0007', 'change:NOVO-1']);
      expect(changes.at(-1)!.offset > offsets.at(-1)!).toBe(true);
    });

    it('a change a second Mirror writes to the same store wakes a live reader (the poll)', async () => {
      const { store, feed } = await setUp(20);
      // Another writer: its commits reach no subscription of the server's mirror.
      const other = feedMirror(store);
      const seen: string[] = [];
      let wrote = false;
      for await (const batch of readMirrorFeed(feed.url, { live: true, limit: 100 })) {
        seen.push(...skusOf([batch]));
        if (batch.upToDate && !wrote) {
          wrote = true;
          await other.applyEvent(loteOf(['OUTRO-1'], 30));
        }
        if (seen.includes('change:OUTRO-1')) break;
      }
      expect(seen.at(-1)).toBe('change:OUTRO-1');
    });

    it('answers 410 for an offset older than retention kept; the reader starts over, restarted', async () => {
      const { store, mirror, feed } = await setUp();
      let tail = '';
      for await (const batch of readMirrorFeed(feed.url, { limit: 100 })) tail = batch.offset;
      await mirror.applyEvent(loteOf(['FEED-0001'], 40));
      const last = await store.lastPosition();
      await store.transaction((tx) => tx.setState('retention.compactedThrough', last));
      expect((await fetch(`${feed.url}?offset=${tail}`)).status).toBe(410);
      const again: MirrorFeedBatch[] = [];
      for await (const batch of readMirrorFeed(feed.url, { from: tail, limit: 100 })) again.push(batch);
      expect(again[0]!.restarted).toBe(true);
      expect(skusOf(again)).toEqual(skus(20).map((s) => `snapshot:${s}`));
    });
  });
}
