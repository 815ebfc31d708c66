import { ApiErrorBase } from '../errors/api-error.js';
import { InvalidInputError } from '../errors/invalid-input-error.js';
import { PartnerCommerceError } from '../errors/partner-commerce-error.js';
import { TimeoutError } from '../errors/timeout-error.js';
import type { CallTrace } from '../telemetry/call-trace.js';
import type { CallHooks, HookContext, OperationInfo, RetryReason } from './hooks/hook-types.js';
import { withinBound, type HookBound } from './hooks/hook-deadline.js';
import { runHook } from './hooks/run-hook.js';
import { HEADER_NAME, HEADER_VALUE, RESERVED_HEADERS } from './request-options.js';
import type { SdkLogger } from './logger.js';
import type { RateLimiter, RateLimiterState, RateLimitWait } from './rate-limit/index.js';


/** @internal What a call's observer is built from. */
export interface ObserverParts {
  readonly hooks: readonly CallHooks[];
  readonly trace: CallTrace | undefined;
  readonly operation: OperationInfo;
  readonly idempotencyKey: string | undefined;
  readonly limiter: RateLimiter | undefined;
  readonly logger: SdkLogger;
  /** Hooks that already failed once on this client (their next failures are not logged). */
  readonly failedHooks: WeakSet<object>;
}

/**
 * @internal Everything that watches one call: the hooks and the telemetry. The transport creates one
 * only when a call has hooks or telemetry, so a plain call pays nothing; every method here is a step
 * of the pipeline, in the order the pipeline takes them.
 */
export class CallObserver {
  readonly #p: ObserverParts;
  readonly #where: string;
  #waitStarted: number | undefined;
  #wait: RateLimitWait | undefined;
  #attempt = 0;
  #sentAt = 0;
  /** The attempt's span is open (false while its hooks run: an attempt given up on there sent nothing). */
  #sending = false;

  constructor(parts: ObserverParts) {
    this.#p = parts;
    this.#where = parts.operation.name;
  }

