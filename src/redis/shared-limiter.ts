import type { Environment } from '../transport/client-options.js';
import type { ResolvedRateLimiterOptions } from '../transport/rate-limit/limiter-options.js';
import { budgetMismatch, type BudgetSize } from '../transport/rate-limit/option-mismatch.js';
import { RateLimiter } from '../transport/rate-limit/rate-limiter.js';
import { createRedisBudgetStore } from './budget-store.js';
import type { RedisTarget } from './connection.js';

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
 */
export function redisLimiterFor(options: ResolvedRateLimiterOptions, environment: Environment, logger: { warn(message: string): void }): RateLimiter {
  const { redis, key } = options;
  if (redis === undefined || key === undefined) throw new TypeError('redisLimiterFor needs rateLimit.redis and rateLimit.key');
  const url = typeof redis === 'string' ? redis : 'url' in redis ? redis.url : undefined;
  let limiters: Map<string, Entry> | undefined;
  if (url !== undefined || typeof redis === 'string') {
    limiters = byUrl.get(url ?? '') ?? new Map();
    byUrl.set(url ?? '', limiters);
  } else {
    limiters = byTarget.get(redis) ?? new Map();
    byTarget.set(redis, limiters);
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
  const store = createRedisBudgetStore({ redis: (url ?? redis) as RedisTarget, key, environment, perMinute: options.perMinute, windowMs: options.windowMs, logger });
  const limiter = new RateLimiter({ store });
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
