import type { Logger } from '../transport/logger.js';
import type { DedupeStore } from '../webhooks/dedupe.js';
import { InvalidInputError } from '../errors/invalid-input-error.js';
import { checkOptions } from '../errors/check-options.js';
import { got } from '../internal/kind-of.js';
import { redisDedupeStoreOptionsSchema } from './dedupe-options.js';
import type { Environment } from '../transport/client-options.js';
import { connectRedis, type RedisConnection, type RedisTarget } from './connection.js';
import { warnWithoutPersistence } from './persistence-check.js';
import { storeEnvironment } from './environment.js';

/** Options of {@link createRedisDedupeStore}. */
export interface RedisDedupeStoreOptions {
  /**
   * A `redis://` (or `rediss://`) URL, connected on first use through the `redis` package (install it),
   * or a node-redis or ioredis client you already have (connected; it stays yours to close).
   */
  redis: RedisTarget;
  /**
   * Prepended to every event id to form its key. Give receivers of different apps (or environments)
   * sharing one Redis different prefixes; give every receiver of one app the same.
   * @default 'partner-commerce:webhook-dedupe:<environment>:' ('partner-commerce:webhook-dedupe:' when the environment is unknown, with a warning)
   */
  prefix?: string;
  /**
   * The environment whose events these receivers handle, part of the default `prefix`, so sandbox and
   * production receivers sharing one Redis never share a dedupe namespace. Give it when `prefix` is not
   * given and `PARTNER_COMMERCE_TOKEN` is not set (its environment is taken otherwise); without either,
   * the store warns once and uses the prefix without an environment.
   * @default the environment of `PARTNER_COMMERCE_TOKEN`
   */
  environment?: Environment;
  /**
   * How long a handled id is remembered. When set, used instead of the handler's `dedupe.ttlMs`, so
   * every receiver sharing the store remembers ids for the same time whatever its handler says.
   * @default the handler's `dedupe.ttlMs` (3 days)
   */
  ttlMs?: number;
  /**
   * How long an id stays reserved while one receiver runs its handler; a receiver that crashes holds it
   * this long, then another may run it. Keep it longer than your slowest handler. When set, used
   * instead of the handler's `dedupe.reserveTtlMs`.
   *
   * It is also what guards an id whose record failed: Redis stopping between the handler's side effect
   * and recording the id leaves the reservation (the delivery is answered 200, `onError` told with
   * stage `dedupe`). A copy delivered while it lasts is answered 409; one delivered after it runs the
   * handler again. Keep it longer than the time over which the supplier redelivers one notice too (a
   * 30 s reservation with a redelivery 30 s later ran an order twice).
   * @default the handler's `dedupe.reserveTtlMs` (5 minutes)
   */
  reservationMs?: number;
  /**
   * How long one Redis command may take before it fails with a {@link RedisUnavailableError} (the
   * delivery is then answered 500 and the supplier retries it), so an unreachable Redis never hangs a
   * receiver.
   * @default 2_000
   */
  commandTimeoutMs?: number;
  /**
   * Where the store warns, once, when the Redis it uses keeps no data on disk (neither AOF nor RDB
   * snapshots): a restart would forget every handled id, and redeliveries would run handlers again.
   * @default console
   */
  logger?: Pick<Logger, 'warn'> | undefined;
}

/** A {@link DedupeStore} shared through Redis; see {@link createRedisDedupeStore}. */
export interface RedisDedupeStore extends DedupeStore {
  /** True when `id` was recorded as handled and has not expired (a reservation alone is not). */
  has(id: string): Promise<boolean>;
  /** Records `id` as handled for `ttlMs`, replacing its reservation. */
  add(id: string, ttlMs: number): Promise<void>;
  /** Atomically reserves `id` for `ttlMs` (`SET NX PX`); false when it is reserved or recorded already. */
  reserve(id: string, ttlMs: number): Promise<boolean>;
  /** Drops this process's reservation of `id` (never another process's, nor a record of it handled). */
  release(id: string): Promise<void>;
  /** How many items of a lote were handled (one key per lote, whatever its size). */
  getProgress(key: string): Promise<number | undefined>;
  /** Records the first `done` items of a lote as handled, for `ttlMs`. */
  setProgress(key: string, done: number, ttlMs: number): Promise<void>;
  /** Closes the connection the store opened from a URL; a client you passed is left open. Safe to call twice. */
  close(): Promise<void>;
  /** The same as `close()`, for `await using store = createRedisDedupeStore(...)`. */
  [Symbol.asyncDispose](): Promise<void>;
}

/** The value of a key once its event was handled; a reservation holds `reserved:<token>` instead. */
const HANDLED = 'handled';
/** Deletes the key only while it still holds this process's reservation token. */
const RELEASE = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0";

