import { parseRateLimitReset, parseRetryAfter } from '../../internal/retry-after.js';

/**
 * What one answer of the API said about the rate budget, read from its headers. Times are
 * milliseconds from when the headers were read, so the answer must be handed to
 * {@link RateLimitPermit.release} right away (the pipeline does so as soon as the answer arrives).
 */
export interface RateLimitObservation {
  /** HTTP status of the answer; 429 means the call was refused for the limit and did not count. */
  readonly status: number;
  /** `X-RateLimit-Limit`: calls allowed per server window, when sent and readable. */
  readonly limit?: number | undefined;
  /** `X-RateLimit-Remaining`: calls left in the server window when the answer was produced. */
  readonly remaining?: number | undefined;
  /** `X-RateLimit-Reset`, as milliseconds until the server window ends. */
  readonly resetMs?: number | undefined;
  /** `Retry-After`, as milliseconds to wait (sent with 429). */
  readonly retryAfterMs?: number | undefined;
}

/**
 * Reads the rate headers of an answer. Missing or unreadable headers become `undefined` rather than
 * an error: the spec promises them on every answer, but a proxy or a fake may strip them, and the
 * limiter then falls back to its local budget.
 */
export function observationFromHeaders(status: number, headers: Headers, now: number = Date.now()): RateLimitObservation {
  return {
    status,
    limit: count(headers.get('x-ratelimit-limit')),
    remaining: count(headers.get('x-ratelimit-remaining')),
    resetMs: parseRateLimitReset(headers.get('x-ratelimit-reset'), now),
    retryAfterMs: parseRetryAfter(headers.get('retry-after'), now),
  };
}

/** True when the answer carried none of the three rate headers (a server or proxy that omits them). */
export function hasNoRateHeaders(obs: RateLimitObservation): boolean {
  return obs.limit === undefined && obs.remaining === undefined && obs.resetMs === undefined;
}

function count(value: string | null): number | undefined {
  if (value === null || !/^\s*\d+\s*$/.test(value)) return undefined;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : undefined;
}
