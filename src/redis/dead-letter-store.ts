import type { Logger } from '../transport/logger.js';
import type { DeadLetter, DeadLetterStore } from '../webhooks/dead-letters.js';
import { DEAD_LETTER_DEFAULTS as DEFAULTS, pruneDeadLettersOptionsSchema } from '../webhooks/dead-letter-checks.js';
import { checkOptions } from '../errors/check-options.js';
import type { Environment } from '../transport/client-options.js';
import { connectRedis, type RedisTarget } from './connection.js';
import { redisDeadLetterStoreOptionsSchema } from './dead-letter-options.js';
import { DEAD_LETTER_SCRIPTS } from './dead-letter-scripts.js';
import { storeEnvironment } from './environment.js';
import { warnWithoutPersistence } from './persistence-check.js';

/** Options of {@link createRedisDeadLetterStore}. */
export interface RedisDeadLetterStoreOptions {
  /**
   * A `redis://` (or `rediss://`) URL, connected on first use through the `redis` package (install it),
   * or a node-redis or ioredis client you already have (connected; it stays yours to close).
   */
  redis: RedisTarget;
  /**
   * Prepended to every key of the store. Give every receiver of one app the same, and other apps (or
   * environments) sharing the Redis another.
   * @default 'partner-commerce:webhook-dead-letters:<environment>:' (without the environment when it is unknown, with a warning)
   */
  prefix?: string;
  /**
   * The environment whose notices these receivers keep, part of the default `prefix`.
   * @default the environment of `PARTNER_COMMERCE_TOKEN`
   */
  environment?: Environment;
  /**
   * Most records kept. Past it, the records whose last failure is oldest are dropped, each named in a
   * warning through `logger`.
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
   * How long one Redis command may take before it fails with a `RedisUnavailableError`.
   * @default 2_000
   */
  commandTimeoutMs?: number;
  /**
   * Where the store warns: a record dropped to stay within `maxEntries`, a Redis that keeps no data on
   * disk (a restart would lose every record), an unknown environment.
   * @default console
   */
  logger?: Pick<Logger, 'warn'> | undefined;
}

/** A {@link DeadLetterStore} in Redis; see {@link createRedisDeadLetterStore}. */
export interface RedisDeadLetterStore extends DeadLetterStore {
  /** Closes the connection the store opened from a URL; a client you passed is left open. Safe to call twice. */
  close(): Promise<void>;
  /** The same as `close()`, for `await using store = createRedisDeadLetterStore(...)`. */
  [Symbol.asyncDispose](): Promise<void>;
}

/**
 * A webhook {@link DeadLetterStore} in Redis, kept across restarts and shared by every receiver of one
 * app: one hash per record (`<prefix>letter:<id>`), and two sorted sets, by last failure (for age and
 * bounds) and by id (for listing). Each write is one Lua script, so a record and its indexes never
 * disagree, and two receivers recording the same id count two attempts.
 *
 * Anyone who can write these keys can have a notice handled by a replay (its signature is not checked
 * again): protect the Redis as you protect the dedupe store.
 *
 * @example
 * import { createWebhookHandler } from 'partner-commerce/webhooks';
 * import { createRedisDeadLetterStore, createRedisDedupeStore } from 'partner-commerce/redis';
 *
 * const handler = createWebhookHandler({
 *   on,
 *   verify,
 *   dedupe: { store: createRedisDedupeStore({ redis: process.env.REDIS_URL! }) },
 *   deadLetters: createRedisDeadLetterStore({ redis: process.env.REDIS_URL! }),
 * });
 * @throws {InvalidInputError} naming every bad option at once.
 */
