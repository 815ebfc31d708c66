import type { RateLimiterOptions } from './limiter-options.js';
import { RateLimiter } from './rate-limiter.js';

// Keyed by the token as given: it lives only here, module-private, and never on the limiter, so
// inspecting, logging or serialising a limiter cannot reveal it.
const limiters = new Map<string, RateLimiter>();

/**
 * The process-wide limiter for `key` (the client passes its token), created on first use, so every
 * client of the process with that key draws from one budget. The options of the first call for a
 * key make the limiter; later calls with the same key get it unchanged, since one budget cannot have
 * two sizes.
 *
 * @throws InvalidInputError when a limiter has to be created and `options` are invalid.
 */
export function sharedLimiterFor(key: string, options?: RateLimiterOptions): RateLimiter {
  let limiter = limiters.get(key);
  if (limiter === undefined) {
    limiter = new RateLimiter(options);
    limiters.set(key, limiter);
  }
  return limiter;
}
