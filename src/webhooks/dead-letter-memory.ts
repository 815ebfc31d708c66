import type { Logger } from '../internal/logger.js';
import { checkOptions } from '../errors/check-options.js';
import { mergeFailure, type DeadLetter, type DeadLetterStore } from './dead-letters.js';
import { DEAD_LETTER_DEFAULTS, memoryDeadLetterStoreOptionsSchema, pruneDeadLettersOptionsSchema } from './dead-letter-checks.js';

/** Options of {@link createMemoryDeadLetterStore}. */
export interface MemoryDeadLetterStoreOptions {
  /**
   * Most records kept. Past it, the record whose last failure is oldest is dropped, with a warning
   * naming it: the newest failures are the ones a fix is most likely to be replayed for.
   * @default 10_000
   */
  maxEntries?: number;
  /**
   * How long a record is kept after its last failure; older ones are dropped as new failures arrive
   * (and by `prune`).
   * @default 2_592_000_000 (30 days)
   */
  ttlMs?: number;
  /**
   * Where a record dropped to stay within `maxEntries` is told.
   * @default console
   */
  logger?: Pick<Logger, 'warn'> | undefined;
  /**
   * Clock in milliseconds, for tests.
   * @default Date.now
   */
  now?: () => number;
}

/**
 * A {@link DeadLetterStore} in this process's memory: for one process, and for tests. Its records are
 * lost on restart; use `createRedisDeadLetterStore` (`partner-commerce/redis`) to keep them and to
 * share them between receivers.
 * @throws {InvalidInputError} naming every bad option (`maxEntries`, `ttlMs`, `logger`, `now`, an unknown key) at once.
 */
export function createMemoryDeadLetterStore(options: MemoryDeadLetterStoreOptions = {}): DeadLetterStore {
  checkOptions(memoryDeadLetterStoreOptionsSchema, options, 'createMemoryDeadLetterStore');
  const maxEntries = options.maxEntries ?? DEAD_LETTER_DEFAULTS.maxEntries;
  const ttlMs = options.ttlMs ?? DEAD_LETTER_DEFAULTS.ttlMs;
  const logger = options.logger ?? console;
  const now = options.now ?? Date.now;
  // Insertion order is last-failure order: an update moves a record to the end; the oldest is first.
  const records = new Map<string, DeadLetter>();
  const dropOlderThan = (cutoff: number): number => {
    let dropped = 0;
    for (const [id, letter] of records) {
      if (letter.lastFailedAt >= cutoff) continue;
      records.delete(id);
      dropped++;
    }
    return dropped;
  };
  return {
    async record(failure) {
      const old = records.get(failure.id);
      records.delete(failure.id);
      records.set(failure.id, mergeFailure(old, failure));
      dropOlderThan(now() - ttlMs);
      while (records.size > maxEntries) {
        const [id, letter] = records.entries().next().value as [string, DeadLetter];
        records.delete(id);
        logger.warn(
          `[partner-commerce] webhooks: dead-letter store full (${maxEntries} records): dropped the oldest, ${letter.evento} ${id} (last failed ${new Date(letter.lastFailedAt).toISOString()})`,
        );
      }
    },
    async list({ limit = 100, after } = {}) {
      const ids = [...records.keys()].filter((id) => after === undefined || id > after).sort();
      return ids.slice(0, limit).map((id) => copy(records.get(id)!));
    },
    async remove(id) {
      records.delete(id);
    },
    async prune(pruneOptions) {
      const { olderThanMs } = checkOptions(pruneDeadLettersOptionsSchema, pruneOptions, 'prune');
      return dropOlderThan(now() - olderThanMs);
    },
  };
}

function copy(letter: DeadLetter): DeadLetter {
  return { ...letter, error: { ...letter.error } };
}
