import type { FakeApiOptions, FakeRateLimit } from './types.js';

/** Options with defaults applied and checked once, so the rest of the fake never re-checks them. */
export interface ResolvedOptions {
  catalogSize: number;
  rateLimit: FakeRateLimit | undefined;
  now: () => Date;
  accepts: (token: string) => boolean;
}

/** The spec's rate: 60 calls per minute per partner. */
export const DEFAULT_RATE_LIMIT: Readonly<FakeRateLimit> = Object.freeze({ limit: 60, windowMs: 60_000 });

/** Applies defaults. @throws {TypeError} naming the option that is wrong, so setup errors are obvious. */
export function resolveOptions(options: FakeApiOptions = {}): ResolvedOptions {
  const { catalogSize = 30, rateLimit = DEFAULT_RATE_LIMIT, now = () => new Date(), tokens } = options;
  if (!(Number.isInteger(catalogSize) && catalogSize >= 0 && catalogSize <= 9999)) {
    throw new TypeError(`catalogSize must be an integer from 0 to 9999 (got ${String(catalogSize)})`);
  }
  if (rateLimit !== false) {
    if (!(Number.isInteger(rateLimit.limit) && rateLimit.limit >= 1)) throw new TypeError('rateLimit.limit must be an integer >= 1');
    if (!(Number.isFinite(rateLimit.windowMs) && rateLimit.windowMs > 0)) throw new TypeError('rateLimit.windowMs must be a number > 0');
  }
  if (typeof now !== 'function') throw new TypeError('now must be a function returning a Date');
  return { catalogSize, rateLimit: rateLimit === false ? undefined : { ...rateLimit }, now, accepts: acceptsFrom(tokens) };
}

function acceptsFrom(tokens: FakeApiOptions['tokens']): (token: string) => boolean {
  if (tokens === undefined) return (token) => token.startsWith('svc_sbx_');
  if (typeof tokens === 'function') return tokens;
  if (!Array.isArray(tokens)) throw new TypeError('tokens must be an array of strings or a predicate');
  const allowed = new Set<string>(tokens);
  return (token) => allowed.has(token);
}
