import type { Environment } from '../client-options.js';
import { PartnerCommerceError } from '../../errors/partner-commerce-error.js';
import type { RateBudgetState, RateBudgetStore, RateSettlement, RateTake, RateTakeRequest, RateTicket } from './budget-store.js';
import { resolvedWithStore, type RateLimitRedis, type ResolvedRateLimiterOptions } from './limiter-options.js';
import { RateLimiter } from './rate-limiter.js';

/** @internal What a store shared through Redis is made from (the options of `createRedisBudgetStore`). */
export interface SharedStoreOptions {
  readonly redis: string | Exclude<RateLimitRedis, string | { readonly url: string }>;
  readonly key: string;
  readonly environment: Environment;
  readonly perMinute: number;
  readonly windowMs: number;
  readonly logger: { warn(message: string): void };
}

/**
 * @internal Makes the Redis budget store. The client hands in the one of `partner-commerce/redis`,
 * loaded by `import()` at the first call that asks for budget: this folder must not import `redis/`,
 * and a program that never names Redis never loads its code.
 */
export type OpenRedisBudget = (options: SharedStoreOptions) => Promise<RateBudgetStore>;

/** @internal What a client's limiter is made with, besides its options. */
export interface LimiterContext {
  readonly environment: Environment;
  readonly warn: (message: string) => void;
  readonly openRedisBudget?: OpenRedisBudget | undefined;
}

interface Entry {
  readonly limiter: RateLimiter;
  readonly perMinute: number;
  readonly windowMs: number;
  /** Clients using it: the last one to close closes it (and a Redis connection it opened). */
  users: number;
}

// One limiter per budget: a token's, or a Redis target's and key's. Keyed by the token as given: it
// lives only here, module-private, and never on the limiter, so inspecting, logging or serialising a
// limiter cannot reveal it.
const limiters = new Map<string, Entry>();
const keyOf = new WeakMap<RateLimiter, string>();
// A Redis client you pass is its own target: two such clients are two budgets, as two URLs are.
const targetIds = new WeakMap<object, number>();
let targets = 0;

/**
 * @internal The process's limiter for one budget, made on first use, so every client of the process
 * naming that budget draws from it: by token (the client passes its token), or with
 * `rateLimit: { redis, key }` by Redis target, environment and key. The first client's size makes the
 * limiter; a later client asking for another size is warned, naming both, since one budget cannot
 * have two sizes. `options` come resolved from the client's options check and are not checked again.
 */
export function sharedLimiterFor(token: string, options: ResolvedRateLimiterOptions, context?: LimiterContext): RateLimiter {
  const { perMinute, windowMs, redis, key } = options;
  const budget = redis === undefined ? `token:${token}` : `redis:${targetOf(redis)}:${context?.environment}:${key}`;
  const entry = limiters.get(budget);
  if (entry !== undefined) {
    // A limiter with a custom store carries its own size: only the plain options can disagree.
    const sharedBy = redis === undefined ? 'token' : 'Redis and key';
    if (options.store === undefined && (entry.perMinute !== perMinute || entry.windowMs !== windowMs)) {
      context?.warn(`rateLimit ${size(options)} is ignored: clients of this process with the same ${sharedBy} share one limiter, made with ${size(entry)}`);
    }
    entry.users++;
    return entry.limiter;
  }
  const limiter = redis === undefined ? new RateLimiter(options) : new RateLimiter(resolvedWithStore(options, redisStore(options, context)));
  limiters.set(budget, { limiter, perMinute, windowMs, users: 1 });
  keyOf.set(limiter, budget);
  return limiter;
}

/**
 * @internal Ends one client's use of a limiter from {@link sharedLimiterFor}; the last one closes it
 * and forgets it, so a later client naming that budget starts a new one.
 */
export async function releaseSharedLimiter(limiter: RateLimiter): Promise<void> {
  const budget = keyOf.get(limiter);
  const entry = budget === undefined ? undefined : limiters.get(budget);
  if (entry === undefined || --entry.users > 0) return;
  limiters.delete(budget!);
  keyOf.delete(limiter);
  await limiter.close();
}

function targetOf(redis: RateLimitRedis): string {
  if (typeof redis === 'string') return redis;
  if ('url' in redis) return redis.url;
  let id = targetIds.get(redis);
  if (id === undefined) targetIds.set(redis, (id = ++targets));
  return `#${id}`;
}

function size(s: { perMinute: number; windowMs: number }): string {
  return `{ perMinute: ${s.perMinute}, windowMs: ${s.windowMs} }`;
}

/**
 * The Redis store, opened at the first call that asks for budget (not when the client is made). A
 * failure to open it (the `redis` package missing, say) fails the calls that asked, as the store's
 * own first command would; closing before any call opens nothing.
 */
function redisStore(options: ResolvedRateLimiterOptions, context: LimiterContext | undefined): RateBudgetStore {
  const { redis, key, perMinute, windowMs } = options;
  const open = context?.openRedisBudget;
  // Unreachable through the client, whose options check demands key with redis and which hands in the opener.
  if (redis === undefined || key === undefined || open === undefined) throw new PartnerCommerceError('a Redis budget needs rateLimit.redis, rateLimit.key and the Redis store');
  const target = typeof redis === 'object' && 'url' in redis ? redis.url : redis;
  const warn = context!.warn;
  let opening: Promise<RateBudgetStore> | undefined;
  const store = (): Promise<RateBudgetStore> => (opening ??= open({ redis: target, key, environment: context!.environment, perMinute, windowMs, logger: { warn } }));
  return {
    tryTake: async (now: number, request: RateTakeRequest): Promise<RateTake> => (await store()).tryTake(now, request),
    settle: async (ticket: RateTicket, settlement: RateSettlement, now: number): Promise<void> => (await store()).settle(ticket, settlement, now),
    snapshot: async (now: number): Promise<RateBudgetState> => (await store()).snapshot(now),
    close: async (): Promise<void> => {
      const opened = await opening?.catch(() => undefined);
      await opened?.close?.();
    },
  };
}
