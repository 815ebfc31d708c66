import * as z from 'zod/mini';
import { hasMethods, optionIssues } from '../../errors/check-options.js';
import { InvalidInputError } from '../../errors/invalid-input-error.js';
import { once } from '../../internal/once.js';
import { MAX_TIMER_MS } from '../../internal/sleep.js';
import type { RateBudgetStore } from './budget-store.js';

/** Options of `new RateLimiter(...)`; the client's `rateLimit` takes them too, plus `redis` and `key` ({@link SharedBudgetOptions}). */
export interface RateLimiterOptions {
  /**
   * Calls that may start in any window of `windowMs`. The server's own limit still applies when it
   * is lower (it is learnt from the rate headers).
   * @default 60
   */
  perMinute?: number | undefined;
  /** Length of the window in ms. @default 60000 */
  windowMs?: number | undefined;
  /**
   * @internal Where the budget is kept. By default in this process's memory, sized by `perMinute`
   * and `windowMs`; the client's `rateLimit: { redis, key }` passes the Redis store here. The store
   * protocol is not public, so it can change without a major release: a shared budget has one
   * spelling, `rateLimit: { redis, key }`.
   */
  store?: RateBudgetStore | undefined;
}

/**
 * The client's `rateLimit` option: a budget of this process, or with `redis` and `key` one shared by
 * every process and machine. Only the client takes `redis`: it loads the Redis code when first used,
 * which `RateLimiter` (in the main entry) must not.
 */
export interface SharedBudgetOptions extends RateLimiterOptions {
  /**
   * Shares the budget with every process and machine through Redis: a `redis://` URL (the `redis`
   * package is then loaded), `{ url }`, or a node-redis / ioredis client you already have. Needs `key`.
   */
  redis?: RateLimitRedis | undefined;
  /** Names the shared budget in Redis: every client with the same key draws from one budget (say the partner id). */
  key?: string | undefined;
}

/**
 * Where a shared budget lives: a URL, `{ url }`, or a client with node-redis's `sendCommand` or
 * ioredis's `call` (the same clients `partner-commerce/redis` takes).
 */
export type RateLimitRedis =
  | string
  | { readonly url: string }
  | {
      /** node-redis: sends one raw command and resolves with Redis's reply. */
      sendCommand(args: string[]): Promise<unknown>;
    }
  | {
      /** ioredis: sends one raw command and resolves with Redis's reply. */
      call(command: string, ...args: string[]): Promise<unknown>;
    };

/** The default budget: 60 calls per 60-second window, the API's limit per partner (spec, Limits). */
export const RATE_LIMIT_DEFAULTS = Object.freeze({ perMinute: 60, windowMs: 60_000 });

/** @internal Options after defaults and checks. */
export interface ResolvedRateLimiterOptions {
  readonly perMinute: number;
  readonly windowMs: number;
  readonly store: RateBudgetStore | undefined;
  readonly redis?: RateLimitRedis | undefined;
  readonly key?: string | undefined;
}

/**
 * @internal Applies defaults and refuses bad values. Paths say `rateLimit.…` because partners meet
 * these options as the client's `rateLimit` option.
 */
export function resolveRateLimiterOptions(options: SharedBudgetOptions | undefined): ResolvedRateLimiterOptions {
  if (options === undefined) {
    const defaults: ResolvedRateLimiterOptions = { ...RATE_LIMIT_DEFAULTS, store: undefined };
    RESOLVED.add(defaults);
    return defaults;
  }
  if (typeof options !== 'object' || options === null) {
    throw new InvalidInputError({ path: 'rateLimit', message: 'must be an object such as { perMinute: 60 }' });
  }
  const issues = optionIssues(limiterOptionsSchema, options, 'rateLimit', 'rateLimit');
  const { perMinute = RATE_LIMIT_DEFAULTS.perMinute, windowMs = RATE_LIMIT_DEFAULTS.windowMs, store, redis, key } = options;
  if (issues.length > 0) throw new InvalidInputError(issues);
  const resolved: ResolvedRateLimiterOptions = redis === undefined ? { perMinute, windowMs, store } : { perMinute, windowMs, store, redis, key };
  RESOLVED.add(resolved);
  return resolved;
}