export function createRedisDeadLetterStore(options: RedisDeadLetterStoreOptions): RedisDeadLetterStore {
  checkOptions(redisDeadLetterStoreOptionsSchema, options, 'createRedisDeadLetterStore');
  const maxEntries = options.maxEntries ?? DEFAULTS.maxEntries;
  const ttlMs = Math.ceil(options.ttlMs ?? DEFAULTS.ttlMs);
  const redis = connectRedis(options.redis, { commandTimeoutMs: Math.ceil(options.commandTimeoutMs ?? 2_000) });
  const logger = options.logger ?? console;
  const prefix = options.prefix ?? defaultPrefix(options.environment, (m) => logger.warn(m));
  const byTime = `${prefix}by-time`;
  const byId = `${prefix}by-id`;
  const letterPrefix = `${prefix}letter:`;
  let checked: Promise<void> | undefined;
  const command = async (args: string[]): Promise<unknown> => {
    checked ??= warnWithoutPersistence(redis, (m) => logger.warn(m));
    const [reply] = await Promise.all([redis.command(args), checked]);
    return reply;
  };
  const close = () => redis.close();
  return {
    async record(failure) {
      const reply = await command([
        'EVAL',
        DEAD_LETTER_SCRIPTS.record,
        '2',
        byTime,
        byId,
        letterPrefix,
        failure.id,
        failure.evento,
        failure.item ?? '',
        failure.body,
        failure.error.name,
        failure.error.message,
        String(Math.floor(failure.failedAt)),
        String(maxEntries),
        String(Math.floor(Date.now() - ttlMs)),
      ]);
      const dropped = Array.isArray(reply) ? reply.map(String) : [];
      for (let i = 0; i + 1 < dropped.length; i += 2) {
        logger.warn(`[partner-commerce] webhooks: dead-letter store full (${maxEntries} records): dropped the oldest, ${dropped[i + 1]} ${dropped[i]}`);
      }
    },
    async list({ limit = 100, after } = {}) {
      const reply = await command(['EVAL', DEAD_LETTER_SCRIPTS.list, '1', byId, letterPrefix, after ?? '', String(limit)]);
      const out: DeadLetter[] = [];
      if (!Array.isArray(reply)) return out;
      for (let i = 0; i + 1 < reply.length; i += 2) out.push(toLetter(String(reply[i]), reply[i + 1]));
      return out;
    },
    async remove(id) {
      await command(['EVAL', DEAD_LETTER_SCRIPTS.remove, '2', byTime, byId, letterPrefix, id]);
    },
    async prune(pruneOptions) {
      const { olderThanMs } = checkOptions(pruneDeadLettersOptionsSchema, pruneOptions, 'prune');
      return Number(await command(['EVAL', DEAD_LETTER_SCRIPTS.prune, '2', byTime, byId, letterPrefix, String(Math.floor(Date.now() - olderThanMs))]));
    },
    close,
    [Symbol.asyncDispose]: close,
  };
}

/** A record from its hash's fields, as HGETALL lists them (name, value, name, value...). */
function toLetter(id: string, fields: unknown): DeadLetter {
  const map = new Map<string, string>();
  if (Array.isArray(fields)) for (let i = 0; i + 1 < fields.length; i += 2) map.set(String(fields[i]), String(fields[i + 1]));
  const item = map.get('item');
  return {
    id,
    evento: map.get('evento') ?? '',
    ...(item ? { item } : {}),
    body: map.get('body') ?? '',
    error: { name: map.get('errorName') ?? 'Error', message: map.get('errorMessage') ?? '' },
    attempts: Number(map.get('attempts') ?? 1),
    firstFailedAt: Number(map.get('first') ?? 0),
    lastFailedAt: Number(map.get('last') ?? 0),
  };
}

function defaultPrefix(given: unknown, warn: (message: string) => void): string {
  const environment = storeEnvironment(given, 'environment');
  if (environment === undefined) {
    warn(
      "partner-commerce: the Redis dead-letter store does not know its environment (no `environment` option, no PARTNER_COMMERCE_TOKEN), so sandbox and production records share one namespace; pass environment: 'sandbox' or 'production' (or a prefix of your own)",
    );
    return 'partner-commerce:webhook-dead-letters:';
  }
  return `partner-commerce:webhook-dead-letters:${environment}:`;
}
