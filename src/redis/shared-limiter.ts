import type { ResolvedRateLimiterOptions } from '../transport/rate-limit/limiter-options.js';
import { RateLimiter } from '../transport/rate-limit/rate-limiter.js';
import { createRedisBudgetStore } from './budget-store.js';
import type { RedisTarget } from './connection.js';

// One limiter per Redis target and key in this process, so clients made with the same options share
// one line and one connection. Keyed by the target object itself for a client, by the URL otherwise.
const byTarget = new WeakMap<object, Map<string, RateLimiter>>();
const byUrl = new Map<string, Map<string, RateLimiter>>();

/**
 * @internal The limiter behind the client option `rateLimit: { redis, key }`: created on first use
 * for that Redis and key, then shared by every client of the process that names them.
 */
export function redisLimiterFor(options: ResolvedRateLimiterOptions, logger: { warn(message: string): void }): RateLimiter {
  const { redis, key } = options;
  if (redis === undefined || key === undefined) throw new TypeError('redisLimiterFor needs rateLimit.redis and rateLimit.key');
  const url = typeof redis === 'string' ? redis : 'url' in redis ? redis.url : undefined;
  let limiters: Map<string, RateLimiter> | undefined;
  if (url !== undefined || typeof redis === 'string') {
    limiters = byUrl.get(url ?? '') ?? new Map();
    byUrl.set(url ?? '', limiters);
  } else {
    limiters = byTarget.get(redis) ?? new Map();
    byTarget.set(redis, limiters);
  }
  let limiter = limiters.get(key);
  if (limiter === undefined) {
    const store = createRedisBudgetStore({ redis: (url ?? redis) as RedisTarget, key, perMinute: options.perMinute, windowMs: options.windowMs, logger });
    limiter = new RateLimiter({ store });
    limiters.set(key, limiter);
  }
  return limiter;
}