// Built at the first check (nothing is built at import). Strict: a misspelt `perMinit` would otherwise
// leave the default budget in place without a word. The pairings of redis, store and key are checked
// even when a field is also bad, so one error names everything.
const limiterOptionsSchema = once(() =>
  z
    .strictObject({
      perMinute: z.optional(
        z.custom<number>((v) => typeof v === 'number' && Number.isSafeInteger(v) && v > 0, {
          error: (issue) => `must be a positive integer, got ${describe(issue.input)}`,
        }),
      ),
      windowMs: z.optional(
        z.custom<number>((v) => typeof v === 'number' && Number.isFinite(v) && v > 0 && v <= MAX_TIMER_MS, {
          error: (issue) => `must be a positive number of milliseconds up to ${MAX_TIMER_MS}, got ${describe(issue.input)}`,
        }),
      ),
      store: z.optional(z.custom<RateBudgetStore>((v) => hasMethods(v, ['tryTake', 'settle', 'snapshot']), { error: 'must have tryTake, settle and snapshot methods' })),
      redis: z.optional(
        z.custom<RateLimitRedis>((v) => isRedisTarget(v, true), {
          error: 'must be a redis:// or rediss:// URL, { url }, or a client with sendCommand (node-redis) or call (ioredis)',
        }),
      ),
      key: z.optional(z.unknown()),
    })
    .check(z.superRefine(pairingIssues, { when: () => true })),
);

function pairingIssues(options: { store?: unknown; redis?: unknown; key?: unknown }, ctx: z.core.$RefinementCtx<{ store?: unknown; redis?: unknown; key?: unknown }>): void {
  const { store, redis, key } = options;
  if (redis !== undefined && store !== undefined) ctx.addIssue({ code: 'custom', path: ['store'], message: 'cannot be given with rateLimit.redis (the Redis store is the store)', input: store });
  if (redis !== undefined && (typeof key !== 'string' || key === '')) {
    ctx.addIssue({ code: 'custom', path: ['key'], message: 'must name the shared budget (a non-empty string such as the partner id) when rateLimit.redis is given', input: key });
  } else if (redis === undefined && key !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['key'], message: 'only applies with rateLimit.redis (clients of one process already share a budget by token)', input: key });
  }
}

// Options this module resolved, so a limiter made from them (by the client's registry) is not checked again.
const RESOLVED = new WeakSet<object>();

/**
 * @internal Resolved options with the budget kept in `store` (the Redis one, for `rateLimit: { redis }`):
 * what the client checked, handed to the limiter without a second check.
 */
export function resolvedWithStore(options: ResolvedRateLimiterOptions, store: RateBudgetStore): ResolvedRateLimiterOptions {
  const resolved: ResolvedRateLimiterOptions = { perMinute: options.perMinute, windowMs: options.windowMs, store };
  RESOLVED.add(resolved);
  return resolved;
}

/** @internal True for options {@link resolveRateLimiterOptions} returned: already checked, with defaults applied. */
export function isResolved(options: unknown): options is ResolvedRateLimiterOptions {
  return typeof options === 'object' && options !== null && RESOLVED.has(options);
}

/**
 * @internal A `redis://` or `rediss://` URL, or a client the SDK can send raw commands through
 * (node-redis's `sendCommand`, ioredis's `call`); with `withUrlObject`, `{ url }` too. The one check of
 * a Redis target: the stores of `partner-commerce/redis` use it as well.
 */
export function isRedisTarget(value: unknown, withUrlObject: boolean): boolean {
  if (typeof value === 'string') return /^rediss?:\/\//.test(value);
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { url?: unknown; sendCommand?: unknown; call?: unknown };
  return (withUrlObject && typeof v.url === 'string' && /^rediss?:\/\//.test(v.url)) || typeof v.sendCommand === 'function' || typeof v.call === 'function';
}

function describe(value: unknown): string {
  return typeof value === 'number' ? String(value) : typeof value;
}
