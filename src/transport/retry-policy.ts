import { ApiErrorBase } from '../errors/api-error.js';
import { ConnectionError } from '../errors/connection-error.js';
import { TimeoutError } from '../errors/timeout-error.js';
import { parseRateLimitReset } from '../internal/retry-after.js';
import type { RetryReason } from './hooks/hook-types.js';
import { safeToRepeat } from './idempotency.js';
import { MAX_SERVER_WAIT_MS, serverWaitMs } from './server-wait.js';

const RETRYABLE_STATUS = new Set([500, 502, 503, 504]);

/** @internal What the retry decision needs to know about the call. */
export interface RetryContext {
  method: string;
  /** The call carries an Idempotency-Key, so the server applies it once however often it arrives. */
  hasIdempotencyKey: boolean;
  /** Backoff retries already taken (0 before the first). */
  retriesTaken: number;
  retryDelayMs: number;
  random?: () => number;
}

/**
 * @internal What becomes of a failed attempt: repeated after `delayMs` ms for `reason`, or surfaced
 * (`delayMs: null`), with a `note` for its message when the reason is worth telling the partner.
 */
export type RetryDecision =
  { readonly delayMs: number; readonly reason: RetryReason; readonly note?: undefined } | { readonly delayMs: null; readonly reason?: undefined; readonly note?: string | undefined };

/** @internal The failure surfaces as it is. */
export const SURFACE: RetryDecision = Object.freeze({ delayMs: null });

/**
 * Decides whether a failed attempt is repeated, after how long and why; it only reads the failure.
 * The rules are the spec's: 429 waits Retry-After; 5xx and lost connections back off, but only when
 * repeating cannot create twice; other 4xx never change by repeating.
 */
export function retryDecision(failure: unknown, ctx: RetryContext): RetryDecision {
  const safe = safeToRepeat(ctx.method, ctx.hasIdempotencyKey);
  if (failure instanceof ApiErrorBase) {
    if (failure.status === 429) {
      const wait = serverWaitMs({ retryAfterMs: failure.retryAfterMs, resetMs: parseRateLimitReset(failure.headers['x-ratelimit-reset']) }) ?? backoff(ctx);
      return withinServerWaitCap(wait, 'rate_limited');
    }
    if (failure.status === 409 && failure.codigo === 'REQUISICAO_EM_ANDAMENTO' && ctx.hasIdempotencyKey) return { delayMs: backoff(ctx), reason: 'in_progress' };
    if (RETRYABLE_STATUS.has(failure.status) && safe) return withinServerWaitCap(Math.max(backoff(ctx), failure.retryAfterMs ?? 0), 'server_error');
    return SURFACE;
  }
  // A refused connection never reached the server, so even a bare POST is safe to send again.
  if (failure instanceof ConnectionError && (failure.beforeSending || safe)) return { delayMs: backoff(ctx), reason: failure instanceof TimeoutError ? 'timeout' : 'connection' };
  return SURFACE;
}

/**
 * Longest single backoff wait, ms. Doubling from the largest `retryDelayMs` (60 s) over ten retries
 * would otherwise wait 8.5 hours before the last one; a minute between tries is what a partner's
 * job runner can still tell from a hang.
 */
export const MAX_BACKOFF_MS = 60_000;

/** retryDelayMs x 2^n up to {@link MAX_BACKOFF_MS}, less up to 25% of jitter so that many clients do not retry in lockstep. */
export function backoff(ctx: RetryContext): number {
  const nominal = Math.min(ctx.retryDelayMs * 2 ** ctx.retriesTaken, MAX_BACKOFF_MS);
  return Math.round(nominal * (1 - 0.25 * (ctx.random ?? Math.random)()));
}

/** The wait, or a surfaced failure whose note says the wait the server asked for and the SDK refused. */
function withinServerWaitCap(wait: number, reason: RetryReason): RetryDecision {
  if (wait <= MAX_SERVER_WAIT_MS) return { delayMs: wait, reason };
  return { delayMs: null, note: `the server asked to wait ${wait} ms, more than the ${MAX_SERVER_WAIT_MS} ms the SDK waits: not retried` };
}
