import type { PartnerCommerceError } from '../../errors/partner-commerce-error.js';
import type { RateLimiterState, RateLimitWait } from '../rate-limit/index.js';

/** Which SDK operation a call is. */
export interface OperationInfo {
  /** The SDK method, `resource.method` (`pedidos.obter`, `pedidos.rastreios.adicionar`); `request` for `client.request()`. */
  readonly name: string;
  /** HTTP method (the same as `HttpMethod`, spelt out so that hooks import nothing from the transport). */
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /**
   * Route template, never the path with ids (`/v1/pedidos/{id}`); `undefined` for `client.request()`,
   * whose path the caller wrote.
   */
  readonly route: string | undefined;
}

/** What every hook is given. It never holds the token: Authorization is added after the hooks run. */
export interface HookContext {
  /** The operation, by name and route template. */
  readonly operation: OperationInfo;
  /** Attempt number, from 1. */
  readonly attempt: number;
  /** The Idempotency-Key sent with every attempt of the call, when it sends one. */
  readonly idempotencyKey: string | undefined;
  /**
   * The rate budget as `RateLimiter.state()` reads it, on demand (with a budget shared through
   * Redis, one round trip); `undefined` when the client has `rateLimit: false`.
   */
  rateBudget(): Promise<RateLimiterState | undefined>;
}

/** {@link CallHooks.beforeAttempt}: the attempt has its rate budget and is about to be sent. */
export interface BeforeAttemptContext extends HookContext {
  /** The request headers so far, without Authorization (added after the hooks). */
  readonly headers: Readonly<Record<string, string>>;
  /**
   * Adds or replaces a request header of this attempt. `Authorization` and `Idempotency-Key` are
   * refused (an error, so the hook's failure is logged and the call goes on without the header).
   */
  setHeader(name: string, value: string): void;
}

/** {@link CallHooks.afterResponse}: an answer arrived (any status, errors included). */
export interface AfterResponseContext extends HookContext {
  /** HTTP status. */
  readonly status: number;
  /** X-Request-Id of the answer (quote it to support). */
  readonly requestId: string | undefined;
  /** Time from sending to the whole body read, ms. */
  readonly durationMs: number;
  /** `X-RateLimit-Remaining` of the answer: calls left in the server window. */
  readonly rateLimitRemaining: number | undefined;
  /** Response headers. */
  readonly headers: Headers;
}

/** {@link CallHooks.afterError}: an attempt failed (an error status, a timeout, a lost connection). */
export interface AfterErrorContext extends HookContext {
  /** The error the attempt ended with; the call rejects with it unless it is retried. */
  readonly error: PartnerCommerceError;
  /** HTTP status, when an answer came. */
  readonly status: number | undefined;
  /** X-Request-Id, when an answer came. */
  readonly requestId: string | undefined;
  /** Time from sending to the failure, ms. */
  readonly durationMs: number;
}

/** {@link CallHooks.onRateLimitWait}: an attempt has to wait for client-side rate budget. */
export interface RateLimitWaitContext extends HookContext {
  /** Why, for which priority, and the estimated wait. */
  readonly wait: RateLimitWait;
}

/** Why a failed attempt is repeated. */
export type RetryReason = 'rate_limited' | 'server_error' | 'in_progress' | 'timeout' | 'connection';

/** {@link CallHooks.onRetry}: the failed attempt (`attempt`) will be repeated after `delayMs`. */
export interface RetryHookContext extends HookContext {
  /** The failure being retried. */
  readonly error: PartnerCommerceError;
  /** Why it is retried. */
  readonly reason: RetryReason;
  /** Wait before the next attempt, ms (Retry-After or backoff). */
  readonly delayMs: number;
}

/**
 * Hooks around every call of a client (option `hooks`) or of one call (per-call option `hooks`).
 * They run in order: the client's, in the order given, then the call's. Each may return a promise:
 * `beforeAttempt`'s is awaited (so an async source of headers works; keep it short, the attempt
 * holds its rate budget meanwhile), the others' are not (observers never slow a call). The awaited
 * hooks count against the attempt's `timeoutMs` and give way to the call's `signal`: one still
 * running at the deadline fails the attempt with a `TimeoutError` (nothing sent; retried as a
 * timeout is), an abort fails the call with an `AbortError`, and the hook is no longer awaited. A
 * hook that throws or rejects does not break the call: its first failure is logged (warn), later
 * ones not.
 */
export interface CallHooks {
  /** Before each attempt is sent, after it got its rate budget; may add headers. */
  beforeAttempt?: ((context: BeforeAttemptContext) => void | Promise<void>) | undefined;
  /** After each answer, whatever its status. */
  afterResponse?: ((context: AfterResponseContext) => void | Promise<void>) | undefined;
  /** After each failed attempt (an error status, a timeout, a lost connection); `onRetry` follows when it is repeated. */
  afterError?: ((context: AfterErrorContext) => void | Promise<void>) | undefined;
  /** When an attempt has to wait for rate budget, before waiting. */
  onRateLimitWait?: ((context: RateLimitWaitContext) => void | Promise<void>) | undefined;
  /** When a failed attempt will be repeated, before the wait. */
  onRetry?: ((context: RetryHookContext) => void | Promise<void>) | undefined;
}

/** Value of the `hooks` option: one set of hooks, or several run in order. */
export type HooksOption = CallHooks | readonly CallHooks[];

/** @internal Names of the hooks, in the order of a call. */
export const HOOK_NAMES = ['beforeAttempt', 'onRateLimitWait', 'afterResponse', 'afterError', 'onRetry'] as const;