  #context(attempt: number): HookContext {
    const limiter = this.#p.limiter;
    return {
      operation: this.#p.operation,
      attempt,
      idempotencyKey: this.#p.idempotencyKey,
      rateBudget: (): Promise<RateLimiterState | undefined> => (limiter ? limiter.state() : Promise.resolve(undefined)),
    };
  }

  #each<K extends keyof CallHooks>(name: K, make: () => Parameters<NonNullable<CallHooks[K]>>[0]): void {
    let context: Parameters<NonNullable<CallHooks[K]>>[0] | undefined;
    for (const hooks of this.#p.hooks) {
      const hook = hooks[name] as ((c: unknown) => void | Promise<void>) | undefined;
      if (hook) runHook(hook, (context ??= make()), name, this.#where, this.#p.logger, this.#p.failedHooks);
    }
  }

  /** The limiter says the attempt must wait (called before the wait). */
  rateLimitWait(attempt: number, wait: RateLimitWait): void {
    this.#waitStarted ??= performance.now();
    this.#wait = wait;
    this.#each('onRateLimitWait', () => ({ ...this.#context(attempt), wait }));
  }

  /** The attempt has its budget: records how long it waited, if it did. */
  granted(): void {
    if (this.#waitStarted === undefined || !this.#wait) return;
    this.#p.trace?.budgetWaited(performance.now() - this.#waitStarted, this.#wait.reason, this.#wait.priority);
    this.#waitStarted = undefined;
    this.#wait = undefined;
  }

  /**
   * The headers of this attempt: the call's, then whatever `beforeAttempt` hooks add, then the
   * trace context, then Authorization last, so no hook ever sees or replaces the token. The hooks
   * run within `bound` (the attempt's deadline, the caller's signal): past it this rejects with
   * HookTimeout or the signal's reason, and the hooks after the stuck one do not run.
   */
  async headersFor(attempt: number, base: Readonly<Record<string, string>>, authorization: string, url: string, bound: HookBound): Promise<Record<string, string>> {
    this.#attempt = attempt;
    this.#sending = false;
    // Until the request leaves, a failure's duration counts from here (the hooks' time).
    this.#sentAt = performance.now();
    const headers: Record<string, string> = { ...base };
    if (this.#p.hooks.some((h) => h.beforeAttempt)) {
      const context = {
        ...this.#context(attempt),
        headers: Object.freeze({ ...base }),
        setHeader: (name: string, value: string) => {
          if (typeof name !== 'string' || !HEADER_NAME.test(name)) throw new InvalidInputError({ path: 'setHeader.name', message: `"${String(name)}" is not a valid header name` });
          if (RESERVED_HEADERS.has(name.toLowerCase())) throw new InvalidInputError({ path: `setHeader.${name}`, message: 'cannot be set by a hook' });
          if (typeof value !== 'string' || !HEADER_VALUE.test(value)) throw new InvalidInputError({ path: `setHeader.${name}`, message: 'must be a string of printable characters without line breaks' });
          headers[name.toLowerCase()] = value;
          (context as { headers: Readonly<Record<string, string>> }).headers = Object.freeze({ ...headers });
        },
      };
      for (const hooks of this.#p.hooks) {
        if (!hooks.beforeAttempt) continue;
        const pending = runHook(hooks.beforeAttempt, context, 'beforeAttempt', this.#where, this.#p.logger, this.#p.failedHooks);
        if (pending) await withinBound(pending, 'beforeAttempt', bound);
      }
    }
    this.#sending = true;
    this.#p.trace?.attemptStarted(attempt, url);
    this.#p.trace?.inject(headers);
    headers.authorization = authorization;
    this.#sentAt = performance.now();
    return headers;
  }

  /** Runs the exchange in the trace's context (the attempt span; the runtime's fetch spans suppressed). */
  run<T>(exchange: () => Promise<T>): Promise<T> {
    return this.#p.trace ? this.#p.trace.run(exchange) : exchange();
  }

  /** An answer arrived. */
  answered(response: Response, remaining: number | undefined): void {
    const requestId = response.headers.get('x-request-id') ?? undefined;
    this.#p.trace?.answered(response.status, requestId, remaining);
    const durationMs = performance.now() - this.#sentAt;
    this.#each('afterResponse', () => ({ ...this.#context(this.#attempt), status: response.status, requestId, durationMs, rateLimitRemaining: remaining, headers: response.headers }));
  }

  /** The attempt failed; `response` when an answer came. */
  failed(error: unknown, response: Response | undefined): void {
    // An attempt that failed in its hooks never opened its span nor sent a request to time.
    if (!response && this.#sending) this.#p.trace?.failedWithoutAnswer(errorTypeOf(error));
    this.#p.trace?.attemptEnded();
    if (!(error instanceof PartnerCommerceError)) return;
    const durationMs = performance.now() - this.#sentAt;
    this.#each('afterError', () => ({
      ...this.#context(this.#attempt),
      error,
      status: response?.status,
      requestId: response?.headers.get('x-request-id') ?? undefined,
      durationMs,
    }));
  }

  /** The attempt succeeded (its answer is the call's). */
  succeeded(): void {
    this.#p.trace?.attemptEnded();
  }

  /** The failed attempt will be repeated after `delayMs`. */
  retrying(error: unknown, delayMs: number): void {
    const reason = retryReasonOf(error);
    this.#p.trace?.retrying(reason);
    if (!(error instanceof PartnerCommerceError)) return;
    this.#each('onRetry', () => ({ ...this.#context(this.#attempt), error, reason, delayMs }));
  }

  /** The call is over: `error` when it failed. */
  end(error?: unknown): void {
    this.#p.trace?.end(error === undefined ? undefined : errorTypeOf(error));
  }
}

/** @internal Why a failure is retried, for hooks, spans and the retries counter. */
export function retryReasonOf(error: unknown): RetryReason {
  if (error instanceof ApiErrorBase) {
    if (error.status === 429) return 'rate_limited';
    if (error.status === 409) return 'in_progress';
    return 'server_error';
  }
  if (error instanceof TimeoutError) return 'timeout';
  return 'connection';
}

/** `error.type` of the semantic conventions: the status for an HTTP error, else the error's class name. */
function errorTypeOf(error: unknown): string {
  if (error instanceof ApiErrorBase) return String(error.status);
  if (error instanceof Error) return error.name || '_OTHER';
  return '_OTHER';
}
