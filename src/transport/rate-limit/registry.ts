import type { ResolvedRateLimiterOptions } from './limiter-options.js';
import { budgetMismatch, type BudgetSize } from './option-mismatch.js';
import { RateLimiter } from './rate-limiter.js';

// Keyed by the token as given: it lives only here, module-private, and never on the limiter, so
// inspecting, logging or serialising a limiter cannot reveal it.
const limiters = new Map<string, { limiter: RateLimiter; size: BudgetSize; users: number }>();

/**
 * The process-wide limiter for `key` (the client passes its token), created on first use, so every
 * client of the process with that key draws from one budget. The options of the first call for a
 * key make the limiter; later calls with the same key get it unchanged, since one budget cannot have
 * two sizes, and `warn` is told (naming both sizes) when their options asked for another one.
 *
 * `options` come resolved from the client's options check, so they are not checked again here.
 */
export function sharedLimiterFor(key: string, options: ResolvedRateLimiterOptions, warn?: (message: string) => void): RateLimiter {
  const { perMinute, windowMs } = options;
  const entry = limiters.get(key);
  if (entry === undefined) {
    const limiter = new RateLimiter(options);
    limiters.set(key, { limiter, size: { perMinute, windowMs }, users: 1 });
    return limiter;
  }
  // A limiter with a custom store carries its own size: only the plain options can disagree.
  const mismatch = options.store === undefined ? budgetMismatch('token', entry.size, { perMinute, windowMs }) : undefined;
  if (mismatch !== undefined) warn?.(mismatch);
  entry.users++;
  return entry.limiter;
}

/**
 * Ends one client's use of a limiter from {@link sharedLimiterFor}; the last one closes it and forgets
 * it, so a later client with that token starts a new one. A limiter not from the registry is left alone.
 */
export async function releaseSharedLimiter(limiter: RateLimiter): Promise<void> {
  for (const [key, entry] of limiters) {
    if (entry.limiter !== limiter) continue;
    if (--entry.users > 0) return;
    limiters.delete(key);
    return limiter.close();
  }
}
