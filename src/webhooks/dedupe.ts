import { checkOptions } from '../errors/check-options.js';
import { memoryDedupeStoreOptionsSchema } from './handler-checks.js';

/**
 * Where the webhook handler records the ids of events it has handled, so a redelivery of the same event
 * (or of the same lote item) does not run its handler again. Methods may be synchronous or async.
 *
 * `has` and `add` are enough for one process (the handler also keeps an in-process in-flight marker).
 * Several processes behind one address need `reserve` and `release` too, backed by something atomic
 * (Redis `SET NX PX`): `createRedisDedupeStore` from `partner-commerce/redis` is one.
 */
export interface DedupeStore {
  /** True when `id` was recorded by {@link DedupeStore.add} and has not expired. */
  has(id: string): boolean | Promise<boolean>;
  /** Records `id` as handled for `ttlMs` milliseconds. Called only after the handler succeeded. */
  add(id: string, ttlMs: number): void | Promise<void>;
  /**
   * Optional, for several processes: atomically marks `id` as being handled, for at most `ttlMs`
   * (so a crashed worker does not block it forever). Returns false when `id` is already marked or
   * recorded; the handler then does not run (and answers 200 if `has` says it was handled, else 409 so
   * the supplier delivers it again later).
   */
  reserve?(id: string, ttlMs: number): boolean | Promise<boolean>;
  /** Optional pair of `reserve`: removes the mark after the handler failed, so a redelivery can run it. */
  release?(id: string): void | Promise<void>;
  /**
   * Optional, with {@link DedupeStore.setProgress}: how many items of a `produto.lote` were handled, in
   * order, under one key per lote. With both, a lote costs one record whatever its size, and a
   * redelivery after a failure at item 19,999 resumes there; without them, each item is recorded
   * under its own key (and a lote larger than the store's capacity can evict its own items).
   */
  getProgress?(key: string): number | undefined | Promise<number | undefined>;
  /** Records that the first `done` items of a lote were handled, for `ttlMs` milliseconds. */
  setProgress?(key: string, done: number, ttlMs: number): void | Promise<void>;
  /** Optional: releases the store's connection; the handler's `close()` calls it. */
  close?(): void | Promise<void>;
}

/** Options of {@link createMemoryDedupeStore}. */
export interface MemoryDedupeStoreOptions {
  /**
   * Most ids kept; past it, the least recently recorded or seen is forgotten first.
   * @default 10_000
   */
  maxEntries?: number;
  /**
   * Clock in milliseconds, for tests.
   * @default Date.now
   */
  now?: () => number;
}

/**
 * An in-memory {@link DedupeStore} for one process: a least-recently-used map bounded by `maxEntries`,
 * each id expiring after the `ttlMs` given to `add`, plus one progress record per lote (bounded the
 * same way), so a lote of any size takes one entry. It forgets everything on restart and is not shared
 * between processes; use a shared store (Redis) when several instances receive webhooks.
 * @throws {InvalidInputError} naming every bad option (`maxEntries`, `now`, an unknown key) at once.
 */
export function createMemoryDedupeStore(options: MemoryDedupeStoreOptions = {}): DedupeStore {
  checkOptions(memoryDedupeStoreOptionsSchema, options, 'createMemoryDedupeStore');
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  // Insertion order is recency order: a hit is moved to the end, eviction takes from the front.
  const expiries = new Map<string, number>();
  const progress = new Map<string, { done: number; expiry: number }>();
  return {
    has(id) {
      const expiry = expiries.get(id);
      if (expiry === undefined) return false;
      expiries.delete(id);
      if (expiry <= now()) return false;
      expiries.set(id, expiry);
      return true;
    },
    add(id, ttlMs) {
      expiries.delete(id);
      expiries.set(id, now() + ttlMs);
      while (expiries.size > maxEntries) expiries.delete(expiries.keys().next().value as string);
    },
    getProgress(key) {
      const entry = progress.get(key);
      if (entry === undefined || entry.expiry <= now()) return undefined;
      return entry.done;
    },
    setProgress(key, done, ttlMs) {
      progress.delete(key);
      progress.set(key, { done, expiry: now() + ttlMs });
      while (progress.size > maxEntries) progress.delete(progress.keys().next().value as string);
    },
  };
}
