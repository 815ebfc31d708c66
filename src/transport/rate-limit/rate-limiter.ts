import { MAX_TIMER_MS } from '../../internal/sleep.js';
import type { RateBudgetState, RateBudgetStore, RateSettlement, RateTake } from './budget-store.js';
import { resolveRateLimiterOptions, type RateLimiterOptions } from './limiter-options.js';
import { MemoryBudgetStore } from './memory-budget-store.js';
import type { RateLimitObservation } from './observation.js';
import { WaiterQueue, type Waiter } from './waiter-queue.js';

/** The right to send one attempt; give it back as soon as the answer (or the failure) is known. */
export interface RateLimitPermit {
  /**
   * Ends the attempt. Pass what its answer said (see `observationFromHeaders`), or nothing when no
   * answer came, which counts it as possibly spent. Calling it again does nothing.
   */
  release(observation?: RateLimitObservation): void;
  /**
   * Ends the attempt as never sent (the connection was refused before any byte left): its slot goes
   * back to the budget at once. Calling it after `release` (or again) does nothing.
   */
  giveBack(): void;
}

/** State of a limiter for logs and metrics: the budget plus this process's calls. */
export interface RateLimiterSnapshot extends RateBudgetState {
  /** Permits of this limiter not yet released. */
  readonly inFlight: number;
  /** Callers of `acquire()` waiting for budget. */
  readonly waiting: number;
}

const BRAND = Symbol.for('partner-commerce.RateLimiter');
const UNANSWERED: RateSettlement = { kind: 'unanswered' };
const UNSENT: RateSettlement = { kind: 'unsent' };

/**
 * Client-side rate limiter: holds each attempt until the partner's budget allows it, so calls wait
 * in the process instead of earning 429s. Hand the same instance to several clients to make them
 * share one budget. Nothing runs until the first `acquire()`, and its only timer exists while a
 * caller waits for budget (that caller is awaiting it, so the process must stay up until it is
 * served); an idle limiter holds no timer and never keeps a process alive.
 *
 * @example
 * const limiter = new RateLimiter({ perMinute: 60 });
 * const a = new PartnerCommerce({ token, rateLimit: limiter });
 * const b = new PartnerCommerce({ token, rateLimit: limiter });
 */
