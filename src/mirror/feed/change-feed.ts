import type { CatalogStore, Change, MirrorStore } from '../store/types.js';
import { ChangeLogCompactedError } from './compacted-error.js';
import { checkCallOptions, consumeOptionsSchema } from '../mirror-options.js';

/** Called with changes in log order; may be async. */
export type ChangeListener = (changes: readonly Change[]) => unknown;

/**
 * The change log as a feed: read from a position you save, consume with a position the store saves,
 * or subscribe in-process.
 */
export class ChangeFeed {
  readonly #store: () => Promise<CatalogStore>;
  readonly #listeners = new Set<{ fn: ChangeListener; after: number }>();
  #notifying: Promise<void> = Promise.resolve();

  /** @internal */
  constructor(store: () => Promise<MirrorStore>) {
    this.#store = store;
  }

  /**
   * Changes after `position` (0 = from the start), oldest first, at most `limit`. Positions only grow
   * and are never reused, but may skip numbers (a rolled-back write, a crash): save the last `position`
   * you handled, in the same transaction as your own writes, and each change reaches you exactly once.
   * @throws ChangeLogCompactedError when retention removed changes after `position` (it is behind
   * `compactedThrough`): refetch by paging `mirror.changedSince()` from 0, then read on from the last
   * position it gave (a read from 0 in batches of its own would meet the same error past its first batch).
   */
  async read(position = 0, limit = 500): Promise<Change[]> {
    const store = await this.#store();
    const changes = await store.changes(position, limit);
    await notBehind(store, position);
    return changes;
  }

  /**
   * Hands the changes after `consumer`'s saved position to `fn` in batches, saving the position after
   * each batch `fn` finished. If the process dies inside `fn`, that batch is handed again on the next
   * call (at least once); make `fn` idempotent, or use {@link ChangeFeed.read} with a position you
   * save with your own writes for exactly once. A consumer at 0 reads the whole log as it stands.
   * @returns how many changes were handed.
   * @throws ChangeLogCompactedError when retention removed changes after the consumer's saved position:
   * {@link ChangeFeed.rewind} it, then consume again.
   */
  async consume(consumer: string, fn: (changes: readonly Change[]) => unknown, options: { batch?: number } = {}): Promise<number> {
    checkCallOptions(consumeOptionsSchema, options, 'consume()');
    const store = await this.#store();
    let position = await store.consumerPosition(consumer);
    // A pass from the start reads the log as it stands, compacted or not, to its end.
    const fromStart = position === 0;
    let total = 0;
    for (;;) {
      const changes = await store.changes(position, options.batch ?? 500);
      if (!fromStart) await notBehind(store, position, consumer);
      if (changes.length === 0) return total;
      await fn(changes);
      position = changes.at(-1)!.position;
      await store.saveConsumerPosition(consumer, position);
      total += changes.length;
    }
  }

  /**
   * Sets `consumer`'s saved position back to 0: its next {@link ChangeFeed.consume} reads the log from
   * the start. The way on after {@link ChangeLogCompactedError}: the log keeps the latest change of every
   * product, so that pass meets every product in its latest state (take each change's `after` as the
   * product's whole state: changes retention removed are not in it).
   */
  async rewind(consumer: string): Promise<void> {
    await (await this.#store()).saveConsumerPosition(consumer, 0);
  }

  /** A consumer's saved position (0 when it has consumed nothing). */
  async position(consumer: string): Promise<number> {
    return (await this.#store()).consumerPosition(consumer);
  }

  /**
   * Calls `fn` with every change this process commits from now on (or after `from`), in order, once
   * each. Changes other processes write are delivered on this process's next write or
   * {@link ChangeFeed.poll}. @returns a function that unsubscribes.
   */
  subscribe(fn: ChangeListener, from?: number): () => void {
    const entry = { fn, after: from ?? -1 };
    this.#listeners.add(entry);
    if (from === undefined)
      void this.#store().then(async (s) => {
        if (entry.after === -1) entry.after = await s.lastPosition();
      });
    return () => void this.#listeners.delete(entry);
  }

  /** Delivers to subscribers whatever the log holds past what each has seen. Resolves once they ran. */
  poll(): Promise<void> {
    this.#notifying = this.#notifying.then(() => this.#deliver()).catch(() => undefined);
    return this.#notifying;
  }

  async #deliver(): Promise<void> {
    if (this.#listeners.size === 0) return;
    const store = await this.#store();
    for (const entry of [...this.#listeners]) {
      if (entry.after === -1) entry.after = await store.lastPosition();
      for (;;) {
        const changes = await store.changes(entry.after, 500);
        if (changes.length === 0) break;
        entry.after = changes.at(-1)!.position;
        await entry.fn(changes);
      }
    }
  }
}

/**
 * Throws when retention removed changes after `position`. Checked after the read it guards: the mark
 * commits with each removal, so a mark read afterwards covers every removal the read could have missed.
 */
async function notBehind(store: CatalogStore, position: number, consumer?: string): Promise<void> {
  if (position <= 0) return;
  const through = await store.compactedThrough();
  if (position < through) throw new ChangeLogCompactedError(position, through, consumer);
}
