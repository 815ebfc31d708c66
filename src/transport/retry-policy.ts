import { ApiErrorBase } from '../errors/api-error.js';
import { ConnectionError } from '../errors/connection-error.js';
import { parseRateLimitReset } from '../internal/retry-after.js';
import { safeToRepeat } from './idempotency.js';
import { MAX_SERVER_WAIT_MS, serverWaitMs } from './server-wait.js';

const RETRYABLE_STATUS = new Set([500, 502, 503, 504]);

/** @internal What the retry loop needs to know about the call. */
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
 * Decides whether a failed attempt is repeated and after how long (ms), or `null` to surface it.
 * The rules are the spec's: 429 waits Retry-After; 5xx and lost connections back off, but only
 * when repeating cannot create twice; other 4xx never change by repeating.
 */
export function retryDelayFor(failure: unknown, ctx: RetryContext): number | null {
  const safe = safeToRepeat(ctx.method, ctx.hasIdempotencyKey);
  if (failure instanceof ApiErrorBase) {
    if (failure.status === 429) {
      const wait = serverWaitMs({ retryAfterMs: failure.retryAfterMs, resetMs: parseRateLimitReset(failure.headers['x-ratelimit-reset']) }) ?? backoff(ctx);
      return withinServerWaitCap(failure, wait);
    }
    if (failure.status === 409 && failure.codigo === 'REQUISICAO_EM_ANDAMENTO' && ctx.hasIdempotencyKey) return backoff(ctx);
    if (RETRYABLE_STATUS.has(failure.status) && safe) {
      const wait = Math.max(backoff(ctx), failure.retryAfterMs ?? 0);
      return withinServerWaitCap(failure, wait);
    }
    return null;
  }
  if (failure instanceof ConnectionError) {
    // A refused connection never reached the server, so even a bare POST is safe to send again.
    return failure.beforeSending || safe ? backoff(ctx) : null;
  }
  return null;
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

/** The wait, or `null` (surface the error) when the server asked for more than the SDK waits, saying so in the message. */
function withinServerWaitCap(failure: ApiErrorBase, wait: number): number | null {
  if (wait <= MAX_SERVER_WAIT_MS) return wait;
  failure.message += ` (the server asked to wait ${wait} ms, more than the ${MAX_SERVER_WAIT_MS} ms the SDK waits: not retried)`;
  return null;
}
