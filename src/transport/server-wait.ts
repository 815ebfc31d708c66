/**
 * The longest wait the SDK accepts from the server's headers (Retry-After, X-RateLimit-Reset). A
 * longer one is surfaced rather than slept through: a misconfigured proxy or a lying server can send
 * hours or years, and a shared limiter paused that long would freeze every call with the token.
 */
export const MAX_SERVER_WAIT_MS = 120_000;

/** What an answer said about waiting, in ms from when it was read. */
export interface ServerWaitHint {
  readonly retryAfterMs?: number | undefined;
  readonly resetMs?: number | undefined;
}

/**
 * The one place a server-given wait is worked out: Retry-After first (the spec's header for 429),
 * else the time until the rate window resets; `undefined` when the answer says neither.
 */
export function serverWaitMs(hint: ServerWaitHint): number | undefined {
  return hint.retryAfterMs ?? hint.resetMs;
}

/** `ms` bounded by {@link MAX_SERVER_WAIT_MS} (or by `atLeast`, when the caller's own window is longer). */
export function capServerWait(ms: number, atLeast = 0): number {
  return Math.min(ms, Math.max(MAX_SERVER_WAIT_MS, atLeast));
}
