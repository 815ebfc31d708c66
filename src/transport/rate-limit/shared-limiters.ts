import type { Environment } from '../client-options.js';
import { deferredStore, type ClosableBudgetStore } from './deferred-store.js';
import { resolvedWithStore, type RateLimitRedis, type ResolvedRateLimiterOptions } from './limiter-options.js';
import { budgetMismatch, type BudgetSize } from './option-mismatch.js';
import { RateLimiter } from './rate-limiter.js';

/** @internal What the Redis store is made from; the client's loader imports `redis/` and makes it. */
export interface SharedStoreOptions {
  readonly redis: string | Exclude<RateLimitRedis, string | { readonly url: string }>;
  readonly key: string;
  readonly environment: Environment;
  readonly perMinute: number;
  readonly windowMs: number;
  readonly logger: { warn(message: string): void };
}

interface Entry {
  readonly limiter: RateLimiter;
  readonly size: BudgetSize;
  /** Clients using it: the last one to close closes it (and its connection). */
  users: number;
  readonly forget: () => void;
}

// One limiter per Redis target and key in this process, so clients made with the same options share
// one line and one connection. Keyed by the target object itself for a client, by the URL otherwise.
const byTarget = new WeakMap<object, Map<string, Entry>>();
const byUrl = new Map<string, Map<string, Entry>>();

/**
 * @internal The limiter behind the client option `rateLimit: { redis, key }`: created on first use
 * for that Redis and key, then shared by every client of the process that names them. `logger` hears
 * the store's warnings, and that a later client asked for another budget size (which cannot apply).
 * `load` makes the Redis store; it runs at the first call that asks for budget, not here, so that
 * the Redis code is loaded only by programs that use it (this folder must not import `redis/`).
 */
export function redisLimiterFor(
  options: ResolvedRateLimiterOptions,
  environment: Environment,
  logger: { warn(message: string): void },
  load: (options: SharedStoreOptions) => Promise<ClosableBudgetStore>,
): RateLimiter {
  const { redis, key } = options;
  // Unreachable through the client, whose options check already demands both.
  if (redis === undefined || key === undefined) throw new TypeError('redisLimiterFor needs rateLimit.redis and rateLimit.key');
  const url = typeof redis === 'string' ? redis : 'url' in redis ? redis.url : undefined;
  let limiters: Map<string, Entry> | undefined;
  if (url === undefined && typeof redis === 'object') {
    limiters = byTarget.get(redis) ?? new Map();
    byTarget.set(redis, limiters);
  } else {
    limiters = byUrl.get(url ?? '') ?? new Map();
    byUrl.set(url ?? '', limiters);
  }
  const size = { perMinute: options.perMinute, windowMs: options.windowMs };
  // Sandbox and production clients naming the same key still draw from two budgets.
  const name = `${environment}:${key}`;
  const entry = limiters.get(name);
  if (entry !== undefined) {
    const mismatch = budgetMismatch('Redis and key', entry.size, size);
    if (mismatch !== undefined) logger.warn(mismatch);
    entry.users++;
    return entry.limiter;
  }
  const target = url ?? (redis as SharedStoreOptions['redis']);
  const store = deferredStore(() => load({ redis: target, key, environment, perMinute: options.perMinute, windowMs: options.windowMs, logger }));
  const limiter = new RateLimiter(resolvedWithStore(options, store));
  const group = limiters;
  const made: Entry = { limiter, size, users: 1, forget: () => group.delete(name) };
  group.set(name, made);
  owners.set(limiter, made);
  return limiter;
}

const owners = new WeakMap<RateLimiter, Entry>();

/** @internal Ends one client's use of a limiter from {@link redisLimiterFor}; the last one closes it and its connection. */
export async function releaseRedisLimiter(limiter: RateLimiter): Promise<void> {
  const entry = owners.get(limiter);
  if (entry === undefined || --entry.users > 0) return;
  owners.delete(limiter);
  entry.forget();
  await limiter.close();
}
