import { checkOptions } from '../errors/check-options.js';
import { InvalidInputError } from '../errors/invalid-input-error.js';
import type { DeadLetterStore } from '../webhooks/dead-letters.js';
import type { MemoryDeadLetterStoreOptions } from '../webhooks/dead-letter-memory.js';
import { DEAD_LETTER_DEFAULTS, memoryDeadLetterStoreOptionsSchema, pruneDeadLettersOptionsSchema } from '../webhooks/dead-letter-checks.js';
import type { MirrorStore } from './store/types.js';

/** Options of {@link mirrorDeadLetters}: the same bounds as the other dead-letter stores. */
export type MirrorDeadLetterOptions = MemoryDeadLetterStoreOptions;

/**
 * A webhook {@link DeadLetterStore} in the mirror's own database (the table `pc_mirror_dead_letters`,
 * added by the store's third migration): the records survive restarts with the catalog, and with a
 * Postgres store every receiver sharing the database sees them. Give it to `createWebhookHandler`'s
 * `deadLetters`. It opens the store (applying migrations) on first use and never closes it: the
 * store stays the mirror's (`handler.close()` leaves it open).
 *
 * Anyone who can write the table can have a notice handled by a replay (its signature is not checked
 * again): protect the database as you protect the dedupe store.
 *
 * @example
 * const mirror = createMirror({ client });
 * const handler = createWebhookHandler({
 *   on: productHandlers((e) => mirror.applyEvent(e)),
 *   verify,
 *   deadLetters: mirrorDeadLetters(mirror.store),
 * });
 * @throws {InvalidInputError} naming `store` when it is not a mirror store, and every bad option at once.
 */
export function mirrorDeadLetters(store: MirrorStore, options: MirrorDeadLetterOptions = {}): DeadLetterStore {
  if (typeof store !== 'object' || store === null || typeof (store as Partial<MirrorStore>).deadLetterTable?.record !== 'function') {
    throw new InvalidInputError({ path: 'store', message: "must be a mirror store (createEmbeddedStore, createPostgresStore, ... or a mirror's `store`)" });
  }
  checkOptions(memoryDeadLetterStoreOptionsSchema, options, 'mirrorDeadLetters');
  const maxEntries = options.maxEntries ?? DEAD_LETTER_DEFAULTS.maxEntries;
  const ttlMs = options.ttlMs ?? DEAD_LETTER_DEFAULTS.ttlMs;
  const logger = options.logger ?? console;
  const now = options.now ?? Date.now;
  const table = store.deadLetterTable;
  return {
    async record(failure) {
      await store.open();
      for (const { id, evento } of await table.record(failure, maxEntries, now() - ttlMs)) {
        logger.warn(`[partner-commerce] webhooks: dead-letter store full (${maxEntries} records): dropped the oldest, ${evento} ${id}`);
      }
    },
    async list({ limit = 100, after } = {}) {
      await store.open();
      return table.list(after, limit);
    },
    async remove(id) {
      await store.open();
      await table.remove(id);
    },
    async prune(pruneOptions) {
      const { olderThanMs } = checkOptions(pruneDeadLettersOptionsSchema, pruneOptions, 'prune');
      await store.open();
      return table.prune(now() - olderThanMs);
    },
  };
}