/**
 * A webhook {@link DedupeStore} in Redis, for several receivers (processes or machines) behind one
 * address: each event id (and each `produto.lote` item id) is handled by exactly one of them.
 *
 * - `reserve` is one `SET key reserved:<token> NX PX reservationMs`: of N receivers given the same
 *   delivery at once, exactly one gets it; the others answer 409 and the supplier delivers it again.
 * - A receiver that dies mid-handler never releases: its reservation expires after `reservationMs`
 *   (Redis's clock, not the machines'), then the next delivery runs the handler elsewhere.
 * - `add` overwrites the reservation with a record that lasts `ttlMs`; later copies answer 200.
 * - Redis unreachable or not answering within `commandTimeoutMs`: a {@link RedisUnavailableError}, so
 *   the delivery is answered 500 (retried later), never a hang and never run without the check.
 *
 * @example
 * import { createWebhookHandler } from 'partner-commerce/webhooks';
 * import { createRedisDedupeStore } from 'partner-commerce/redis';
 *
 * const handler = createWebhookHandler({
 *   on: { 'pedido.criado': async (e) => registrarPedido(e.dados.pedido) },
 *   verify,
 *   dedupe: { store: createRedisDedupeStore({ redis: process.env.REDIS_URL! }) },
 * });
 */
export function createRedisDedupeStore(options: RedisDedupeStoreOptions): RedisDedupeStore {
  checkOptions(redisDedupeStoreOptionsSchema, options, 'createRedisDedupeStore');
  // checkOptions refused any of these below 1 ms; Redis's PX takes whole ms, so fractions round up.
  const ttlOverride = ceilMs(options.ttlMs);
  const reservationOverride = ceilMs(options.reservationMs);
  const commandTimeoutMs = ceilMs(options.commandTimeoutMs) ?? 2_000;
  const redis = connectRedis(options.redis, { commandTimeoutMs });
  const logger = options.logger ?? console;
  const prefix = options.prefix ?? defaultPrefix(options.environment, (m) => logger.warn(m));
  // The persistence check runs beside the first command (not before it: no extra wait), and that
  // command waits for it, so the warning is out before the first delivery's answer.
  let checked: Promise<void> | undefined;
  const connection: RedisConnection = {
    async command(args) {
      checked ??= warnWithoutPersistence(redis, (m) => logger.warn(m));
      const [reply] = await Promise.all([redis.command(args), checked]);
      return reply;
    },
    close: () => redis.close(),
  };
  // The token of each reservation this store holds, so `release` drops its own and no other process's.
  const tokens = new Map<string, string>();
  const key = (id: string) => prefix + id;

  return {
    async has(id) {
      return (await connection.command(['GET', key(id)])) === HANDLED;
    },
    async add(id, ttlMs) {
      await connection.command(['SET', key(id), HANDLED, 'PX', String(ttlOverride ?? wholeMs('ttlMs', ttlMs))]);
      tokens.delete(id);
    },
    async reserve(id, ttlMs) {
      const token = `reserved:${crypto.randomUUID()}`;
      let reply: unknown;
      try {
        reply = await connection.command(['SET', key(id), token, 'NX', 'PX', String(reservationOverride ?? wholeMs('reserveTtlMs', ttlMs))]);
      } catch (err) {
        // A SET that timed out may still run when Redis answers late, blocking the id (409s) until it
        // expires. Queued behind it on the same connection, this undoes it then; best effort.
        connection.command(['EVAL', RELEASE, '1', key(id), token]).catch(() => {});
        throw err;
      }
      if (reply !== 'OK') return false;
      tokens.set(id, token);
      return true;
    },
    async release(id) {
      const token = tokens.get(id);
      if (token === undefined) return;
      tokens.delete(id);
      await connection.command(['EVAL', RELEASE, '1', key(id), token]);
    },
    async getProgress(progressKey) {
      const reply = await connection.command(['GET', key(progressKey)]);
      const done = typeof reply === 'string' && /^\d+$/.test(reply) ? Number(reply) : undefined;
      return done;
    },
    async setProgress(progressKey, done, ttlMs) {
      await connection.command(['SET', key(progressKey), String(done), 'PX', String(ttlOverride ?? wholeMs('ttlMs', ttlMs))]);
    },
    close: () => connection.close(),
    [Symbol.asyncDispose]: () => connection.close(),
  };
}

/**
 * The default prefix, with the environment when it is known. Unknown (no `environment`, no
 * `PARTNER_COMMERCE_TOKEN`), the store still works, on the prefix without one, and says once how to
 * keep sandbox and production apart: refusing to start would break a receiver that never had a token.
 */
function defaultPrefix(given: unknown, warn: (message: string) => void): string {
  const environment = storeEnvironment(given, 'environment');
  if (environment === undefined) {
    warn(
      "partner-commerce: the Redis dedupe store does not know its environment (no `environment` option, no PARTNER_COMMERCE_TOKEN), so sandbox and production event ids share one namespace; pass environment: 'sandbox' or 'production' (or a prefix of your own)",
    );
    return 'partner-commerce:webhook-dedupe:';
  }
  return `partner-commerce:webhook-dedupe:${environment}:`;
}

function ceilMs(value: number | undefined): number | undefined {
  return value === undefined ? undefined : Math.ceil(value);
}

/** Redis's PX takes a positive whole number of milliseconds. */
function wholeMs(name: string, value: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 1) {
    throw new InvalidInputError({ path: name, message: `must be a positive number of milliseconds (got ${got(value)})` });
  }
  return Math.ceil(value);
}
