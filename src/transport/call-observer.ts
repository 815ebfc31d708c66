import { InvalidInputError } from '../errors/invalid-input-error.js';
import { PartnerCommerceError } from '../errors/partner-commerce-error.js';
import type { HookContext, OperationInfo } from './hooks/hook-types.js';
import type { HookBound } from './hooks/hook-deadline.js';
import type { PipelineHooks } from './hooks/pipeline-hooks.js';
import { awaitHook, runHook, type HookSite } from './hooks/run-hook.js';
import { HEADER_NAME, HEADER_VALUE, RESERVED_HEADERS } from './request-options.js';
import type { SdkLogger } from './logger.js';
import type { RateLimiter, RateLimiterState, RateLimitWait } from './rate-limit/index.js';
import type { RetryDecision } from './retry-policy.js';

/** @internal What a call's observer is built from. */
export interface ObserverParts {
  /** The partner's hooks (client's, then the call's), then the built-in ones (telemetry): one list, run in order. */
  readonly hooks: readonly PipelineHooks[];
  readonly operation: OperationInfo;
  readonly idempotencyKey: string | undefined;
  readonly limiter: RateLimiter | undefined;
  readonly logger: SdkLogger;
  /** Hooks that already failed once on this client (their next failures are not logged). */
  readonly failedHooks: WeakSet<object>;
}

/** Hooks that take one argument and are not awaited: every step but `beforeAttempt` and `wrapExchange`. */
type StepName = Exclude<keyof PipelineHooks, 'beforeAttempt' | 'wrapExchange'>;
type StepOf<K extends StepName> = Parameters<NonNullable<PipelineHooks[K]>>[0];

/**
 * @internal Everything that watches one call, as one list of hooks: the partner's, then telemetry's.
 * The transport creates one only when a call has hooks or telemetry, so a plain call pays nothing;
 * every method here is a step of the pipeline, in the order the pipeline takes them.
 */
export class CallObserver {
  readonly #p: ObserverParts;
  readonly #where: string;
  #waitStarted: number | undefined;
  #wait: RateLimitWait | undefined;
  #attempt = 0;
  #sentAt = 0;

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

  /** Runs step `name` of every hook that has it, in order; the step's argument is made once, if any hook needs it. */
  #each<K extends StepName>(name: K, make: () => StepOf<K>): void {
    let step: StepOf<K> | undefined;
    let site: HookSite | undefined;
    for (const hooks of this.#p.hooks) {
      const hook = hooks[name] as ((step: StepOf<K>) => void | Promise<void>) | undefined;
      if (hook) runHook(hook, (step ??= make()), (site ??= this.#site(name)));
    }
  }

  #site(name: string): HookSite {
    return { name, where: this.#where, logger: this.#p.logger, failed: this.#p.failedHooks };
  }

  /** The limiter says the attempt must wait (called before the wait). */
  rateLimitWait(attempt: number, wait: RateLimitWait): void {
    this.#waitStarted ??= performance.now();
    this.#wait = wait;
    this.#each('onRateLimitWait', () => ({ ...this.#context(attempt), wait }));
  }

  /**
   * The wait for budget is over, the attempt has its budget or the caller gave up (abort): reports how
   * long it waited, if it did. A wait given up on is reported too: it is the one a trace must show.
   */
  budgetWaitEnded(): void {
    const wait = this.#wait;
    if (this.#waitStarted === undefined || !wait) return;
    const waitedMs = performance.now() - this.#waitStarted;
    this.#waitStarted = undefined;
    this.#wait = undefined;
    this.#each('onBudgetWaitEnded', () => ({ waitedMs, wait }));
  }

  /**
   * The headers of this attempt: the call's, then whatever `beforeAttempt` hooks add, then what the
   * `onSend` steps add (the trace context), then Authorization last, so no hook ever sees or replaces
   * the token. The `beforeAttempt` hooks run within `bound` (the attempt's deadline, the caller's
   * signal): past it this rejects with HookTimeout or the signal's reason, and the hooks after the
   * stuck one do not run.
   */
  async headersFor(attempt: number, base: Readonly<Record<string, string>>, authorization: string, url: string, bound: HookBound): Promise<Record<string, string>> {
    this.#attempt = attempt;
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
          if (typeof value !== 'string' || !HEADER_VALUE.test(value))
            throw new InvalidInputError({ path: `setHeader.${name}`, message: 'must be a string of printable characters without line breaks' });
          headers[name.toLowerCase()] = value;
          (context as { headers: Readonly<Record<string, string>> }).headers = Object.freeze({ ...headers });
        },
      };
      const site = this.#site('beforeAttempt');
      for (const hooks of this.#p.hooks) {
        if (hooks.beforeAttempt) await awaitHook(hooks.beforeAttempt, context, site, bound);
      }
    }
    this.#each('onSend', () => ({ attempt, url, headers }));
    headers.authorization = authorization;
    this.#sentAt = performance.now();
    return headers;
  }

  /** Runs the exchange inside every `wrapExchange` (the first hook's outermost). */
  run<T>(exchange: () => Promise<T>): Promise<T> {
    let run = exchange;
    for (let i = this.#p.hooks.length - 1; i >= 0; i--) {
      const wrap = this.#p.hooks[i]!.wrapExchange;
      if (wrap) {
        const inner = run;
        run = () => wrap(inner);
      }
    }
    return run();
  }

  /** An answer arrived. */
  answered(response: Response, remaining: number | undefined): void {
    const requestId = response.headers.get('x-request-id') ?? undefined;
    const durationMs = performance.now() - this.#sentAt;
    this.#each('afterResponse', () => ({ ...this.#context(this.#attempt), status: response.status, requestId, durationMs, rateLimitRemaining: remaining, headers: response.headers }));
  }

  /** The attempt failed; `response` when an answer came. */
  failed(error: unknown, response: Response | undefined): void {
    // The public hook promises a PartnerCommerceError; the attempt's end below sees every failure.
    if (error instanceof PartnerCommerceError) {
      const durationMs = performance.now() - this.#sentAt;
      this.#each('afterError', () => ({
        ...this.#context(this.#attempt),
        error,
        status: response?.status,
        requestId: response?.headers.get('x-request-id') ?? undefined,
        durationMs,
      }));
    }
    this.#each('onAttemptEnd', () => ({ error, response }));
  }

  /** The attempt succeeded (its answer is the call's). */
  succeeded(): void {
    this.#each('onAttemptEnd', () => ({}));
  }

  /** The failed attempt will be repeated, as `decision` says. */
  retrying(error: unknown, { delayMs, reason }: Extract<RetryDecision, { delayMs: number }>): void {
    if (!(error instanceof PartnerCommerceError)) return;
    this.#each('onRetry', () => ({ ...this.#context(this.#attempt), error, reason, delayMs }));
  }

  /** The call is over: `error` when it failed. */
  end(error?: unknown): void {
    this.#each('onCallEnd', () => (error === undefined ? {} : { error }));
  }
}