export class RateLimiter {
  readonly #store: RateBudgetStore;
  readonly #queue = new WaiterQueue<RateLimitPermit>(() => {
    if (this.#queue.size === 0) this.#clearWake();
  });
  /** A take from an asynchronous store is pending; takes stay one at a time to keep FIFO order. */
  #busy = false;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #wakeAt = Number.POSITIVE_INFINITY;
  #inFlight = 0;

  /** @throws InvalidInputError naming `rateLimit.perMinute`, `rateLimit.windowMs` or `rateLimit.store`. */
  constructor(options?: RateLimiterOptions) {
    const { perMinute, windowMs, store } = resolveRateLimiterOptions(options);
    this.#store = store ?? new MemoryBudgetStore({ perMinute, windowMs });
    Object.defineProperty(this, BRAND, { value: true });
  }

  /**
   * Recognises limiters made by any copy of the SDK: a limiter created with `require` and handed to
   * a client loaded with `import` comes from another copy of this class, yet must still be accepted.
   */
  static [Symbol.hasInstance](value: unknown): value is RateLimiter {
    if (this !== RateLimiter) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === 'object' && value !== null && (value as { [BRAND]?: unknown })[BRAND] === true;
  }

  /**
   * Waits for budget for one attempt. With budget left and nobody waiting, the promise is already
   * resolved (no timer, no queue). Rejects with `signal.reason` as soon as `signal` aborts, and an
   * aborted caller takes nothing from the budget.
   */
  acquire(signal?: AbortSignal): Promise<RateLimitPermit> {
    const permit = this.acquireNow(signal);
    return isPromise(permit) ? permit : Promise.resolve(permit);
  }

  /**
   * @internal Like {@link acquire}, but hands the permit over synchronously when budget is left and
   * nobody waits, sparing the request pipeline an event-loop turn per call.
   */
  acquireNow(signal?: AbortSignal): RateLimitPermit | Promise<RateLimitPermit> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return this.#take(signal);
  }

  #take(signal: AbortSignal | undefined): RateLimitPermit | Promise<RateLimitPermit> {
    if (this.#queue.size > 0 || this.#busy) return this.#queue.add(signal);
    const take = this.#store.tryTake(Date.now());
    if (isPromise(take)) {
      const queued = this.#queue.add(signal);
      this.#awaitTake(take);
      return queued;
    }
    if (take.granted) return this.#permit(take.ticket);
    const queued = this.#queue.add(signal);
    this.#wake(take.retryAt);
    return queued;
  }

  /** Current budget and queue, without changing anything. */
  snapshot(): RateLimiterSnapshot {
    return { ...this.#store.snapshot(Date.now()), inFlight: this.#inFlight, waiting: this.#queue.size };
  }

  #permit(ticket: number): RateLimitPermit {
    this.#inFlight++;
    let open = true;
    const end = (settlement: RateSettlement) => {
      if (!open) return;
      open = false;
      this.#inFlight--;
      this.#settle(ticket, settlement);
    };
    return {
      release: (observation) => end(observation ? { kind: 'answered', observation } : UNANSWERED),
      giveBack: () => end(UNSENT),
    };
  }

  #settle(ticket: number, settlement: RateSettlement): void {
    const done = this.#store.settle(ticket, settlement, Date.now());
    // A store that fails to record an ending must not fail the call that ended; the next take will
    // surface a store that is really down.
    if (isPromise(done)) done.then(() => this.#drain(), () => this.#drain());
    else if (this.#queue.size > 0) this.#drain();
  }

  /** Serves waiters in order until the budget runs out or a take goes asynchronous. */
  #drain(): void {
    while (!this.#busy && this.#queue.size > 0) {
      const take = this.#store.tryTake(Date.now());
      if (isPromise(take)) return this.#awaitTake(take);
      if (!this.#serveHead(take)) return;
    }
    if (this.#queue.size === 0) this.#clearWake();
  }

  #awaitTake(take: Promise<RateTake>): void {
    this.#busy = true;
    take.then(
      (result) => {
        this.#busy = false;
        if (this.#serveHead(result)) this.#drain();
      },
      (error: unknown) => {
        this.#busy = false;
        this.#queue.shift()?.fail(error);
        this.#drain();
      },
    );
  }

  /** Grants the head of the queue, or arranges a wake-up; false when the budget said no. */
  #serveHead(take: RateTake): boolean {
    if (!take.granted) {
      this.#wake(take.retryAt);
      return false;
    }
    const waiter: Waiter<RateLimitPermit> | undefined = this.#queue.shift();
    // Only an asynchronous take can outlive its caller's abort; the ticket goes back unspent.
    if (waiter === undefined) this.#settle(take.ticket, UNSENT);
    else waiter.grant(this.#permit(take.ticket));
    return true;
  }

  /**
   * Keeps one timer, for the earliest time the budget may change by itself. It is left ref'd: an
   * unref'd timer would let a script exit silently while its call waits for budget.
   */
  #wake(at: number | undefined): void {
    if (at === undefined || at >= this.#wakeAt) return;
    this.#clearWake();
    this.#wakeAt = at;
    // At least 1 ms, so a store answering with a time already past cannot spin this loop; at most what
    // a timer holds (a longer one would fire at once): waking early only means asking the store again.
    const timer = setTimeout(() => {
      this.#timer = undefined;
      this.#wakeAt = Number.POSITIVE_INFINITY;
      this.#drain();
    }, Math.min(MAX_TIMER_MS, Math.max(1, at - Date.now())));
    this.#timer = timer;
  }

  #clearWake(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#wakeAt = Number.POSITIVE_INFINITY;
  }
}

function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}
